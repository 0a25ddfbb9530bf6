"""Render certified interactions into training rows with the model's own chat template.

A row is a token sequence plus a target mask: 1 on the tokens of eligible
assistant decisions (their text up to and including the end-of-turn token),
0 everywhere else. Two renderings:

- ``conversation``: the whole conversation as the template renders it, targets
  located in that render; conversations longer than ``max_length`` are split
  into windows that repeat the system/tools prefix and keep as much preceding
  context as fits.
- ``decision``: one row per eligible decision t, context = the template's
  render of messages[:t] with the generation prompt, target = decision t. Needed
  because Qwen3-style templates drop earlier ``<think>`` blocks, so a decision's
  context in the full conversation differs from what the model sees at t.

Every row is rebuilt piecewise (context and target tokenized separately) and
compared with the template's tokenization of the same messages; mismatches are
reported and the row is skipped, so training never sees tokens the template
would not produce.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.chat import chat_template_messages
from trajectory2gym.interaction import Interaction

Rendering = Literal["conversation", "decision"]


@dataclass
class Row:
    """One training sequence of one parent interaction."""

    parent_id: str
    input_ids: list[int]
    target_mask: list[int]
    decisions: list[int]  # message indices whose targets lie in this row
    parent_weight: float = 1.0

    @property
    def n_targets(self) -> int:
        return sum(self.target_mask)


@dataclass
class RenderIssue:
    parent_id: str
    kind: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f" {self.field}:" if self.field else ""
        return f"[id={self.parent_id}]{where} {self.message} ({self.kind})"


@dataclass
class RenderReport:
    parents_in: int = 0
    parents_rendered: int = 0
    rows: int = 0
    target_tokens: int = 0
    decisions_targeted: int = 0
    issues: list[RenderIssue] = field(default_factory=list)
    longest_skipped: int = 0  # tokens of the longest row skipped as too_long (what max_length must hold)

    def add(self, parent_id: str, kind: str, field_: str, message: str) -> None:
        self.issues.append(RenderIssue(parent_id, kind, field_, message))

    def by_kind(self) -> dict[str, int]:
        return dict(Counter(i.kind for i in self.issues))

    @property
    def mismatches(self) -> list[RenderIssue]:
        return [i for i in self.issues if i.kind == "template_mismatch"]


# --------------------------------------------------------------------------- messages


def template_messages(inter: Interaction) -> list[dict[str, Any]]:
    """An interaction's messages as chat-template dicts (reasoning kept, ``None`` contents kept)."""
    return chat_template_messages(inter.messages)


def failed_call_decisions(inter: Interaction) -> set[int]:
    """Assistant messages with at least one call answered by an error observation."""
    owner: dict[str, int] = {}
    failed: set[int] = set()
    for i, m in enumerate(inter.messages):
        if m.role == "assistant":
            for c in m.calls:
                owner[c.id] = i
        elif m.role == "tool" and m.is_error_observation and m.tool_call_id in owner:
            failed.add(owner[m.tool_call_id])
    return failed


def target_decisions(inter: Interaction, cert: CertifiedInteraction, report: RenderReport) -> list[int]:
    """Eligible assistant decisions, minus failed calls (which stay context only)."""
    assistants = set(inter.assistant_indices())
    failed = failed_call_decisions(inter)
    out = []
    for k, d in enumerate(cert.decisions):
        if not d.eligible:
            continue
        if d.message_index not in assistants:
            report.add(inter.id, "bad_certificate", f"decisions[{k}].message_index",
                       f"message {d.message_index} is not an assistant message of the interaction")
            continue
        if d.message_index in failed:
            report.add(inter.id, "failed_call_excluded", f"decisions[{k}]",
                       f"decision at message {d.message_index} is certified eligible but its call failed; "
                       "kept as context only")
            continue
        out.append(d.message_index)
    return sorted(set(out))


# --------------------------------------------------------------------------- renderer


class Renderer:
    """Turns interactions into rows with one tokenizer and one rendering mode."""

    def __init__(self, tokenizer: Any, rendering: Rendering = "decision", max_length: int = 4096,
                 verify: bool = True):
        if rendering not in ("conversation", "decision"):
            raise ValueError(f"rendering must be conversation or decision, got {rendering!r}")
        self.tok = tokenizer
        self.rendering = rendering
        self.max_length = max_length
        self.verify = verify
        self.eos = tokenizer.eos_token or "<|im_end|>"

    # -- template calls
    def text(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
             generation_prompt: bool = False) -> str:
        return self.tok.apply_chat_template(messages, tools=tools or None, tokenize=False,
                                            add_generation_prompt=generation_prompt)

    def template_ids(self, rendered: str) -> list[int]:
        """The template's tokens of a render: ``apply_chat_template(tokenize=True)`` encodes the
        rendered text exactly like this (no added special tokens), so the render is not repeated."""
        return self.encode(rendered)

    def encode(self, text: str) -> list[int]:
        return self.tok(text, add_special_tokens=False)["input_ids"] if text else []

    def _target_end(self, text: str, start: int) -> int:
        """End of a decision's target: through its end-of-turn token (the newline after is context)."""
        k = text.find(self.eos, start)
        return len(text) if k < 0 else k + len(self.eos)

    def _check(self, inter_id: str, where: str, built: list[int], expected: list[int],
               report: RenderReport) -> bool:
        if not self.verify or built == expected:
            return True
        pos = next((i for i, (a, b) in enumerate(zip(built, expected, strict=False)) if a != b), min(len(built), len(expected)))
        report.add(inter_id, "template_mismatch", where,
                   f"piecewise tokens differ from the template's render at token {pos} "
                   f"(built {len(built)} tokens, template {len(expected)})")
        return False

    # -- public
    def render(self, inter: Interaction, cert: CertifiedInteraction, report: RenderReport,
               parent_weight: float = 1.0) -> list[Row]:
        targets = target_decisions(inter, cert, report)
        if not targets:
            report.add(inter.id, "no_targets", "decisions", "no eligible assistant decision to train on")
            return []
        msgs = template_messages(inter)
        tools = [t.model_dump(mode="json", exclude_none=True) for t in inter.tools]
        try:
            if self.rendering == "decision":
                rows = self._per_decision(inter.id, msgs, tools, targets, report)
            else:
                rows = self._conversation(inter.id, msgs, tools, targets, report)
        except Exception as exc:  # a template error must not stop the whole set
            report.add(inter.id, "template_error", "messages", f"chat template failed: {exc}")
            return []
        for r in rows:
            r.parent_weight = parent_weight
        return rows

    def _per_decision(self, inter_id: str, msgs: list[dict[str, Any]], tools: list[dict[str, Any]],
                      targets: list[int], report: RenderReport) -> list[Row]:
        rows = []
        for t in targets:
            context = self.text(msgs[:t], tools, generation_prompt=True)
            full = self.text(msgs[: t + 1], tools)
            if not full.startswith(context):
                report.add(inter_id, "template_mismatch", f"messages[{t}]",
                           "the render with decision t does not extend the render of its context")
                continue
            end = self._target_end(full, len(context))
            ctx_ids, tgt_ids, tail_ids = self.encode(context), self.encode(full[len(context):end]), \
                self.encode(full[end:])
            ids = ctx_ids + tgt_ids + tail_ids
            if not self._check(inter_id, f"messages[{t}]", ids, self.template_ids(full), report):
                continue
            if len(ids) > self.max_length:
                report.longest_skipped = max(report.longest_skipped, len(ids))
                report.add(inter_id, "too_long", f"messages[{t}]",
                           f"decision row has {len(ids)} tokens > max_length {self.max_length}; skipped")
                continue
            mask = [0] * len(ctx_ids) + [1] * len(tgt_ids) + [0] * len(tail_ids)
            rows.append(Row(inter_id, ids, mask, [t]))
        return rows

    def _conversation(self, inter_id: str, msgs: list[dict[str, Any]], tools: list[dict[str, Any]],
                      targets: list[int], report: RenderReport) -> list[Row]:
        full = self.text(msgs, tools)
        # The generation prompt, as the template writes it, opens every assistant turn.
        head = self.text(msgs[:1], tools)
        opener = self.text(msgs[:1], tools, generation_prompt=True)[len(head):]
        assistants = [i for i, m in enumerate(msgs) if m["role"] == "assistant"]
        starts, pos = [], 0
        while opener and (k := full.find(opener, pos)) >= 0:
            starts.append(k + len(opener))
            pos = k + len(opener)
        if not opener or len(starts) != len(assistants):
            report.add(inter_id, "template_mismatch", "messages",
                       f"found {len(starts)} assistant turns in the render, expected {len(assistants)}")
            return []
        spans = [(starts[assistants.index(t)], self._target_end(full, starts[assistants.index(t)]), t)
                 for t in targets]
        # Turn marker = the generation prompt before the role name (ChatML: "<|im_start|>").
        # Blocks start at every turn marker; targets are split out inside them.
        bos = opener.split("assistant")[0] if "assistant" in opener else opener
        cuts = sorted({0, len(full)} | {s for s, _, _ in spans} | {e for _, e, _ in spans}
                      | {k for k in _find_all(full, bos)})
        owner = {s: t for s, _, t in spans}
        pieces: list[tuple[int, list[int], int]] = []  # (char start, ids, decision or -1)
        span_ends = {s: e for s, e, _ in spans}
        active_end, active_t = -1, -1
        for a, b in zip(cuts, cuts[1:], strict=False):
            if a in owner:
                active_end, active_t = span_ends[a], owner[a]
            in_target = a < active_end
            pieces.append((a, self.encode(full[a:b]), active_t if in_target else -1))
        ids = [i for _, p, _ in pieces for i in p]
        if not self._check(inter_id, "messages", ids, self.template_ids(full), report):
            return []
        # Blocks: group pieces at turn openers.
        blocks: list[list[tuple[list[int], int]]] = []
        for a, p, t in pieces:
            if not blocks or full.startswith(bos, a):
                blocks.append([])
            blocks[-1].append((p, t))
        return self._windows(inter_id, blocks, full.startswith(bos + "system"), report)

    def _windows(self, inter_id: str, blocks: list[list[tuple[list[int], int]]], has_prefix: bool,
                 report: RenderReport) -> list[Row]:
        prefix = blocks[0] if has_prefix else []
        body = blocks[1:] if has_prefix else blocks
        plen = sum(len(p) for p, _ in prefix)
        lens = [sum(len(p) for p, _ in b) for b in body]
        has_t = [any(t >= 0 for _, t in b) for b in body]
        rows: list[Row] = []
        j = 0
        while j < len(body):
            if not has_t[j]:
                j += 1
                continue
            if plen + lens[j] > self.max_length:
                ts = sorted({t for _, t in body[j] if t >= 0})
                report.longest_skipped = max(report.longest_skipped, plen + lens[j])
                report.add(inter_id, "too_long", f"messages[{ts[0]}]",
                           f"decision turn of {lens[j]} tokens does not fit max_length {self.max_length}")
                j += 1
                continue
            s, total = j, plen + lens[j]
            while s > 0 and total + lens[s - 1] <= self.max_length:
                s -= 1
                total += lens[s]
            e = j
            while e + 1 < len(body) and total + lens[e + 1] <= self.max_length:
                e += 1
                total += lens[e]
            ids: list[int] = []
            mask: list[int] = []
            decisions: set[int] = set()
            for b_idx, block in enumerate([prefix, *body[s : e + 1]]):
                for p, t in block:
                    ids.extend(p)
                    # Targets before j were already trained in an earlier window.
                    on = t >= 0 and b_idx >= 1 and s + b_idx - 1 >= j
                    mask.extend([1 if on else 0] * len(p))
                    if on:
                        decisions.add(t)
            rows.append(Row(inter_id, ids, mask, sorted(decisions)))
            j = e + 1
        return rows


def _find_all(text: str, needle: str) -> list[int]:
    out, pos = [], 0
    while needle and (k := text.find(needle, pos)) >= 0:
        out.append(k)
        pos = k + 1
    return out


# --------------------------------------------------------------------------- sets


def render_all(
    renderer: Renderer,
    interactions: Iterable[Interaction],
    certified: Mapping[str, CertifiedInteraction] | Iterable[CertifiedInteraction],
    selected: Mapping[str, float] | None = None,
    progress: bool = False,
    report_missing: bool = True,
) -> tuple[list[Row], RenderReport]:
    """Rows of every selected interaction that has a certificate; the rest is reported, not fatal."""
    certs = certified if isinstance(certified, Mapping) else {c.id: c for c in certified}
    report = RenderReport()
    rows: list[Row] = []
    items = list(interactions)
    seen: set[str] = set()
    track = _progress(items, "rendering", progress)
    for inter in track:
        if selected is not None and inter.id not in selected:
            continue
        if inter.id in seen:
            report.add(inter.id, "duplicate_interaction", "id", "interaction id appears twice; later copy skipped")
            continue
        seen.add(inter.id)
        report.parents_in += 1
        cert = certs.get(inter.id)
        if cert is None:
            report.add(inter.id, "no_certificate", "id", "no certified record for this interaction; skipped")
            continue
        weight = 1.0 if selected is None else float(selected[inter.id])
        if weight <= 0:
            report.add(inter.id, "zero_weight", "weight", "selected with weight 0; skipped")
            continue
        got = renderer.render(inter, cert, report, parent_weight=weight)
        if got:
            report.parents_rendered += 1
            rows.extend(got)
    if selected is not None and report_missing:
        for missing in sorted(set(selected) - seen):
            report.add(missing, "missing_interaction", "id", "selected id has no interaction in the input")
    report.rows = len(rows)
    report.target_tokens = sum(r.n_targets for r in rows)
    report.decisions_targeted = sum(len(r.decisions) for r in rows)
    return rows, report


def merge_reports(reports: list[RenderReport]) -> RenderReport:
    out = RenderReport()
    for r in reports:
        out.parents_in += r.parents_in
        out.parents_rendered += r.parents_rendered
        out.rows += r.rows
        out.target_tokens += r.target_tokens
        out.decisions_targeted += r.decisions_targeted
        out.issues.extend(r.issues)
        out.longest_skipped = max(out.longest_skipped, r.longest_skipped)
    return out


def _progress(items: list[Any], label: str, enabled: bool) -> Iterable[Any]:
    if not enabled:
        return items
    from rich.progress import track

    return track(items, description=label, transient=True)

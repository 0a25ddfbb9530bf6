"""Rendering: target masks, both renderings, windows, template checks and reported problems."""

from __future__ import annotations

import copy

import pytest

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.learner.render import Renderer, render_all
from trajectory2gym.learner.samples import certify_sample, sample_interaction


def decode_targets(tok, row) -> list[str]:  # type: ignore[no-untyped-def]
    """Each contiguous run of target tokens, decoded."""
    runs, cur = [], []
    for i, m in zip(row.input_ids, row.target_mask, strict=False):
        if m:
            cur.append(i)
        elif cur:
            runs.append(tok.decode(cur))
            cur = []
    if cur:
        runs.append(tok.decode(cur))
    return runs


@pytest.fixture()
def sample():  # type: ignore[no-untyped-def]
    inter = sample_interaction(0)
    return inter, certify_sample(inter)


def test_decision_rows_target_only_eligible_decisions(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    rows, report = render_all(Renderer(tiny_tokenizer, "decision", 4096), [inter], [cert])
    # messages: 2 failed call (ineligible), 4 retry, 6 text, 8 call, 10 final text
    assert [r.decisions for r in rows] == [[4], [6], [8], [10]]
    assert report.by_kind() == {}
    texts = [decode_targets(tiny_tokenizer, r) for r in rows]
    assert all(len(t) == 1 for t in texts)
    assert texts[0][0].startswith("<think>\n\n</think>\n\nLet me retry") and '"get_order_details"' in texts[0][0]
    assert texts[1][0].startswith("<think>\nPending orders") and texts[1][0].endswith("?<|im_end|>")
    assert '"cancel_pending_order"' in texts[2][0] and "<tool_call>" in texts[2][0]
    assert texts[3][0].startswith("<think>\n\n</think>") and "cancelled" in texts[3][0]
    failed_id = inter.messages[2].tool_calls[0].function.arguments["order_id"]
    for r in rows:
        every = tiny_tokenizer.decode([i for i, m in zip(r.input_ids, r.target_mask, strict=False) if m])
        # No user turn, tool observation or failed (ineligible) call is ever a target.
        for banned in ("<tool_response>", inter.messages[7].content, "Error: order not found", failed_id,
                       "Look the order up", "<|im_start|>user", "<|im_start|>assistant"):
            assert banned not in every
        # The row is the template's own tokenization of messages[:t+1].
        msgs_ok = tiny_tokenizer.apply_chat_template(
            [m.model_dump(exclude_none=True) for m in inter.messages[: r.decisions[0] + 1]],
            tools=[t.model_dump() for t in inter.tools], tokenize=True, return_dict=False)
        assert r.input_ids == list(msgs_ok)


def test_conversation_row_masks_and_dropped_think(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    rows, report = render_all(Renderer(tiny_tokenizer, "conversation", 4096), [inter], [cert])
    assert len(rows) == 1 and rows[0].decisions == [4, 6, 8, 10] and not report.issues
    runs = decode_targets(tiny_tokenizer, rows[0])
    assert len(runs) == 4
    # In the whole conversation the template drops the reasoning of turns before the last user message.
    assert runs[0].startswith("Let me retry")
    assert runs[1].startswith("Order #W") and "<think>" not in runs[1]
    assert runs[2].startswith("<think>\nUser confirmed.")
    assert all(r.endswith("<|im_end|>") for r in runs)


def test_conversation_windows_repeat_prefix(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    full, _ = render_all(Renderer(tiny_tokenizer, "conversation", 4096), [inter], [cert])
    n = len(full[0].input_ids)
    rows, report = render_all(Renderer(tiny_tokenizer, "conversation", n - 60), [inter], [cert])
    assert len(rows) >= 2
    assert sorted(d for r in rows for d in r.decisions) == [4, 6, 8, 10]  # each decision exactly once
    assert all(len(r.input_ids) <= n - 60 for r in rows)
    head = full[0].input_ids[:20]
    assert all(r.input_ids[:20] == head for r in rows)  # the system/tools prefix repeats
    assert sum(r.n_targets for r in rows) == full[0].n_targets


def test_bad_inputs_are_reported_not_fatal(tiny_tokenizer) -> None:  # type: ignore[no-untyped-def]
    a, b, c = (sample_interaction(k) for k in range(3))
    cert_a = certify_sample(a)
    bad = copy.deepcopy(certify_sample(b))
    bad.decisions[0].message_index = 1  # a user message
    bad.decisions[0].eligible = True
    sel = {a.id: 1.0, b.id: 2.0, c.id: 1.0, "ghost": 1.0}
    rows, report = render_all(Renderer(tiny_tokenizer, "decision", 4096), [a, b, c], [cert_a, bad], sel)
    kinds = report.by_kind()
    assert kinds["no_certificate"] == 1 and kinds["missing_interaction"] == 1 and kinds["bad_certificate"] == 1
    issue = next(i for i in report.issues if i.kind == "bad_certificate")
    assert issue.parent_id == b.id and issue.field == "decisions[0].message_index"
    assert {r.parent_id for r in rows} == {a.id, b.id}
    assert all(r.parent_weight == 2.0 for r in rows if r.parent_id == b.id)


def test_failed_call_never_trains_even_if_certified(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    forced = CertifiedInteraction.model_validate(
        {**cert.model_dump(), "decisions": [{**d.model_dump(), "eligible": True} for d in cert.decisions]})
    rows, report = render_all(Renderer(tiny_tokenizer, "decision", 4096), [inter], [forced])
    assert [r.decisions for r in rows] == [[4], [6], [8], [10]]
    assert report.by_kind() == {"failed_call_excluded": 1}


def test_template_mismatch_is_reported(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    tok = copy.deepcopy(tiny_tokenizer)
    # A template whose header depends on the conversation length is not prefix-stable.
    tok.chat_template = "{{ messages | length }}" + tiny_tokenizer.chat_template
    rows, report = render_all(Renderer(tok, "decision", 4096), [inter], [cert])
    assert rows == [] and report.by_kind() == {"template_mismatch": 4}
    assert all(i.field.startswith("messages[") for i in report.mismatches)


def test_too_long_rows_are_skipped_and_reported(tiny_tokenizer, sample) -> None:  # type: ignore[no-untyped-def]
    inter, cert = sample
    rows, report = render_all(Renderer(tiny_tokenizer, "decision", 560), [inter], [cert])
    assert all(len(r.input_ids) <= 560 for r in rows)
    assert report.by_kind().get("too_long", 0) + len(rows) == 4 and report.by_kind().get("too_long")

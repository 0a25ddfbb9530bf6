"""The building blocks: evidence index, schema checker, reasons, report, LLM judge, selector paths."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajectory2gym.certify import (
    Certifier,
    CertifyConfig,
    EvidenceIndex,
    build_report,
    certify_interaction,
)
from trajectory2gym.certify.config import JudgeConfig
from trajectory2gym.certify.judge import JudgeError, parse_verdict
from trajectory2gym.certify.reasons import TEMPLATES, reason, reason_kind
from trajectory2gym.certify.schema_check import compile_schema

# ---------------------------------------------------------------- evidence index


def test_index_normalisations_and_derivations():
    idx = EvidenceIndex()
    idx.add_text("My order is #W2611340, email Noah.Brown@Example.com, phone 555-123-4567, two items.")
    idx.add_observation(json.dumps({"items": [{"name": "Water Bottle", "item_id": "6469567736", "price": 47.84},
                                               {"name": "Desk Lamp", "item_id": "5320792178", "price": 100}],
                                     "address": {"address1": "215 River Road"}}), ok=True)
    for value in ("W2611340", "#w2611340", "noah.brown@example.com", "5551234567", "215  river road",
                  "river road", "6469567736"):
        assert idx.has_string(value), value
    for value in ("#W2611341", "215 road", "lake road"):
        assert not idx.has_string(value), value
    idx.add_text("Ship it to 1520 Oak St, Apartment 4B, Tallahassee.")
    for value in ("Apt 4B", "1520 Oak Street", "apartment 4b"):  # an address word or its abbreviation
        assert idx.has_string(value), value
    for value in ("Suite 4B", "Apt 4C"):
        assert not idx.has_string(value), value
    assert idx.amount_derivation(10000) == "visible"  # 100 == 100.0 == "100.00"
    assert idx.amount_derivation(14784) == "sum"  # the two prices
    assert idx.amount_derivation(5216) == "difference"  # 100 - 47.84
    assert idx.amount_derivation(200) == "visible"  # "two"
    assert idx.amount_derivation(12345) is None
    assert idx.amount_derivation(14784, max_pair=0) == "sum"  # a list sum needs no pair search
    assert idx.label_words("6469567736") == {"water", "bottle"}
    assert idx.label_words("5320792178") == {"desk", "lamp"}
    assert "6469567736" in idx.observed and "w2611340" not in idx.observed


def test_amounts_found_before_reading_agree_with_a_full_reading():
    """An amount probed in not-yet-read observations gets the verdict a full reading gives."""
    observations = [
        json.dumps({"price": 45.6, "qty": 2, "note": "was 19.99, now 45.6", "ref": "code 88.88 only", "list": [100, -3.5, 1e2]}),
        json.dumps({"total": "100.00", "text": "say \"7.25\"", "n": 7.25}),
        '{"a":12.5,"b":[1,2,3],"c":"12.5 in a string","d":{"e":0.1}}',
        "[0.30000000000000004, 5]",
    ]
    texts = ["I paid $19.99 and two more", "nothing here"]
    probes = [8888, 4560, 200, 1999, 10000, -350, 725, 1250, 10, 30, 500, 600, 3, 12345, 9999, 0, 300]
    for probe in probes:
        lazy, eager = EvidenceIndex(), EvidenceIndex()
        for idx in (lazy, eager):
            idx.add_text(texts[0])
            for obs in observations:
                idx.add_observation(obs, ok=True)
            idx.add_text(texts[1])
        assert eager.amounts  # read everything first
        assert lazy.amount_derivation(probe) == eager.amount_derivation(probe), probe
        assert lazy.amounts == eager.amounts and lazy._amount_list == eager._amount_list


def test_name_scan_matches_the_pattern():
    from trajectory2gym.certify.evidence import _NAME_LITERAL, _name_matches

    texts = ['{"name": "Water Bottle", "title":"Desk", "product_name":  "Lamp Shade", "nickname": "x"}',
             '{"name":"a","name":"b"}', '{"name": 5, "name": "ok"}', '"name": "unterminated', '"title"',
             '{"name": "say \"hi\""}', '{"items": [{"name": "t-shirt", "options": {"name": ""}}]}']
    for text in texts:
        low = text.lower()
        assert [(m.start(), m.end(), m.group(1)) for m in _name_matches(low)] == [
            (m.start(), m.end(), m.group(1)) for m in _NAME_LITERAL.finditer(low)], text


def test_object_names_stay_inside_their_object():
    """An id after a named object has closed (the order's payment method) gets no name."""
    idx = EvidenceIndex()
    order = {"order_id": "#W1", "items": [
        {"name": "Water Bottle", "item_id": "111111", "options": {"capacity": "1000ml"}},
        {"name": "Desk Lamp", "item_id": "222222", "options": {"brightness": "low"}}],
        "payment_history": [{"amount": 10.5, "payment_method_id": "paypal_77"}]}
    product = {"name": "T-Shirt", "product_id": "999", "variants": {
        "333333": {"item_id": "333333", "options": {"size": "M"}},
        "444444": {"item_id": "444444", "options": {"size": "L"}}}}
    idx.add_observation(json.dumps(order), ok=True)
    idx.add_observation(json.dumps(product, separators=(",", ":")), ok=True)
    assert idx.label_words("111111") == {"water", "bottle"}
    assert idx.label_words("222222") == {"desk", "lamp"}
    assert idx.label_words("paypal_77") == set() and idx.label_words("#W1") == set()
    assert idx.label_words("444444") == {"shirt"}  # nested under the product, past other variants
    assert {"water", "bottle", "desk", "lamp", "shirt"} <= idx.label_vocab


def test_index_is_incremental_not_a_rescan():
    """Looking a value up costs the same however long the history is: probes, not a scan."""
    idx = EvidenceIndex()
    for k in range(2000):
        idx.add_text(f"message {k} mentions order #W{k:07d}")
    assert idx.has_string("#W0001999") and not idx.has_string("#W0002000")
    # identifier lookups read sets built during the updates; the phrase facet is still unread
    assert len(idx._phrases) == 2000 and not idx._bigrams
    # a multi-word lookup folds every pending text into the bigrams once, then only probes
    assert idx.has_string("7 mentions order") and not idx.has_string("mentions message")
    assert idx._phrases == [] and "mentions order" in idx._bigrams
    idx.add_text("a late message")
    assert idx.has_string("late message") and idx._phrases == []


# ---------------------------------------------------------------- schema checker

SCHEMA = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "minLength": 2},
        "item_ids": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "reason": {"type": "string", "enum": ["no longer needed", "ordered by mistake"]},
        "count": {"type": "integer", "minimum": 0, "maximum": 5},
        "flags": {"type": "object", "properties": {"gift": {"type": "boolean"}}, "additionalProperties": False},
    },
    "required": ["order_id"],
    "additionalProperties": False,
}

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(["", "x", "#W1", "no longer needed"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["gift", "other"]), inner, max_size=2),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["order_id", "item_ids", "reason", "count", "flags", "extra"]),
                       _json_values, max_size=5))
def test_fast_checker_agrees_with_jsonschema(args):
    fast = compile_schema(SCHEMA)(args, "")
    ref = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(args))
    assert bool(fast) == bool(ref), (args, fast, [e.message for e in ref])


# Typed properties, required keys and typed arrays only: the shape the quick acceptance test covers.
PLAIN_SCHEMA = {
    "type": "object",
    "description": "exchange items",
    "properties": {
        "order_id": {"type": "string", "description": "the order"},
        "item_ids": {"type": "array", "items": {"type": "string"}},
        "count": {"type": "integer"},
        "amount": {"type": "number"},
        "gift": {"type": "boolean"},
        "address": {"type": "object", "properties": {"zip": {"type": "string"}}, "required": ["zip"]},
    },
    "required": ["order_id", "item_ids"],
}


_mostly_valid = st.fixed_dictionaries(
    {"order_id": st.text(max_size=3) | _json_values, "item_ids": st.lists(st.text(max_size=2), max_size=2) | _json_values},
    optional={"count": st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _json_values,
              "amount": st.floats(allow_nan=False, allow_infinity=False) | _json_values,
              "gift": st.booleans() | _json_values,
              "address": st.fixed_dictionaries({}, optional={"zip": st.text(max_size=2) | _json_values}) | _json_values,
              "extra": _json_values},
)


@settings(max_examples=400, deadline=None)
@given(_mostly_valid | st.dictionaries(st.sampled_from(["order_id", "item_ids", "gift", "extra"]), _json_values))
def test_quick_acceptance_agrees_with_jsonschema(args):
    found = compile_schema(PLAIN_SCHEMA)(args, "")
    ref = list(jsonschema.Draft202012Validator(PLAIN_SCHEMA).iter_errors(args))
    assert bool(found) == bool(ref), (args, found, [e.message for e in ref])


def test_quick_acceptance_keeps_the_full_messages():
    check = compile_schema(PLAIN_SCHEMA)
    assert check({"order_id": "#W1", "item_ids": ["1"], "address": {"zip": "02139"}}, "") == []
    assert check({"order_id": 7, "item_ids": ["1", 2]}, "") == [
        "order_id: expected string, got int", "item_ids[1]: expected string, got int"]
    assert check({"order_id": "#W1", "item_ids": [], "address": {}}, "") == ["address.zip: required argument missing"]


def test_unsupported_keywords_fall_back_to_jsonschema():
    schema = {"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}
    check = compile_schema(schema)
    assert check({"x": 3}, "") == [] and check({"x": "a"}, "") == []
    assert check({"x": 1.5}, "") and "x" in check({"x": 1.5}, "")[0]


# ---------------------------------------------------------------- reasons and report


def test_every_reason_template_maps_back_to_its_kind():
    for kind in TEMPLATES:
        text = reason(kind, tool="get_order_details", arg="order_id", value="#W9", detail="x: y", index=3)
        assert reason_kind(text) == kind, (kind, text)
    assert reason_kind("something else entirely") == "other"


def test_report_statistics(convo, order_w123):
    certs = []
    c = convo()
    c.user("Check #W123")
    c.call("get_order_details", {"order_id": "#W999"}, "Error: order not found")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    certs.append(certify_interaction(c.build(reward=1.0)))
    c = convo(domain="airline")
    c.user("hello")
    c.say("Hi! How can I help?")
    c.say("Your refund is $12.00")
    certs.append(certify_interaction(c.build(reward=0.0)))
    rep = build_report(certs)
    overall = rep["overall"]
    assert overall["interactions"] == 2 and overall["decisions"] == 4 and overall["eligible"] == 2
    assert overall["check_pass_share"]["execution"] == 0.75
    assert overall["check_pass_share"]["visibility"] == 0.5
    assert overall["reasons"] == {"error_observation": 1, "not_visible": 1, "text_not_visible": 1}
    assert overall["share_at_most_two_supervised"] == 1.0
    assert overall["share_grounded_after_error"] == 0.5
    assert set(rep["domains"]) == {"retail", "airline"}
    assert rep["domains"]["retail"]["share_grounded_after_error"] == 1.0
    assert rep["domains"]["airline"]["decision_kinds"] == {"text": 2}


def test_canonical_path_attached_when_selector_present(convo, order_w123):
    paths = pytest.importorskip("trajectory2gym.selector.paths")
    c = convo()
    c.user("Check #W123")
    c.call("get_order_details", {"order_id": "#W123"}, order_w123)
    cert = Certifier().certify(c.build())
    assert (cert.path, cert.path_key) == tuple(paths.canonical_path(cert)) and cert.path_key
    assert Certifier(attach_paths=False).certify(c.build()).path is None


# ---------------------------------------------------------------- LLM judge


class _JudgeHandler(BaseHTTPRequestHandler):
    answers: list[str] = []
    requests: list[dict] = []

    def do_POST(self):  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body})
        answer = type(self).answers.pop(0) if type(self).answers else "not json at all"
        payload = {
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": answer}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def judge_server():
    server = HTTPServer(("127.0.0.1", 0), _JudgeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _JudgeHandler.answers, _JudgeHandler.requests = [], []
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", _JudgeHandler
    server.shutdown()
    server.server_close()


def _confirmed_cancel(convo, order):
    c = convo()
    c.user("Cancel #W123 please, I no longer need it.")
    c.call("get_order_details", {"order_id": "#W123"}, {**order, "status": "pending"})
    c.say("Cancel order #W123 (no longer needed)? Please confirm.")
    c.user("yes")
    i = c.call("cancel_pending_order", {"order_id": "#W123", "reason": "no longer needed"}, {"status": "cancelled"})
    return c.build(), i


def test_judge_verdict_decides_workflow(convo, at, order_w123, judge_server):
    url, handler = judge_server
    handler.answers = ['<think>hm</think>{"confirmed": false, "reason": "the user confirmed a different order"}']
    inter, i = _confirmed_cancel(convo, order_w123)
    cfg = CertifyConfig(judge=JudgeConfig(enabled=True, base_url=url, model="judge-model", max_retries=0))
    d = at(Certifier(cfg).certify(inter), i)
    assert not d.checks["workflow"]
    assert d.reasons == ["cancel_pending_order: judge: the user confirmed a different order"]
    (req,) = handler.requests
    assert req["path"] == "/v1/chat/completions" and req["body"]["model"] == "judge-model"
    prompt = req["body"]["messages"][-1]["content"]
    assert "cancel_pending_order" in prompt and "#W123" in prompt and "user: yes" in prompt


def test_judge_failure_falls_back_to_rules(convo, at, order_w123, judge_server):
    url, handler = judge_server
    handler.answers = ["I think so?"]
    inter, i = _confirmed_cancel(convo, order_w123)
    cfg = CertifyConfig(judge=JudgeConfig(enabled=True, base_url=url, max_retries=0))
    cert = Certifier(cfg).certify(inter)
    assert at(cert, i).eligible and cert.metadata["judge_errors"] == 1
    assert len(handler.requests) == 1
    # rule-based default never calls the endpoint
    handler.requests.clear()
    assert at(Certifier(CertifyConfig()).certify(inter), i).eligible and handler.requests == []
    # the corpus statistics count the failures (t2g certify warns with this total)
    assert build_report([cert, cert])["overall"]["judge_errors"] == 2


def test_certify_cli_warns_when_the_judge_fails(convo, order_w123, tmp_path):
    inter, _ = _confirmed_cancel(convo, order_w123)
    src = tmp_path / "in.jsonl"
    src.write_text(inter.model_dump_json() + "\n")
    dead = "http://127.0.0.1:9/v1"  # nothing listens on the discard port: every judge call fails
    res = subprocess.run([sys.executable, "-m", "trajectory2gym.cli", "certify", str(src), "-o",
                          str(tmp_path / "out.jsonl"), "-q", "--set", "judge.enabled=true", "--set",
                          f"judge.base_url={dead}", "--set", "judge.max_retries=0", "--set", "judge.timeout_s=2"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert f"judge at {dead} failed 1 times" in res.stderr and "rule-based" in res.stderr


def test_parse_verdict():
    assert parse_verdict('Sure: {"confirmed": true, "reason": "ok"}') == (True, "ok")
    with pytest.raises(JudgeError):
        parse_verdict('{"confirmed": "maybe"}')


# ---------------------------------------------------------------- anchors: lazy object names


def test_lazy_anchor_names_agree_with_looking_every_name_up():
    """``Anchors`` looks an identifier's object name up only when a question needs it; its
    answers must be those of the eager definition (every name first), whatever is asked."""
    import random

    from trajectory2gym.certify.anchors import call_anchors

    rng = random.Random(7)
    products = ["Water Bottle", "Desk Lamp", "Hiking Boots", "Smart Thermostat"]
    idx = EvidenceIndex()
    items = []
    for k in range(6):  # orders with named items, and a payment method shared by all of them
        its = [{"name": rng.choice(products), "item_id": f"{k}{j}00{k}"} for j in range(3)]
        items += [i["item_id"] for i in its]
        idx.add_observation(json.dumps({"order_id": f"#W{k}", "items": its,
                                        "payment": {"payment_method_id": "card_9"}}), ok=True)
    vocab_words = sorted({w for p in products for w in p.lower().split()})
    roles = {"order_id": "identifier", "item_ids": "identifier", "payment_method_id": "identifier"}
    for _ in range(300):
        args = {"order_id": f"#W{rng.randrange(8)}", "payment_method_id": rng.choice(["card_9", "card_1"]),
                "item_ids": rng.sample(items + ["nope1"], rng.randint(0, 2))}
        anchors = call_anchors("exchange_delivered_order_items", args, roles, idx)
        eager = call_anchors("exchange_delivered_order_items", args, roles, idx)
        labels, named = eager.labels, eager.named_ids  # every name looked up first
        for _ in range(5):
            ws = set(rng.sample(vocab_words + ["yes", "please", "order"], rng.randint(0, 3)))
            cs = set(rng.sample(sorted(anchors.ids) + ["w99", "x"], rng.randint(0, 2)))
            want_named = (bool(named & cs) or bool(labels & ws)) if labels else bool(anchors.ids & cs)
            assert anchors.names_object(ws, cs) == want_named, (args, ws, cs)
            assert anchors.mentioned_in(ws, cs) == (bool(anchors.ids & cs) or bool(labels & ws))
        assert anchors.labels == labels and anchors.named_ids == named


# ---------------------------------------------------------------- object names: the spec, side by side

_KEYS = st.sampled_from(["name", "title", "product_name", "item_id", "id", "options", "items", "note"])
_LEAF = st.sampled_from(["Water Bottle", "Desk Lamp", "T-Shirt", "x", "", "111", "222", "W1", "{", "}", "a}b"])
_DOC = st.recursive(_LEAF, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(_KEYS, kids, max_size=4),
                    max_leaves=14)


def _spec_labels(lows: list[str], identifier: str) -> set[str]:
    """The definition: each whole-string occurrence of the identifier takes the words of the
    nearest name literal before it (forward-scan matches) whose object has not closed between."""
    from trajectory2gym.certify.evidence import _label, _name_matches

    def still_open(low: str, start: int, p: int) -> bool:
        depth, pos = 0, start
        while (q := low.find("}", pos, p)) >= 0:
            depth += low.count("{", pos, q) - 1
            if depth < 0:
                return False
            pos = q + 1
        return True

    needle, out = identifier.lower(), set()
    for low in lows:
        entries = [(m.end(), _label(m.group(1))) for m in _name_matches(low)]
        entries = [(end, label) for end, label in entries if label]
        p = low.find('"' + needle + '"')
        while p >= 0:
            p += 1
            for end, label in reversed(entries):
                if end <= p and still_open(low, end, p):
                    out |= label
                    break
            p = low.find('"' + needle + '"', p)
    return out


def _leaves(doc, out: list[str]) -> list[str]:
    if isinstance(doc, str):
        out.append(doc)
    elif isinstance(doc, list):
        for d in doc:
            _leaves(d, out)
    elif isinstance(doc, dict):
        for k, d in doc.items():
            out.append(k)
            _leaves(d, out)
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(_DOC, min_size=1, max_size=4), st.booleans())
def test_label_words_and_names_any_follow_the_definition(docs, compact_json):
    idx, fresh = EvidenceIndex(), EvidenceIndex()
    lows = []
    for doc in docs:
        text = json.dumps(doc, separators=(",", ":")) if compact_json else json.dumps(doc)
        idx.add_observation(text, ok=True)
        fresh.add_observation(text, ok=True)
        if text.lstrip()[:1] in "{[":
            lows.append(text.lower())
    # names_any before any name was read (its shortcut), then with the vocabulary read.
    questions = [{"water", "yes"}, {"lamp"}, {"shirt", "the"}, {"please", "now"}, set()]
    early = [fresh.names_any(ws) for ws in questions]
    for leaf in set(_leaves(docs, [])) | {"missing"}:
        if leaf.strip():
            assert idx.label_words(leaf) == _spec_labels(lows, leaf), leaf
    vocab = set(idx.label_vocab)
    assert early == [bool(ws & vocab) for ws in questions] == [fresh.names_any(ws) for ws in questions]


def test_clause_split_matches_its_plain_form() -> None:
    """turns._CLAUSE_SPLIT groups its comma branches behind one comma (tried only at commas); the
    same splits as each rule written on its own."""
    import re

    from trajectory2gym.certify.turns import _CLAUSE_SPLIT

    plain = re.compile(
        r"[.;!?\n]+|,\s*(?=but\b|and\b|except\b|though\b|keep\b|leave\b|not\b|(?:i |we )?(?:don'?t|do not)\b)"
        r"|\bbut\b|\bexcept\b|\bhowever\b|(?<=^no),|,\s*(?=(?:no|yes)\s+to\b|[^,.;!?]*?\bno\b\s*(?:[.!]|$))"
        r"|\s+and\s+(?=(?:the|my)\s[^,.;!?]*?\bno\b\s*(?:[.!]|$))|(?<=\bno),\s*(?=[^,.;!?]*\byes\b)"
        r"|,\s*(?=(?:(?:the|my)\s[^,.;!?]*?\b)?(?:i'?ll|we'?ll|i will)\s+keep\b)"
        r"|,\s*(?=no need\b)|,\s*(?=(?:no|skip)\s+(?:the\s+|my\s+|any\s+)?[a-z]+(?:\s+[a-z]+)?\s*(?:[.!]|$))"
        r"|,\s*(?=(?:just|only)\b(?!\s+(?:if|as long|so long|when|provided)\b))",
        re.I,
    )
    replies = ["No, just the lamp.", "Kettle no, lamp yes.", "The lamp yes and the kettle no.", "Yes, no.",
               "hmm ok, no to that", "Yes, but only the lamp, I'll keep the kettle", "No,thanks", "a,b", "",
               "Yes to the return, no to the exchange.", "Yes, go ahead, but don't add bags; thanks!",
               "Sure, keep the kettle, return the lamp\nand hurry", "NO, but yes, the lamp", "no, no, no",
               "Lamp yes, kettle no.", "Okay, we don't need it, except the lamp, however fine.",
               "yes for the bag, no upgrade", "the bag yes, skip the upgrade.", "No upgrade, just the bag.",
               "Yes, no need to email me", "Yes, only if it's free", "ok, no problem at all, no bags"]
    for text in replies:
        assert [m.span() for m in _CLAUSE_SPLIT.finditer(text)] == [m.span() for m in plain.finditer(text)], text

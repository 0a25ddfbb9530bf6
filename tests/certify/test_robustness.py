"""Inputs a fuzzer found that crashed or stalled the certifier: each now certifies, or is reported as a
bad record that names where it is, while the rest of the file goes on."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import orjson
import pytest

from trajectory2gym.certify import NATIVE, CertifyConfig, CorpusReport, certify_interaction
from trajectory2gym.certify.agreement import stated_amounts
from trajectory2gym.certify.certifier import Certifier, UncertifiableRecord
from trajectory2gym.certify.stream import certified_lines
from trajectory2gym.envs.registry import tool_specs
from trajectory2gym.validation import ReadReport

from .conftest import RETAIL_TOOLS


def test_amounts_past_a_float_are_no_amounts(convo, at) -> None:
    c = convo()
    c.user("add " + "9" * 400 + " GB, and I want " + "9" * 310 + "GB; make it " + "2" * 5000 + "GB")
    c.call("get_order_details", {"order_id": "#W1"}, [{"p": 1e307}, {"p": 1}])
    i = c.say("That is $7.50.")
    assert at(certify_interaction(c.build()), i).reasons == ["text states '$7.50' not in visible history"]


def test_an_amount_inside_an_identifier_like_token(convo, at) -> None:
    c = convo()
    c.user("What does item 6469567736 cost?")
    c.call("get_order_details", {"order_id": "#W1"}, {"items": [{"item_id": "6469567736", "price": 5.0}]})
    i = c.say("It costs x:$5.00,ab12")  # no price claim of an identifier: the token itself is unseen
    assert at(certify_interaction(c.build()), i).reasons == ["text states 'x:$5.00,ab12' not in visible history"]


def test_observations_of_unexpected_shape(convo, at) -> None:
    # "flights" a number, not a list; a certificate sent to a list of accounts.
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("I'm raj_moore_8640; move reservation TI7NSI to HAT145 on 2024-05-24, business, on credit_card_1.")
    c.call("get_user_details", {"user_id": "raj_moore_8640"}, {"payment_methods": {"credit_card_1": {}}})
    c.call("get_reservation_details", {"reservation_id": "TI7NSI"}, {"reservation_id": "TI7NSI", "flights": 5})
    c.say("I can move TI7NSI to HAT145 on 2024-05-24 in business, paid with credit_card_1. Shall I?")
    c.user("Yes.")
    moved = c.call("update_reservation_flights", {"reservation_id": "TI7NSI", "cabin": "business",
                                                  "flights": [{"flight_number": "HAT145", "date": "2024-05-24"}],
                                                  "payment_id": "credit_card_1"}, {"ok": True})
    c.say("I can send a $50 certificate to raj_moore_8640 and mia_li_3668. Shall I?")
    c.user("Yes.")
    sent = c.call("send_certificate", {"user_id": ["raj_moore_8640", "mia_li_3668"], "amount": 50}, {"ok": True})
    cert = certify_interaction(c.build())
    assert at(cert, moved).checks["workflow"], at(cert, moved).reasons
    assert not at(cert, sent).checks["execution"]  # user_id must be a string


@pytest.mark.parametrize(("schema", "value"), [
    ({"type": [{}]}, "#W1"), ({"enum": 5}, "#W1"), ({"type": "object", "required": True}, {}),
    ({"type": "array", "minItems": "1"}, ["#W1"]), ({"type": "integer", "maximum": "9"}, 5),
    ({"type": "string", "pattern": "("}, "#W1"), ({"type": "string", "maxLength": "3"}, "#W1"),
    ({"type": "object", "properties": "x"}, {"a": "#W1"}),
])
def test_a_tool_schema_that_is_no_json_schema_fails_its_calls_with_a_clear_reason(convo, at, schema, value) -> None:
    tools = copy.deepcopy(RETAIL_TOOLS)
    tools[3]["function"]["parameters"]["properties"]["order_id"] = schema  # get_order_details
    c = convo(tools=tools)
    c.user("Order #W1 please.")
    i = c.call("get_order_details", {"order_id": value}, {"order_id": "#W1"})
    reasons = at(certify_interaction(c.build()), i).reasons
    assert reasons[0].startswith("get_order_details: arguments do not match the schema: the tool's schema is "
                                 "invalid at properties/order_id"), reasons


def test_a_schema_reference_that_leads_nowhere(convo, at) -> None:
    tools = copy.deepcopy(RETAIL_TOOLS)
    tools[3]["function"]["parameters"]["properties"]["order_id"] = {"$ref": "#/defs/x"}
    c = convo(tools=tools)
    c.user("Order #W1 please.")
    i = c.call("get_order_details", {"order_id": "#W1"}, {"order_id": "#W1"})
    assert "$ref" not in str(at(certify_interaction(c.build()), i).checks)
    assert "the tool's schema is invalid" in at(certify_interaction(c.build()), i).reasons[0]


# Compiled code (T2G_MYPYC=1) calls natively, past Python's recursion limit: it walks the 990 levels.
@pytest.mark.skipif(NATIVE, reason="a mypyc-compiled walk is not bounded by Python's recursion limit")
def test_json_nested_past_what_can_be_walked_is_an_uncertifiable_record(convo, tmp_path: Path) -> None:
    good = convo()
    good.user("Order #W1 please.")
    good.call("get_order_details", {"order_id": "#W1"}, {"order_id": "#W1"})
    deep = convo()
    deep.user("Order #W1 please.")
    # An observation nested past what Python's recursion walks (written out: orjson stops at 255 levels).
    deep.call("get_order_details", {"order_id": "#W1"}, '[{"p": 1}, ' + '{"a": ' * 990 + '"x"' + "}" * 990 + "]")
    deep.say("That is $7.50.")
    with pytest.raises(UncertifiableRecord, match=r"^messages\[4\]: holds a JSON value"):
        Certifier().certify_record(deep.build())
    # In a file: reported with its line and id, and the records around it certified.
    src = tmp_path / "in.jsonl"
    rows = [good.build(id="a"), deep.build(id="b"), good.build(id="c")]
    src.write_bytes(b"".join(orjson.dumps(r.model_dump(mode="json"), option=orjson.OPT_APPEND_NEWLINE) for r in rows))
    report = ReadReport()
    out = [orjson.loads(line)["id"] for line in certified_lines(str(src), "jsonl", report, CorpusReport(),
                                                                  CertifyConfig())]
    assert out == ["a", "c"]
    (err,) = [e for errs in report.errors for e in (errs if isinstance(errs, list) else [errs])]
    assert (err.kind, err.path, err.line, err.record_id) == ("uncertifiable", "messages[4]", 2, "b")


def test_a_spelled_amount_of_many_words_is_still_read() -> None:
    # The spelled-number pattern is bounded (a run of "one one one ..." is read once, not from each word).
    said = "one hundred and twenty three thousand four hundred and fifty six GB"
    assert stated_amounts(said, data=True) == {123_456_00}
    assert stated_amounts("one " * 3000 + "GB", data=True) == {100}


def test_a_size_is_no_identifier() -> None:
    from trajectory2gym.certify.normalize import looks_like_identifier

    assert not any(map(looks_like_identifier, ["14-inch", "2.5L", "500mAh", "12-pack", "2-year",
                                               "130-degree", "5kg", "1200rpm"]))
    assert all(map(looks_like_identifier, ["L1001", "B1002", "#W123", "HAT093", "9190635437"]))
    # A price with its sign and unit is a price: "+$20.00/month", "-$5.00/GB".
    assert not any(map(looks_like_identifier, ["+$20.00/month", "-$5.00/GB", "$120.00/month"]))
    assert not any(map(looks_like_identifier, ["10pm", "10:30pm", "11AM", "7a.m."]))  # times: checked as times
    assert not any(map(looks_like_identifier, ["5G/4G", "4G/3G/2G", "LTE/3G"]))  # network modes
    # A booking code may hold one digit among its capitals; a word or a model with one digit is no code.
    assert all(map(looks_like_identifier, ["WC6WHV", "YELL9I", "RXY5OG"]))
    assert not any(map(looks_like_identifier, ["USB3", "iPhone7", "Wi-Fi6", "Gen2"]))


@pytest.mark.parametrize(("said", "visible"), [
    ("WC6WVH's return is HAT101 on 2024-05-24.", True),
    ("WC6WHV's return is HAT101 on 2024-05-24.", False),  # two letters swapped: never shown
])
def test_a_booking_code_with_one_digit_must_be_shown(convo: Any, at: Any, said: str, visible: bool) -> None:
    c = convo(domain="airline")
    c.user("Move the return of WC6WVH to the 24th.")
    c.call("get_reservation_details", {"reservation_id": "WC6WVH"}, {
        "reservation_id": "WC6WVH", "flights": [{"flight_number": "HAT101", "date": "2024-05-24", "price": 126}]})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


def test_the_identifiers_a_text_names_once_each_in_order() -> None:
    from trajectory2gym.certify.normalize import identifiers_in

    text = "Order #W123's lamp (9190635437), mail me at a@b.co; #W123 again, the 14-inch one, L1001."
    assert identifiers_in(text) == ["#W123", "9190635437", "a@b.co", "L1001"]
    assert identifiers_in("no ids here, only 3 items for $12.50") == []


def test_numbers_before_a_data_unit_are_read_from_their_first_digit() -> None:
    from trajectory2gym.certify.normalize import unit_numbers, without_data_amounts

    # The same readings as before the lookbehind; a run of 6,000 digits is read once, not once per digit.
    assert unit_numbers("add 2gb and 1.5gb, not x12gb") == ["2", "1.5"]
    assert without_data_amounts("add .5 GB for $2.50") == "add .  for $2.50"
    assert unit_numbers("9" * 6000 + " then 3gb") == ["3"]


def test_a_book_reads_each_observation_once_and_only_those_with_its_needles() -> None:
    from trajectory2gym.certify.books import ObservationBook

    class Keys(ObservationBook):
        needles = ('"a"',)

        def __init__(self) -> None:
            self.seen: list[Any] = []

        def take(self, value: Any) -> None:
            self.seen.append(value)

    book, shown = Keys(), ['{"a": 1}', '{"b": 2}', '{"a": no json']
    book.update(shown)
    shown.append('{"a": 3}')
    book.update(shown)  # only what is new
    assert book.seen == [{"a": 1}, {"a": 3}] and book.read == 4

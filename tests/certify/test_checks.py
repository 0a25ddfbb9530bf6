"""Each check and each reason on small hand-built conversations."""

from __future__ import annotations

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.toolmeta import ToolMeta

from .conftest import RETAIL_TOOLS, decision

STR = {"type": "string"}


def _lookup_convo(convo, order):
    c = convo()
    c.user("Hi, I need help with my order #W123.")
    c.call("get_order_details", {"order_id": "#W123"}, order)
    return c


# ---------------------------------------------------------------- execution


def test_unknown_tool_fails_execution_and_visibility(convo, at):
    c = convo(domain="nowhere")
    c.user("Order W123 please")
    i = c.call("teleport_order", {"order_id": "#W123"}, {"ok": True})
    d = at(certify_interaction(c.build()), i)
    assert not d.checks["execution"] and not d.checks["visibility"]
    assert "unknown tool 'teleport_order'" in d.reasons
    assert "tool 'teleport_order' not in the visible tool list" in d.reasons
    assert d.calls[0].inferred and d.calls[0].access == "read"


def test_schema_violation_names_the_argument(convo, at):
    c = convo()
    c.user("cancel #W123, I no longer need it")
    i = c.call("get_order_details", {"order": "#W123"}, "Error: order not found")
    d = at(certify_interaction(c.build()), i)
    assert not d.checks["execution"]
    assert any("order_id: required argument missing" in r and reason_kind(r) == "invalid_arguments"
               for r in d.reasons), d.reasons


def test_error_observation_gives_no_loss_and_flags_next_decision(convo, at):
    c = convo()
    c.user("Check order #W999 please")
    bad = c.call("get_order_details", {"order_id": "#W999"}, "Error: order not found")
    nxt = c.say("I could not find that order. Could you check the number?")
    cert = certify_interaction(c.build())
    d = at(cert, bad)
    assert not d.eligible and d.calls[0].observation == "error"
    assert d.reasons == ["get_order_details: error observation 'Error: order not found'"]
    assert at(cert, nxt).after_error and at(cert, nxt).eligible
    assert not d.after_error


def test_unparsable_arguments_recorded_as_execution_failure(convo, at):
    c = convo()
    c.user("order #W123")
    i = c.call("get_order_details", {}, "Error: invalid arguments")
    c.messages[i]["tool_calls"][0]["function"]["raw_arguments"] = "{order_id: #W123"
    d = at(certify_interaction(c.build()), i)
    assert "get_order_details: arguments are not a JSON object" in d.reasons


def test_empty_observation_is_ok_for_execution(convo, at, order_w123):
    c = _lookup_convo(convo, order_w123)
    i = c.call("get_user_details", {"user_id": "noah_brown_6181"}, "{}")
    d = at(certify_interaction(c.build()), i)
    assert d.calls[0].observation == "empty" and d.checks["execution"]


# ---------------------------------------------------------------- visibility


def test_value_not_in_visible_history_reason_names_argument_and_value(convo, at):
    c = convo()
    c.user("Hi, what is the status of my order?")
    i = c.call("get_order_details", {"order_id": "#W999"}, {"order_id": "#W999", "status": "pending"})
    d = at(certify_interaction(c.build()), i)
    assert d.checks["visibility"] is False and not d.privileged
    assert d.reasons == ["get_order_details: order_id='#W999' not in visible history"]
    assert reason_kind(d.reasons[0]) == "not_visible"


def test_value_known_only_from_private_is_privileged(convo, at):
    c = convo(private={"task": {"instruction": "Your order is #W5442520", "actions": []}})
    c.user("Hi, please cancel my most recent order.")
    i = c.call("get_order_details", {"order_id": "#W5442520"}, {"order_id": "#W5442520", "status": "pending"})
    d = at(certify_interaction(c.build()), i)
    assert d.privileged and not d.eligible
    assert d.reasons == ["get_order_details: order_id='#W5442520' found only in private (privileged)"]


@pytest.mark.parametrize(("reason_said", "offer", "privileged"), [
    ("", "", True),  # the option is in the schema, the choice only in the instruction
    (" I ordered it by mistake.", "", False),
    (" The whole order was a mistake.", "", False),  # the user's own words for it
    # the options offered, the user choosing neither (blind set 93, r93_10 28)
    ("", " I'd need a reason: 'no longer needed' or 'ordered by mistake'.", True),
    ("", " The reason would be 'ordered by mistake'.", False),  # said as the one
])
def test_a_choice_only_the_private_part_makes_is_privileged(convo, at, reason_said: str, offer: str,
                                                             privileged: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")],
              private={"instruction": "Cancel #W3614011 because it was ordered by mistake. Give the reason only if asked."})
    c.user(f"Please cancel order #W3614011.{reason_said}")
    c.call("get_order_details", {"order_id": "#W3614011"}, {"order_id": "#W3614011", "status": "pending"})
    c.say(f"Order #W3614011 is pending.{offer} Would you like me to cancel it?")
    c.user("Yes, please cancel it.")
    i = c.call("cancel_pending_order", {"order_id": "#W3614011", "reason": "ordered by mistake"},
               {"order_id": "#W3614011", "status": "cancelled"})
    d = at(certify_interaction(c.build()), i)
    assert d.privileged is privileged
    assert d.reasons == (["cancel_pending_order: reason='ordered by mistake' found only in private (privileged)"]
                         if privileged else [])


@pytest.mark.parametrize(("offer", "privileged"), [
    # the option said as where the change goes, in a message naming the other cabin too (blind set 103, a103_01 37)
    ("Business fares $1,859 + $1,679; economy is $140 + $101. Shall I go ahead: JG7FMM -> economy, same flights?",
     False),
    ("Business fares $1,859 + $1,679; economy is $140 + $101. Shall I move JG7FMM to economy, same flights?", False),
    ("Business fares $1,859 + $1,679; economy is $140 + $101. Shall I change the cabin of JG7FMM, same flights?",
     True),  # both cabins named, neither chosen: the instruction chose
])
def test_a_cabin_said_as_the_changes_target_is_the_choice(convo, at, offer: str, privileged: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")],
              private={"instruction": "Downgrade all your business flights to economy."})
    c.user("I need to downgrade my business class flights on JG7FMM.")
    c.call("get_reservation_details", {"reservation_id": "JG7FMM"},
           {"reservation_id": "JG7FMM", "cabin": "business", "flights": [
               {"flight_number": "HAT028", "date": "2024-05-21", "price": 1859},
               {"flight_number": "HAT277", "date": "2024-05-21", "price": 1679}]})
    c.say(offer)
    c.user("Yes, do it.")
    i = c.call("update_reservation_flights", {
        "reservation_id": "JG7FMM", "cabin": "economy", "payment_id": "credit_card_2929732",
        "flights": [{"flight_number": "HAT028", "date": "2024-05-21"}, {"flight_number": "HAT277", "date": "2024-05-21"}]},
        {"reservation_id": "JG7FMM", "cabin": "economy"})
    d = at(certify_interaction(c.build()), i)
    assert d.privileged is privileged
    assert ("update_reservation_flights: cabin='economy' found only in private (privileged)" in d.reasons) is privileged


@pytest.mark.parametrize(("told", "kinds"), [
    # a relative only the hidden task names (blind set 93, a93_22 2)
    ("I have a family emergency and need to get to LA sooner.", ["text_privileged"]),
    ("My mother is sick and I need to get to LA sooner.", []),
])
def test_a_relative_only_the_private_part_names(convo, at, told: str, kinds: list[str]) -> None:
    c = convo(private={"instruction": "Your mother is really sick and you need to get home sooner."})
    c.user(told)
    i = c.say("I'm sorry to hear about your mother; I'll do what I can. What's your user id?")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_hidden_api_key_is_privileged_and_metadata_inferred(convo, at):
    weather = {"type": "function", "function": {"name": "get_weather", "parameters": {
        "type": "object", "properties": {"city": STR, "api_key": STR}, "required": ["city", "api_key"]}}}
    c = convo(tools=[weather], domain=None, private={"credentials": {"api_key": "sk-live-93hf83hf"}})
    c.user("What's the weather in Denver?")
    i = c.call("get_weather", {"city": "Denver", "api_key": "sk-live-93hf83hf"}, {"temp_c": 3})
    d = at(certify_interaction(c.build()), i)
    assert d.privileged and d.checks["execution"]
    assert d.reasons == ["get_weather: api_key='sk-live-93hf83hf' found only in private (privileged)"]
    assert d.calls[0].inferred and d.calls[0].access == "read"


def test_value_visible_only_after_the_decision_does_not_count(convo, at):
    c = convo()
    c.user("Where is my order?")
    i = c.call("get_order_details", {"order_id": "#W123"}, {"order_id": "#W123"})
    c.user("It is #W123 by the way")
    d = at(certify_interaction(c.build()), i)
    assert not d.checks["visibility"]


def test_tool_absent_from_tool_list(convo, at):
    tools = [t for t in convo().tools if t["function"]["name"] != "get_user_details"]
    c = convo(tools=tools)
    c.user("I'm noah_brown_6181")
    i = c.call("get_user_details", {"user_id": "noah_brown_6181"}, {"name": "Noah"})
    declared = {"get_user_details": ToolMeta(name="get_user_details", access="read", object_class="identity",
                                             arg_roles={"user_id": "identifier"})}
    d = at(certify_interaction(c.build(), metadata=declared), i)
    # the tool exists (declared) and ran, but the policy could not see it
    assert d.checks["execution"] and not d.checks["visibility"]
    assert d.reasons == ["tool 'get_user_details' not in the visible tool list"]
    assert d.calls[0].object_class == "identity" and not d.calls[0].inferred


def test_derivations_identifier_case_whitespace_numbers_sums(convo, at, order_w123):
    c = convo()
    c.user("My order is W123, please ship it to 12  Main street,  new york. The zip is 10083.")
    i1 = c.call("get_order_details", {"order_id": "#w123"}, order_w123)
    i2 = c.call("modify_pending_order_address", {
        "order_id": "#W123", "address1": "12 Main Street", "address2": "", "city": "New York",
        "state": "NY", "country": "USA", "zip": "10083"}, "Error: non-pending order cannot be modified")
    i3 = c.call("calculate", {"expression": "47.84 + 488.81"}, "536.65")
    i4 = c.say("The order total was $536.65 ($536.650 exactly), i.e. 536.65 and the chair is 488.81.")
    i5 = c.say("Both items together cost $536.65; the chair costs $440.97 more than the bottle.")
    cert = certify_interaction(c.build())
    assert at(cert, i1).checks["visibility"], at(cert, i1).reasons
    d2 = at(cert, i2)
    # country 'USA' appears nowhere visible: reported; the rest derives (state 'NY' from "new york",
    # the retail domain's state names)
    assert sorted(r for r in d2.reasons if reason_kind(r) == "not_visible") == [
        "modify_pending_order_address: country='USA' not in visible history",
    ]
    assert at(cert, i3).checks["visibility"], at(cert, i3).reasons
    assert at(cert, i4).eligible, at(cert, i4).reasons
    assert at(cert, i5).eligible, at(cert, i5).reasons


# --------------------------------------------------------------------------- declared derivations (audit)


def test_a_date_stated_in_words_grounds_its_iso_form(convo, at):
    tools = [*RETAIL_TOOLS, _date_tool()]
    c = convo(tools=tools, system="Policy. The current time is 2024-05-15 15:00:00 EST.")
    c.user("I was born April 7, 1992, and I want to fly on May 20th.")
    ok = c.call("search_flights", {"dob": "1992-04-07", "date": "2024-05-20"}, {"status": "ok"})
    bad = c.call("search_flights", {"dob": "1992-07-04", "date": "2024-05-21"}, {"status": "ok"})
    cert = certify_interaction(c.build())
    assert at(cert, ok).eligible, at(cert, ok).reasons
    assert sorted(reason_kind(r) for r in at(cert, bad).reasons) == ["not_visible", "not_visible"]
    # no year anywhere: the month and day alone do not give one
    c = convo(tools=tools)
    c.user("I want to fly on May 20th.")
    i = c.call("search_flights", {"dob": "", "date": "2024-05-20"}, {"status": "ok"})
    assert not at(certify_interaction(c.build()), i).eligible


def test_text_may_shorten_a_visible_identifier_to_a_whole_part(convo, at):
    c = convo()
    c.user("What can I pay with? My user id is mia_li_3668.")
    c.call("get_user_details", {"user_id": "mia_li_3668"},
           {"payment_methods": {"certificate_7504069": {"source": "certificate", "amount": 250}}})
    said = c.say("You can use certificate 7504069 for $250.")
    wrong = c.say("You can use certificate 750406 for $250.")  # not a whole part: a different number
    cert = certify_interaction(c.build())
    assert at(cert, said).eligible, at(cert, said).reasons
    assert [reason_kind(r) for r in at(cert, wrong).reasons] == ["text_not_visible"]


def _date_tool() -> dict:
    props = {"dob": {"type": "string"}, "date": {"type": "string"}}
    return {"type": "function", "function": {"name": "search_flights", "description": "search flights",
                                             "parameters": {"type": "object", "properties": props}}}


def test_an_airport_code_is_grounded_by_its_city_named_in_the_conversation(convo, at):
    from trajectory2gym.envs.registry import named_constants, tool_specs

    assert named_constants("airline")["JFK"] == ("New York",)
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user("I want to fly from New York to Seattle on May 20.")
    flights = [{"flight_number": "HAT069", "origin": "JFK", "destination": "SEA"}]
    said = c.call("search_direct_flight", {"origin": "JFK", "destination": "SEA", "date": "2024-05-20"}, flights)
    # Chicago and Boston were never named (LaGuardia and Newark are New York's too: a region's airports,
    # test_airline_booking_readings).
    other = c.call("search_direct_flight", {"origin": "ORD", "destination": "BOS", "date": "2024-05-20"}, [])
    cert = certify_interaction(c.build())
    assert at(cert, said).eligible, at(cert, said).reasons
    assert at(cert, other).reasons == ["search_direct_flight: origin='ORD' not in visible history",
                                       "search_direct_flight: destination='BOS' not in visible history"]
    # The table is the domain's: in a domain without one, a city grounds no code.
    c.domain = "retail"
    assert not at(certify_interaction(c.build()), said).eligible


def test_a_region_the_user_named_grounds_a_search_at_each_of_its_airports(convo, at):
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user("I need the cheapest direct flight from JFK to anywhere on the West Coast on May 20.")
    tried = [c.call("search_direct_flight", {"origin": "JFK", "destination": code, "date": "2024-05-20"}, [])
             for code in ("SEA", "LAX", "SFO")]
    denver = c.call("search_direct_flight", {"origin": "JFK", "destination": "DEN", "date": "2024-05-20"}, [])
    cert = certify_interaction(c.build())
    assert all(at(cert, i).eligible for i in tried), [at(cert, i).reasons for i in tried]
    assert at(cert, denver).reasons == ["search_direct_flight: destination='DEN' not in visible history"]
    c.domain = "retail"  # the regions are the airline domain's
    assert not at(certify_interaction(c.build()), tried[0]).eligible


def test_a_state_code_is_grounded_by_the_state_named(convo, at):
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Ship order #W6885344 to 1200 Oak Street, Apt 7B, Baltimore, Maryland 21201, USA instead.")
    address = {"address1": "1200 Oak Street", "address2": "Apt 7B", "city": "Baltimore", "country": "USA",
               "zip": "21201"}
    c.call("get_order_details", {"order_id": "#W6885344"}, {"order_id": "#W6885344", "status": "pending"})
    c.say("I'll ship order #W6885344 to 1200 Oak Street, Apt 7B, Baltimore, MD 21201, USA. Confirm?")
    c.user("Yes.")
    ok = c.call("modify_pending_order_address", {"order_id": "#W6885344", **address, "state": "MD"}, {"ok": True})
    wrong = c.call("modify_pending_order_address", {"order_id": "#W6885344", **address, "state": "ME"},
                   {"ok": True})
    cert = certify_interaction(c.build())
    assert at(cert, ok).checks["visibility"], at(cert, ok).reasons
    assert "modify_pending_order_address: state='ME' not in visible history" in at(cert, wrong).reasons


@pytest.mark.parametrize(("said", "state", "visible"), [
    ("Portland, OR 97201", "OR", True),  # the code as written
    ("Portland 04101, or so I think", "OR", False),  # the word "or" is no Oregon
    ("Charleston, West Virginia 25301", "WV", True),
    ("Charleston, West Virginia 25301", "VA", False),  # "Virginia" only inside "West Virginia"
    ("Charleston, West-Virginia 25301", "VA", False),  # however the longer name is spaced
    ("Charleston, West\u00a0Virginia 25301", "VA", False),
    ("Washington, DC 20001", "DC", True),
    ("Washington, DC 20001", "WA", False),
    ("Seattle, Washington 98101", "WA", True),
    ("Boston, Mass. 02101", "MA", True),
    ("Kansas City, Missouri 64108", "MO", True),
    ("Kansas City, Missouri 64108", "KS", False),  # a city of Missouri named for Kansas
    ("Topeka, Kansas 66601", "KS", True),
    ("Kansas City, Kansas 66101", "KS", True),  # Kansas said on its own too
    ("Richmond, Virginia (not West Virginia) 23220", "VA", True),
    ("Seattle, Washington (I left Washington, DC) 98101", "WA", True),
    ("Delaware, Ohio 43015", "OH", True),
    ("Delaware, Ohio 43015", "DE", False),  # a city of Ohio named for Delaware
    ("Nevada, MO 64772", "NV", False),  # before a code too
    ("Dover, Delaware 19901", "DE", True),
    ("los angeles, ca 90001", "CA", True),  # a code in any case between the city and the zip code
    ("portland, or 97201", "OR", True),
])
def test_a_state_is_named_by_its_code_as_written_or_its_whole_name(convo, at, said: str, state: str,
                                                                   visible: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(f"I'm user liam_1. Please change my address to 1 Elm St, {said}, USA.")
    c.call("get_user_details", {"user_id": "liam_1"}, {"user_id": "liam_1"})
    address = {"address1": "1 Elm St", "address2": "", "city": said.split(",")[0].split(" 0")[0], "country": "USA",
               "zip": said.split()[-1]}
    i = c.call("modify_user_address", {"user_id": "liam_1", **address, "state": state}, {"ok": True})
    reasons = at(certify_interaction(c.build()), i).reasons
    assert (f"modify_user_address: state={state!r} not in visible history" not in reasons) is visible, reasons


def test_an_airport_is_named_by_a_common_alias(convo, at):
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user("Any flights from Vegas to Philly on May 20?")
    i = c.call("search_direct_flight", {"origin": "LAS", "destination": "PHL", "date": "2024-05-20"}, [])
    assert at(certify_interaction(c.build()), i).checks["visibility"]
    c.user("And LA to San Francisco?")
    i = c.call("search_direct_flight", {"origin": "LAX", "destination": "SFO", "date": "2024-05-20"}, [])
    assert at(certify_interaction(c.build()), i).checks["visibility"]


@pytest.mark.parametrize("said", ["Washington D.C. 20001", "Washington, D.C. 20001", "Washington DC 20001"])
def test_a_constant_named_any_of_its_ways_is_grounded(convo, at, said: str) -> None:
    # DC's own names contain one another ("Washington DC" in "Washington, D.C."): none hides another.
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(f"I'm user liam_1. Please change my address to 1 Elm St, {said}, USA.")
    c.call("get_user_details", {"user_id": "liam_1"}, {"user_id": "liam_1"})
    i = c.call("modify_user_address", {"user_id": "liam_1", "address1": "1 Elm St", "address2": "",
                                       "city": "Washington", "country": "USA", "zip": "20001", "state": "DC"},
               {"ok": True})
    assert "modify_user_address: state='DC' not in visible history" not in at(certify_interaction(c.build()), i).reasons


@pytest.mark.parametrize(("said", "ok"), [
    ("The speaker blue/10 hours -> blue/20 hours, item 3254583681.", True),  # options joined by slashes
    ("The speaker blue/10 hours -> blue/30 hours, item 3254583681.", False),  # no 30-hour variant shown
    ("Items 3254583681+4716977452 both shown.", True),  # a pair joined by a plus sign
    ("Items 3254583681+4716977459 both shown.", False),
])
def test_option_values_joined_by_slashes_are_read_one_by_one(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("Change the speaker in #W1090976 to the 20 hour one.")
    c.call("get_product_details", {"product_id": "4768869376"}, {"name": "Bluetooth Speaker", "variants": {
        "3254583681": {"item_id": "3254583681", "options": {"color": "blue", "battery life": "20 hours"}},
        "4716977452": {"item_id": "4716977452", "options": {"color": "blue", "battery life": "10 hours"}}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    ("Only one 10x-zoom camera is in stock, at $3,066.23.", True),  # blind set 71, r71_11
    ("Only one 12x-zoom camera is in stock, at $3,066.23.", False),  # no 12x shown
])
def test_an_option_value_joined_to_its_name_by_a_hyphen(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("can i exchange my camera for one with more zoom")
    c.call("get_product_details", {"product_id": "8940227892"}, {"name": "Digital Camera", "variants": {
        "5484530610": {"item_id": "5484530610", "options": {"resolution": "30MP", "zoom": "10x"}, "price": 3066.23}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    ("Order #W8171054 was delivered on May 3.", False),  # no observation shows a May 3
    ("Order #W8171054 was delivered on May 14th.", True),  # the order's timestamp 2024-05-14T...
    ("It was placed on the 3rd of May.", False),
    ("Your refund should arrive by May 22, 2024.", False),
    ("You asked about your June 2 trip.", True),  # the user's own words
    ("It was delivered on 14 May 2023.", False),  # the day is shown, in another year
])
def test_a_date_written_with_its_months_name_must_be_visible(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("Hi, where is order #W8171054? Also, I have a trip on june 2nd.")
    c.call("get_order_details", {"order_id": "#W8171054"},
           {"order_id": "#W8171054", "status": "delivered", "fulfillments": [{"delivered_at": "2024-05-14T10:02:00"}]})
    i = c.say(said)
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is ok, d.reasons


@pytest.mark.parametrize(("said", "shown", "ok"), [
    ("your credit card ending in 9182", False, False),
    ("the Mastercard (****9182)", False, False),
    ("last four digits 9182", False, False),
    ("your Mastercard ending 9182", False, False),
    ("your credit card ending in 9182", True, True),
    ("your card ending in 4321, which you told me", True, True),  # said by the user
    ("your order from 2024", False, True),  # a year is no card number
])
def test_a_cards_last_four_stated_in_text_must_be_visible(convo, at, said: str, shown: bool, ok: bool) -> None:
    c = convo(private={"user_profile": {"credit_card_9753331": {"last_four": "9182"}}})
    c.user("Hi, I'm olivia_ito_3591. Please pay with my card ending in 4321.")
    if shown:
        c.call("get_user_details", {"user_id": "olivia_ito_3591"}, {"user_id": "olivia_ito_3591", "payment_methods": {
            "credit_card_9753331": {"source": "credit_card", "last_four": "9182", "id": "credit_card_9753331"}}})
    i = c.say(f"I can switch the payment to {said}. Shall I?")
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is ok
    if not ok:
        assert d.reasons == ["text states '9182' found only in private (privileged)"] and d.privileged


@pytest.mark.parametrize(("expiry", "said", "ok"), [
    # blind set 102, r102_06 40: a card's expiry no profile shown gives
    (None, "Your Mastercard ends in 9182, and it expires in 08/27.", False),
    ("08/27", "Your Mastercard ends in 9182, and it expires in 08/27.", True),
    ("12/2026", "Your card ending 9182 expires 12/2026.", True),
    ("12/2026", "Your card ending 9182 expires 12/2027.", False),
])
def test_a_cards_expiry_stated_in_text_must_be_visible(convo, at, expiry: str | None, said: str, ok: bool) -> None:
    c = convo()
    c.user("Hi, I'm olivia_ito_3591. When does my card expire?")
    card = {"source": "credit_card", "last_four": "9182", "id": "credit_card_9753331"}
    c.call("get_user_details", {"user_id": "olivia_ito_3591"}, {"user_id": "olivia_ito_3591", "payment_methods": {
        "credit_card_9753331": card if expiry is None else {**card, "expiration_date": expiry}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # a bold date's year is no masked card's last four (blind audit t56_07)
    ("Suspended since **2025-02-25**; the bill was due Jan 15, 2025.", True),
    ("The bill was paid with the card ****2025.", False),  # (the year alone is shown nowhere)
])
def test_a_bold_dates_year_is_no_cards_last_four(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("My line was suspended and I have a bill overdue. I'm olivia_ito_3591.")
    c.call("get_user_details", {"user_id": "olivia_ito_3591"}, {"user_id": "olivia_ito_3591", "suspension_start_date":
                                                                 "2025-02-25", "due_date": "2025-01-15"})
    i = c.say(said)
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is ok, d.reasons


@pytest.mark.parametrize(("said", "ok"), [
    # a bold amount of four digits is no masked card's last four (blind set 90, a90_02 25, a90_06 50)
    ("The two flights come to **$3538** per passenger.", True),  # $1859 + $1679
    ("The two flights come to **$3548** per passenger.", False),  # no sum of what is shown
    ("Paid with your card **3538**.", False),  # a card's last four, shown nowhere
])
def test_a_bold_amount_is_no_cards_last_four(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("What did the two flights cost me? I'm olivia_ito_3591.")
    c.call("get_order_details", {"order_id": "#W123"}, {"order_id": "#W123", "items": [
        {"name": "flight one", "price": 1859}, {"name": "flight two", "price": 1679}]})
    i = c.say(said)
    d = at(certify_interaction(c.build()), i)
    assert d.eligible is ok, d.reasons


def test_the_result_of_a_calculation_of_numbers_never_shown_grounds_nothing(convo, order_w123) -> None:
    for price, grounded in (("47.84", True), ("47.48", False)):  # the bottle's price, and a misread one
        c = convo()
        c.user("How much would I get back for the water bottle from #W123 after the $5 fee?")
        c.call("get_order_details", {"order_id": "#W123"}, order_w123)
        c.user("the fee is $5")
        calc = c.call("calculate", {"expression": f"{price} - 5"}, f"{float(price) - 5:.2f}")
        said = c.say(f"You would get ${float(price) - 5:.2f} back.")
        out = certify_interaction(c.build())
        assert decision(out, calc).checks["visibility"] is grounded
        assert decision(out, said).eligible is grounded


def test_an_identifier_whose_final_digits_the_user_corrected(convo) -> None:
    for said, grounded in (("oops, it's 2879 at the end", True), ("oops, wrong one", False)):
        c = convo()
        c.user("hi, my user id is aarav_jackson_2897")
        c.call("get_user_details", {"user_id": "aarav_jackson_2897"}, "Error: user not found")
        c.say("I couldn't find aarav_jackson_2897. Could you double-check it?")
        c.user(said)
        retry = c.call("get_user_details", {"user_id": "aarav_jackson_2879"}, {"user_id": "aarav_jackson_2879"})
        assert decision(certify_interaction(c.build()), retry).checks["visibility"] is grounded, said


@pytest.mark.parametrize(("said", "ok"), [("your own line ending 9809 is the remaining $90.00", True),
                                          ("your own line ending 9808 is the remaining $90.00", False)])
def test_a_line_named_by_the_last_four_digits_of_a_number_shown(convo, said: str, ok: bool) -> None:
    c = convo()
    c.user("what is on my bill?")
    c.call("get_order_details", {"order_id": "B1137"}, {"bill_id": "B1137", "line_items": [
        {"description": "Unlimited Max - Line 555-462-9809", "amount": 90.0}]})
    i = c.say(said)
    assert decision(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # a fee by its kind, never named by the policy, a record or the user (blind audit r56_07, a52_07, t52_11)
    ("Your exchange is submitted. There's no restocking fee on exchanges.", False),
    ("A $75 change fee applies to basic economy.", False),
    ("Basic economy can't be changed, though for an upgrade fee we can move it to economy.", False),  # (a98_01 40)
    ("Your exchange is submitted. There's no late fee on it.", True),  # the policy names it
    # a late payment's charge (blind set 94, t94_07 49): the policy names a late fee
    ("Paying after the due date brings a late-payment charge.", True),
    ("The cancellation fee you asked about does not apply here.", True),  # the user named it
    ("A suspended line carries a holding fee.", True),  # a visible tool's description names it (blind set 61)
    # the policy said to have none, which no policy names (blind set 81: a81_05 16, a81_12 20)
    ("I misspoke. There is no restocking fee in our policy.", True),
    ("Our policy has no restocking fee to waive.", True),
    ("Our policy doesn't waive the restocking fee.", False),  # one said to exist
    # what a charge is instead of (blind set 84, a84_10 27)
    ("The exchange is charged as an item change, not a change fee.", True),
    ("The exchange is charged as an item change, plus a change fee.", False),
    # ... and said again after (blind set 98, a98_10 26); a correction of the agent's own (a98_10 12)
    ("It's the fare difference, not a change fee. Your budget was for a change fee, so I wanted you to know.", True),
    ("It's the fare difference. Your budget was for a change fee, so I wanted you to know.", False),
    ("I'm sorry, I was wrong about that: there is no change fee option, and basic economy can't be changed.", True),
    ("I'm sorry about that: there is no change fee option, and basic economy can't be changed.", False),
    # a downgrade fee, and its retraction (blind set 95: a95_05 10 and 12)
    ("Moving from business down to economy carries a downgrade fee per passenger.", False),
    ("I apologise, that was wrong: there is no downgrade fee. You would simply get the fare difference back.", True),
    # a fee the agent says it knows nothing of (blind set 88, t88_09 67)
    ("You're right. I have no information about restocking fees. Please disregard that.", True),
    ("I don't have any information on a restocking fee here.", True),
    ("I have information about restocking fees: $10.", False),
    # a fee the records the agent sees show none of (blind set 90: t90_04 21, t90_11 15, t90_12 26)
    ("Turning it on is a setting; there's no activation fee listed anywhere I can see.", True),
    ("I can't find an activation fee, and no roaming rate appears in the records I can access.", True),
    ("I don't see a roaming activation fee in your account records.", True),
    ("There's no activation fee on a roaming change.", False),  # a rule of the agent's own
    ("I can't find an activation fee, so it is waived.", False),  # nowhere said looked in
    ("I can't quote a restocking fee - none is listed in my policy.", True),  # (blind set 93, t93_12 70)
    ("I can quote a restocking fee of $10 - it is listed in my policy.", False),
    # an early termination fee (blind set 87, t87_01 51), and its denials (t83_04 65, t87_01 53)
    ("Ending it early carries an **early termination fee**.", False),
    ("Nothing in your records or in our policy mentions a termination fee.", True),
    ("I don't see any termination fee anywhere in your account data.", True),
    # none in the plan looked up (blind set 95: t95_01 38, t95_02 48)
    ("I don't see any separate roaming fee in your plan.", True),
    ("I don't see any daily roaming fee in the plan details.", True),
    ("Your plan has a daily roaming fee.", False),
])
def test_a_fee_named_by_its_kind_must_be_visible(convo, at, said: str, ok: bool) -> None:
    from .conftest import RETAIL_TOOLS, _tool

    suspend = _tool("suspend_line", {"line_id": {"type": "string"}})
    suspend["function"]["description"] = "Suspend an active line (at most six months; a holding fee applies)."
    c = convo(tools=[*RETAIL_TOOLS, suspend], system="Policy: a bill paid after its due date gets a late fee of $5.")
    c.user("Is there a cancellation fee? I want to exchange an item of #W8171054.")
    c.call("get_order_details", {"order_id": "#W8171054"}, {"order_id": "#W8171054", "status": "delivered"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "visible"), [
    ("john smith dob 85-06-15", True),  # blind set 72, t72_06: a two-digit year first
    ("john smith dob 85-06-16", False),
    ("john smith, my number is 555-123-2002", False),  # a phone number's groups are no date
])
def test_a_birth_date_with_a_two_digit_year(convo, at, said: str, visible: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(f"data not working, i'm in france. {said}")
    i = c.call("get_customer_by_name", {"full_name": "John Smith", "dob": "1985-06-15"},
               [{"customer_id": "C1001", "full_name": "John Smith", "date_of_birth": "1985-06-15"}])
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "visible"), [
    # blind set 72, t72_06: the day after a cycle's end, said as when the next one starts
    ("Your current cycle ends 2025-02-28, so a fresh allowance starts from March 1.", True),
    ("Your current cycle ends 2025-02-28, so a fresh allowance starts from March 2.", False),
    ("Your data was last topped up on March 1.", False),  # no start said: a day of its own
    # ... or as what lasts up to it (blind set 92, t92_08 61)
    ("Then picture messages would stop again until March 1, or until more data is added.", True),
    ("Then picture messages would stop again until March 2, or until more data is added.", False),
])
def test_the_day_after_a_cycles_end(convo, at, said: str, visible: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("when does my cycle reset? line L1002, customer C1001")
    c.call("get_data_usage", {"customer_id": "C1001", "line_id": "L1002"},
           {"line_id": "L1002", "data_used_gb": 8.7, "data_limit_gb": 15.0, "cycle_end_date": "2025-02-28"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is visible


@pytest.mark.parametrize(("said", "ok"), [
    # a weight no record gives (blind set 90, r90_08 21)
    ("The 4-piece red hardshell set weighs about 18 lbs in total.", False),
    ("It is 24 inches wide.", False),
    ("The adjustable set goes from 30 to 50 lbs.", True),  # the option's own numbers
    ("The 2-piece set is lighter than the 4-piece one, but no weight is listed.", True),
    ("You said it must fit a 20-inch shelf; the product details list no size.", True),  # the user's number
])
def test_a_weight_or_size_must_be_visible(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("How heavy is the luggage set? It has to fit a 20 inch shelf.")
    c.call("get_product_details", {"product_id": "6171242004"}, {"product_id": "6171242004", "variants": {
        "8964750292": {"item_id": "8964750292", "options": {"piece count": "2-piece", "weight": "30-50 lbs"},
                       "available": True, "price": 532.58}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # a courier no order record names (blind set 91: r91_05 18, r91_09 48)
    ("Tracking number 761805490977, shipped via **FedEx Ground**.", False),
    ("It was delivered by USPS.", False),
    ("The order record shows tracking number 761805490977 but no courier.", True),
    ("You mentioned UPS dropped it off; the record doesn't name a courier.", True),  # the user's word
])
def test_a_courier_must_be_named_by_a_record_or_the_user(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("Who delivered #W8171054? My neighbour said UPS.")
    c.call("get_order_details", {"order_id": "#W8171054"}, {"order_id": "#W8171054", "status": "delivered",
                                                             "fulfillments": [{"tracking_id": ["761805490977"]}]})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # why an order cancelled before the conversation was cancelled: no record keeps it (blind set 91, r91_07 40)
    ("It was cancelled because it was ordered by mistake.", False),
    ("The record doesn't say why it was cancelled.", True),
    ("A pending order can be cancelled (reason 'no longer needed' or 'ordered by mistake').", True),  # the choices
])
def test_why_an_earlier_order_was_cancelled_must_be_visible(convo, at, said: str, ok: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    # (the cancellation tool's reasons are choices it shows: no reason of this order's)
    c = convo(tools=[spec.model_dump(mode="json") for spec in tool_specs("retail")],
              system="Cancel a pending order only with the reason 'no longer needed' or 'ordered by mistake'.")
    c.user("I need to change a puzzle in another order, I think I picked the wrong one. And why did my order "
           "#W8520591 get cancelled? I don't remember doing it.")  # (a mistake of the user's, of another order)
    c.call("get_order_details", {"order_id": "#W8520591"}, {"order_id": "#W8520591", "status": "cancelled"})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


def test_why_an_order_was_cancelled_here_is_the_calls_reason(convo, at) -> None:
    c = convo()
    c.user("Cancel #W8520591 please.")
    c.call("get_order_details", {"order_id": "#W8520591"}, {"order_id": "#W8520591", "status": "pending"})
    c.say("Cancel #W8520591? What's the reason: no longer needed, or ordered by mistake?")
    c.user("I ordered it by mistake. Yes, cancel it.")
    c.call("cancel_pending_order", {"order_id": "#W8520591", "reason": "ordered by mistake"},
           {"order_id": "#W8520591", "status": "cancelled"})
    i = c.say("Done: it was cancelled because it was ordered by mistake.")
    assert at(certify_interaction(c.build()), i).eligible


@pytest.mark.parametrize(("said", "ok"), [
    # a gift card's expiry, which no record or policy states (blind sets 91 and 92: r91_12 58, r92_08 49)
    ("No, gift card balances never expire, so your $55.00 will stay available.", False),
    ("Gift card balances expire 12 months after the last refund is credited.", False),
    ("Nothing in our policy or your account data says anything about gift card expiry.", True),
])
def test_a_gift_cards_expiry_must_be_stated_somewhere(convo, at, said: str, ok: bool) -> None:
    c = convo()
    c.user("Do gift card balances expire? Mine has $55.00 on it.")
    c.call("get_user_details", {"user_id": "mei_kim_3337"}, {"user_id": "mei_kim_3337", "payment_methods": {
        "gift_card_3482342": {"source": "gift_card", "balance": 55.0, "id": "gift_card_3482342"}}})
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # a late payment's charge no policy, record or user names (blind set 94, t94_07 49)
    ("Yes, you will - there will be a late-payment charge for the overdue bill.", False),
    ("Yes, you will - there will be a late charge for the overdue bill.", False),
    ("I can't see any extra charge for paying late on your bills.", True),
    ("I overstated that, sorry. I have **no information** about a late-payment charge.", True),
])
def test_a_late_payments_charge_must_be_visible(convo, at, said: str, ok: bool) -> None:
    c = convo(system="Policy: send a payment request for an overdue bill when the customer asks.")
    c.user("Will I be charged extra for paying the overdue bill late?")
    i = c.say(said)
    assert decision(certify_interaction(c.build()), i).eligible is ok



@pytest.mark.parametrize(("device", "user", "ok"), [
    # blind set 98, t98_01 34: a line called the tablet line, its device never looked up
    (False, "Why is there a suspension fee?", False),
    (True, "Why is there a suspension fee?", True),  # its device record says tablet
    (False, "Why is there a suspension fee on my iPad line?", True),  # the user's word for it
])
def test_a_line_called_by_its_device_kind(convo, device: bool, user: str, ok: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1001.")
    c.call("get_details_by_id", {"id": "L1003"}, {"line_id": "L1003", "phone_number": "555-123-2003",
                                                  "status": "Suspended", "device_id": "D1003",
                                                  "suspension_start_date": "2025-02-01"})
    if device:
        c.call("get_details_by_id", {"id": "D1003"}, {"device_id": "D1003", "device_type": "tablet"})
    c.user(user)
    i = c.say("Line 555-123-2003 has been suspended since 2025-02-01 - that's the tablet line.")
    assert decision(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "ok"), [
    # blind set 98, t98_12 44: suspend_line's description says a holding fee applies
    ("It can be suspended for up to six months, and no fee applies while it's suspended. Shall I suspend it?", False),
    ("It can be suspended for up to six months; a holding fee applies while it's suspended. Shall I suspend it?", True),
    # another kind of charge (blind set 97, t97_02 44)
    ("B1002 has plan charges and a $5.00 suspension fee, no roaming charges.", True),
    ("If there's no fee while it's suspended, would you suspend it?", True),  # asked
])
def test_a_suspension_said_free_against_the_tools_description(convo, said: str, ok: bool) -> None:
    from trajectory2gym.envs.registry import tool_specs

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1001. Suspend line 555-123-2001, my son moved away.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001", "status": "Active"})
    i = c.say(said)
    kinds = [reason_kind(r) for r in decision(certify_interaction(c.build()), i).reasons]
    assert ("text_contradicts_policy" not in kinds) is ok, kinds

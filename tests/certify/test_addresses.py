"""The street a text gives one object must be the one its newest record shows
(certify/addresses.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.addresses import (
    AddressBook,
    misaddressed,
    misreported_streets,
    postcode_unsaid,
)
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

OLD = {"address1": "604 Pine Lane", "address2": "Suite 907", "city": "Phoenix", "state": "AZ", "zip": "85033"}
NEW = {"address1": "1420 Camelback Rd", "address2": "Apt 3B", "city": "Phoenix", "state": "AZ", "zip": "85016"}


def _book(*records: dict[str, Any]) -> AddressBook:
    book = AddressBook()
    book.update([orjson.dumps(r).decode().lower() for r in records])
    return book


@pytest.mark.parametrize(("text", "found"), [
    ("#W3189752 keeps going to 604 Pine Lane, Suite 907.", [("#W3189752", "604 pine lane", "1420 camelback rd")]),
    ("#W3189752 ships to 1420 Camelback Rd.", []),
    ("#W5166363 ships to 604 Pine Lane.", []),  # its own, never changed
    ("I'll update #W5166363 to ship to 1420 Camelback Rd.", []),  # a change proposed: where it will ship
    ("So you'd like #W5166363 to go to 1420 Camelback Rd. Correct?", []),  # what the user wants (r80_12 14)
    ("#W3189752 moves from 604 Pine Lane to 1420 Camelback Rd.", []),
    ("Both #W3189752 and #W5166363 ship to 604 Pine Lane.", []),  # two objects: whose is unclear
])
def test_a_street_said_of_an_object_against_its_newest_record(text: str, found: list[tuple[str, str, str]]) -> None:
    book = _book({"order_id": "#W3189752", "address": OLD}, {"order_id": "#W5166363", "address": OLD},
                 {"order_id": "#W3189752", "address": NEW})
    assert misaddressed(text, book) == found


def test_a_report_that_an_order_kept_the_address_it_no_longer_has(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Move #W3189752 to 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA. I'm lei_li_6575.")
    c.call("get_order_details", {"order_id": "#W3189752"}, {"order_id": "#W3189752", "address": OLD})
    c.say("Change #W3189752 to 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA? Please confirm.")
    c.user("yes")
    c.call("modify_pending_order_address", {"order_id": "#W3189752", **NEW, "country": "USA"},
           {"order_id": "#W3189752", "address": NEW})
    wrong = c.say("Done. #W3189752 keeps going to 604 Pine Lane.")
    right = c.say("Done. #W3189752 now ships to 1420 Camelback Rd.")
    r = certify_interaction(c.build())
    assert at(r, wrong).reasons == ["text gives #W3189752 the address '604 pine lane', where its newest record "
                                    "shows 1420 camelback rd"]
    assert at(r, right).eligible


@pytest.mark.parametrize(("text", "reporting", "found"), [
    # A unit said after the object's own street line: its record's.
    ("#W3189752 ships to 1420 Camelback Rd, Apt 3C, Phoenix, AZ 85016.", False, [("#W3189752", "Apt 3C", "apt 3b")]),
    ("#W3189752 ships to 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016.", False, []),
    # A report of the change just made: "will ship to" is where it ships now.
    ("Done: #W3189752 will ship to 1420 Camelback Rd, Apt 3C, Phoenix, AZ 85016.", True,
     [("#W3189752", "Apt 3C", "apt 3b")]),
    ("Done: #W3189752 will ship to 1420 Camelback Rd, Apt 3C, Phoenix, AZ 85016.", False, []),  # a proposal
    # The street line in a clause about another thing than the object named.
    ("Done: #W3189752's return is requested, and your default address is now 604 Pine Lane.", True, []),
])
def test_a_unit_and_a_report_of_the_address_just_written(text: str, reporting: bool,
                                                          found: list[tuple[str, str, str]]) -> None:
    book = _book({"order_id": "#W3189752", "address": OLD}, {"order_id": "#W3189752", "address": NEW})
    assert misaddressed(text, book, reporting) == found


def test_a_suite_or_apartment_number_must_be_the_one_shown(convo: Any, at: Any) -> None:
    c = convo()
    c.user("put my profile address back please, user lucas_johansson_1090, I live in apt 7 now? no, it's as it was")
    c.call("get_user_details", {"user_id": "lucas_johansson_1090"}, {"address": {
        "address1": "813 Oak Street", "address2": "Suite 412", "city": "San Francisco", "state": "CA", "zip": "94147"}})
    wrong = c.say("Your profile address is back to 813 Oak Street, Suite 421, San Francisco, CA 94147.")
    right = c.say("Your profile address is back to 813 Oak Street, Ste. 412, San Francisco, CA 94147.")
    users = c.say("Not Apt 7, as you said.")  # the user's own words
    out = certify_interaction(c.build())
    assert at(out, wrong).reasons == ["text states 'Suite 421' not in visible history"]
    assert at(out, right).reasons == []
    assert at(out, users).reasons == []


@pytest.mark.parametrize(("value", "visible"), [
    ("Apt 4B", True), ("Apartment 4B", True), ("Unit 4B", False), ("Apt 4C", False), ("Apt 4A", False),
])
def test_a_unit_line_from_a_unit_number_said_apart_from_its_word(value: str, visible: bool) -> None:
    index = EvidenceIndex()
    index.add_text("My new address is 55 Birch Lane, Tulsa, OK 74105. Oh and the apartment is 4B.")
    assert index.has_string(value) is visible


@pytest.mark.parametrize(("reply", "sent", "ok"), [
    ("yes, but he says it's Unit 21, not 12", "Unit 21", True),
    ("yes, but he says it's Unit 21, not 12", "Unit 12", False),  # the user's change ignored
    ("yes", "Unit 12", True),  # no unit in the reply: the description's stands
    # the unit the user takes back, said with its word: the last unit said is not the one to send
    ("Oh and sorry, it's Unit 21, not Unit 12. Go ahead.", "Unit 12", False),
    ("Oh and sorry, it's Unit 21, not Unit 12. Go ahead.", "Unit 21", True),
    # a postal code taken back
    ("yes. Oops, the zip is 89503, not 89501.", "Unit 12", False),
])
def test_a_unit_the_user_changes_in_the_yes_is_the_one_to_send(convo: Any, at: Any, reply: str, sent: str,
                                                               ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Please ship order #W2910397 to 820 Harbor Road, Unit 12, Reno, NV 89501.")
    c.call("get_order_details", {"order_id": "#W2910397"}, {"order_id": "#W2910397", "status": "pending",
                                                            "address": OLD})
    c.say("I'll change the shipping address of #W2910397 to 820 Harbor Road, Unit 12, Reno, NV 89501, USA. Proceed?")
    c.user(reply)
    i = c.call("modify_pending_order_address", {"order_id": "#W2910397", "address1": "820 Harbor Road",
                                                "address2": sent, "city": "Reno", "state": "NV", "country": "USA",
                                                "zip": "89501"}, {"order_id": "#W2910397"})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is ok


@pytest.mark.parametrize(("arguments", "replies", "found"), [
    ({"zip": "95816"}, ["Oops, the zip is 95818, not 95816."], ("zip", "95816")),
    ({"zip": "95818"}, ["Oops, the zip is 95818, not 95816."], None),
    ({"address2": "Apt 9"}, ["Gift card. Oh and sorry, it's Apt 19, not Apt 9. Go ahead with both."], ("address2", "Apt 9")),
    ({"address2": "Apt 19"}, ["Gift card. Oh and sorry, it's Apt 19, not Apt 9. Go ahead with both."], None),
    ({"order_id": "#W123"}, ["Cancel the other one, not #W123."], ("order_id", "#W123")),
    ({"order_id": "#W1234"}, ["not #W123"], None),  # another value that starts alike
    ({"reason": "no longer needed"}, ["not no longer needed"], None),  # no digit: words are not taken back here
    ({"zip": "95816"}, ["yes, the zip 95816 is right"], None),
])
def test_a_value_the_user_takes_back(arguments: dict[str, Any], replies: list[str],
                                     found: tuple[str, str] | None) -> None:
    from trajectory2gym.certify.taken_back import taken_back

    assert taken_back(arguments, replies) == found


@pytest.mark.parametrize(("text", "kinds"), [
    # The profile's address, given to an order of the user's whose own record was never shown
    ("Order #W8520591 was shipped to **604 Pine Lane, Suite 907, Phoenix, AZ 85033**.", ["text_unshown_field"]),
    ("Your profile address is 604 Pine Lane, Suite 907, Phoenix, AZ 85033.", []),
    ("Shall I update #W8520591 to ship to 604 Pine Lane?", []),  # a change proposed
])
def test_an_address_given_to_an_order_never_looked_up(convo: Any, at: Any, text: str, kinds: list[str]) -> None:
    from trajectory2gym.certify.reasons import reason_kind

    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Where did my other order go? I'm james_lee_5010.")
    c.call("get_user_details", {"user_id": "james_lee_5010"}, {"user_id": "james_lee_5010", "address": OLD,
                                                               "orders": ["#W5356919", "#W8520591"]})
    i = c.say(text)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("line", "kinds"), [
    # another order named as where the new address comes from, not as the object (blind audit r56_05)
    ("1. **Address change** → 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA (the address on #W5166363)", []),
    ("1. **Address change** for #W5166363 → 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016, USA", ["not_described"]),
])
def test_an_order_named_as_the_source_of_the_new_address(convo: Any, at: Any, line: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Ship #W3189752 to the address of my other order #W5166363. I'm lei_li_6575.")
    c.call("get_order_details", {"order_id": "#W3189752"}, {"order_id": "#W3189752", "address": OLD})
    c.call("get_order_details", {"order_id": "#W5166363"}, {"order_id": "#W5166363", "address": {**NEW, "country": "USA"}})
    c.say(f"Here is the plan for **#W3189752** (pending):\n\n{line}\n\nShall I go ahead?")
    c.user("yes")
    i = c.call("modify_pending_order_address", {"order_id": "#W3189752", **NEW, "country": "USA"},
               {"order_id": "#W3189752", "address": NEW})
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def _profile_address_saved(convo: Any, said: str, stored: str) -> Any:
    """Lei Li's new profile address, with the postal code ``said`` to the user and ``stored`` by the write."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user(f"I'm lei_li_6575. My new address is 1420 Camelback Rd, Apt 3B, Phoenix, AZ {said}.")
    c.call("get_user_details", {"user_id": "lei_li_6575"}, {"user_id": "lei_li_6575", "address": OLD})
    c.say(f"New default address: 1420 Camelback Rd, Apt 3B, Phoenix, AZ {said}, USA. Shall I save it?")
    c.user("yep")
    written = {**NEW, "zip": stored, "country": "USA"}
    c.call("modify_user_address", {"user_id": "lei_li_6575", **written}, {"user_id": "lei_li_6575", "address": written})
    return c


@pytest.mark.parametrize(("report", "kinds"), [
    # blind set 70, r70_02: a report of the address as the user gave it, where the write stored another zip
    ("Your default address is now 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85061.", ["text_misaddressed"]),
    ("Your default address is now 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016.", []),
])
def test_a_report_of_an_address_written_states_the_zip_stored(convo: Any, at: Any, report: str,
                                                               kinds: list[str]) -> None:
    c = _profile_address_saved(convo, "85061", "85016")
    i = c.say(report)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misaddressed"] == kinds, found


@pytest.mark.parametrize(("offer", "reply", "confirmed"), [
    # blind sets 68 and 70 (r68_12, r70_02): the write done again with the value put right, asked by its values
    ("Good thing you asked: it shows 85061, not 85016. Shall I correct it to 1420 Camelback Rd, Apt 3B, Phoenix, "
     "AZ 85016, USA?", "yes fix it please", True),
    ("Good thing you asked: it shows 85061, not 85016. Shall I correct it to 1420 Camelback Rd, Apt 3B, Phoenix, "
     "AZ 85016, USA?", "hmm let me think", False),
    # ... or restated by the user after the report (blind set 70, a70_04)
    ("Updated: your address is now 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85061.", "thats wrong!! i said 85016", True),
    ("Updated: your address is now 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85061.", "thats wrong!!", False),
])
def test_a_write_done_again_with_the_value_put_right(convo: Any, at: Any, offer: str, reply: str,
                                                     confirmed: bool) -> None:
    c = _profile_address_saved(convo, "85016", "85061")
    c.say(offer)
    c.user(reply)
    i = c.call("modify_user_address", {"user_id": "lei_li_6575", **NEW, "country": "USA"},
               {"user_id": "lei_li_6575", "address": {**NEW, "country": "USA"}})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("objection", "offer", "confirmed"), [
    # blind set 99, r99_03 58: the yes to the offer that puts the zip right, after a write the user had not
    # said yes to, confirms the write done again
    ("I said hold on! the zip is 85016.", "I'm sorry for going ahead. I can set it to 1420 Camelback Rd, Phoenix, "
     "AZ 85016, USA instead. Shall I?", True),
    ("I said hold on!", "I'm sorry for going ahead. I can set it to 1420 Camelback Rd, Phoenix, AZ 85016, USA "
     "instead. Shall I?", True),
    ("I said hold on! the zip is 85016.", "I'm sorry for going ahead. Shall I check your orders?", False),
])
def test_a_write_put_right_after_an_objection_asked_of_it(convo: Any, at: Any, objection: str, offer: str,
                                                          confirmed: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm Lei Li, zip 85033. Update my profile address to 1420 Camelback Rd, Phoenix, AZ 85061.")
    c.call("find_user_id_by_name_zip", {"first_name": "Lei", "last_name": "Li", "zip": "85033"}, "lei_li_6575")
    c.call("get_user_details", {"user_id": "lei_li_6575"}, {"user_id": "lei_li_6575", "address": OLD})
    # (an item named "Dumbbell Set", so the offer's "set it to" reads as naming another object)
    c.call("get_order_details", {"order_id": "#W3189752"}, {"order_id": "#W3189752", "address": OLD, "items": [
        {"name": "Dumbbell Set", "item_id": "7896397433", "price": 457.81}]})
    c.say("I can change your default address to 1420 Camelback Rd, Phoenix, AZ 85061, USA (no second line). Shall I?")
    c.user("hold on, let me double check the zip")
    written = {**NEW, "address2": "", "zip": "85061", "country": "USA"}
    c.call("modify_user_address", {"user_id": "lei_li_6575", **written}, {"user_id": "lei_li_6575", "address": written})
    c.say("Done, your profile address is now 1420 Camelback Rd, Phoenix, AZ 85061, USA.")
    c.user(objection)
    c.say(offer)
    c.user("yes")
    i = c.call("modify_user_address", {"user_id": "lei_li_6575", **NEW, "address2": "", "country": "USA"},
               {"user_id": "lei_li_6575", "address": {**NEW, "address2": "", "country": "USA"}})
    assert at(certify_interaction(c.build()), i).checks["workflow"] is confirmed


@pytest.mark.parametrize(("described", "found"), [
    # the address as it is now is not the description's (blind set 94, r94_08 28)
    ("That's up to you - your profile address is still 621 Highland Drive, Suite 629, Dallas, TX 75313. I can update "
     "it to the new one too if you'd like.", None),
    ("Your profile address is still 621 Highland Drive, Dallas, TX 75313. I'll update it to 48 Lakeshore Blvd, "
     "Dallas, TX 75201.", None),
    ("I'll update your profile address to 621 Highland Drive, Dallas, TX 75313.", ("zip", "75201")),
    ("| **Current** | 621 Highland Drive, TX 75313 |\n| **New** | 48 Lakeshore Blvd, TX 75210 |", ("zip", "75201")),
])
def test_a_postal_code_of_the_address_as_it_is_now(described: str, found: tuple[str, str] | None) -> None:
    assert postcode_unsaid({"address1": "48 Lakeshore Blvd", "zip": "75201"}, described) == found



@pytest.mark.parametrize(("text", "found"), [
    # blind set 101, r101_03 42: the user's correction ("it's 1200 The Alameda") never reached the call
    ("All set - your address is now 1200 The Alameda, Apt 4B, San Jose, CA 95126.", [("1200 The Alameda", "1200 Alameda")]),
    ("All set - your address is now 1200 Alameda, Apt 4B, San Jose, CA 95126.", []),
    ("All set - your address is now 1200 Alameda Apt 4B.", []),  # the second line run on
    ("Done; the 2 Items ship to 1200 Alameda.", []),  # another number
])
def test_a_reported_street_against_the_one_written(text: str, found: list[tuple[str, str]]) -> None:
    assert misreported_streets(text, {"1200 Alameda"}) == found


@pytest.mark.parametrize(("report", "kinds"), [
    ("All set - your address is now 1200 The Alameda, Apt 4B.", ["text_misaddressed"]),
    ("All set - your address is now 1200 Alameda, Apt 4B.", []),
])
def test_a_report_of_an_address_change_gives_the_street_written(convo: Any, at: Any, report: str,
                                                                  kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("I'm juan_kim_6026. Please change my address to 1200 Alameda, Apt 4B, San Jose CA 95126.")
    c.say("I'd change your default address to 1200 Alameda, Apt 4B, San Jose, CA 95126, USA. Confirm (yes/no)?")
    c.user("yes. oh wait, it's 1200 The Alameda")
    args = {"user_id": "juan_kim_6026", "address1": "1200 Alameda", "address2": "Apt 4B", "city": "San Jose",
            "state": "CA", "country": "USA", "zip": "95126"}
    c.call("modify_user_address", args, {"user_id": "juan_kim_6026", "address": {k: v for k, v in args.items()
                                                                                 if k != "user_id"}})
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_misaddressed"] == kinds


@pytest.mark.parametrize(("asked", "kinds"), [
    # blind set 103, r103_04 52: an "email address" asked for "instead" of the zip code describes no address change
    ("I couldn't find an account with that name and zip code. Could you double-check the zip code, or give me your "
     "email address instead?", ["not_described"]),
    ("I couldn't find an account with that name and zip code. I can change your address instead, to 1420 Camelback "
     "Rd, Apt 3B, Phoenix, AZ 85016. Shall I?", []),
])
def test_an_email_address_asked_for_describes_no_address_change(convo: Any, at: Any, asked: str,
                                                                 kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Hello, I'm Lei Li, zip 85033.")
    c.call("find_user_id_by_name_zip", {"first_name": "Lei", "last_name": "Li", "zip": "85033"}, "lei_li_6575")
    c.say(asked)
    c.user("Yes. My address should say 1420 Camelback Rd, Apt 3B, Phoenix, AZ 85016. Fix that.")
    i = c.call("modify_user_address", {"user_id": "lei_li_6575", **NEW, "country": "USA"},
               {"user_id": "lei_li_6575", "address": {**NEW, "country": "USA"}})
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k in ("not_described", "not_confirmed")] == kinds, found

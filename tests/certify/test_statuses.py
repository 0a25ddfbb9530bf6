"""A text that gives an object another status than its latest observation shows is not grounded
(certify/statuses.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.statuses import (
    cabin_contradicted,
    cell_contradicted,
    completion_said,
    contradicted,
    flight_statuses,
    insurance_contradicted,
    misrated_speeds,
    mistimed,
    mistimed_ranges,
    past_contradicted,
    requested_contradicted,
    switched,
)
from trajectory2gym.certify.tables import with_headers
from trajectory2gym.envs.registry import tool_specs

SHOWN = {"L1005": "Active", "#W1000001": "pending", "B1001": "Paid", "B1006": "Disputed",
         "#W1000002": "exchange requested", "B1272": "Awaiting Payment", "#W1000003": "delivered", "B1002": "Issued"}


@pytest.mark.parametrize(("text", "out"), [
    ("I see your line L1005 is currently suspended, which is why data is not working.", [("L1005", "Active")]),
    ("Line L1005 is active.", []),
    ("Order #W1000001 has been delivered.", [("#W1000001", "pending")]),
    ("Once #W1000001 is delivered, you can return it.", []),  # what may happen
    ("So expect a similar fee for L1005 while it's suspended.", []),  # a time it may be so (blind set 72, t72_04)
    # what was said in another clause joined by "and" (blind set 72, t72_05)
    ("The bill B1002 is 150 dollars, was due February 19 and is now marked Overdue.", [("B1002", "Issued")]),
    ("Once B1002 is paid, I resume your line and then send the request for B1001.", []),
    ("L1005 was suspended last month and is active again.", []),
    ("Bill B1001 (paid) and L1005 (suspended).", []),  # two objects: which status is whose is not clear
    # one object by its id and, in brackets, its number (blind set 71, t71_08)
    ("Your line L1005 (555-123-2002) is suspended on our side.", [("L1005", "Active")]),
    ("Your line L1005 and 555-123-2002 are suspended on our side.", []),  # two names: maybe two lines
    ("Your order is on its way.", []),
    ("Order #W1000001 is now paid with PayPal.", []),  # how it is paid, no status
    ("You paid $212.79 for order #W1000001, with PayPal.", []),  # what the user paid: no status
    ("I paid for order #W1000001 already.", []),
    ("Bill B1006 came to $87.50 and it hasn't been paid yet.", []),  # "paid" denied, no status said
    ("1. #W1000001 (pending): lamp -> the black one; $5.80 paid from the gift card.", []),  # how, in a list line
    ("Order #W1000001 is paid.", [("#W1000001", "pending")]),
    ("- **#W1000003** — shipped to 142 Chestnut Street, Suite 756", []),  # where a delivered order went
    # the shown status said, but denied: no support for the other one
    ("It hasn't been delivered yet — order #W1000003 (Clock, $393.59) shows as **processed**.",
     [("#W1000003", "delivered")]),
    ("Order #W1000003 was processed and is now delivered.", []),
    ("- **#W1000003** — shipped, on its way to you", [("#W1000003", "delivered")]),
    ("- **#W1000001** — shipped to 142 Chestnut Street", [("#W1000001", "pending")]),  # a pending one never went
    ("Bill B1001 is unpaid.", [("B1001", "Paid")]),
    # A status no text word is a form of: contradicted by any status word said now.
    ("Your bill B1006 for $70.00 is overdue; once it's paid the line can be resumed.", [("B1006", "Disputed")]),
    ("Order #W1000002 is delivered, and its exchange is requested.", []),  # a status of two words: not compared
    # One object per clause, the clauses joined by a dash (blind audit t53_08)
    ("Bill B1001 is paid — and your bill B1006 ($70.00) is overdue as well.", [("B1006", "Disputed")]),
    ("Bill B1001 is paid — and your bill B1006 ($70.00) is disputed.", []),
    # A status said of any object of a kind is no one's.
    ("A suspended line can only be resumed once its bill is paid, and B1006 is in dispute.", []),
    ("A suspended line needs a human agent, and L1005 is fine.", []),
    # a status it will have: "as soon as it's paid" (blind set 73, t73_04)
    ("I can send a payment request for B1006 to your phone, and as soon as it's paid I can resume the line.", []),
    ("I sent the payment request for B1006, and it's paid now.", [("B1006", "Disputed")]),
    ("You have no overdue bills - the February bill B1001 is paid.", []),  # a status no object has
    ("Nothing is overdue, so I can resume line L1005 now.", []),
    ("Bill B1006 ($70.00) is marked **Disputed** and unpaid.", []),  # its status said too
    # A list line's status after a part of its own: the line's one identifier is the object.
    ("Your orders:\n- #W1000001 (lamp, kettle; $1,967.41): delivered\n- L1005: active",
     [("#W1000001", "pending")]),
    ("Your orders:\n- #W1000001 (lamp; $1,967.41): pending", []),
    # Each line's status against its own object's: another line saying the shown one does not excuse it.
    ("- #W1000001: delivered\n- #W1000002: pending", [("#W1000001", "pending"), ("#W1000002", "exchange requested")]),
    ("You have no problem: B1001 is overdue.", [("B1001", "Paid")]),  # "no" of something else
    # A "Status:" line under a heading that names one object is that object's.
    ("**Order #W1000001** (lamp, kettle)\n- Status: **delivered**, it has shipped.\n\n**Bill B1001**\n- Status: paid",
     [("#W1000001", "pending")]),
    ("**Order #W1000001** (lamp, kettle)\n- Items: 2\n- Status: **pending**", []),
    # the result of a change described is no status now
    ("To confirm: I'll resume line L1005, which goes back to suspended at the end of the month.", []),
    ("To confirm: I'll cancel #W1000001, which then becomes cancelled.", []),
    ("To undo it, I'll suspend line L1005 again, returning it to suspended. Shall I proceed?", []),  # (blind set 75, t75_03)
    # "I'll" is "I will": the status the resume brings (blind set 76, t76_03)
    ("To undo it I'll resume line L1005 so it's suspended again. Shall I go ahead?", []),
    ("To undo it I resumed line L1005 so it's suspended again.", [("L1005", "Active")]),
    ("Returning to your question, line L1005 is suspended.", [("L1005", "Active")]),  # a status now, in its own clause
    # money moved to a method, no status of the order (blind set 78, r78_03)
    ("The payment for #W1000001 is now on your Visa, and $3,570.34 has been returned to your gift card.", []),
    ("Order #W1000001 has been returned.", [("#W1000001", "pending")]),
    # a status of any one of a kind (blind set 76, t76_07)
    ("I tried to send one for B1006 but the system allows only one pending request.", []),
    ("I tried to send one for B1006 but it is the one pending.", [("B1006", "Disputed")]),
    ("Line L1005 is suspended, as you said.", [("L1005", "Active")]),
    # a bill awaiting payment is not paid yet (blind audit telecom-r49-09); "already paid" was before the request
    ("Your line is active again, and bill B1272 is now marked as paid.", [("B1272", "Awaiting Payment")]),
    ("I sent the request for B1272, which is already Paid - please don't pay it.", []),
    ("Bill B1272 is awaiting payment.", []),
    # a recap's list in one sentence, each part with its own object (blind audit tel-16)
    ("Recap: request sent and B1272 is now paid, L1005 resumed, and 1 GB added.",
     [("B1272", "Awaiting Payment")]),
    ("Bill B1001 ($162.00, paid) still had the charge for L1005, and nothing else.", []),  # no status of L1005
    # an order whose exchange is requested has not shipped again (blind audit retail_r50_12)
    ("Yes, the exchange for order #W1000002 is complete and it has shipped.", [("#W1000002", "exchange requested")]),
    # a status given to the objects a bracket lists after their kind (blind audit retail_r50_04)
    ("Your account has two delivered orders (#W1000001, #W1000002).", [("#W1000001", "pending")]),
    ("Your account has one pending order (#W1000001) and one active line (L1005).", []),
    # "I can confirm" states what is so, as "I can see" does; "I could cancel" is what may be
    ("I've checked and can confirm order #W1000001 shows as **delivered**.", [("#W1000001", "pending")]),
    ("I can cancel #W1000001 for you if you like.", []),
    # a status it must have first, not its status (blind set 64, t64_07)
    ("B1001 is overdue. It must be paid before the line can be resumed.", [("B1001", "Paid")]),
    ("B1006 is disputed. It must be paid before the line can be resumed.", []),
    # an issued bill, or one awaiting payment, is unpaid (blind audit t65_01); a paid one is not
    ("Your February bill B1002 ($150.00, due Feb 19) is still unpaid.", []),
    ("Bill B1272 is still unpaid.", []),
    ("Bill B1001 is still unpaid.", [("B1001", "Paid")]),
    # an exchange requested is not done (blind audit r65_02); what cannot be is no status (r62_11)
    ("Done. Status of #W1000002 is now 'exchanged'.", [("#W1000002", "exchange requested")]),
    # the request said to be pending (blind set 94, r94_05 52)
    ("#W1000002 has the bike exchange pending, with $292.37 to come back to your gift card.", []),
    ("#W1000002 has a return pending.", [("#W1000002", "exchange requested")]),  # another kind of request
    ("#W1000002 is pending.", [("#W1000002", "exchange requested")]),
    ("Order #W1000003 is delivered, and an order can be returned or exchanged only once, so the lamp cannot be "
     "exchanged.", []),
    ("Order #W1000003 is delivered, so the lamp cannot be returned.", []),
    ("The lamp in #W1000003 cannot be returned.", []),
    ("You exchanged the lamp in #W1000003 last week.", []),  # judged only against a request
    # a status naming a kind of order, not this one's (blind set 79, r79_07 50)
    ("Once #W1000001 is delivered, you'd be able to return the watch (remember: one return per delivered order).",
     []),
    ("#W1000001 is delivered, so you'd be able to return the watch (remember: one return per order).",
     [("#W1000001", "pending")]),
    # how much was paid, not a status (blind set 80, r80_12 42)
    ("You've paid **$52.01** in total for #W1000001, both on PayPal.", []),
    ("Order #W1000001 is paid now.", [("#W1000001", "pending")]),
    # a clause about the other orders, which the sentence does not name (blind set 79, r79_03 57)
    ("To sum up: the exchange for #W1000002 is requested, and your other two orders are processed.", []),
    ("To sum up: the exchange for #W1000002 is requested, and it is processed.", [("#W1000002", "exchange requested")]),
    # a status of another record, no claim of the one named (blind set 83: t83_07 42, t83_08 36)
    ("Since the overdue bill is settled, I can resume line L1005. Shall I?", []),
    ("Since the overdue line is back, L1005 is suspended.", [("L1005", "Active")]),
    # a question says no status (blind set 87: r87_07 29, t87_07 34)
    ("Do you want #W1000001 shipped there instead of Indianapolis?", []),
    ("#W1000001 is shipped there now.", [("#W1000001", "pending")]),
    # ... a word between (blind set 86, t86_08 36)
    ("On February's bill (B1001), the suspended tablet line shows a Suspension Fee of $5.00.", []),
    ("On February's bill (B1001), the suspended tablet shows a Suspension Fee of $5.00.", [("B1001", "Paid")]),
    ("I'll send a payment request for B1001, but first check that no other payment request is pending.", []),
    # the objects of another kind, all of them (blind set 85, t85_01 53)
    ("None of your bills are overdue, so I can resume L1005 for you.", []),
    ("L1005 is overdue, so I can't resume it.", [("L1005", "Active")]),
    # a status taken back (blind set 92, a92_08 34)
    ("You're right: I have no tool that shows it, so I shouldn't have said #W1000001 is delivered.", []),
    ("You're right: I have it here, and #W1000001 is delivered.", [("#W1000001", "pending")]),
    # a status naming another object by it (blind set 92, r92_07 48)
    ("No, they're different: the cancelled order had size 7, while #W1000001 has size 9.", []),
    ("No, they're different: #W1000001 is cancelled and has size 9.", [("#W1000001", "pending")]),
    # a bill's status, said of the bill, beside a line (blind set 91, t91_02 37)
    ("Now that the overdue bill is paid, I can resume line L1005 for you.", []),
    ("Now that L1005 is paid, I can resume it for you.", [("L1005", "Active")]),
    # a count of other objects the status is said of (blind set 85, r85_10 60)
    ("Two orders cancelled, #W1000001 updated, and $2,960.00 on its way back to your PayPal.", []),
    ("#W1000001 cancelled, and $2,960.00 on its way back to your PayPal.", [("#W1000001", "pending")]),
    # an exchange under way is the request (blind set 85, r85_07 60)
    ("The green speaker in #W1000002 is being exchanged for the red one ($11.39 back).", []),
    ("The green speaker in #W1000002 has been exchanged for the red one ($11.39 back).",
     [("#W1000002", "exchange requested")]),
    # what happened to an amount in brackets, no status of the order (blind set 84, r84_12 53)
    ("**#W1000001** now has just the Dumbbell Set at **$507.13** ($512.88 paid, $5.75 refunded).", []),
    ("**#W1000001** now has just the Dumbbell Set at **$507.13**, $512.88 paid.", [("#W1000001", "pending")]),
    # blind set 92, r92_07 58: an amount paid beside the amount refunded says how money moved, no status
    ("Right — $1,783.00 paid and $1,783.00 refunded, so the net on #W1000001 is **$0.00** once the refund lands.", []),
    ("Right — #W1000001 is paid, and $1,783.00 refunded to your card.", [("#W1000001", "pending")]),  # the word after no amount
    # a recap's heading, the line stating the status as shown (blind set 84, r84_05 50)
    ("- **Exchanged:** Lamp from #W1000002 ($95.08). Status: exchange requested.\n- **Unchanged:** the rest.", []),
    ("- **Exchanged:** Lamp from #W1000002 ($95.08).\n- Status: exchange requested.", [("#W1000002", "exchange requested")]),
    # the user's wish, reported (blind set 95, t95_04 48)
    ("I resumed line L1005 even though you asked me to leave it suspended. It's active now.", []),
    ("I left line L1005 suspended, as you asked.", [("L1005", "Active")]),
    # "Paid on your account" is the bill's status; "paid on your Visa" says how (blind set 97, t97_01 54)
    ("I can see the payment has gone through and B1002 now shows as Paid on your account.", [("B1002", "Issued")]),
    ("B1002 was paid on your Visa ending 1235.", []),
    # a condition right after the status word: what will be (blind set 103, t103_01 43)
    ("The request for B1002 has been sent to your phone; it's paid once you accept and complete it there.", []),
    ("The request for B1002 has been sent to your phone; it's paid, so you can relax.", [("B1002", "Issued")]),
    # a record said to show "delivered" after its request went through (blind set 102, r102_06 42)
    ("Order #W1000002 still shows as delivered; the exchange request is attached to it.",
     [("#W1000002", "exchange requested")]),
    ("Order #W1000002 is delivered, and the exchange request is attached to it.", []),
])
def test_a_status_word_against_the_observed_status(text: str, out: list[tuple[str, str]]) -> None:
    assert contradicted(text, SHOWN.get) == out


@pytest.mark.parametrize(("text", "out"), [
    # blind set 60, r60_05: an exchange reported as a return
    ("Your exchange is in. Order #W1000002 is now marked 'return requested'.", [("#W1000002", "exchange requested")]),
    ("Order #W1000002 is now marked 'exchange requested'.", []),
    ("If you want, #W1000002 can be return requested instead.", []),  # what may be
    ("#W1000001 is return requested.", []),  # pending: the status word checks say so, not this
    # a request reported on a delivered order no request went through for (blind set 79, r79_04 40)
    ("Both exchanges are submitted!\n- #W1000002 → exchange requested\n- #W1000003 → exchange requested",
     [("#W1000003", "delivered")]),
    ("Order #W1000003 is now marked 'return requested'.", [("#W1000003", "delivered")]),
    ("Once you confirm, #W1000003 → exchange requested.", []),
    ("#W1000003 is delivered, so it can be exchanged.", []),
    # two orders joined by "and", given the status together (blind set 81, r81_08 24)
    ("Both are submitted: #W1000002 (Lamp, $95.08) and #W1000003 (Boots, $245.99) are now in *exchange requested* "
     "status.", [("#W1000003", "delivered")]),
    ("#W1000002 is now exchange requested, #W1000003 still delivered.", []),  # each its own: the status words' check
])
def test_one_requested_status_for_the_other(text: str, out: list[tuple[str, str]]) -> None:
    assert requested_contradicted(text, SHOWN.get) == out


@pytest.mark.parametrize(("cell", "out"), [
    ("Issued", [("B1006", "Disputed")]),  # blind set 60, t60_04: a Draft bill said Issued
    ("**Disputed**", []),
    ("disputed (under review)", []),  # the status, with more after it
])
def test_a_tables_status_cell_against_the_observed_status(cell: str, out: list[tuple[str, str]]) -> None:
    table = f"| Bill | Period | Status | Total |\n|---|---|---|---|\n| B1006 | March | {cell} | $10.00 |"
    assert cell_contradicted(with_headers(table), SHOWN.get) == out
    assert cell_contradicted(table, SHOWN.get) == []  # a row read without its header says no status


@pytest.mark.parametrize(("shown", "out"), [
    # blind set 76, t76_03: one line named by its id and its number, both shown Suspended
    ({"L1003": "Suspended", "555-123-2003": "Suspended"}, [("L1003", "Suspended")]),
    ({"L1003": "Active", "555-123-2003": "Active"}, []),
    ({"L1003": "Suspended", "555-123-2003": "Active"}, []),  # two objects, two statuses: whose cell is unclear
])
def test_a_status_cell_of_one_object_named_twice(shown: dict[str, str], out: list[tuple[str, str]]) -> None:
    table = "| Line | Number | Status | Plan |\n|---|---|---|---|\n| L1003 | 555-123-2003 | Active | P1001 |"
    assert cell_contradicted(with_headers(table), shown.get) == out


@pytest.mark.parametrize(("cell", "ok"), [("Issued", False), ("Draft", True)])
def test_a_bill_tables_status_cell_is_grounded_by_the_bill(convo: Any, at: Any, cell: str, ok: bool) -> None:
    c = convo()
    c.user("What does my next bill look like? I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"},
           [{"bill_id": "B1003", "total_due": 10.0, "due_date": "2025-03-15", "status": "Draft"}])
    i = c.say(f"| Bill | Status | Total so far | Due |\n|---|---|---|---|\n| B1003 | {cell} | $10.00 | 2025-03-15 |")
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("text", "found"), [
    # blind set 61, a61_01 and a61_12: an operating status no search shows
    ("- Our records show HAT044 landed on time that day.", [("HAT044", "landed")]),
    ("HAT157 tonight is currently on time.", [("HAT157", "on time")]),
    ("Was HAT157 delayed?", []),  # asked
    ("If HAT157 is delayed, you may get a certificate.", []),  # what may be
    ("HAT157 has 9 seats available.", []),
])
def test_a_flights_operating_status_said(text: str, found: list[tuple[str, str]]) -> None:
    assert flight_statuses(text) == found


@pytest.mark.parametrize(("user", "ok"), [("Is HAT157 ok for tonight?", False),
                                          ("My flight HAT157 was delayed yesterday, so I'm worried.", True)])
def test_a_flight_status_is_grounded_only_where_shown_or_told(convo: Any, at: Any, user: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(user)
    c.call("search_direct_flight", {"origin": "CLT", "destination": "EWR", "date": "2024-05-15"},
           [{"flight_number": "HAT157", "status": "available", "prices": {"economy": 120}}])
    i = c.say("HAT157 is delayed tonight, and it has seats in economy at $120.")
    assert at(certify_interaction(c.build()), i).eligible is ok


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 82, a82_06 42: the search shows the flight "available", not yet operated
    ("Yes, HAT157 is scheduled to depart on time at 20:00 — no delays are expected.", ["text_contradicts_status"]),
    ("Yes, HAT157 is available at 20:00 with seats in economy.", []),
])
def test_an_operating_status_said_of_a_flight_a_search_shows(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="Flights may be on time, delayed or cancelled.")
    c.user("Is HAT157 on time tonight?")  # (asked, not told)
    c.call("search_direct_flight", {"origin": "CLT", "destination": "EWR", "date": "2024-05-15"},
           [{"flight_number": "HAT157", "status": "available", "scheduled_departure_time_est": "20:00:00",
             "prices": {"economy": 120}}])
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k.startswith("text_") and "status" in k] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # a delay's cause nothing visible gives (blind set 94, a94_08 30)
    ("HAT039 was delayed because of severe thunderstorms in Atlanta this afternoon.", ["text_not_visible"]),
    ("HAT039 was delayed because of the weather, as you said.", []),  # the user's word
    ("HAT039 was delayed, and I can't see why.", []),
])
def test_a_delays_cause_must_be_visible(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My flight HAT039 got delayed, the weather was awful. Why was it delayed?")
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_not_visible"] == kinds, found


@pytest.mark.parametrize(("asked", "kinds"), [
    # a status the user only asked about (blind set 94, a94_08 44)
    ("And our first flight HAT223 from Chicago today, is that on time at least?", ["text_status_not_visible"]),
    ("Our first flight HAT223 from Chicago is on time, at least.", []),  # the user's word
])
def test_a_status_the_user_asked_about_is_not_shown(convo: Any, at: Any, asked: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(asked)
    i = c.say("Yes, HAT223 from Chicago is on time today.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if "status" in k] == kinds, found


@pytest.mark.parametrize(("said", "ok"), [
    # blind sets 73, 74 (a73_06, a74_08): told by the user, said to be seen in the records
    ("I can see that HAT157 on May 14 was cancelled by the airline.", False),
    ("I can confirm in our system that HAT157 on 2024-05-14 was cancelled.", False),
    ("I'm sorry HAT157 was cancelled; as a gold member you're eligible for a certificate.", True),  # the user's word
])
def test_a_flights_status_said_to_be_seen_must_be_shown(convo: Any, at: Any, said: str, ok: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My flight HAT157 on May 14 was cancelled by the airline! I want compensation.")
    c.call("search_direct_flight", {"origin": "CLT", "destination": "EWR", "date": "2024-05-14"},
           [{"flight_number": "HAT157", "status": "available", "prices": {"economy": 120}}])
    i = c.say(said)
    assert at(certify_interaction(c.build()), i).checks["visibility"] is ok


def test_a_status_the_lookup_contradicts_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo()
    c.user("Why is my data not working on 555-123-2005?")
    c.call("get_order_details", {"order_id": "L1005"}, {"line_id": "L1005", "phone_number": "555-123-2005",
                                                        "status": "Active"})
    wrong = c.say("Your line L1005 is currently suspended; that is why data is not working.")
    right = c.say("Your line L1005 is active, so the problem is on the phone.")
    # A line named by its number in a table row is that line
    row = "| Who | Number | Status |\n|---|---|---|\n| Edna | 555-123-2005 | {} |"
    wrong_row, right_row = c.say(row.format("Suspended")), c.say(row.format("Active"))
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_contradicts_status"]
    assert at(out, right).reasons == []
    assert [reason_kind(r) for r in at(out, wrong_row).reasons] == ["text_contradicts_status"]
    assert at(out, right_row).reasons == []


def test_an_order_named_with_its_sign_and_a_write_since(convo: Any, at: Any) -> None:
    order = {"order_id": "#W5353646", "status": "processed", "items": [
        {"name": "Skateboard", "item_id": "6843647669", "options": {"length": "34 inch", "design": "graphic"}}]}
    c = convo()
    c.user("Where is my order #W5353646?")
    c.call("get_order_details", {"order_id": "#W5353646"}, order)
    wrong = c.say("Good news: order #W5353646 with your Skateboard (34 inch, graphic) has been delivered.")
    c.user("Then cancel it, no longer needed.")
    c.say("Cancel order #W5353646 (reason: no longer needed)? yes/no")
    c.user("yes")
    c.call("cancel_pending_order", {"order_id": "#W5353646", "reason": "no longer needed"}, {"ok": True})
    after = c.say("Done, order #W5353646 is cancelled.")  # the write's result shows no status: no contradiction
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_contradicts_status"]
    assert at(out, after).reasons == []


@pytest.mark.parametrize(("report", "kinds"), [
    ("Done. Order #W5353646 now has the new items and the order status is now 'processed'.",
     ["text_contradicts_status"]),
    ("Done. Order #W5353646 now has the new items and is still pending.", []),
    # The order by its kind only, in a sentence of its own: the object the write changed
    ("The skateboard is updated. The order status is now \"processed\".", ["text_contradicts_status"]),
    ("The skateboard is updated. Your order is still pending.", []),
    ("The skateboard is updated. The order status is now \"returned\".", ["text_contradicts_status"]),
])
def test_a_status_said_right_after_a_write_is_the_one_its_result_gives(convo: Any, at: Any, report: str,
                                                                       kinds: list[str]) -> None:
    order = {"order_id": "#W5353646", "status": "pending", "items": [{"name": "Skateboard", "item_id": "1234567890"}]}
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Swap the skateboard in #W5353646 for item 1234567891, on paypal_1.")
    c.call("get_order_details", {"order_id": "#W5353646"}, order)
    c.say("I'll swap the Skateboard in order #W5353646 (item 1234567890) for item 1234567891, paid with paypal_1. "
          "Proceed?")
    c.user("yes")
    c.call("modify_pending_order_items", {"order_id": "#W5353646", "item_ids": ["1234567890"],
                                          "new_item_ids": ["1234567891"], "payment_method_id": "paypal_1"},
           {**order, "status": "pending (item modified)"})
    i = c.say(report)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons if "status" in r] == kinds


@pytest.mark.parametrize(("user", "stale"), [
    ("Here it is: Payment of 71.0 USD has been made for bill B2021.", True),
    ("I pressed pay on the request for bill B2021.", True),
    ("What is bill B2021 for?", False),
])
def test_a_status_the_user_reports_changing_is_no_longer_the_lookups(convo: Any, at: Any, user: str,
                                                                     stale: bool) -> None:
    c = convo()
    c.user("I got a payment request on my phone.")
    c.call("get_bills_for_customer", {"customer_id": "C2007"}, [{"bill_id": "B2021", "total_due": 71.0,
                                                                  "status": "Issued"}])
    c.user(user)
    i = c.say("Thank you: the $71.00 for bill B2021 has gone through, so February is paid.")
    assert ("text_contradicts_status" in [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]) \
        is not stale


@pytest.mark.parametrize(("said", "contradicts"), [
    ("The $10.00 late fee relates to January's bill, which is still showing as overdue.", True),
    ("The $10.00 late fee relates to January's bill, which is paid now.", False),
    ("The $10.00 late fee relates to February's bill, which is still showing as overdue.", False),  # two of February
])
def test_a_bill_named_by_its_month(convo: Any, at: Any, said: str, contradicts: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why is my bill higher? I'm C4009.")
    c.call("get_bills_for_customer", {"customer_id": "C4009"}, [
        {"bill_id": "B4015", "period_start": "2025-02-01", "total_due": 100.0, "status": "Issued"},
        {"bill_id": "B4016", "period_start": "2025-02-01", "total_due": 15.0, "status": "Issued"},
        {"bill_id": "B4014", "period_start": "2025-01-01", "total_due": 80.0, "status": "Paid"}])
    i = c.say(said)
    kinds = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert ("text_contradicts_status" in kinds) is contradicts


INSURED = {"C913YC": {"yes"}, "OC39IW": {"no"}}


@pytest.mark.parametrize(("text", "out"), [
    ("No, C913YC does not include travel insurance.", [("C913YC does not include travel insurance.", "yes")]),
    ("C913YC includes travel insurance.", []),
    ("OC39IW has travel insurance, so you're covered.", [("OC39IW has travel insurance", "no")]),
    ("OC39IW was booked without travel insurance.", []),
    # Policy, offers and questions say nothing of the reservation's own insurance.
    ("OC39IW can only be cancelled with insurance and a covered reason.", []),
    ("Would you like to add insurance to OC39IW for $30 per passenger?", []),
    ("Booking: one way, economy, no insurance. Shall I book it?", []),  # a new booking: no code yet
    # A sentence about the reservation the one before named.
    ("C913YC is a round trip. The reservation does not include travel insurance.",
     [("The reservation does not include travel insurance.", "yes")]),
    ("OC39IW is a round trip. It doesn't have travel insurance.", []),  # "doesn't have": none
    ("OC39IW is a round trip. It has travel insurance.", [("It has travel insurance.", "no")]),
    # "this booking" anywhere in the sentence, and "I can see" says what is so (blind audit a57_02)
    ("OC39IW is a round trip. Good news — I can see this booking includes **travel insurance**, so it qualifies.",
     [("Good news — I can see this booking includes **travel insurance**", "no")]),
    ("OC39IW is a round trip. I can add travel insurance to this booking if you like.", []),
    # a rule said of it, then what it has (blind audit a58_01)
    ("On OC39IW: a cancellation for health reasons is only refundable when the reservation has travel insurance, "
     "and this one doesn't.", []),
    ("On OC39IW: it has travel insurance, so a health cancellation is refunded.", [("On OC39IW: it has travel insurance", "no")]),
    # a purchase not made is what it has; what may be is read up to the insurance word (blind set 60, a60_09)
    ("Since you didn't buy travel insurance on C913YC there's nothing else I can offer.",
     [("Since you didn't buy travel insurance on C913YC there's nothing else I can offer.", "yes")]),
    ("C913YC doesn't include insurance, which you can't add now.",
     [("C913YC doesn't include insurance", "yes")]),
    ("If you didn't buy insurance on C913YC, I can't refund it.", []),  # a condition
    # a list of the details of the one reservation named outside brackets (blind set 71, a71_03)
    ("Found it — C913YC (OC39IW was a Phoenix trip). Details:\n- round trip, economy\n- 2 checked bags, "
     "no travel insurance", [("no travel insurance", "yes")]),
    ("Found them — C913YC and OC39IW. Details:\n- round trip, economy\n- 2 checked bags, no travel insurance", []),
    # a reason the insurance does not cover says nothing of whether it has insurance (blind set 78, a78_07)
    ("C913YC: booked 2024-05-12 (over 24h ago), basic economy not business, and a work conflict isn't a covered "
     "insurance reason (health or weather only).", []),
    ("C913YC has no travel insurance, so I can't cancel it.", [("C913YC has no travel insurance", "yes")]),
    # ... nor said after the insurance (blind set 81, a81_09 24)
    ("C913YC was booked over 24h ago, and a preference isn't a covered reason under the insurance.", []),
    # a rule's conditions in a list (blind set 81, a81_05 16)
    ("OC39IW can be cancelled only if one of these applies:\n- it is business\n- it has travel insurance and the "
     "reason is covered\n\nIt is economy.", []),
    ("OC39IW details:\n- economy\n- it has travel insurance", [("- it has travel insurance", "no")]),
    # "neither ... nor" denies each (blind set 80, a80_12 17)
    ("Your account is a regular membership and OC39IW has neither insurance nor business class.", []),
    ("Your account is a regular membership and C913YC has neither insurance nor business class.",
     [("Your account is a regular membership and C913YC has neither insurance nor business class.", "yes")]),
])
def test_a_text_saying_whether_a_reservation_is_insured(text: str, out: list[tuple[str, str]]) -> None:
    assert insurance_contradicted(text, lambda code: INSURED.get(code, set())) == out


def test_a_text_denying_the_insurance_shown_is_not_grounded(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Does C913YC have travel insurance?")
    c.call("get_reservation_details", {"reservation_id": "C913YC"}, {"reservation_id": "C913YC", "insurance": "yes"})
    i = c.say("No, C913YC does not include travel insurance.")
    j = c.say("Sorry, I misread: C913YC includes travel insurance.")
    r = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    assert [reason_kind(x) for x in r[i].reasons] == ["text_contradicts_status"] and r[j].eligible


@pytest.mark.parametrize(("user", "said", "kinds"), [
    ("Can I still change #W2624389?", "Unfortunately #W2624389 has already been processed.", ["text_status_not_visible"]),
    ("My order #W2624389 was delivered yesterday.", "Since #W2624389 has been delivered, you can return it.", []),
    # the user asks the status: that says none (blind audit r57_10)
    ("Is #W2624389 still pending?", "Yes, #W2624389 is still pending, so changes are still possible.",
     ["text_status_not_visible"]),
    ("Can I still change #W2624389?", "#W7208030 is cancelled.", []),  # its status is shown
    ("Is the hose delivered?", "Item 6401214406 has been delivered.", []),  # items have no status of their own
    ("Did I pay?", "Item 6401214406 is what you paid for.", []),  # how, not a status
])
def test_a_status_of_an_object_never_shown_is_not_grounded(convo: Any, user: str, said: str,
                                                           kinds: list[str]) -> None:
    c = convo()
    c.user("I'm liam_lee_5870.")
    c.call("get_user_details", {"user_id": "liam_lee_5870"}, {"user_id": "liam_lee_5870",
                                                             "orders": ["#W7208030", "#W2624389"]})
    c.call("get_order_details", {"order_id": "#W7208030"}, {"order_id": "#W7208030", "status": "cancelled", "items": [
        {"item_id": "6401214406", "price": 96.35}]})
    c.user(user)
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("search", "said", "kinds"), [
    # A reservation lists its flights with no status of theirs; a search that found nothing shows none
    # either (blind audit a56_02)
    ([], "I've checked our system and can confirm flight HAT231 on May 9 shows as **cancelled**.",
     ["text_status_not_visible"]),
    ([{"flight_number": "HAT231", "status": "cancelled"}], "I can confirm flight HAT231 shows as **cancelled**.", []),
    ([], "I've checked: the search found no flight on May 9 for your route.", []),
])
def test_a_status_of_a_flight_only_a_reservation_lists_is_not_grounded(convo: Any, at: Any, search: list[Any],
                                                                       said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("My flight on 521ARH was cancelled, right? I'm isabella_davis_2143.")
    c.call("get_reservation_details", {"reservation_id": "521ARH"}, {
        "reservation_id": "521ARH", "user_id": "isabella_davis_2143", "cabin": "economy", "flights": [
            {"origin": "EWR", "destination": "DFW", "flight_number": "HAT231", "date": "2024-05-09", "price": 169}]})
    c.call("search_direct_flight", {"origin": "EWR", "destination": "DFW", "date": "2024-05-09"}, search)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "kinds"), [
    # blind audit a65_05: the user named the flight by its airport and day
    ("On 74RX8B the flight into JFK on the 12th was cancelled.", []),
    ("On 74RX8B the flight into JFK on the 22nd was cancelled.", ["text_status_not_visible"]),  # another day
    ("On 74RX8B the flight into LAX on the 12th was cancelled.", ["text_status_not_visible"]),  # not its airport
    ("Was the flight into JFK on the 12th cancelled?", ["text_status_not_visible"]),  # a question
])
def test_a_flight_status_the_user_gave_by_airport_and_day(convo: Any, at: Any, user: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(user)
    c.call("get_reservation_details", {"reservation_id": "74RX8B"}, {
        "reservation_id": "74RX8B", "cabin": "economy", "flights": [
            {"origin": "CLT", "destination": "DTW", "flight_number": "HAT176", "date": "2024-05-12", "price": 180},
            {"origin": "DTW", "destination": "JFK", "flight_number": "HAT240", "date": "2024-05-12", "price": 141}]})
    i = c.say("For the cancelled HAT240: $100 x 1 passenger = $100 certificate. Issue it?")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 82, t82_01 8: a customer's status is its "account_status"
    ("I've found your account (customer **C1001**, status Active).", []),
    ("I've found your account: customer **C1001** is suspended.", ["text_contradicts_status"]),
])
def test_a_customers_account_status(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My number is 555-123-2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {
        "customer_id": "C1001", "full_name": "John Smith", "account_status": "Active", "line_ids": ["L1001"]})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    ("I see one order on your account, **#W8955613**, which is still pending, so it can be changed.",
     ["text_status_not_visible"]),
    ("I see one order on your account, **#W8955613**. What would you like to do with it?", []),
    ("Your gift card gift_card_6682391 is active.", []),  # a payment method has no status of its own
])
def test_a_status_of_an_owned_object_only_the_profile_lists_is_not_grounded(convo: Any, said: str,
                                                                            kinds: list[str]) -> None:
    c = convo()
    c.user("Hi, I need to update an order. I'm olivia_lopez_9494.")
    c.call("get_user_details", {"user_id": "olivia_lopez_9494"}, {
        "user_id": "olivia_lopez_9494", "orders": ["#W8955613"],
        "payment_methods": {"gift_card_6682391": {"source": "gift_card", "balance": 35, "id": "gift_card_6682391"}}})
    i = c.say(said)
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


TIMES = {("HAT225", "departure"): {"06:00"}, ("HAT225", "arrival"): {"09:00"},
         ("HAT226", "departure"): {"10:00"}, ("HAT226", "arrival"): {"12:00"}}


@pytest.mark.parametrize(("text", "out"), [
    ("All changed: HAT225 departs Denver at 09:00 on 2024-05-28.", [("HAT225", "09:00", "06:00")]),
    ("HAT225 departs Denver at 06:00 and lands at 09:00.", []),
    ("HAT225 leaves at 6:00 am.", []),
    ("HAT225 arrives in Charlotte at 9:00 pm.", [("HAT225", "9:00 pm", "09:00")]),
    ("HAT225 departs at 06:00; HAT226 departs at 10:00.", []),  # each sentence part names its own flight
    ("HAT999 departs at 11:00.", []),  # no time of it shown: the visibility check's to judge
    # Times on the hour and after the nearest way word: the arrival's time is the arrival's.
    ("HAT225, leaving at 6am and arriving at 9am.", []),
    ("HAT225, leaving at 6am and arriving at 9pm.", [("HAT225", "9pm", "09:00")]),
    ("HAT225 leaves at 9am.", [("HAT225", "9am", "06:00")]),
    ("HAT225 leaves at 6 gates from here.", []),  # no am or pm, no minutes: no time
    # A table row read with its headers: the time right after its column's word.
    ("Flight HAT225 | Date May 28 | Departs 9:00 AM | Arrives 12:00 PM", [("HAT225", "9:00 AM", "06:00"),
                                                                         ("HAT225", "12:00 PM", "09:00")]),
    ("Flight HAT225 | Date May 28 | Departs 6:00 AM | Arrives 9:00 AM", []),
    # in bold (blind audit a54_04)
    ("You'd land in Charlotte at **12:00 PM (noon)** on HAT225.", [("HAT225", "12:00 PM", "09:00")]),
    ("You'd land in Charlotte at **9:00 AM** on HAT225.", []),
    # a list of flights in one sentence, each its part up to the next (blind set 73, a73_10)
    ("On May 22: HAT225 leaving at 09:00 for $107, HAT226 at 10:00 for $176.", [("HAT225", "09:00", "06:00")]),
    ("On May 22: HAT225 leaving at 06:00 for $107, HAT226 leaving at 09:00 for $176.", [("HAT226", "09:00", "10:00")]),
    ("On May 22: HAT225 leaving at 06:00 for $107, HAT226 leaving at 10:00 for $176.", []),
    ("HAT225 and HAT226 leave at 06:00 and 10:00.", []),  # joined: whose time is whose is not read
    # "and" after the first flight's own time parts them too (blind set 76, a76_11)
    ("Booked: HAT225 leaves Denver at 8:00 PM on May 24 and HAT226 brings you back on May 27.",
     [("HAT225", "8:00 PM", "06:00")]),
    ("Booked: HAT225 leaves Denver at 6:00 AM on May 24 and HAT226 brings you back on May 27.", []),
    ("HAT225 leaves at 6:00 AM and HAT226 leaves at 10:00 AM.", []),
    ("HAT225 leaves at 6:00 AM and HAT226 leaves at 11:00 AM.", [("HAT226", "11:00 AM", "10:00")]),
    # a clause before "and" times a leg the sentence does not name (blind set 79: a79_05 56, a79_11 32)
    ("Yes: you land at LGA at 16:30 and HAT226 leaves at 10:00.", []),
    ("Your connection leaves JFK at 00:00 and, from the search, HAT226 only gets in at 12:00.", []),
    ("Yes: you land at LGA at 16:30 and HAT226 leaves at 11:00.", [("HAT226", "11:00", "10:00")]),
    # a part that goes on to its connection gives the trip's arrival (blind set 80, a80_09 27)
    ("Option C (HAT225 departing May 24 at 06:00, arriving Seattle May 25 at 12:00, with HAT226).", []),
    ("Option C (HAT225 departing May 24 at 07:00, arriving Seattle May 25 at 12:00, with HAT226).",
     [("HAT225", "07:00", "06:00")]),
    # the schedule's Eastern time put in a zone to the west (blind set 92, a92_10 47)
    ("HAT225 DEN → CLT: 06:00–09:00 ET (arrives 6:00 am Phoenix time).", []),
    ("HAT225 arrives at 7:00 Denver time.", []),
    ("HAT225 arrives at 6:00 am PT.", []),
    ("HAT225 arrives at 7:00 local time.", [("HAT225", "7:00", "09:00")]),  # whose local time is not read
    ("HAT225 arrives at 5:00 am PT.", [("HAT225", "5:00 am", "09:00")]),  # four hours back: no US zone
    ("HAT225 arrives at 7:00 on time.", [("HAT225", "7:00", "09:00")]),  # no zone named
    ("HAT225 arrives at 8:00 Eastern time.", [("HAT225", "8:00", "09:00")]),  # the schedule's own zone
    # a bracket right after a flight of two joined by "and" is its own (blind set 98, a98_02 10)
    ("Z7GOZK: DEN→CLT on HAT225 and CLT→DEN on HAT226 (departs 11:00), both on May 28.", [("HAT226", "11:00", "10:00")]),
    ("Z7GOZK: DEN→CLT on HAT225 and CLT→DEN on HAT226 (departs 10:00), both on May 28.", []),
])
def test_a_flights_time_said_against_its_schedule(text: str, out: list[tuple[str, str, str]]) -> None:
    assert mistimed(text, lambda flight, way: TIMES.get((flight, way), set())) == out


RANGE_TIMES = {**TIMES, ("HAT175", "departure"): {"17:00"}, ("HAT175", "arrival"): {"20:00"},
               ("HAT290", "departure"): {"14:00"}, ("HAT290", "arrival"): {"16:00"}}


@pytest.mark.parametrize(("text", "out"), [
    ("- **New return:** HAT290 DEN→LAS 2:00 PM–4:00 PM, then HAT175 LAS→IAH 5:00 PM–9:00 PM",
     [("HAT175", "5:00 PM–9:00 PM", "20:00")]),
    ("HAT290 DEN→LAS 2:00 PM–4:00 PM, then HAT175 LAS→IAH 5:00 PM–8:00 PM", []),
    ("HAT290 (14:00-16:00) and HAT175 (17:00-20:00)", []),  # 24-hour times
    ("HAT290 2:00–4:00 PM", []),  # the first time takes the second's half of the day
    ("HAT290 3:00–4:00 PM", [("HAT290", "3:00–4:00 PM", "14:00")]),
    ("HAT999 1:00 PM–3:00 PM", []),  # nothing shown of it: the visibility check's to judge
    ("HAT290 for 2-3 bags", []),  # no clock
    # a trip's legs, then their ranges in order, the second ending past 20:00 (blind set 75, a75_10)
    ("| HAT290 + HAT175 | LAS | 14:00–16:00, 17:00–20:00 | $206 |", []),
    ("| HAT290 + HAT175 | LAS | 14:00–16:00, 17:00–21:00 | $206 |", [("HAT175", "17:00–21:00", "20:00")]),
    ("| HAT290 + HAT175 | LAS | 14:00–16:00, 16:00–20:00 | $206 |", [("HAT175", "16:00–20:00", "17:00")]),
    # one range for joined legs: the first's departure, the last's arrival (blind set 80: a80_03 39, a80_05 26)
    ("Option 2 (HAT290 + HAT175 via Las Vegas, 14:00–20:00) is only $9 more.", []),
    ("| Via LAS | HAT290/HAT175 | 14:00–20:00 | $206 |", []),
    ("Option 2 (HAT290 + HAT175 via Las Vegas, 15:00–20:00) is only $9 more.", [("HAT290", "15:00–20:00", "14:00")]),
    # ... each leg with its route (blind set 84, a84_03 14)
    ("| 1 | HAT290 DEN → LAS + HAT175 LAS → IAH | 14:00 – 20:00 | $206 |", []),
    ("| 1 | HAT290 DEN → LAS + HAT175 LAS → IAH | 15:00 – 20:00 | $206 |", [("HAT290", "15:00 – 20:00", "14:00")]),
    # a flight replaced by another, the range the new one's (blind set 86, a86_08 36)
    ("- May 20: **HAT175 → HAT290** DEN → LAS 14:00–16:00", []),
    ("- May 20: **HAT175 → HAT290** DEN → LAS 13:00–16:00", [("HAT175", "13:00–16:00", "17:00")]),
    # joined legs, then a range a leg, in a bracket, among other options (blind set 89, a89_05 20)
    ("Via Vegas: HAT290 + HAT175 at $206 (14:00–16:00, then 17:00–20:00) or HAT999 + HAT175 at $243.", []),
    ("Via Vegas: HAT290 + HAT175 at $206 (14:00–16:00, then 17:00–21:00) or HAT999 + HAT175 at $243.",
     [("HAT175", "17:00–21:00", "20:00")]),
])
def test_a_flights_time_range_said_against_its_schedule(text: str, out: list[tuple[str, str, str]]) -> None:
    assert mistimed_ranges(text, lambda flight, way: RANGE_TIMES.get((flight, way), set())) == out


@pytest.mark.parametrize(("said", "kinds"), [("- HAT175 LAS→IAH 5:00 PM–9:00 PM", ["text_mistimed"]),
                                             ("- HAT175 LAS→IAH 5:00 PM–8:00 PM", [])])
def test_a_time_range_of_a_searched_flight(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Flights from Las Vegas to Houston on May 27?")
    c.call("search_direct_flight", {"origin": "LAS", "destination": "IAH", "date": "2024-05-27"}, [
        {"flight_number": "HAT175", "scheduled_departure_time_est": "17:00:00", "scheduled_arrival_time_est": "20:00:00"}])
    i = c.say(f"Here is the one direct flight:\n{said}")
    assert [k for x in at(certify_interaction(c.build()), i).reasons if (k := reason_kind(x)) == "text_mistimed"] == kinds


def test_a_departure_time_that_is_the_arrival_is_not_grounded(convo: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("When does HAT225 leave Denver on the 28th?")
    c.call("search_direct_flight", {"origin": "DEN", "destination": "CLT", "date": "2024-05-28"}, [
        {"flight_number": "HAT225", "scheduled_departure_time_est": "06:00:00", "scheduled_arrival_time_est": "09:00:00"}])
    i = c.say("HAT225 departs Denver at 09:00.")
    j = c.say("Sorry: HAT225 departs Denver at 06:00 and arrives at 09:00.")
    r = {d.message_index: d for d in certify_interaction(c.build()).decisions}
    assert [reason_kind(x) for x in r[i].reasons] == ["text_mistimed"] and r[j].eligible


@pytest.mark.parametrize(("told", "text", "out"), [
    (set(), "HAT999 departs at 11:00.", [("HAT999", "11:00", "")]),  # no schedule and no user said it
    ({"11:00"}, "HAT999 departs at 11:00.", []),  # the user said when it leaves
    ({"23:00"}, "HAT999 departs at 11:00 pm.", []),
    (set(), "HAT225 departs at 06:00.", []),  # its schedule is shown: the user need not say it
    # each flight of a list in one sentence (blind set 79, a79_09 54)
    (set(), "On the way back, HAT999 departs LGA at 21:00 on May 19, and HAT225 continues at 06:00.",
     [("HAT999", "21:00", "")]),
    ({"21:00"}, "On the way back, HAT999 departs LGA at 21:00 on May 19, and HAT225 continues at 06:00.", []),
])
def test_a_flights_time_with_no_schedule_shown_needs_the_user(told: set[str], text: str,
                                                              out: list[tuple[str, str, str]]) -> None:
    assert mistimed(text, lambda flight, way: TIMES.get((flight, way), set()), lambda: told) == out


@pytest.mark.parametrize(("user", "eligible"), [
    ("What time does HAT019 leave?", False),  # 15:00 is only the system prompt's clock
    ("It leaves at 3pm, right?", True),
    ("It leaves at 15:00, right?", True),
    ("It leaves at 3, right?", False),  # a bare number is no time
])
def test_the_system_prompts_clock_is_no_flights_schedule(convo: Any, user: str, eligible: bool) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline",
              system="You are an airline agent. The current time is 2024-05-15 15:00:00 EST.")
    c.user(f"My reservation is NCO2MJ. {user}")
    c.call("get_reservation_details", {"reservation_id": "NCO2MJ"}, {
        "reservation_id": "NCO2MJ", "flights": [{"flight_number": "HAT019", "date": "2024-05-17", "price": 154}]})
    i = c.say("HAT019 is scheduled to depart Miami at 3:00 PM EST on May 17.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert decision.eligible is eligible
    assert [reason_kind(r) for r in decision.reasons] == ([] if eligible else ["text_time_not_visible"])


SWITCHES = {("555-123-2002", "roaming"): True, ("L1002", "roaming"): True, ("L1003", "roaming"): False}


@pytest.mark.parametrize(("text", "out"), [
    ("International roaming is currently disabled on 555-123-2002.", [("555-123-2002", "roaming", True)]),
    ("Roaming is not enabled on L1002.", [("L1002", "roaming", True)]),
    ("I see that **roaming isn't enabled** on your line L1002.", [("L1002", "roaming", True)]),
    ("Roaming isn’t on for L1003.", []),
    ("About France: roaming is currently **disabled** on line L1002.", [("L1002", "roaming", True)]),  # in bold
    ("Roaming is already on for L1002, so you're set.", []),
    ("Roaming is off on L1003.", []),
    ("Roaming is now enabled on L1003.", []),  # a report of a change made: the claims' matter
    ("If roaming is off on L1002, I can enable it.", []),  # what may be
    ("Roaming is off on L1003 and on on L1002.", []),  # two objects: whose is not clear
    ("Data is off on L1002.", []),  # no flag of that feature shown
    # each state word gives the objects listed after it (blind audit telecom-r49-11)
    ("Done. Roaming is now on for L1002 and off for 555-123-2002 and L1003.", [("555-123-2002", "roaming", True)]),
    ("Done. Roaming is now on for L1002 and 555-123-2002, and off for L1003.", []),
    # the plan a line is on owns no switch (blind set 97, t97_10 40)
    ("L1002 is Active, on plan P1002, and roaming is still disabled on it.", [("L1002", "roaming", True)]),
    # the object between the feature and its state (blind set 102, t102_12 54)
    ("Alright, roaming on 555-123-2002 stays disabled.", [("555-123-2002", "roaming", True)]),
    ("Roaming on L1002 is still enabled.", []),
    ("Roaming on L1003 remains off.", []),
])
def test_a_feature_said_on_or_off_against_the_record(text: str, out: list[tuple[str, str, bool]]) -> None:
    assert switched(text, lambda ident, feature: SWITCHES.get((ident, feature))) == out


@pytest.mark.parametrize(("line_record", "user", "kinds"), [
    # blind set 97, t97_03 6: roaming said of the caller's line before any line record shows it
    (False, "I'm abroad in France and my data is slow. I'm c1001.", ["text_status_not_visible"]),
    (True, "I'm abroad in France and my data is slow. I'm c1001.", []),
    (False, "I'm abroad in France; roaming is on for my line, I checked. I'm c1001.", []),  # the user's word
])
def test_roaming_said_of_a_line_no_record_shows(convo: Any, at: Any, line_record: bool, user: str,
                                                kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(user)
    c.call("get_customer_by_id", {"customer_id": "C1001"}, {"customer_id": "C1001", "full_name": "John Smith",
                                                            "line_ids": ["L1001", "L1002"]})
    if line_record:
        c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                      "roaming_enabled": True})
    i = c.say("Thanks, John. I can also see international roaming is enabled on your line, so that side is fine.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("enabled_since", "kinds"), [(False, ["text_contradicts_status"]), (True, [])])
def test_a_features_setting_the_record_contradicts_is_not_grounded(convo: Any, enabled_since: bool,
                                                                   kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is not working on 555-123-2002. I'm C1001.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                  "status": "Active", "roaming_enabled": not enabled_since})
    if enabled_since:  # the record shows it off, and a write since turned it on
        c.say("Roaming is off on L1002. Shall I enable it?")
        c.user("yes")
        c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1002"}, "Roaming enabled successfully")
        c.user("thanks")
    i = c.say("By the way, roaming is currently enabled on 555-123-2002." if enabled_since
              else "By the way, roaming is currently disabled on 555-123-2002.")
    decision = next(d for d in certify_interaction(c.build()).decisions if d.message_index == i)
    assert [reason_kind(r) for r in decision.reasons] == kinds


@pytest.mark.parametrize(("write_line", "said", "kinds"), [
    # blind set 97, t97_10 40: enable_roaming on this line turned it on, whatever its record showed before
    ("L1001", "555-123-2001 is Active, on plan P1001, and roaming is still disabled on it.", ["text_contradicts_status"]),
    ("L1001", "555-123-2001 is Active, on plan P1001, and roaming is enabled on it.", []),
    ("L1002", "555-123-2001 is Active, on plan P1001, and roaming is still disabled on it.", []),  # another line's
])
def test_a_setting_an_enable_call_on_the_object_made(convo: Any, at: Any, write_line: str, said: str,
                                                    kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1001. My wife's line 555-123-2001 needs roaming.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                  "status": "Active", "plan_id": "P1001", "roaming_enabled": False})
    c.say("Roaming is disabled on 555-123-2001. Enable it?")
    c.user("yes")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": write_line}, "Roaming enabled successfully")
    c.say("Done.")
    c.user("What's set up on her line now?")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit t65_01: the write's own result shows the line's roaming after it
    ("Done: line 555-123-2003 is Active again, and roaming is switched on for it too.", ["text_contradicts_status"]),
    ("Done: line 555-123-2003 is Active again; roaming is off for it.", []),
])
def test_a_setting_the_writes_own_result_shows(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Please turn my tablet line 555-123-2003 back on. I'm C1001.")
    line = {"line_id": "L1003", "phone_number": "555-123-2003", "status": "Suspended", "roaming_enabled": False}
    c.call("get_details_by_id", {"id": "L1003"}, line)
    c.say("Line 555-123-2003 (L1003) is suspended. Resume it now?")
    c.user("yes")
    c.call("resume_line", {"customer_id": "C1001", "line_id": "L1003"},
           {"message": "Line resumed successfully", "line": {**line, "status": "Active"}})
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("paid", "kinds"), [(False, ["text_contradicts_status"]), (True, [])])
def test_no_open_balance_where_a_bill_shows_issued(convo: Any, at: Any, paid: bool, kinds: list[str]) -> None:
    # blind audit t64_06: resuming a line leaves an issued bill unpaid; one the user paid since is not
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My line 555-123-2002 is suspended. I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "total_due": 150.0,
                                                                  "status": "Issued"}])
    if paid:
        c.user_runs("make_payment", {}, "Payment of 150.0 USD has been made for bill B1002.")
        c.user("Paid it.")
    c.say("Shall I resume line L1002 now?")
    c.user("yes")
    c.call("resume_line", {"customer_id": "C1001", "line_id": "L1002"}, {"message": "Line resumed successfully"})
    i = c.say("Your line is active again, and your account has no open balance left.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("second_paid", "said", "kinds"), [
    # every bill said paid, one still issued (blind set 93, t93_06 68)
    (False, "Since both of your bills are now paid, your account is fully up to date.", ["text_contradicts_status"]),
    (True, "Since both of your bills are now paid, your account is fully up to date.", []),
    (False, "Once both of your bills are paid, your account will be up to date.", []),  # what would be so
    # nothing said to be owed (blind set 95, t95_08 50)
    (False, "No, you're all paid up: nothing is outstanding on your account.", ["text_contradicts_status"]),
    (True, "No, you're all paid up: nothing is outstanding on your account.", []),
    (False, "If you pay it, you're all paid up.", []),
])
def test_every_bill_said_paid_where_one_shows_issued(convo: Any, at: Any, second_paid: bool, said: str,
                                                     kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My line 555-123-2002 has no service. I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1234321", "total_due": 65.0, "status": "Overdue"}, {"bill_id": "B1002", "total_due": 150.0,
                                                                          "status": "Issued"}])
    c.user_runs("make_payment", {}, "Payment of 65.0 USD has been made for bill B1234321.", text="paid the overdue one")
    if second_paid:
        c.user_runs("make_payment", {}, "Payment of 150.0 USD has been made for bill B1002.", text="and the other")
    else:
        c.user("I'll pay the other one later.")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


RATINGS = {4.4: "Poor", 22.0: "Fair"}


@pytest.mark.parametrize(("text", "out"), [
    ("Better — **22 Mbps**, which is **5× faster** and now rated **Good**. 🎉", [("Good", "Fair")]),
    ("22 Mbps — that's in the Good range now, but still below what 5G should give.", [("Good", "Fair")]),
    ("22 Mbps is rated Fair.", []),
    ("Good news: 22 Mbps now, up from 4.4.", []),  # two speeds; and "Good news" rates nothing
    ("Good — 22 Mbps (Fair) is much better.", []),  # the sentence's first word
    ("That's good news: 22 Mbps.", []),  # lower case, not after "rated"
    ("It's 30 Mbps and rated Good.", []),  # no test measured 30 Mbps
    # a rating the speed does not reach, or came from (blind set 88, t88_04 49)
    ("Better: **22 Mbps (Fair)**, but still not Excellent.", []),
    ("22 Mbps is Fair, up from Poor.", []),
    ("22 Mbps, still not Excellent but now Good.", [("Good", "Fair")]),
])
def test_a_speed_said_with_another_rating_than_its_test_showed(text: str, out: list[tuple[str, str]]) -> None:
    assert misrated_speeds(text, RATINGS) == out


def test_a_speed_tests_rating_misstated_is_not_grounded(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is slow.")
    c.user_runs("run_speed_test", {}, "Speed Test Result: 22.00 Mbps (Fair).", "it says 22")
    wrong, right = c.say("22 Mbps is now rated **Good**."), c.say("22 Mbps is rated **Fair**.")
    cert = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(cert, wrong).reasons] == ["text_contradicts_status"]
    assert at(cert, right).eligible, at(cert, right).reasons


def test_a_speed_test_the_user_reads_out_is_read_too(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data is slow. The speed test now says: Speed Test Result: 44.00 Mbps (Good).")
    wrong, right = c.say("44.00 Mbps, rated Excellent."), c.say("44.00 Mbps, rated Good.")
    cert = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(cert, wrong).reasons] == ["text_contradicts_status"]
    assert at(cert, right).eligible, at(cert, right).reasons


CABINS = {"Y2WASI": {"economy"}, "CUPYN7": {"basic_economy"}}


@pytest.mark.parametrize(("text", "out"), [
    ("Reservation Y2WASI | First flight 2024-05-22 | Cabin Basic economy | Insurance No",
     [("Y2WASI", "basic economy", "economy")]),
    ("Reservation CUPYN7 | First flight 2024-05-23 | Cabin Basic economy", []),
    ("Y2WASI is in economy.", []),
    ("CUPYN7 is in business.", [("CUPYN7", "business", "basic_economy")]),
    ("Upgrading Y2WASI to business would cost $300.", []),  # a change that may happen
    ("Y2WASI and CUPYN7 are both economy.", []),  # two reservations: whose cabin is unclear
    ("You'll hear back on CUPYN7 within 3 business days.", []),  # business days, no cabin
    ("**CUPYN7** is a basic-economy one-way trip MIA → DEN for you alone.", []),  # hyphenated, as written
    ("**Y2WASI** is a basic-economy one-way trip MIA → DEN.", [("Y2WASI", "basic economy", "economy")]),
    ("- Reservation **Y2WASI** → **business** for both flights", []),  # the change described (blind audit a57_07)
    # a list that labels the new cabin under the change it describes (blind audit a58_06)
    ("To confirm the change:\n- Cabin: business for the whole reservation Y2WASI\n- Upgrade cost: $346", []),
    ("Here is your trip:\n- Cabin: business for the whole reservation Y2WASI", [("Y2WASI", "business", "economy")]),
    # ... the cabin labelled later in the list's line (blind set 88, a88_04 22)
    ("Here's the change for your approval:\n- Reservation **Y2WASI**, cabin **business**\n- Refund of $300", []),
    ("Here is your trip:\n- Reservation **Y2WASI**, cabin **business**", [("Y2WASI", "business", "economy")]),
    # the cabin's own allowance, not the reservation's cabin (blind set 86, a86_01 51)
    ("- **CUPYN7**: 3 bags for 2 passengers — economy includes 2, so that's one more than the free allowance.", []),
    ("- **CUPYN7**: 3 bags for 2 passengers in economy.", [("CUPYN7", "economy", "basic_economy")]),
    # a cabin said not to be the reservation's (blind set 93, a93_21 26)
    ("CUPYN7 doesn't qualify: it was booked on May 1, it isn't business, and there's no insurance.", []),
    ("CUPYN7 is not in economy.", []),
    ("CUPYN7 doesn't qualify: it was booked on May 1, it is business, and there's no insurance.",
     [("CUPYN7", "business", "basic_economy")]),
])
def test_a_cabin_said_of_a_reservation_against_the_one_shown(text: str, out: list[tuple[str, str, str]]) -> None:
    assert cabin_contradicted(text, lambda code: CABINS.get(code, set())) == out


@pytest.mark.parametrize(("written", "kinds"), [(False, ["text_contradicts_status"]), (True, [])])
def test_a_cabin_said_of_a_reservation_a_write_changed_is_not_read(convo: Any, at: Any, written: bool,
                                                                   kinds: list[str]) -> None:
    # The flight change may leave the reservation's shown cabin behind (the environment keeps it).
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Details of Y2WASI please. Then move it to business, yes go ahead.")
    reservation = {"reservation_id": "Y2WASI", "cabin": "economy", "insurance": "no"}
    c.call("get_reservation_details", {"reservation_id": "Y2WASI"}, reservation)
    if written:
        c.call("update_reservation_flights", {"reservation_id": "Y2WASI", "cabin": "business"}, reservation)
    i = c.say("| Reservation | Cabin |\n|---|---|\n| Y2WASI | Business |")
    kinds_found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in kinds_found if k == "text_contradicts_status"] == kinds


def _telecom(convo: Any) -> Any:
    return convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")


def test_a_bill_the_user_paid_on_their_phone_may_be_called_paid(convo: Any, at: Any) -> None:
    c = _telecom(convo)
    c.user("what do i owe? customer C1010")
    c.call("get_bills_for_customer", {"customer_id": "C1010"},
           [{"bill_id": "B1029", "customer_id": "C1010", "total_due": 50.0, "status": "Issued"}])
    c.say("Bill B1029 ($50.00) is issued and unpaid. Shall I send a payment request for it?")
    c.user("yes")
    c.call("send_payment_request", {"customer_id": "C1010", "bill_id": "B1029"},
           "Payment request sent to the customer for bill B1029")
    c.user_runs("make_payment", {}, "Payment of 50.0 USD has been made for bill B1029.", text="paid it")
    paid = c.say("Thank you, B1029 ($50.00) is paid.")
    out = certify_interaction(c.build())
    assert at(out, paid).reasons == []


@pytest.mark.parametrize(("tool", "result", "kinds"), [
    # the user only looked at the request: B1029 is no more paid than it was (blind set 72, t72_05)
    ("check_payment_request", "You have a payment request for bill B1029 of 50.0 USD.", ["text_contradicts_status"]),
    ("make_payment", "Payment of 50.0 USD has been made for bill B1029.", []),
])
def test_a_bill_the_user_only_looked_at_keeps_its_status(convo: Any, at: Any, tool: str, result: str,
                                                         kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("what do i owe? customer C1010")
    c.call("get_bills_for_customer", {"customer_id": "C1010"}, [
        {"bill_id": "B1029", "customer_id": "C1010", "period_start": "2025-02-01", "total_due": 50.0,
         "status": "Issued"}])
    c.user_runs(tool, {}, result, text="ok, I see it")
    c.user("I'll pay it tonight.")
    said = c.say("Great, your February bill is now paid.")  # named by its month, no identifier said
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), said).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


@pytest.mark.parametrize(("text", "kinds"), [
    # the line's status, in the clause before the bill's (blind set 86, t86_01 58)
    ("It has been **Suspended** since 2025-02-01, which is why the February bill has a $5.00 suspension fee.", []),
    ("The February bill is suspended, which is odd.", ["text_contradicts_status"]),
    # a status put before another kind of record (blind set 90, t90_05 46)
    ("Suspended lines carry a holding fee — that's the $5.00 on February's bill.", []),
    ("Suspended bills carry a holding fee — that's the $5.00 on February's bill.", ["text_contradicts_status"]),
])
def test_a_status_of_the_clause_before_a_bill_named_by_month(convo: Any, at: Any, text: str, kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("customer C1010, what is the fee on my bill for the tablet?")
    c.call("get_bills_for_customer", {"customer_id": "C1010"}, [
        {"bill_id": "B1029", "customer_id": "C1010", "period_start": "2025-02-01", "total_due": 45.0,
         "status": "Issued"}])
    said = c.say(text)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), said).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


def test_a_bill_the_user_paid_is_read_again_from_a_later_lookup(convo: Any, at: Any) -> None:
    c = _telecom(convo)
    c.user("customer C1010, did my payment go through?")
    c.call("get_bills_for_customer", {"customer_id": "C1010"},
           [{"bill_id": "B1029", "customer_id": "C1010", "total_due": 50.0, "status": "Issued"}])
    c.user_runs("make_payment", {}, "Payment of 50.0 USD has been made for bill B1029.", text="i just paid")
    c.call("get_bills_for_customer", {"customer_id": "C1010"},
           [{"bill_id": "B1029", "customer_id": "C1010", "total_due": 50.0, "status": "Issued"}])
    wrong = c.say("Yes, B1029 is paid.")  # the newer lookup, after the payment, still shows it issued
    out = certify_interaction(c.build())
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_contradicts_status"]


@pytest.mark.parametrize(("text", "out"), [
    ("I see #W1000001 and #W1000003, and both are still pending.", [("#W1000001", {"pending"}),
                                                                    ("#W1000003", {"pending"})]),
    ("#W1000001 and #W1000003 are all two pending.", [("#W1000001", {"pending"}), ("#W1000003", {"pending"})]),
    ("#W1000001 is pending and #W1000003 delivered.", []),  # whose status is which: not said per object
    # "Both" before the objects says both writes are done, not that they share the status after it.
    ("Both are done: order #W1000001 is cancelled and refunded, and order #W1000003 will now ship to your office.",
     [("#W1000001", {"cancelled"})]),
    # a status given to the objects listed after their kind (blind audit r56_02, r56_06)
    ("I see two delivered orders on your account, #W1000001 and #W1000003. Which one?",
     [("#W1000001", {"delivered"}), ("#W1000003", {"delivered"})]),
    ("Three pending orders — #W1000001, #W1000002 and #W1000003.",
     [("#W1000001", {"pending"}), ("#W1000002", {"pending"}), ("#W1000003", {"pending"})]),
    ("Two pending orders (#W1000001, #W1000002) and one delivered order (#W1000003).",
     [("#W1000001", {"pending"}), ("#W1000002", {"pending"}), ("#W1000003", {"delivered"})]),
    # a date is no object with a status (blind audit t58_03)
    ("1. **B1002 - February 2025**: $150.00, due 02/19/2025 - this bill is **overdue**.", [("B1002", {"overdue"})]),
    ("B1002 is due 2025-02-19 and is overdue.", [("B1002", {"overdue"})]),
    # an item's options joined by slashes are no object (blind audit r66_03)
    ("#W4135875 (Tablet 8-inch/128GB/silver, $904.46) has been processed and will ship soon.",
     [("#W4135875", {"processed"})]),
    # a rule of a kind of object (blind set 89, r89_01 20)
    ("Only pending orders can be cancelled or modified, so everything except #W4432568 is still open.", []),
    ("#W4432568 is only pending, so it can still be changed.", [("#W4432568", {"pending"})]),
    # a status set against the one said (blind set 96, t96_04 32)
    ("On my side B1002 still shows 'Awaiting Payment' rather than Paid, so it hasn't gone through.", []),
    ("B1002 is overdue instead of paid.", [("B1002", {"overdue"})]),
    ("B1002 is paid rather than overdue.", [("B1002", {"paid"})]),
    # a status as the heading of the objects listed after its colon (blind set 104, r104_11 34)
    ("Still pending (can be cancelled or modified): #W1000001, #W1000002 and #W1000003. Already processed: #W1000004.",
     [("#W1000001", {"pending"}), ("#W1000002", {"pending"}), ("#W1000003", {"pending"}), ("#W1000004", {"processed"})]),
    ("Pending: #W1000001 and #W1000002.", [("#W1000001", {"pending"}), ("#W1000002", {"pending"})]),
    ("Once delivered: #W1000001 and #W1000002 can be returned.", []),
    # a spaced dash ends the clause of the answer before it (blind set 104, t104_08 40)
    ("Not yet - L1003 is still showing as Suspended since 2025-02-01.", [("L1003", {"suspended"})]),
    ("L1003 - not yet active.", []),
])
def test_a_status_said_of_each_of_several_objects(text: str, out: list[tuple[str, set[str]]]) -> None:
    from trajectory2gym.certify.statuses import status_claims

    assert [(ident, said) for ident, said, _ in status_claims(text)] == out


@pytest.mark.parametrize(("report", "kinds"), [
    # blind audit tel-17: the phone's clause says it keeps roaming
    ("Done: roaming is off on both watches, and your phone 555-667-6853 still has roaming.", []),
    ("Done: roaming is off on 555-667-6853.", ["text_claims_other_object", "text_contradicts_status"]),
])
def test_a_clause_that_says_another_line_keeps_its_state_reports_nothing_on_it(convo: Any, at: Any, report: str,
                                                                                kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm C1061. Turn roaming off on both watches, keep it on my phone 555-667-6853.")
    c.call("get_customer_by_id", {"customer_id": "C1061"}, {"customer_id": "C1061", "line_ids": ["L1114", "L1116"]})
    c.call("get_details_by_id", {"id": "L1114"}, {"line_id": "L1114", "phone_number": "555-667-6853",
                                                 "roaming_enabled": True})
    c.call("get_details_by_id", {"id": "L1116"}, {"line_id": "L1116", "phone_number": "555-852-8045",
                                                 "roaming_enabled": True})
    c.say("I'll disable roaming on the watch 555-852-8045 (L1116); 555-667-6853 keeps roaming. Shall I proceed?")
    c.user("yes")
    c.call("disable_roaming", {"customer_id": "C1061", "line_id": "L1116"}, "Roaming disabled successfully")
    i = c.say(report)
    assert sorted(map(reason_kind, at(certify_interaction(c.build()), i).reasons)) == kinds


@pytest.mark.parametrize(("text", "found"), [
    # blind audit air50_07: the user's own tier against the profile's
    ("Hi Victor, thanks for being a gold member. What can I help with?", [("gold", "regular")]),
    ("Hi Victor, thanks for being a regular member.", []),
    ("Gold members get 3 free bags in economy.", []),  # the policy's tiers, not the user's
    ("As a silver member you get 2 free bags.", [("silver", "regular")]),
])
def test_the_users_tier_against_the_profile(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.statuses import tier_contradicted

    assert tier_contradicted(text, {"regular"}) == found
    assert tier_contradicted(text, set()) == []  # no profile shown: nothing to compare


@pytest.mark.parametrize(("user", "said", "kinds"), [
    ("Change 1N99U6 to a nonstop.", "Also, since you're a **Silver** member, that bag was included free.",
     ["text_not_visible"]),
    ("Change 1N99U6 to a nonstop. I'm a silver member.", "Also, since you're a Silver member, that bag was free.", []),
    ("Change 1N99U6 to a nonstop.", "Silver members get 2 free bags in economy.", []),  # the policy's tiers
])
def test_the_users_tier_where_no_profile_was_read(convo: Any, at: Any, user: str, said: str,
                                                 kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user(user)
    c.call("get_reservation_details", {"reservation_id": "1N99U6"}, {"reservation_id": "1N99U6", "cabin": "economy",
                                                                      "total_baggages": 1, "nonfree_baggages": 0})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "found"), [
    ("I don't see any overdue bill — your February bill B1002 ($150.00) is issued.",
     [("don't see any overdue bill", "B1234321")]),
    ("You have no suspended lines.", []),  # none shown suspended
    ("Any overdue bill must be paid first.", []),  # no denial
])
def test_a_denial_that_any_object_is_in_a_status_one_shows(text: str, found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.statuses import denials

    shown = {("bill", "overdue"): ["B1234321"]}
    assert [(d.said, ident) for d in denials(text) for ident in shown.get((d.kind, d.status), [])[:1]] == found


@pytest.mark.parametrize(("overdue", "kinds"), [(True, ["text_contradicts_status"]), (False, [])])
def test_no_overdue_bill_said_where_the_bills_show_one(convo: Any, at: Any, overdue: bool, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Why is my line suspended? I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001", "limit": 3}, [
        {"bill_id": "B1002", "total_due": 150.0, "status": "Issued"},
        {"bill_id": "B1234321", "total_due": 65.0, "status": "Overdue" if overdue else "Paid"}])
    i = c.say("I don't see any overdue bill — your February bill B1002 ($150.00) is issued.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "out"), [
    ("(Your other order, #W1000004, was delivered.)", [("#W1000004", "cancelled")]),  # blind audit r54_02
    ("Order #W1000001 was cancelled yesterday.", [("#W1000001", "pending (item modified)")]),
    ("Order #W1000004 was cancelled with a full refund.", []),
    ("#W1000003 was delivered on May 2.", []),
    ("If #W1000004 was delivered, you could return it.", []),  # a condition
    ("#W1000003 and #W1000004 were delivered.", []),  # two objects: whose is not clear
    # a postal code is no object with a status (blind audit r66_12)
    ("Your E-Reader order #W1000004 was delivered to 870 Oak Street, Suite 766, San Jose, CA 95161, USA.",
     [("#W1000004", "cancelled")]),
])
def test_a_past_status_the_shown_one_rules_out(text: str, out: list[tuple[str, str]]) -> None:
    shown = {"#W1000004": "cancelled", "#W1000001": "pending (item modified)", "#W1000003": "delivered"}
    assert past_contradicted(text, lambda ident: shown.get(ident, "")) == out


@pytest.mark.parametrize(("said", "kinds"), [("Your other order, #W1000004, was delivered.", ["text_contradicts_status"]),
                                             ("Your other order, #W1000004, was cancelled.", [])])
def test_a_past_status_said_of_a_looked_up_order(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("What happened to my order #W1000004?")
    c.call("get_order_details", {"order_id": "#W1000004"}, {"order_id": "#W1000004", "status": "cancelled"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "said", "kinds"), [
    # A denial said before any bill was looked up (blind audit t54_07).
    ("My data stopped working. I'm C1001.", "Your account has **no overdue balance**, so billing is not the problem.",
     ["text_status_not_visible"]),
    ("My data stopped working. I'm C1001 and I have no overdue bills.", "You have no overdue bills, so billing is "
     "not the problem.", []),  # the user's own word
])
def test_a_denial_before_any_object_of_its_kind_was_shown(convo: Any, at: Any, user: str, said: str,
                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(user)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_a_denial_after_the_bills_were_shown(convo: Any, at: Any) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Do I owe anything? I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001", "limit": 3}, [
        {"bill_id": "B1002", "total_due": 150.0, "status": "Paid"}])
    i = c.say("Your account has no overdue balance: B1002 ($150.00) is paid.")
    assert at(certify_interaction(c.build()), i).reasons == []


@pytest.mark.parametrize(("text", "out"), [
    # the one line shown with the flag, named by "your account" (blind audit t55_11)
    ("Since you're abroad, roaming is already **enabled** on your account, so you only need to switch Data Roaming "
     "on in the phone's settings.", [("L1003", "roaming", False)]),
    ("Roaming is disabled on your line.", []),  # as shown
    ("Data Roaming is on in your phone, on your account too.", []),  # the phone's own switch
    ("Roaming is already enabled.", []),  # of nothing named
    # the line's clause after the phone's own switch (blind audit t58_01)
    ("Great, data roaming is on on your phone, and international roaming is enabled on your line on our side as "
     "well, so roaming isn't the problem.", [("L1003", "roaming", False)]),
    ("Great, roaming is enabled on your line, and data roaming is on on your phone.", [("L1003", "roaming", False)]),
    ("Great, data roaming is on on your phone, and roaming is disabled on your line.", []),
    # the object named once, then "it" in the joined clause (blind audit t59_02)
    ("Line L1003 is Active again, and international roaming is enabled on it as well.", [("L1003", "roaming", False)]),
    ("Line L1003 is Active again, and international roaming is disabled on it.", []),
    # ... named with its number in brackets, one object (blind set 72, t72_08)
    ("L1003 (555-123-2003) is active again, and roaming is enabled on it as well.", [("L1003", "roaming", False)]),
    # a list's line under a heading of "your line", the state after a colon (blind set 69, t69_11)
    ("### Your line\n- Status: Active\n- International roaming: **enabled**; I can turn it off.", [("L1003", "roaming", False)]),
    ("### Your line\n- Status: Active\n- International roaming: **disabled**; I can turn it on.", []),
    ("### Your phone\n- Data roaming: **on**", []),  # not of the line
    # the state right after the feature, after "shows" or "has" (blind set 87, t87_11 22)
    ("Your line shows roaming **enabled**, so that part is fine.", [("L1003", "roaming", False)]),
    ("L1003 has international roaming enabled.", [("L1003", "roaming", False)]),
    ("Your line shows roaming **disabled**, so I'll need to switch it on. OK to enable it?", []),
    ("Your phone shows Data Roaming enabled.", []),  # the phone's own switch
    # "off" after "shows" too, never a preposition (blind set 104, t104_07 44)
    ("Your son's line L1003 still shows roaming off.", []),
    ("L1002 still shows roaming off.", [("L1002", "roaming", True)]),
])
def test_a_feature_said_of_your_account_is_the_one_lines(text: str, out: list[tuple[str, str, bool]]) -> None:
    assert switched(text, lambda ident, feature: SWITCHES.get((ident, feature)),
                    lambda feature: "L1003" if feature == "roaming" else None) == out


@pytest.mark.parametrize(("lines", "kinds"), [(["L1002"], ["text_contradicts_status"]), (["L1002", "L1001"], [])])
def test_your_accounts_roaming_is_the_one_line_looked_ups(convo: Any, at: Any, lines: list[str], kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data doesn't work in France. I'm 555-123-2002.")
    for line in lines:  # with two lines shown, "your account" names neither
        c.call("get_details_by_id", {"id": line}, {"line_id": line, "status": "Active", "roaming_enabled": False})
    i = c.say("Roaming is already **enabled** on your account, so just switch Data Roaming on in your phone.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 87, t87_11 22: the state after "shows", in a text with no "is" (the certifier's first filter)
    ("Your line shows roaming **enabled**, so I'll need to check the phone next.", ["text_contradicts_status"]),
    ("Your line shows roaming **disabled**, so I'll need to switch it on. OK to enable it?", []),
])
def test_a_lines_roaming_said_as_shown(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My data doesn't work in France. I'm 555-123-2002.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "status": "Active", "roaming_enabled": False})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("write", "kinds"), [
    # blind set 76, t76_06: a refuel adds data; the line's roaming stays as its record showed
    (("refuel_data", {"customer_id": "C1001", "line_id": "L1002", "gb_amount": 1.0},
      {"message": "Successfully added 1.0 GB of data for line L1002 for $2.00"}), ["text_contradicts_status"]),
    # a suspension may change the line: its record before it no longer shows its roaming
    (("suspend_line", {"customer_id": "C1001", "line_id": "L1002", "reason": "travel"},
      {"message": "Line suspended successfully."}), []),
])
def test_a_lines_roaming_after_a_write_that_leaves_it(convo: Any, at: Any, write: tuple[str, dict[str, Any], dict[str, Any]],
                                                     kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I'm 555-123-2002, customer C1001. Turn off roaming on my line please, and top up my data.")
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                 "status": "Active", "roaming_enabled": True})
    c.say("I'll do that on L1002 (555-123-2002). Shall I go ahead?")
    c.user("yes")
    c.call(*write)
    i = c.say("Done. Roaming is already disabled on 555-123-2002, so nothing to change there.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r57_08: an option of a write's choice said of the object, where its record shows another
    # (and a reason no one here gave: neither the user, the record nor the call)
    ("Yes, #W5056519 was cancelled with the reason 'no longer needed'.", ["text_contradicts_status", "text_not_visible"]),
    ("Yes, #W5056519 was cancelled with the reason 'ordered by mistake'.", []),
    ("Yes, #W5056519 is cancelled.", []),
])
def test_a_choice_said_of_an_object_against_its_record(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Cancel #W5056519, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W5056519"}, {"order_id": "#W5056519", "status": "pending"})
    c.say("I'll cancel order #W5056519 with the reason 'ordered by mistake'. Shall I?")
    c.user("Yes.")
    c.call("cancel_pending_order", {"order_id": "#W5056519", "reason": "ordered by mistake"},
           {"order_id": "#W5056519", "status": "cancelled", "cancel_reason": "ordered by mistake"})
    c.say("Done: #W5056519 is cancelled.")
    c.user("Just to confirm, what reason did you put?")
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("user", "said", "kinds"), [
    # blind audit t58_10: a line's status said before any number was given or any line looked up
    ("My phone says No Service. Please help, I'm worried.",
     "I'm sorry - it looks like your line has been suspended. What's the phone number on the account?",
     ["text_status_not_visible"]),
    ("My phone says No Service. I think my line got suspended.", "It sounds like your line has been suspended.", []),
    ("My phone says No Service. Please help, I'm worried.", "Let me check whether your line is active.", []),
])
def test_the_status_of_a_line_nobody_named(convo: Any, at: Any, user: str, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user(user)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("line", "said", "kinds"), [
    # blind audits t57_03, t57_09: "your line" is the line of the number the user gave
    (None, "Good news: your line is active on our side.", ["text_status_not_visible"]),  # only the customer read
    ("Active", "No signal - that's because your line is currently suspended on our side.",
     ["text_contradicts_status"]),
    ("Active", "Your line is active on our side, so it is a setting on the phone.", []),
    # blind audit t57_11: the line named by its number
    (None, "Thank you. Your line 555-123-2002 is active, so we can focus on the phone.", ["text_status_not_visible"]),
    ("Suspended", "Your line **555-123-2002** is active.", ["text_contradicts_status"]),
    ("Suspended", "Your line 555-123-2002 is suspended.", []),
    (None, "Your line 555-123-2004 is active.", ["text_not_visible"]),  # another number: no status read for it
    # "resumed" says active, with no resume made (blind set 75, t75_05)
    ("Suspended", "Thank you! Your payment went through and your line has been resumed.", ["text_contradicts_status"]),
    ("Active", "Thank you! Your line has been resumed.", []),
])
def test_the_status_of_the_callers_line(convo: Any, at: Any, line: str | None, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("My phone says No Service. Number is 555 123 2002.")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"},
           {"customer_id": "C1001", "account_status": "Active", "line_ids": ["L1001", "L1002"]})
    if line is not None:
        c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "phone_number": "555-123-2002",
                                                     "status": line})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("text", "said"), [
    # blind set 72 (r72_04, r72_08): an exchange request said to be complete
    ("All set — the exchange is complete and your new helmet ships out today.", ["exchange is complete"]),
    ("Done — the order status is now 'exchange completed'.", ["exchange completed"]),
    ("Once the items arrive, the exchange will be complete.", []),  # what will be
    ("The exchange is requested; you'll get an email.", []),
])
def test_an_exchange_or_return_said_complete(text: str, said: list[str]) -> None:
    assert completion_said(text) == said


@pytest.mark.parametrize(("report", "kinds"), [
    ("All set — the exchange is complete. $11.79 goes back to your gift card.", ["text_contradicts_status"]),
    ("All set — the exchange is requested. $11.79 goes back to your gift card once it arrives.", []),
])
def test_an_exchange_request_reported_complete(convo: Any, at: Any, report: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("exchange the helmet in #W1000003 for size L white please, refund to my gift card")
    order = {"order_id": "#W1000003", "status": "delivered", "items": [{"item_id": "1", "price": 200.0}]}
    c.call("get_order_details", {"order_id": "#W1000003"}, order)
    c.say("Exchange the helmet (1) in #W1000003 for item 2, $11.79 back to gift_card_1. Go ahead?")
    c.user("yes")
    c.call("exchange_delivered_order_items", {"order_id": "#W1000003", "item_ids": ["1"], "new_item_ids": ["2"],
                                              "payment_method_id": "gift_card_1"},
           {**order, "status": "exchange requested"})
    i = c.say(report)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons)
            if k == "text_contradicts_status"] == kinds


@pytest.mark.parametrize(("bills", "user", "kinds"), [
    # blind sets 72 and 73 (t72_12, t73_11): a suspension put down to a bill no lookup showed
    (False, "my phone says no service. customer C1001", ["text_not_visible"]),
    (True, "my phone says no service. customer C1001", []),
    (False, "my phone says no service, I think I forgot to pay my bill. customer C1001", []),  # the user said it
])
def test_a_suspension_put_down_to_an_unpaid_bill_needs_a_bill_shown(convo: Any, at: Any, bills: bool, user: str,
                                                                    kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user(user)
    c.call("get_details_by_id", {"id": "L1002"}, {"line_id": "L1002", "status": "Suspended",
                                                 "suspension_start_date": "2025-02-25"})
    if bills:
        c.call("get_bills_for_customer", {"customer_id": "C1001"},
               [{"bill_id": "B1234321", "customer_id": "C1001", "total_due": 65.0, "status": "Overdue"}])
    i = c.say("L1002 is Suspended (since 2025-02-25) because of an unpaid bill.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_not_visible"] == kinds, found


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 85, t85_01 49: the line's status is no status of the device it names
    ("It's a Tablet Ultra (device D1003), activated on 2025-01-25.", []),
    ("Line L1003 is active again.", ["text_contradicts_status"]),
])
def test_a_status_of_the_object_an_id_field_names_is_not_its_own(convo: Any, at: Any, said: str,
                                                                  kinds: list[str]) -> None:
    c = _telecom(convo)
    c.user("what device is on L1003? customer C1001")
    c.call("get_details_by_id", {"id": "L1003"}, {"line_id": "L1003", "status": "Suspended", "device_id": "D1003"})
    c.call("get_details_by_id", {"id": "D1003"}, {"device_id": "D1003", "model": "Tablet Ultra", "activated": True,
                                                 "activation_date": "2025-01-25T16:20:00"})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


@pytest.mark.parametrize(("cancelled", "kinds"), [
    # blind set 89, r89_09 51: the order's newest record, the cancellation's result, shows it cancelled
    (True, []),
    (False, ["text_contradicts_status"]),
])
def test_none_in_a_status_after_a_write_changed_the_one_shown(convo: Any, at: Any, cancelled: bool,
                                                              kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Cancel #W4806309 please, I ordered it by mistake.")
    c.call("get_order_details", {"order_id": "#W4806309"}, {"order_id": "#W4806309", "status": "pending"})
    if cancelled:
        c.say("I'll cancel #W4806309 (reason: ordered by mistake). Shall I?")
        c.user("Yes.")
        c.call("cancel_pending_order", {"order_id": "#W4806309", "reason": "ordered by mistake"},
               {"order_id": "#W4806309", "status": "cancelled"})
        c.say("Done: #W4806309 is cancelled.")
    c.user("Is anything else of mine still open?")
    i = c.say("You have no pending orders left.")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # a device said eSIM capable where its record says not (blind set 94, t94_02 70)
    ("Line L1003 is linked to D1003, a Tablet Ultra. It's eSIM capable, so you could switch to an eSIM.",
     ["text_contradicts_status"]),
    ("Line L1003 is linked to D1003, a Tablet Ultra. It's not eSIM capable, so it needs a physical SIM.", []),
    ("D1003 doesn't support eSIM.", []),
    ("Can D1003 use an eSIM? Let me check.", []),  # asked, not said
    # the device named by its model only (blind set 98, t98_04 56)
    ("It's a Tablet Ultra, activated on 2025-01-20; it is eSIM capable.", ["text_contradicts_status"]),
    ("It's a Tablet Ultra, activated on 2025-01-20; it isn't eSIM capable.", []),
])
def test_a_devices_esim_capability_said(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Which device is on L1003?")
    c.call("get_details_by_id", {"id": "D1003"}, {"device_id": "D1003", "model": "Tablet Ultra",
                                                  "is_esim_capable": False})
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


@pytest.mark.parametrize(("text", "out"), [
    # blind set 98, t98_06 30: a paid bill said to be owed
    ("In total you owe $310.50: the February bill B1002 of $150.00 plus the January bill B1001 of $160.50.",
     [("B1001", "Paid")]),
    ("In total you owe $150.00: the February bill B1002. The January bill B1001 is paid.", []),
    ("You owe $150.00 for B1002; B1001 was already paid.", []),  # its own clause says paid
    ("Do you want to know what you owe on B1001?", []),  # asked
])
def test_a_paid_bill_said_to_be_owed(text: str, out: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.statuses import owed_paid

    assert owed_paid(text, {"B1001": "Paid", "B1002": "Issued"}.get) == out


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 96, t96_10 40: another customer's bill called the caller's
    ("Your latest bill, B1005, is $425.00 and overdue since 2025-02-26.", ["text_misowned"]),
    ("The bill I looked up, B1005, belongs to another account, so I can't discuss it.", []),
    ("Your bill B1002 is $150.00.", []),  # the caller's own
])
def test_another_customers_object_called_yours(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("It's 555-123-2002, John Smith. Is my last bill paid?")
    c.call("get_customer_by_phone", {"phone_number": "555-123-2002"}, {"customer_id": "C1001", "full_name": "John Smith"})
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [{"bill_id": "B1002", "customer_id": "C1001",
                                                                "total_due": 150.0, "status": "Issued"}])
    c.call("get_bills_for_customer", {"customer_id": "C1002"}, [{"bill_id": "B1005", "customer_id": "C1002",
                                                                "total_due": 425.0, "status": "Overdue"}])
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misowned"] == kinds, found


@pytest.mark.parametrize(("status", "kinds"), [
    # blind set 96, t96_05 22: a bill said unpaid by its amount, where the bill of that amount is Paid
    ("Paid", ["text_contradicts_status"]),
    ("Overdue", []),
])
def test_a_bill_said_unpaid_by_its_amount(convo: Any, at: Any, status: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I got a notice about an unpaid bill, is that related?")
    c.call("get_details_by_id", {"id": "B1004"}, {"bill_id": "B1004", "customer_id": "C1002", "total_due": 425.0,
                                                  "status": status})
    i = c.say("I see an unpaid bill of $425.00 on your account.")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_contradicts_status"] == kinds, found


@pytest.mark.parametrize(("text", "out"), [
    # blind set 95, t95_06 28: an owed total that counts the paid bill
    ("Nothing is overdue: B1001 is paid, B1002 is $150.0 (issued) and B1003 is a $0.0 draft, so in total you have "
     "$310.5 outstanding.", [("$310.5", "B1001")]),
    ("Nothing is overdue: B1001 is paid and B1002 is issued, so in total you have $150.00 outstanding.", []),
    ("B1001 was $160.50 and is paid; you owe $150.00 on B1002.", []),
])
def test_an_owed_total_that_counts_a_paid_bill(text: str, out: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.statuses import owed_with_paid

    bills = {"B1001": (16050, "paid"), "B1002": (15000, "issued"), "B1003": (0, "draft")}
    assert owed_with_paid(text, bills) == out


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 99, t99_01 48: a payment request sent for B1002 asks for the money; it pays nothing
    ("Your payment of $150.00 for bill B1002 has gone through, so you're all paid up.", ["text_contradicts_status"]),
    ("The request is on your phone; once you pay it, you're all paid up.", []),
    # ... said of the bill by its id (blind set 103, t103_01 41)
    ("All set - bill B1002 is now paid, you're square for February.", ["text_contradicts_status"]),
    ("All set - bill B1002 is now awaiting your payment; once paid, you're square for February.", []),
])
def test_a_bill_a_payment_request_was_just_sent_for_is_not_paid(convo: Any, at: Any, said: str,
                                                                kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Send me the payment request for my February bill. I'm C1001.")
    c.call("get_bills_for_customer", {"customer_id": "C1001"}, [
        {"bill_id": "B1001", "total_due": 160.5, "status": "Paid"}, {"bill_id": "B1002", "total_due": 150.0,
                                                                      "status": "Issued"}])
    c.say("To confirm: I'll send a payment request for bill B1002 ($150.00) to your phone. Shall I proceed?")
    c.user("Yes please.")
    c.call("send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"},
           "Payment request sent to the customer for bill B1002")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if "status" in k] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 102, t102_01 46: the answer right after the lookup gives "it" the status (shown Awaiting Payment)
    ("Yes, it's showing as Paid now, so you're all settled for February.", ["text_contradicts_status"]),
    ("It's still awaiting payment; it can take a minute.", []),
    ("The bill is paid now.", ["text_contradicts_status"]),
])
def test_a_status_given_to_it_right_after_a_lookup(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("I tapped pay and it said done. Can you see it went through?")
    c.call("get_details_by_id", {"id": "B1002"}, {"bill_id": "B1002", "customer_id": "C1001", "total_due": 150.0,
                                                 "status": "Awaiting Payment"})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 102, t102_12 54: said to stay off right after the call that turned it on
    ("Alright, roaming on 555-123-2001 stays disabled.", ["text_contradicts_status"]),
    ("Alright, roaming on 555-123-2001 is enabled now.", []),
])
def test_a_switch_said_to_stay_as_it_was_after_the_write_that_changed_it(convo: Any, at: Any, said: str,
                                                                          kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("telecom")], domain="telecom")
    c.user("Is roaming on for my other line, 555-123-2001? I'm C1001.")
    c.call("get_details_by_id", {"id": "L1001"}, {"line_id": "L1001", "phone_number": "555-123-2001",
                                                 "roaming_enabled": False})
    c.say("Roaming is disabled on 555-123-2001. Would you like me to enable it?")
    c.user("No no, leave it.")
    c.call("enable_roaming", {"customer_id": "C1001", "line_id": "L1001"}, "Roaming enabled successfully")
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_contradicts_status"] == kinds

"""A text that prices one object at another one's price: the amount is visible, but not as the
price of what the sentence names (certify/prices.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.envs.registry import tool_specs

SHIRTS = {"name": "T-Shirt", "product_id": "9523456873", "variants": {
    "9612497925": {"item_id": "9612497925", "options": {"color": "blue", "size": "M"}, "price": 50.88},
    "8349118980": {"item_id": "8349118980", "options": {"color": "blue", "size": "S"}, "price": 53.43}}}
FLIGHTS = [{"flight_number": "HAT001", "scheduled_departure_time_est": "07:00:00", "prices": {"economy": 120, "business": 310}},
           {"flight_number": "HAT002", "prices": {"economy": 135, "business": 290}}]

LEGS = [{**FLIGHTS[0], "origin": "SFO", "destination": "SEA", "date": "2024-05-28"},
        {**FLIGHTS[1], "origin": "SEA", "destination": "JFK", "date": "2024-05-28"},
        {"flight_number": "HAT003", "origin": "JFK", "destination": "SFO", "date": "2024-05-26", "prices": {"economy": 99}}]


def _text(convo: Any, at: Any, observation: Any, said: str) -> list[str]:
    c = convo()
    c.user("What does it cost?")
    c.call("get_product_details", {"product_id": "9523456873"}, observation)
    i = c.say(said)
    return [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]


@pytest.mark.parametrize(("observation", "said"), [
    (SHIRTS, "The blue T-Shirt in size M (item 9612497925) costs $53.43."),
    # a lead that prices its list per person, the list in the same sentence (blind set 62, a62_06)
    (FLIGHTS, "Direct flights, economy per person:\n* HAT001, $135\n* HAT002, $135\nThat's all for the day."),
    # a lead "(per person)" in brackets, its numbered list in sentences of their own (blind set 67, a67_09)
    (FLIGHTS, "Economy options (per person):\n\n1. HAT001, 07:00, $135\n2. HAT002, $135"),
    # a list line's legs, each priced in brackets after its route and times (blind set 68, a68_03)
    (FLIGHTS, "Business options:\n1. HAT001 at 07:00 ($290) + HAT002 ($290)"),
    # a list line's price, then how far it is from the old one (blind set 68, r68_02)
    (SHIRTS, "Both are in stock:\n1. T-Shirt blue / M (item 9612497925): $53.43, down $2.55"),
    # a list line's amount at its end after a comma, in the cabin the lead names (blind set 70, a70_01)
    (FLIGHTS, "Direct flights, economy:\n- HAT001, 07:00, $135\n- HAT002, $135"),
    (FLIGHTS, "Flight HAT001 costs $135 in economy."),
    (FLIGHTS, "The business fare on HAT002 is $310."),
    (SHIRTS, "The blue M T-shirt (9612497925) is $53.43."),
    (SHIRTS, "The blue M (9612497925) is $53.43 and the other one is too."),
    # an amount in dollars, written out (blind audit r67_07)
    (SHIRTS, "There are two: the blue M one (item 9612497925) for 53.43 dollars, and a size S (item 8349118980) "
             "for 53.43 dollars."),
    (SHIRTS, "Item 9612497925 sells for $53.43."),
    (SHIRTS, "The blue M T-shirt (9612497925) is available for $53.43."),
    (FLIGHTS, "The new fare for HAT001 is $135."),
    # Several flights in a row, then their amounts: in order, so the swap is caught.
    (FLIGHTS, "| Option | Flights | Price |\n|---|---|---|\n| 1 | HAT001 + HAT002 | $135 + $135 = $270 |"),
    # Identifiers not joined are no run: the amount goes to the one named last.
    (FLIGHTS, "HAT002 is full, so the fare on HAT001 is $135."),
    (FLIGHTS, "In business the same flights (HAT001, HAT002) cost $310 + $310 = $620 per passenger."),
    # The one cabin a text is about: another cabin's fare of the same flight is not its fare.
    (FLIGHTS, "Economy options:\n- HAT001, departs 07:00 - $310 per person\n- HAT002 - $135 per person\nWhich one?"),
    # "standard back" is an option, not money back.
    (SHIRTS, "Shirts with a standard back: 9612497925 at $53.43."),
    # A table prices what its rows name, with no price word; a column's name says the cabin.
    (FLIGHTS, "| Flight | Economy now |\n|---|---|\n| HAT001 | $135 |"),
    # Legs named first, then as many amounts added in order: each its leg's.
    (FLIGHTS, "The cheapest connection is HAT001 to Phoenix followed by HAT002 to Seattle, at $120 + $120 = $240."),
    # A clause about another amount is left out; the others are read each on its own.
    (FLIGHTS, "HAT001 is $120, $15 less than before, so $30 in total, and HAT002 is also $120, so $30 again."),
    # An amount "for" the identifier right after it is that one's.
    (FLIGHTS, "The current economy fares are $120 for HAT001 and $120 for HAT002."),
    (FLIGHTS, "| # | Flights | Departs | Economy |\n|---|---|---|---|\n| 1 | HAT002 + HAT001 | 07:00 | $135 + $135 = $270 |"),
    # Under its cabin's column, a price the flight has in no cabin (a sum of two shown: still misread).
    (FLIGHTS, "| Flight | Economy | Business |\n|---|---|---|\n| HAT001 | $120 | $430 |"),
    # A numbered list's lines (each a sentence of its own) priced by the line that leads into it, with a
    # time range between the flight and its fare (blind audit a56_06).
    (FLIGHTS, "Here are the flights (economy fares):\n\n1. **HAT001** — 7:00 AM–7:00 AM — $135\n2. **HAT002** — $135"),
    # A list's own lines, under which a line speaks of the difference (blind set 60, a60_04).
    (FLIGHTS, "In business it would cost:\n- HAT001 PHX → LAS: $290 (paid $120)\n- HAT002 LAS → SEA: $290 (paid $135)"
              "\n\nThat's more than you paid."),
    # a list line's clause about the difference leaves its price clause to read (blind audit r65_10)
    (SHIRTS, "Both exist:\n\n- T-Shirt blue / M (item 9612497925): $53.43, which is $2.55 more than yours\n"
             "- T-Shirt blue / S (item 8349118980): $53.43\n\nShall I?"),
    # ... but not where it is not priced at its own at all
    (SHIRTS, "Both are available: the blue S T-Shirt ($50.88) would become the blue M (item 9612497925) at $53.43."),
    # a list line with no price word gives its object the amount after it (blind audit r65_05)
    (SHIRTS, "In stock:\n\n- Blue, size M (item 9612497925): $53.43\n- Blue, size S (item 8349118980): $53.43\n\n"
             "Which would you prefer?"),
    # each fare with its flight in brackets right after it (blind set 79, a79_06 56)
    (FLIGHTS, "The flights were priced at $120 (HAT001) and $120 (HAT002) per passenger."),
    # ... or with its options before it in the brackets (blind set 102, r102_06 48)
    (SHIRTS, "The size M and S shirts are $53.43 (blue, item 9612497925) and $53.43 (blue, item 8349118980)."),
    # ... the clause of the current one's set apart, the object's own still read
    (SHIRTS, "The blue M (item 9612497925) is available at $53.43, +$2.55 over your current $50.88."),
])
def test_a_price_of_another_object_is_misattributed(convo, at, observation: Any, said: str) -> None:
    assert _text(convo, at, observation, said) == ["text_misattributed"]


@pytest.mark.parametrize(("observation", "said"), [
    (SHIRTS, "The blue T-Shirt in size M (item 9612497925) costs $50.88."),
    (FLIGHTS, "Flight HAT001 costs $310 in business."),
    (FLIGHTS, "Direct flights, economy per person:\n* HAT001, $120\n* HAT002, $135\nThat's all for the day."),
    (FLIGHTS, "Economy options (per person):\n\n1. HAT001, 07:00, $120\n2. HAT002, $135"),
    (FLIGHTS, "Business options:\n1. HAT001 at 07:00 ($310) + HAT002 ($290)"),
    (SHIRTS, "Both are in stock:\n1. T-Shirt blue / M (item 9612497925): $50.88, down $2.55"),
    (FLIGHTS, "Direct flights, economy:\n- HAT001, 07:00, $120\n- HAT002, $135"),
    (FLIGHTS, "Options:\n1. HAT001 at 07:00 (paid $290) + HAT002 ($290)"),
    # Two amounts, a difference, or no price word: not a claim about one object's price.
    (SHIRTS, "Item 9612497925 costs $50.88, which is $2.55 less than the $53.43 one."),
    (SHIRTS, "The price difference for 9612497925 is $2.55."),
    (SHIRTS, "I can exchange item 9612497925 for the $53.43 one."),
    (SHIRTS, "The replacement for item 9612497925 costs $53.43."),
    (SHIRTS, "You get $2.55 back on 9612497925, now at $53.43."),
    (SHIRTS, "Is item 9612497925 really $53.43?"),
    # the current item's price in a clause of its own (blind set 96, r96_07 37)
    (SHIRTS, "The blue M (item 9612497925) is available at $50.88, -$2.55 from your current $53.43."),
    # the flights listed in brackets, then their fares added, with a total (blind set 97, a97_06 34)
    # the fares paid, after "against" (blind set 97, a97_08 38)
    (FLIGHTS, "Business is $310 (HAT001) + $290 (HAT002) against the $135 + $120 you paid, so the difference is $345."),
    (FLIGHTS, "There are two ways:\nA) Keep your current flights (HAT001, HAT002) and upgrade the cabin to business: "
              "($310 + $290) - ($120 + $135) = $345 per passenger, $690 total.\nB) Rebook instead."),
    # A one-stop option's legs, priced in order, with their sum after them: each leg at its own price.
    (FLIGHTS, "| Option | Flights | Price |\n|---|---|---|\n| 1 | HAT001 + HAT002 | $120 + $135 = $255 |"),
    (FLIGHTS, "HAT001 and HAT002 cost $120 and $135 in economy."),
    (FLIGHTS, "The current economy fares are $120 for HAT001 and $135 for HAT002."),
    # each price with its item's options and id in brackets right after it (blind set 102, r102_06 48)
    (SHIRTS, "The size M and S shirts are $50.88 (blue, item 9612497925) and $53.43 (blue, item 8349118980)."),
    # ... in bold (blind set 92, a92_01 54)
    (FLIGHTS, "The fares were **$120** for HAT001 (PHX → LAS) and **$135** for HAT002, which is $255 in fares."),
    (FLIGHTS, "The cheapest connection is HAT001 to Phoenix followed by HAT002 to Seattle, at $120 + $135 = $255."),
    (FLIGHTS, "HAT001 is $120, $15 less than before, so $30 in total, and HAT002 is $135, as before."),
    # Fewer amounts than legs: a fare of the whole trip, no one leg's price.
    (FLIGHTS, "HAT002 + HAT001 costs $135 for the trip."),
    # The legs' joined amounts after their sum: in order, the sum no one's.
    (FLIGHTS, "| Option | Flights | Price |\n|---|---|---|\n| 1 | HAT001 + HAT002 | $255 ($120 + $135) |"),
    # A list of flights by commas, then their prices in order: the last price is not the last flight's alone.
    (FLIGHTS, "In business the same flights (HAT001, HAT002) cost $310 + $290 = $600 per passenger."),
    # Legs with their routes in asides, then their prices in order.
    (FLIGHTS, "| 1 | HAT001 (LAS→DEN) + HAT002 (DEN→DFW) | 07:00 | $120 + $135 = **$255** |"),
    (FLIGHTS, "Economy options:\n- HAT001, departs 07:00 - $120 per person\n- HAT002 - $135 per person\nWhich one?"),
    # Both cabins named: which fare is which is the sentence's to say.
    (FLIGHTS, "Economy or business:\n- HAT001 - $310 per person\nWhich one?"),
    # Past a sum's "=", the amounts are the totals' (the fares paid before, in parentheses).
    (FLIGHTS, "Upgrade: HAT001 $310 + HAT002 $290 = $600 vs the $255 fare paid ($135 + $120), so $345 to pay."),
    (FLIGHTS, "HAT001 is $310 and HAT002 is $290 in business, so $600 per passenger versus the $255 you "
              "paid ($135 + $120)."),
    (FLIGHTS, "| Flight | Business | Economy now |\n|---|---|---|\n| HAT001 | $310 | $120 |"),
    (FLIGHTS, "| Item now | New |\n|---|---|\n| the other one ($135) | HAT001 ($120) |"),  # a cell before it: another's
    (FLIGHTS, "| 1 | HAT001, first | HAT002, then | $135 + $120 = $255 |"),  # not one run of legs: unclear
    (FLIGHTS, "Here are the flights (economy fares):\n\n1. **HAT001** — 7:00 AM–7:00 AM — $120\n2. **HAT002** — $135"),
    (FLIGHTS, "Here are the flights:\n\n1. **HAT001** — 7:00 AM — $135\n2. **HAT002** — $120"),  # no price word
    # Each line of a list prices its own legs (blind audit a54_04).
    (FLIGHTS, "Economy fares:\n- Outbound: HAT002 — $135\n- Return: HAT001 to Phoenix + HAT002 to Seattle: $120 + $135 = **$255**"),
    (FLIGHTS, "In business it would cost:\n- HAT001 PHX → LAS: $310 (paid $120)\n- HAT002 LAS → SEA: $290 (paid $135)"
              "\n\nThat's $345 more per passenger."),
    # a change's old price, then its new one, under a line of the refund
    (FLIGHTS, "Changes:\n- HAT002 → HAT001: $135 -> $120\n\nYou would be refunded $15."),
    # a row that gives the object its own price: its other amounts are the old item's, the difference
    # (blind set 62, r62_02)
    (SHIRTS, "Both available:\n\n| From | To | New price | Diff |\n|---|---|---|---|\n"
             "| T-Shirt blue S ($53.43) | blue M (9612497925) | $50.88 | -$2.55 |"),
    # the price of what it replaces, said before it, with its own after it (blind set 75, r75_09)
    (SHIRTS, "Both are available: the blue S T-Shirt ($53.43) would become the blue M (item 9612497925) at $50.88, "
             "a $2.55 refund. Would you like me to make the change?"),
    # ... also where the old item's price stands after the new item's id, under "Price now" (blind set 75, r75_02)
    (SHIRTS, "| Item | Current | Proposed | Price now | New price | Difference |\n|---|---|---|---|---|---|\n"
             "| T-Shirt | blue, S | blue, M (9612497925) | $53.43 | $50.88 | -$2.55 |"),
    # the other price taken back (blind audit r65_05)
    (SHIRTS, "I need to correct myself: the blue T-Shirt in size M (item 9612497925) is $50.88, not $53.43 — "
             "I repeated the size S price by mistake."),
    (SHIRTS, "In stock:\n\n- Blue, size M (item 9612497925): $50.88\n- Blue, size S (item 8349118980): $53.43"),
    (SHIRTS, "Your order:\n\n- $53.43 refund for item 9612497925"),  # the amount before the object
    # the sentence moves on to another variant by its options (blind audit r66_10)
    (SHIRTS, "I swapped the two prices. The blue M (9612497925) is $50.88 and the blue S one is $53.43."),
    # ... or by a word of its options, then its price (blind set 68, r68_05)
    (SHIRTS, "I mixed up the two prices. The blue M (item 9612497925) is $50.88 and the small is $53.43."),
    # each fare with its flight in brackets right after it (blind set 79, a79_06 56)
    (FLIGHTS, "The flights were priced at $120 (HAT001) and $135 (HAT002) per passenger."),
    # each leg's route between the joined flights, their fares in brackets in order (blind set 101, a101_05 22)
    (LEGS, "The cheapest round trip is HAT003 JFK->SFO on 2024-05-26 ($99) and HAT001 SFO->SEA + HAT002 SEA->JFK on "
           "2024-05-28 ($120 + $135): $354 per passenger."),
])
def test_its_own_price_or_another_claim_passes(convo, at, observation: Any, said: str) -> None:
    assert _text(convo, at, observation, said) == []


def test_a_price_paid_and_a_price_now_both_count(convo, at) -> None:
    # The order shows what was paid (53.43), the listing what it costs now (50.88).
    c = convo()
    c.user("What does my shirt cost now?")
    c.call("get_order_details", {"order_id": "#W1"}, {"order_id": "#W1", "items": [
        {"item_id": "9612497925", "product_id": "9523456873", "price": 53.43},
        {"item_id": "5268233322", "product_id": "1075968781", "price": 155.99}]})
    c.call("get_product_details", {"product_id": "9523456873"}, SHIRTS)
    said = [c.say("Item 9612497925 costs $53.43, what you paid."), c.say("Item 9612497925 costs $155.99.")]
    cert = certify_interaction(c.build())
    assert [[reason_kind(r) for r in at(cert, i).reasons] for i in said] == [[], ["text_misattributed"]]


ORDER = {"order_id": "#W6497157", "status": "delivered", "items": [
    {"name": "Smart Watch", "item_id": "9320099340", "product_id": "6452271382", "price": 375.03},
    {"name": "Smart Watch", "item_id": "2860956907", "product_id": "6452271382", "price": 383.08}]}


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit r61_11: one returned item, its refund at the other item's price
    ("#W6497157 (delivered): return Smart Watch (item 9320099340), refund $383.08 to your gift card. Yes to proceed?",
     ["text_misattributed"]),
    ("#W6497157 (delivered): return Smart Watch (item 9320099340), refund $375.03 to your gift card. Yes to proceed?",
     []),
    # two items, or a sum or a difference: the refund is no one item's price
    ("Returning items 9320099340 and 2860956907 gives a refund of $758.11.", []),
    ("Exchanging item 9320099340 for the other watch leaves a difference of $8.05, no refund.", []),
])
def test_the_refund_of_one_returned_item_is_its_price(convo, at, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("I want to return a watch from #W6497157.")
    c.call("get_order_details", {"order_id": "#W6497157"}, ORDER)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_each_amount_is_said_of_the_identifier_before_it(convo, at) -> None:
    swapped = _text(convo, at, FLIGHTS, "HAT001 was $135 in economy and HAT002 was $120.")
    assert swapped == ["text_misattributed", "text_misattributed"]
    assert _text(convo, at, FLIGHTS, "HAT001 was $120 in economy and HAT002 was $135.") == []
    # the flights named, then their fares as a sum's terms, in order (blind set 85, a85_03 38)
    one_stop = "The cheapest economy itinerary would be **HAT001** ATL 07:00 → DFW plus **HAT002** DFW → EWR"
    seats = "(HAT001 has just 1 economy seat left)"  # (another spot after the sum)
    assert _text(convo, at, FLIGHTS, f"{one_stop}, at $120 + $135 = **$255** {seats}.") == []
    assert _text(convo, at, FLIGHTS, f"{one_stop}, at $135 + $120 = **$255** {seats}.") == [
        "text_misattributed", "text_misattributed"]


@pytest.mark.parametrize(("said", "kinds"), [
    # A measure with its unit after a space or a hyphen is a size, not money.
    ("Option 2: Glass, 1.5 liters, gas — $50.88.", []),
    ("The 14.5-inch one and the 1,000 ml one are both $50.88.", []),
    # A decimal with no unit stays a money amount to ground.
    ("Option 2: Glass, 1.5 liters, gas — $50.88, 1.75 more.", ["text_not_visible"]),
    # liters as a capital "L" (blind set 75, r75_06); a lower-case "l" after a decimal stays a number
    ("Tea Kettle stainless steel 1.5 L electric $50.88.", []),
    ("Tea Kettle stainless steel 1.5 l electric $50.88.", ["text_not_visible"]),
])
def test_a_measure_is_no_money_amount(convo, at, said: str, kinds: list[str]) -> None:
    # (a size the details show: one they do not is an invented measure, whatever it costs)
    sized = {**SHIRTS, "variants": {**SHIRTS["variants"], "1000000001": {
        "item_id": "1000000001", "options": {"screen": "14.5-inch", "capacity": "1.5L"}, "price": 60.0}}}
    assert _text(convo, at, sized, said) == kinds


@pytest.mark.parametrize(("total", "kinds"), [("$453.16", []), ("$295.55", []), ("$610.77", ["text_not_visible"])])
def test_an_item_listed_twice_counts_twice_in_a_total(convo, at, total: str, kinds: list[str]) -> None:
    order = {"order_id": "#W1840144", "items": [
        {"name": "Desk Lamp", "item_id": "8384507844", "price": 137.94},
        {"name": "Laptop", "item_id": "6017636844", "price": 2292.37},
        {"name": "Fleece Jacket", "item_id": "8590708195", "price": 157.61},
        {"name": "Fleece Jacket", "item_id": "8590708195", "price": 157.61}]}
    said = ("- Desk Lamp — 8384507844 — $137.94\n- Fleece Jacket — 8590708195 — $157.61\n"
            f"- Fleece Jacket — 8590708195 — $157.61\n\nRefund total: **{total}**")
    assert _text(convo, at, order, said) == kinds  # 610.77 would count the jacket three times


def _searches(convo: Any, at: Any, said: str) -> list[str]:
    """HAT047 on two days' searches: $149 in economy on the 20th, $157 on the 21st."""
    c = convo()
    c.user("What flights are there from Las Vegas to Seattle on 2024-05-20 or 2024-05-21?")
    for day, (hat040, hat047) in (("2024-05-20", (130, 149)), ("2024-05-21", (169, 157))):
        c.call("search_direct_flight", {"origin": "LAS", "destination": "SEA", "date": day},
               [{"flight_number": "HAT040", "prices": {"basic_economy": 84, "economy": hat040}},
                {"flight_number": "HAT047", "scheduled_departure_time_est": "13:00:00",
                 "prices": {"basic_economy": 93, "economy": hat047}}])
    i = c.say(said)
    return [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]


@pytest.mark.parametrize(("said", "kinds"), [
    # The sentence's day, or the day of the sentence before it, picks the search.
    ("On 2024-05-21, HAT047 has economy at $149.", ["text_misattributed"]),
    ("For May 21st: HAT040 is full. HAT047 costs $149 in economy.", ["text_misattributed"]),
    ("On 2024-05-21, HAT047 has economy at $157.", []),
    ("On May 20, HAT047 has economy at $149.", []),
    # No day, or two: either search's fare is the flight's own.
    ("HAT047 has economy at $149.", []),
    ("HAT047 costs $149 on May 20 and $157 on May 21.", []),
    # A fare both days share is the flight's own on either.
    ("On 2024-05-21, HAT047 leaves at 13:00 with basic economy at $93.", []),
])
def test_a_fare_is_read_against_the_search_of_the_day_the_text_names(convo, at, said: str, kinds: list[str]) -> None:
    assert _searches(convo, at, said) == kinds


def _atl_to_phl(convo: Any, *extra: list[dict[str, Any]]) -> Any:
    """A one-stop search ATL → PHL on 2024-05-24: HAT110 + HAT172 ($105 + $102 in economy), then ``extra``."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("cheapest economy from ATL to PHL on 2024-05-24?")
    c.call("search_onestop_flight", {"origin": "ATL", "destination": "PHL", "date": "2024-05-24"},
           [[_leg("HAT110", "ATL", "LGA", 80, 105, 300), _leg("HAT172", "LGA", "PHL", 79, 102, 360)], *extra])
    return c


def _leg(flight: str, origin: str, destination: str, *fares: int) -> dict[str, Any]:
    return {"flight_number": flight, "origin": origin, "destination": destination, "date": "2024-05-24",
            "prices": dict(zip(("basic_economy", "economy", "business"), fares, strict=True))}


def test_a_fare_sum_on_its_own_line_after_a_list_of_flights_is_said_of_no_flight(convo: Any, at: Any) -> None:
    c = _atl_to_phl(convo)
    right = c.say("The cheapest economy option is:\n- HAT110 ATL → LGA\n- HAT172 LGA → PHL\n\n"
                  "Economy fare: $105 + $102 = $207.")
    wrong = c.say("HAT172 costs $105 in economy.")
    out = certify_interaction(c.build())
    assert at(out, right).reasons == []
    assert [reason_kind(r) for r in at(out, wrong).reasons] == ["text_misattributed"]


@pytest.mark.parametrize(("said", "miscopied"), [
    # blind set 81, a81_03 22: the calculator gave 207; another row's total a digit off it is no miscopy
    ("Economy on May 24, cheapest first:\n\n| Flights | Fare |\n|---|---|\n| HAT110 + HAT172 | **$207** |\n"
     "| HAT164 + HAT172 | $247 |", False),
    # ... but one where the text never states the result is
    ("Economy on May 24:\n\n| Flights | Fare |\n|---|---|\n| HAT110 + HAT172 | **$217** |\n"
     "| HAT164 + HAT172 | $247 |", True),
])
def test_a_row_total_a_digit_off_the_calculators_result(convo: Any, at: Any, said: str, miscopied: bool) -> None:
    c = _atl_to_phl(convo, [_leg("HAT164", "ATL", "LGA", 90, 145, 310), _leg("HAT172", "LGA", "PHL", 79, 102, 360)])
    c.call("calculate", {"expression": "105 + 102"}, "207.0")
    i = c.say(said)
    reasons = at(certify_interaction(c.build()), i).reasons
    assert ("text states '$247', which its own terms refute: the calculator gave 207.00" in reasons) is miscopied


@pytest.mark.parametrize(("said", "kinds"), [
    # blind audit a57_06: a list its lead prices per passenger in one cabin, a line at a price the flight
    # has in no cabin (and no other object has): misread, though $189 derives from amounts shown
    ("Evening options (economy, per passenger):\n\n1. **HAT131** — **$189**\n"
     "2. **HAT286** — $170", ["text_misattributed"]),
    ("Evening options (economy, per passenger):\n\n1. **HAT131** — **$198**\n"
     "2. **HAT286** — $170", []),
])
def test_a_list_line_priced_per_passenger_at_no_price_of_its_flight(convo, at, said: str, kinds: list[str]) -> None:
    c = convo()
    c.user("Which evening flights from IAH to LAS are there on 2024-05-27? I paid $166 and $23 for extras.")
    c.call("search_direct_flight", {"origin": "IAH", "destination": "LAS", "date": "2024-05-27"},
           [{"flight_number": "HAT131", "prices": {"basic_economy": 73, "economy": 198, "business": 359}},
            {"flight_number": "HAT286", "prices": {"basic_economy": 59, "economy": 170, "business": 320}}])
    i = c.say(said)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_misattributed"] == kinds, found


def _two_days_of_pairs(convo: Any) -> Any:
    """A booking on May 18 (HAT180 + HAT273 at $365), then a one-stop search of May 19."""
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("move RBXOYT to May 19, economy")
    c.call("get_reservation_details", {"reservation_id": "RBXOYT"}, {"reservation_id": "RBXOYT", "cabin": "economy",
                                                                    "flights": [{"flight_number": "HAT180", "date": "2024-05-18", "price": 200},
                                                                                {"flight_number": "HAT273", "date": "2024-05-18", "price": 165}]})
    c.call("search_onestop_flight", {"origin": "IAH", "destination": "LAX", "date": "2024-05-19"}, [
        [{"flight_number": "HAT180", "date": "2024-05-19", "scheduled_departure_time_est": "07:00:00",
          "prices": {"basic_economy": 60, "economy": 130, "business": 300}},
         {"flight_number": "HAT257", "date": "2024-05-19", "prices": {"basic_economy": 55, "economy": 120, "business": 280}}],
        [{"flight_number": "HAT180", "date": "2024-05-19", "prices": {"basic_economy": 60, "economy": 130, "business": 300}},
         {"flight_number": "HAT273", "date": "2024-05-19", "prices": {"basic_economy": 50, "economy": 110, "business": 260}}]])
    return c


@pytest.mark.parametrize(("first", "second", "kinds"), [
    ("$250", "$240", []),
    # blind set 60, a60_02: two rows' totals swapped
    ("$240", "$250", ["text_miscalculated", "text_miscalculated"]),
])
def test_a_table_row_of_two_legs_totals_their_fares_on_the_searched_day(convo: Any, at: Any, first: str, second: str,
                                                                         kinds: list[str]) -> None:
    c = _two_days_of_pairs(convo)
    i = c.say("RBXOYT is HAT180 + HAT273 on May 18, paid $365. On May 19 in economy:\n\n| # | First leg | Second leg | "
              f"Total |\n|---|---|---|---|\n| 1 | HAT180 07:00-11:00 | HAT257 22:00-23:30 | {first} |\n"
              f"| 2 | HAT180 07:00-11:00 | HAT273 22:00-23:30 | {second} |")
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscalculated"] == kinds, found


@pytest.mark.parametrize(("line", "kinds"), [
    # blind set 81, a81_11 28: what the change to the legs charges, not their sum
    ("On May 19 in economy:\n1. HAT180 + HAT257 (07:00), refunding **$115** to your Visa", []),
    ("On May 19 in economy:\n1. HAT180 + HAT257 (07:00): **$115** to your Visa", ["text_miscalculated"]),
    # ... said after the amount (blind sets 87 and 89: a87_11 31, a89_12 26)
    ("On May 19 in economy:\n1. HAT180 + HAT257 (07:00), all 3 passengers: **$115 charged** to your Visa", []),
    ("On May 19 in economy:\n- RBXOYT: HAT180 + HAT257 — $115 refunded to your Visa", []),  # (blind set 82, a82_04 64)
])
def test_an_amount_a_change_to_the_legs_charges_is_no_total(convo: Any, at: Any, line: str, kinds: list[str]) -> None:
    c = _two_days_of_pairs(convo)
    i = c.say(line)
    found = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert [k for k in found if k == "text_miscalculated"] == kinds, found


def test_a_line_of_two_legs_and_their_times_totals_their_fares() -> None:
    # blind set 78, a78_11: "HAT180 + HAT257 (07:00): $250", its time no identifier, the text naming two days
    from trajectory2gym.certify.evidence import EvidenceIndex
    from trajectory2gym.certify.prices import PriceBook, line_total

    index = EvidenceIndex()
    index.add_observation(orjson.dumps({"reservation_id": "RBXOYT", "cabin": "economy", "flights": [
        {"flight_number": "HAT180", "date": "2024-05-18", "price": 200}]}).decode(), True)
    index.add_observation(orjson.dumps([[
        {"flight_number": "HAT180", "date": "2024-05-19", "prices": {"economy": 130, "business": 300}},
        {"flight_number": "HAT257", "date": "2024-05-19", "prices": {"economy": 120, "business": 280}}]]).decode(), True)
    book = PriceBook(index, {1: "2024-05-19"})
    text = "RBXOYT is HAT180 on May 18. On May 19 in economy:\n1. HAT180 + HAT257 (07:00): {}, refund $115"
    assert line_total(25000, text.format("$250"), book)
    assert not line_total(32000, text.format("$320"), book)  # HAT180's May 18 fare is no fare of May 19
    # a leg named again in the row's aside is one leg (blind set 81, a81_06 59)
    again = "On May 19 in economy:\n| HAT180 + HAT257 | 07:00 | {} | (no basic economy seats on HAT180) |"
    assert line_total(25000, again.format("$250"), book)
    assert not line_total(38000, again.format("$380"), book)


def test_fares_swapped_between_legs_joined_by_their_routes(convo: Any, at: Any) -> None:
    # blind set 101, a101_05 22: "HAT204 SFO->SEA + HAT100 SEA->JFK ($248 + $259)", each fare its leg's in order
    said = ("The cheapest round trip is HAT003 JFK->SFO on 2024-05-26 ($99) and HAT001 SFO->SEA + HAT002 SEA->JFK on "
            "2024-05-28 ($135 + $120): $354 per passenger.")
    assert _text(convo, at, LEGS, said) == ["text_misattributed", "text_misattributed"]

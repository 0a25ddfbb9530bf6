"""The cheapest or dearest of a list, said of an amount the list beats (certify/superlatives.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.superlatives import may_rank, misranked
from trajectory2gym.envs.registry import tool_specs

LISTED = "31-inch options:\n- bamboo / custom: $193.97\n- maple / graphic: $187.23\n- plastic / plain: $182.03\n"

LEGS = ("| # | Flights | Economy total |\n|---|---|---|\n| 1 | HAT136 + HAT039 | **$255** ($152 + $103) |\n"
        "| 2 | HAT218 + HAT039 | $261 ($158 + $103) |\n| 3 | HAT002 + HAT156 | $297 ($175 + $122) |\n")


KETTLES = ("| Item ID | Material | Capacity | Price |\n|---|---|---|---|\n| 9647374798 | glass | 1.5 liters | $109.58 |\n"
           "| 4238115171 | stainless steel | 2 liters | $91.78 |\n| 3909406921 | glass | 1 liter | $98.25 |\n\n")
SUMS = ("| Flights | Basic economy | Economy |\n|---|---|---|\n| HAT062 + HAT284 | $69 + $60 = **$129** | "
        "$192 + $160 = $352 |\n| HAT062 + HAT242 | $69 + $61 = $130 | $192 + $149 = $341 |\n\n")


TRIPS = ("| Route | Out | Back | Basic total | Economy total |\n|---|---|---|---|---|\n"
         "| JFK ⇄ SEA | HAT069 ($51) | HAT276 ($55) | **$106** | $121 + $162 = $283 |\n"
         "| JFK ⇄ SEA | HAT083 ($87) | HAT021 ($60) | $147 | $100 + $198 = $298 |\n\n")


@pytest.mark.parametrize(("text", "found"), [
    # blind set 62, r62_03
    (LISTED + "The cheapest is the maple / graphic at $187.23.", [("$187.23", "the list's lowest is $182.03")]),
    (LISTED + "The cheapest is the plastic / plain at $182.03.", []),
    (LISTED + "The most expensive is the maple / graphic at $187.23.", [("$187.23", "the list's highest is $193.97")]),
    (LISTED + "The cheapest one in stock is the maple / graphic at $187.23.", []),  # within part of the list
    (LISTED + "The cheapest option that fits is the maple / graphic at $187.23.", []),  # (blind set 83, a83_01 13)
    ("The cheapest is the maple / graphic at $187.23.", []),  # no list to compare with
    (LISTED + "The cheapest would save you $5.20.", []),  # an amount the list does not show
    # a line's total with its legs: the legs are no entries (blind set 81: a81_01 26)
    (LEGS + "Option 1 via Atlanta is the cheapest at $255.", []),
    (LEGS + "Option 2 via Atlanta is the cheapest at $261.", [("$261", "the list's lowest is $255.00")]),
    # ... or its sums written out, one a cabin (blind set 85, a85_09 55)
    (SUMS + "The cheapest is **$129** in basic economy.", []),
    (SUMS + "The cheapest is **$130** in basic economy.", [("$130", "the list's lowest is $129.00")]),
    # a measure in a row is no price (blind set 85, r85_08 50)
    (KETTLES + "Yours (stainless steel, 2 liters, $91.78) is actually the cheapest gas-compatible option.", []),
    (KETTLES + "The glass one at $98.25 is the cheapest.", [("$98.25", "the list's lowest is $91.78")]),
    # a row's total beside its legs' fares in cells of their own (blind set 92, a92_06 46)
    (TRIPS + "The cheapest is **JFK ⇄ SEA on HAT069 / HAT276 for $106**.", []),
    (TRIPS + "The cheapest is **JFK ⇄ SEA on HAT083 / HAT021 for $147**.", [("$147", "the list's lowest is $106.00")]),
])
def test_the_cheapest_of_a_list(text: str, found: list[tuple[str, str]]) -> None:
    assert may_rank(text)
    assert misranked(text) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("Here they are:\n- black: $50.88\n- blue: $53.43\nThe cheapest is the blue at $53.43.", ["text_miscalculated"]),
    ("Here they are:\n- black: $50.88\n- blue: $53.43\nThe cheapest is the black at $50.88.", []),
])
def test_a_ranking_after_a_product_lookup(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("retail")], domain="retail")
    c.user("Which T-shirt colour is cheapest?")
    c.call("get_product_details", {"product_id": "9523456873"}, {"name": "T-Shirt", "variants": {
        "9612497925": {"item_id": "9612497925", "options": {"color": "black"}, "available": True, "price": 50.88},
        "8349118980": {"item_id": "8349118980", "options": {"color": "blue"}, "available": True, "price": 53.43}}})
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def _leg(number: str, economy: int, seats: int = 9) -> dict[str, Any]:
    return {"flight_number": number, "date": "2024-05-24", "prices": {"basic_economy": 50, "economy": economy,
                                                                      "business": 400},
            "available_seats": {"basic_economy": 5, "economy": seats, "business": 5}}


def _at(leg: dict[str, Any], origin: str, destination: str) -> dict[str, Any]:
    return {**leg, "origin": origin, "destination": destination}


ONE_STOP = [[_leg("HAT227", 112), _leg("HAT139", 104)], [_leg("HAT110", 105), _leg("HAT172", 102)],
            [_leg("HAT164", 145), _leg("HAT172", 102)]]


@pytest.mark.parametrize(("text", "results", "found"), [
    # blind set 81, a81_03 18: a search's itinerary called the cheapest, another one cheaper
    ("The cheapest economy option is HAT227 + HAT139 at **$216** ($112 + $104).", [ONE_STOP],
     [("$216", "HAT110 + HAT172 at $207.00")]),
    ("The cheapest economy option is HAT110 + HAT172 at **$207**.", [ONE_STOP], []),
    ("The cheapest economy option that fits is HAT227 + HAT139 at $216.", [ONE_STOP], []),  # within the user's times
    # within a window of time the sentence gives (blind set 97, a97_02 22)
    ("After 11am, the cheapest economy option is HAT227 + HAT139 at $216.", [ONE_STOP], []),
    ("Before 9, the cheapest economy option is HAT227 + HAT139 at $216.", [ONE_STOP], []),
    # ... not where the cheaper one has no seat left in the cabin
    ("The cheapest economy option is HAT227 + HAT139 at $216.", [[ONE_STOP[0], [_leg("HAT110", 105, 0),
                                                                              _leg("HAT172", 102)]]], []),
    # ... nor an amount the search prices no itinerary at (per passenger times two), nor another cabin's
    ("The cheapest economy option comes to $432 for the two of you.", [ONE_STOP], []),
    ("The cheapest business option is $800.", [ONE_STOP], []),
    # a direct search lists flights, not lists of them
    ("The cheapest economy nonstop is HAT001 at $150.", [[_leg("HAT001", 150), _leg("HAT002", 120)]],
     [("$150", "HAT002 at $120.00")]),
    # the return's one-stop against the return's own route only, not the outbound nonstop (blind set 92, a92_05 29)
    ("The cheapest economy return is HAT204 + HAT100 = $207.", [[_at(_leg("HAT023", 150), "JFK", "SFO")],
                                                                [[_at(_leg("HAT204", 105), "SFO", "SEA"),
                                                                  _at(_leg("HAT100", 102), "SEA", "JFK")]]], []),
    ("The cheapest economy return is HAT204 + HAT100 = $207.", [[_at(_leg("HAT023", 150), "SFO", "JFK")],
                                                                [[_at(_leg("HAT204", 105), "SFO", "SEA"),
                                                                  _at(_leg("HAT100", 102), "SEA", "JFK")]]],
     [("$207", "HAT023 at $150.00")]),  # a nonstop of the same route
])
def test_the_cheapest_of_a_search(text: str, results: list[Any], found: list[tuple[str, str]]) -> None:
    from trajectory2gym.certify.superlatives import beaten_by_search

    assert beaten_by_search(text, results) == found


@pytest.mark.parametrize(("said", "kinds"), [
    ("The cheapest economy option is HAT227 + HAT139 at **$216** ($112 + $104).", ["text_not_cheapest"]),
    ("The cheapest economy option is HAT110 + HAT172 at **$207** ($105 + $102).", []),
])
def test_the_cheapest_of_a_search_since_the_user_asked(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cheapest economy from ATL to PHL on May 24?")
    c.call("search_onestop_flight", {"origin": "ATL", "destination": "PHL", "date": "2024-05-24"}, ONE_STOP)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_each_itinerarys_total_in_each_cabin_with_a_seat() -> None:
    from trajectory2gym.certify.superlatives import search_totals

    # economy and business of each pair, basic economy too (5 seats each); none where a leg has no seat
    assert search_totals(ONE_STOP) == {21600, 20700, 24700, 10000, 80000}
    assert search_totals([[_leg("HAT110", 105, 0), _leg("HAT172", 102)]]) == {10000, 80000}
    assert search_totals({"flight_number": "HAT110"}) == set()  # no search's list


@pytest.mark.parametrize(("said", "kinds"), [
    # blind set 80, a80_03 19: the cheapest of the itineraries left out of a list
    ("HAT110 + HAT172 is $207. (The other combinations are $247 or more.)", []),
    ("HAT110 + HAT172 is $207. (The other combinations are $249 or more.)", ["text_not_visible"]),
])
def test_an_itinerarys_total_of_the_search_is_visible(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    c = convo(tools=[s.model_dump(mode="json") for s in tool_specs("airline")], domain="airline")
    c.user("Cheapest economy from ATL to PHL on May 24?")
    c.call("search_onestop_flight", {"origin": "ATL", "destination": "PHL", "date": "2024-05-24"}, ONE_STOP)
    i = c.say(said)
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_not_visible"] == kinds

"""The price a text gives an item it describes by its options must be that item's
(certify/variant_prices.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.item_options import OptionBook
from trajectory2gym.certify.tables import with_headers
from trajectory2gym.certify.variant_prices import (
    Described,
    misdescribed_prices,
    misstocked,
    misstocked_by_id,
    unseen_stock,
)

PRODUCT = {"name": "T-Shirt", "product_id": "9523456873", "variants": {
    "2060066974": {"item_id": "2060066974", "options": {"color": "black", "size": "XL", "material": "cotton",
                                                        "style": "crew neck"}, "available": True, "price": 51.05},
    "8349118980": {"item_id": "8349118980", "options": {"color": "black", "size": "XXL", "material": "polyester",
                                                        "style": "v-neck"}, "available": True, "price": 49.52},
    "9612497925": {"item_id": "9612497925", "options": {"color": "blue", "size": "M", "material": "cotton",
                                                        "style": "crew neck"}, "available": True, "price": 50.88}}}


def _book() -> OptionBook:
    book = OptionBook()
    book.update([orjson.dumps(PRODUCT).decode().lower(), '{"order_id": "#w1"}'])
    return book


def test_the_book_holds_each_priced_object_with_options() -> None:
    book = _book()
    assert {d.cents for d in book.objects} == {5105, 4952, 5088}
    assert book.read == 2


@pytest.mark.parametrize(("text", "flagged"), [
    ("The black XL cotton crew neck is $49.52.", [("$49.52", 5105)]),
    ("Color Black | Size XL | Material cotton | Style crew neck | Price $49.52", [("$49.52", 5105)]),
    ("The black XL cotton crew neck is $51.05.", []),
    ("The black XL cotton crew neck is $12.00.", []),  # no object's price: the visibility check's
    ("The black XL crew neck is $49.52.", []),  # not every option said: which item is unclear
    ("Swap the blue M cotton crew neck ($50.88) for the black XL cotton crew neck ($51.05).", []),
    ("The black XL cotton crew neck costs $1.53 more than $49.52.", []),  # two amounts
    # the price, then what follows from it after ", so" (blind set 76, r76_05)
    ("Black / XL / cotton / crew neck is $49.52, so $1.36 more than your current shirt.", [("$49.52", 5105)]),
    ("Black / XL / cotton / crew neck is $51.05, so $1.36 more than your current shirt.", []),
    ("The black XL cotton crew neck has a difference of $49.52.", []),  # another amount's word
    ("The black XL cotton crew neck (2060066974) is $49.52.", []),  # named by id: the price check's
    # a list's line read with its lead (blind audit r64_08)
    ("Cotton crew neck shirts available:\n- black, XL: $49.52\n- blue, M: $50.88", [("$49.52", 5105)]),
    ("Cotton crew neck shirts available:\n- black, XL: $51.05\n- blue, M: $50.88", []),
    # a measure among the options is no identifier (blind audit r63_11: "1000ml")
    ("- T-Shirt (black, XL, cotton, crew neck, 1000ml) — $49.52", [("$49.52", 5105)]),
    # an order's items priced in clauses apart, the order named first (blind set 71, r71_08)
    ("* #W1 (delivered): T-Shirt (black, XL, cotton, crew neck) $50.88; T-Shirt (blue, M, cotton, crew neck) $51.05",
     [("$50.88", 5105), ("$51.05", 5088)]),
    ("* #W1 (delivered): T-Shirt (black, XL, cotton, crew neck) $51.05; T-Shirt (blue, M, cotton, crew neck) $50.88",
     []),
])
def test_an_amount_is_read_against_the_item_described(text: str, flagged: list[tuple[str, int]]) -> None:
    assert [(w, own) for w, _, own in misdescribed_prices(text, lambda: _book().objects)] == flagged


def test_a_table_row_prices_a_variant_at_another_ones_price(convo: Any, at: Any) -> None:
    c = convo()
    c.user("Which bigger T-shirts do you have? Product 9523456873.")
    c.call("get_product_details", {"product_id": "9523456873"}, PRODUCT)
    table = "| Color | Size | Material | Style | Price |\n|---|---|---|---|---|\n| Black | XL | cotton | crew neck | {} |"
    wrong = c.say(table.format("$49.52"))
    right = c.say(table.format("$51.05"))
    r = certify_interaction(c.build())
    assert at(r, wrong).reasons == ["text states '$49.52' for black/xl/cotton/crew neck, which the observations "
                                    "price at $51.05"]
    assert at(r, right).eligible


def _with_one_sold_out() -> OptionBook:
    product = orjson.loads(orjson.dumps(PRODUCT))
    product["variants"]["9612497925"]["available"] = False
    book = OptionBook()
    book.update([orjson.dumps(product).decode().lower()])
    return book


@pytest.mark.parametrize(("text", "flagged"), [
    ("| Color Blue | Size M | Material cotton | Style crew neck | Price $50.88 | In stock ✅ |",
     [("blue/m/cotton/crew neck", "in stock")]),
    ("| Color Blue | Size M | Material cotton | Style crew neck | Price $50.88 | In stock ❌ |", []),
    ("The blue M cotton crew neck is available at $50.88.", [("blue/m/cotton/crew neck", "in stock")]),
    ("The blue M cotton crew neck is not available right now.", []),
    ("The black XL cotton crew neck is out of stock.", [("black/xl/cotton/crew neck", "out of stock")]),
    ("The black XL cotton crew neck is in stock.", []),
    ("Item 9612497925 (blue M cotton crew neck) is in stock.", []),  # named by its id: another check's
    ("Blue M crew neck: in stock.", []),  # not every option said
    # A table's rows, with what they share said in the line that leads into the table.
    ("Here are the **cotton crew neck** ones:\n\n| Color | Size | Price | Stock |\n|---|---|---|---|\n"
     "| Blue | M | $50.88 | ✅ available |", [("blue/m/cotton/crew neck", "in stock")]),
    ("Here are the **cotton crew neck** ones:\n\n| Color | Size | Price | Stock |\n|---|---|---|---|\n"
     "| Blue | M | $50.88 | ❌ |", []),
    ("Here are some shirts:\n\n| Color | Size | Price | Stock |\n|---|---|---|---|\n"
     "| Blue | M | $50.88 | ✅ available |", []),  # which material and style: not said
    # A change to an item described by its options offers it.
    ("- T-Shirt black XL cotton crew neck ($51.05) -> blue M cotton crew neck ($50.88): -$0.17.",
     [("blue/m/cotton/crew neck", "in stock")]),
    ("- T-Shirt blue M cotton crew neck ($50.88) -> black XL cotton crew neck ($51.05): +$0.17.", []),
    # A list under a line that says its items are in stock (blind audit r54_01).
    ("Here are the T-Shirt variants currently in stock:\n\n- black XL cotton crew neck — $51.05\n"
     "- blue M cotton crew neck — $50.88\n\nWhich one?", [("blue/m/cotton/crew neck", "in stock")]),
    ("Here are the T-Shirt variants currently in stock:\n\n- black XL cotton crew neck — $51.05\n"
     "- blue M cotton crew neck — $50.88 (sold out)\n\nWhich one?", []),
    ("Here are the T-Shirt variants:\n\n- blue M cotton crew neck — $50.88\n", []),  # no stock said
    # the options the lead names for all its lines (blind audit r64_07)
    ("These cotton crew neck shirts are in stock:\n\n- black, XL: $51.05\n- blue, M: $50.88\n\nWhich one?",
     [("blue/m/cotton/crew neck", "in stock")]),
    ("These cotton crew neck shirts are in stock:\n\n- black, XL: $51.05\n\nWhich one?", []),
    # the lead's last clause says what its items are (blind set 80, r80_11 48)
    ("Not in blue M, unfortunately: that one is unavailable, and only these cotton crew neck shirts are in "
     "stock:\n\n- black, XL: $51.05\n\nWhich one?", []),
    ("Sorry, that one is unavailable, and only these cotton crew neck shirts are in stock:\n\n- blue, M: $50.88\n\n"
     "Which one?", [("blue/m/cotton/crew neck", "in stock")]),
    # "in-stock" hyphenated, in the lead of a list (blind set 88, r88_11 30)
    ("Some in-stock alternatives:\n\n- black XL cotton crew neck — $51.05\n- blue M cotton crew neck — $50.88",
     [("blue/m/cotton/crew neck", "in stock")]),
    # a lead whose aside in brackets says another's stock (blind set 89, r89_04 30)
    ("Variants in stock right now (yours, the black XL, is currently unavailable):\n\n- blue M cotton crew neck "
     "— $50.88", [("blue/m/cotton/crew neck", "in stock")]),
    ("Variants in stock right now (yours, the black XL, is currently unavailable):\n\n- black XXL polyester v-neck "
     "— $49.52", []),
    # ... and in a clause of its own, after one that denies another (blind set 85, r85_03 48)
    ("There's no blue M cotton crew neck; the in-stock cotton crew necks come in black XL.", []),
    # a clause about the others, after one naming the in-stock ones (blind set 91, r91_05 50)
    ("In cotton crew neck, the in-stock one is black XL; the others are out of stock.", []),
    ("In cotton crew neck, the in-stock one is blue M; the others are out of stock.",
     [("blue/m/cotton/crew neck", "in stock")]),
    # "isn't in the available list" says it is out of stock (blind set 94, r94_07 60)
    ("That exact one (blue, M, cotton, crew neck) isn't in the available list, so there's nothing to exchange to.", []),
    ("That exact one (black, XL, cotton, crew neck) isn't in the available list.",
     [("black/xl/cotton/crew neck", "out of stock")]),
    # offered as "you could also get", the last two parted by "and" (blind set 99, r99_12 16)
    ("In cotton crew neck you could also get: black / XL ($51.05) and blue / M ($50.88).",
     [("blue/m/cotton/crew neck", "in stock")]),
    ("In cotton crew neck you could also get: black / XL ($51.05).", []),
])
def test_a_stock_said_of_an_item_described_by_its_options(text: str, flagged: list[tuple[str, str]]) -> None:
    book = _with_one_sold_out()
    assert misstocked(text, lambda: book.objects) == flagged


CLOCKS = {"name": "Wall Clock", "product_id": "2344688344", "variants": {
    "9850781806": {"item_id": "9850781806", "options": {"diameter": "14 inches", "color": "white", "type": "digital"},
                   "available": True, "price": 184.48},
    "1859994221": {"item_id": "1859994221", "options": {"diameter": "10 inches", "color": "black", "type": "analog"},
                   "available": False, "price": 182.85}}}


@pytest.mark.parametrize(("text", "flagged"), [
    # blind set 75, r75_06: inches written as '"' or "-inch" are the option's "inches"
    ('14" white digital ($184.48) is out of stock.', [("14 inches/white/digital", "out of stock")]),
    ("The 14-inch white digital one is out of stock.", [("14 inches/white/digital", "out of stock")]),
    ('10" black analog ($182.85) is out of stock.', []),
])
def test_inches_written_as_a_mark_or_a_word(text: str, flagged: list[tuple[str, str]]) -> None:
    book = OptionBook()
    book.update([orjson.dumps(CLOCKS).decode().lower()])
    assert misstocked(text, lambda: book.objects) == flagged


@pytest.mark.parametrize(("text", "flagged"), [
    # a table under a lead line that calls its rows available (blind set 84, r84_11 16)
    ("Available Wall Clock variants:\n\n| Diameter | Color | Type | Price |\n|---|---|---|---|\n"
     "| 14 inches | white | digital | $184.48 |\n| 10 inches | black | analog | $182.85 |",
     [("10 inches/black/analog", "in stock")]),
    ("Wall Clock variants:\n\n| Diameter | Color | Type | Price |\n|---|---|---|---|\n"
     "| 14 inches | white | digital | $184.48 |\n| 10 inches | black | analog | $182.85 |", []),
])
def test_a_tables_rows_under_a_lead_that_says_their_stock(text: str, flagged: list[tuple[str, str]]) -> None:
    book = OptionBook()
    book.update([orjson.dumps(CLOCKS).decode().lower()])
    assert misstocked(with_headers(text), lambda: book.objects) == flagged


def test_a_table_row_marking_a_sold_out_variant_in_stock(convo: Any, at: Any) -> None:
    product = orjson.loads(orjson.dumps(PRODUCT))
    product["variants"]["9612497925"]["available"] = False
    c = convo()
    c.user("Which T-shirts do you have?")
    c.call("get_product_details", {"product_id": "9523456873"}, product)
    table = ("| Color | Size | Material | Style | Price | In stock |\n|---|---|---|---|---|---|\n"
             "| Blue | M | cotton | crew neck | $50.88 | {} |")
    wrong, right = c.say(table.format("✅")), c.say(table.format("❌"))
    r = certify_interaction(c.build())
    assert at(r, wrong).reasons == ["text gives blue/m/cotton/crew neck another status than the observation shows: "
                                    "not in stock"]
    assert at(r, right).eligible, at(r, right).reasons


@pytest.mark.parametrize(("said", "kinds"), [
    ("The space grey one (item 9612497925) is in stock at $50.88.", ["text_contradicts_status"]),
    ("The space grey one (item 9612497925) is out of stock right now.", []),
    # A list under a line that says its items are available: each one listed is said to be.
    ("These T-shirts are available:\n- blue / M (item 9612497925): $50.88\nWhich one?", ["text_contradicts_status"]),
    ("These T-shirts are available:\n- black / XL (item 2060066974): $51.05\nWhich one?", []),
    ("These T-shirts exist:\n- blue / M (item 9612497925): $50.88\nWhich one?", []),  # no stock said
    # "you can buy right now" says it is in stock (blind audit r67_11)
    ("The cheapest blue one you can buy right now is the M (item 9612497925) at $50.88.", ["text_contradicts_status"]),
    # a table's column says it (blind audit r67_09): "Available" and its "no"
    ("| Product | Item | Price | Available |\n|---|---|---|---|\n| T-Shirt | 9612497925 | $50.88 | no |", []),
    ("| Product | Item | Price | Available |\n|---|---|---|---|\n| T-Shirt | 9612497925 | $50.88 | yes |",
     ["text_contradicts_status"]),
    # the item's own clause, another variant's after a semicolon (blind set 69, r69_08)
    ("Blue: the M (9612497925) is out of stock; black XL is available.", []),
    ("Blue: the M (9612497925) is available; black XL is out of stock.", ["text_contradicts_status"]),
])
def test_a_stock_said_of_an_item_named_by_its_id(convo: Any, at: Any, said: str, kinds: list[str]) -> None:
    from trajectory2gym.certify.reasons import reason_kind

    product = orjson.loads(orjson.dumps(PRODUCT))
    product["variants"]["9612497925"]["available"] = False
    c = convo()
    c.user("Is there a blue M one?")
    c.call("get_product_details", {"product_id": "9523456873"}, product)
    i = c.say(said)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


def test_a_table_row_is_read_with_the_line_its_table_follows() -> None:
    shown = {
        Described((" 30 50 lbs ", " iron ", " adjustable "), 52203), Described((" 30 50 lbs ", " iron ", " fixed "), 53414),
        Described((" 30 50 lbs ", " urethane ", " adjustable "), 48347),
        Described((" 30 50 lbs ", " urethane ", " fixed "), 51288)}
    text = ("- Dumbbell Set 30–50 lbs / urethane / fixed — $512.88. Adjustable 30–50 lbs options in stock:\n\n"
            "| Material | Price |\n|---|---|\n| urethane | $483.47 |\n| iron | {} |")
    assert misdescribed_prices(text.replace("{}", "$534.14"), lambda: shown) == [
        ("$534.14", "30 50 lbs/iron/adjustable", 52203)]
    assert misdescribed_prices(text.replace("{}", "$522.03"), lambda: shown) == []
    # without the line that says which ones, "iron" alone is two objects: no claim
    assert misdescribed_prices(text.split("\n\n", 1)[1].replace("{}", "$534.14"), lambda: shown) == []


def test_each_item_of_an_offer_listed_in_one_sentence_must_be_in_stock() -> None:
    shown = {Described((" 13 inch ", " i5 ", " 16gb ", " silver "), 262177, True),
             Described((" 15 inch ", " i7 ", " 16gb ", " black "), 232461, False),
             Described((" 15 inch ", " i7 ", " 16gb ", " silver "), 240000, True)}
    offer = "The 16GB ones I can offer are the 13-inch i5 16GB silver for $2621.77, and the 15-inch i7 16GB {} for $2324.61."
    assert misstocked(offer.format("black"), lambda: shown) == [("15 inch/i7/16gb/black", "in stock")]
    assert misstocked(offer.format("silver"), lambda: shown) == []
    # listed without offering them: no stock said
    assert misstocked(offer.format("black").replace("I can offer", "I found"), lambda: shown) == []


def test_each_part_of_a_sentence_says_its_own_stock_of_the_options_its_lead_names() -> None:
    # blind audit r57_12: "In the 10-inch size with 128GB" names what the parts after it share
    shown = {Described((" 10 inch ", " 128gb ", " silver "), 96067, False),
             Described((" 10 inch ", " 128gb ", " gold "), 95096, True),
             Described((" 10 inch ", " 128gb ", " black "), 95121, False),
             Described((" 10 inch ", " 64gb ", " silver "), 90000, True)}
    said = "In the 10-inch size with 128GB, the {} one is available at $960.67 and gold at $950.96; black is out of stock."
    assert misstocked(said.format("silver"), lambda: shown) == [("10 inch/128gb/silver", "in stock")]
    assert misstocked(said.format("gold"), lambda: shown) == []
    # a part saying out of stock what is in stock
    assert misstocked("In the 10-inch size with 128GB, the silver one is sold out; gold is out of stock too.",
                      lambda: {d for d in shown if d.values[2] != " silver "}) == [("10 inch/128gb/gold", "out of stock")]


def test_each_items_stock_in_its_own_brackets() -> None:
    # blind set 79, r79_06 52: a comma inside an item's brackets does not start the next item
    book = OptionBook()
    book.update([orjson.dumps({"name": "Wireless Earbuds", "product_id": "9924732112", "variants": {
        "2052249669": {"item_id": "2052249669", "price": 237.14, "available": True,
                       "options": {"color": "white", "battery life": "4 hours", "water resistance": "not resistant"}},
        "8555936349": {"item_id": "8555936349", "price": 256.67, "available": False,
                       "options": {"color": "white", "battery life": "8 hours", "water resistance": "IPX4"}}}}).decode().lower()])
    shown = book.objects
    said = ("The only white Wireless Earbuds listed are white/4 hours/not resistant ($237.14, {}), and "
            "white/8 hours/IPX4 ($256.67, not available).")
    assert misstocked(said.format("available"), lambda: shown) == []
    assert misstocked(said.format("not available"), lambda: shown) == [("white/4 hours/not resistant", "out of stock")]


def test_items_listed_after_a_lead_that_says_they_are_in_stock() -> None:
    # blind set 62, r62_02: "2-piece sets in stock:" names what the parts after it share; "and" splits two
    shown = {Described((" 2 piece ", " black ", " softshell "), 45228, True),
             Described((" 2 piece ", " silver ", " hardshell "), 51472, False),
             Described((" 3 piece ", " silver ", " hardshell "), 60000, True)}
    said = "2-piece sets in stock: black softshell $452.28 and {} hardshell $514.72."
    assert misstocked(said.format("silver"), lambda: shown) == [("2 piece/silver/hardshell", "in stock")]
    shown = {d if d.cents != 51472 else Described(d.values, d.cents, True) for d in shown}
    assert misstocked(said.format("silver"), lambda: shown) == []


def test_a_yes_or_no_option_said_by_its_name_and_hours_however_written() -> None:
    # blind set 73, r73_06: "20h, water resistant" is {"battery life": "20 hours", "water resistance": "yes"}
    speaker = {"name": "Bluetooth Speaker", "variants": {k: {"item_id": k, "price": p, "options": {
        "color": "blue", "battery life": hours, "water resistance": wet}} for k, hours, wet, p in (
        ("1", "20 hours", "yes", 302.67), ("2", "10 hours", "no", 305.45), ("3", "10 hours", "yes", 289.69))}}
    book = OptionBook()
    book.update([orjson.dumps(speaker).decode().lower()])
    shown = book.objects
    swapped = "Blue speakers in stock:\n- 20h, water resistant: $305.45\n- 10-hour, not water resistant: $302.67"
    assert misdescribed_prices(swapped, lambda: shown) == [("$305.45", "blue/20 hours/yes", 30267),
                                                          ("$302.67", "blue/10 hours/no", 30545)]
    right = "Blue speakers in stock:\n- 20h, water resistant: $302.67\n- 10 hrs, non water resistant: $305.45"
    assert misdescribed_prices(right, lambda: shown) == []
    # a price with an aside of another amount (blind set 72, r72_08)
    assert misdescribed_prices("- blue / 20 hours / water resistant — $305.45 (refund $18.51)", lambda: shown) == [
        ("$305.45", "blue/20 hours/yes", 30267)]
    assert misdescribed_prices("- blue / 20 hours / water resistant — $302.67 (refund $18.51)", lambda: shown) == []


_AVAILABLE = {"3339188619": False, "9013366374": True, "7811981098": True}


@pytest.mark.parametrize(("text", "flagged"), [
    # blind set 76, r76_03: "Both" says it of each item the sentence before named
    ("Medium blue helmets: low ventilation (3339188619) at $200.24, or high (9013366374) at $219.88. Both are in stock.",
     [("3339188619", "in stock")]),
    ("Medium blue helmets: (7811981098) at $213.86, or high (9013366374) at $219.88. Both are in stock.", []),
    ("Helmets (3339188619) at $200.24, or (9013366374) at $219.88. They are different sizes.", []),  # no stock said
    ("The helmet (3339188619) costs $200.24. Both are in stock.", []),  # one item before: "both" of what?
    # written with a hyphen, beside another's stock in the next clause (blind set 85, r85_06 40)
    ("The only **in-stock** one is size M (item 9013366374, $219.88); a size L one exists but is unavailable.", []),
    ("The only **in-stock** one is size M (item 3339188619, $200.24); a size L one exists but is unavailable.",
     [("3339188619", "in stock")]),
    # ... or after a dash between spaces (blind set 97, r97_05 52)
    ("The only size M one available is (item 9013366374) at $219.88 - the size L ones are unavailable.", []),
    ("The only size M one available is (item 3339188619) at $200.24 - the size L ones are unavailable.",
     [("3339188619", "in stock")]),
    # ... in a list whose lead says in stock: the item's own is the lead's (blind set 99, r99_03 22)
    ("Here's what's in stock:\n- Helmet M: only the high one (9013366374), $219.88; the low M one is unavailable", []),
    ("Here's what's in stock:\n- Helmet M: only the low one (3339188619), $200.24; the high M one is unavailable",
     [("3339188619", "in stock")]),
    ("- Helmet M: the high one (9013366374), $219.88; the low M one is unavailable", []),  # no lead: unsaid
    ("- Helmet M: the high one (9013366374), $219.88 - unavailable", [("9013366374", "out of stock")]),  # its own
])
def test_a_stock_said_of_both_items_the_sentence_before_named(text: str, flagged: list[tuple[str, str]]) -> None:
    assert misstocked_by_id(text, _AVAILABLE.get) == flagged


@pytest.mark.parametrize(("text", "unseen"), [
    # an order's item said out of stock, no lookup of its product shown (blind set 88, r88_10 38)
    ("Your blue L helmet (low ventilation) is currently unavailable as a variant.", ["l/blue/low"]),
    ("Your blue L helmet (low ventilation) can be exchanged for another available variant.", []),  # others' stock
    ("Your blue M helmet (high ventilation) is currently unavailable.", []),  # a lookup shows that one's stock
    ("Your red S helmet is currently unavailable.", []),  # no object with those options shown
])
def test_a_stock_said_of_an_item_no_lookup_shows(text: str, unseen: list[str]) -> None:
    order = {"order_id": "#W3964602", "items": [
        {"name": "Cycling Helmet", "item_id": "7907773809", "price": 209.69,
         "options": {"size": "L", "color": "blue", "ventilation": "low"}},
        {"name": "Cycling Helmet", "item_id": "9013366374", "price": 219.88,
         "options": {"size": "M", "color": "blue", "ventilation": "high"}}]}
    lookup = {"name": "Cycling Helmet", "variants": {"9013366374": {
        "item_id": "9013366374", "options": {"size": "M", "color": "blue", "ventilation": "high"},
        "available": False, "price": 219.88}}}
    book = OptionBook()
    book.update([orjson.dumps(order).decode().lower(), orjson.dumps(lookup).decode().lower()])
    assert unseen_stock(text, lambda: book.objects) == unseen


def test_an_order_items_stock_said_before_any_lookup_is_not_grounded(convo: Any, at: Any) -> None:
    from trajectory2gym.certify.reasons import reason_kind

    c = convo()
    c.user("Should I swap the helmet in #W3964602 too? It's the blue L.")
    c.call("get_order_details", {"order_id": "#W3964602"}, {"order_id": "#W3964602", "status": "delivered", "items": [
        {"name": "Cycling Helmet", "item_id": "7907773809", "price": 209.69,
         "options": {"size": "L", "color": "blue", "ventilation": "low"}}]})
    i = c.say("Your blue L helmet (low ventilation) is currently unavailable, but you could swap it for another.")
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == ["text_status_not_visible"]


@pytest.mark.parametrize(("said", "counted"), [
    # blind set 102, r102_01 44: a stock count, where the lookup shows only whether an item is available
    ("It's listed as available at $191.55, and there are 4 left in stock at the moment.", ["4 left in stock"]),
    ("Only two units in stock, so order soon.", ["two units in stock"]),
    ("It's in stock at $191.55.", []),
    ("Both are in stock.", []),
])
def test_a_stock_count_no_lookup_shows(convo: Any, at: Any, said: str, counted: list[str]) -> None:
    from trajectory2gym.certify.reasons import reason_kind
    from trajectory2gym.certify.variant_prices import stock_counts_said

    assert stock_counts_said(said) == counted
    c = convo()
    c.user("Is the white wall clock 6508153405 in stock?")
    c.call("get_product_details", {"product_id": "2344688344"}, {"name": "Wall Clock", "variants": {"6508153405": {
        "item_id": "6508153405", "options": {"color": "white"}, "available": True, "price": 191.55}}})
    i = c.say(said)
    kinds = [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons]
    assert kinds == (["text_not_visible"] if counted else [])

"""The options a text gives an item it prices must be the item's own (certify/item_options.py)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.item_options import OptionBook, misdescribed_options
from trajectory2gym.certify.reasons import reason_kind

ORDER = {"order_id": "#W3864587", "status": "delivered", "items": [
    {"name": "Mechanical Keyboard", "product_id": "1656367028", "item_id": "4843487907", "price": 254.84,
     "options": {"switch type": "clicky", "backlight": "white", "size": "80%"}},
    {"name": "Bluetooth Speaker", "product_id": "4768869376", "item_id": "7597543861", "price": 310.47,
     "options": {"color": "black", "battery life": "10 hours", "water resistance": "no"}},
    {"name": "Action Camera", "product_id": "3377618313", "item_id": "6700049080", "price": 481.50,
     "options": {"resolution": "4K", "waterproof": "yes", "color": "silver"}},
    {"name": "Headphones", "product_id": "6992792935", "item_id": "7184044281", "price": 344.55,
     "options": {"type": "in-ear", "connectivity": "wireless", "color": "black"}}]}
SPEAKERS = {"name": "Bluetooth Speaker", "product_id": "4768869376", "variants": {
    "2635605237": {"item_id": "2635605237", "options": {"color": "blue", "battery life": "20 hours",
                                                        "water resistance": "no"}, "price": 271.89}}}


PERFUME_ORDER = {"order_id": "#W4398027", "items": [{"name": "Perfume", "item_id": "1725100896", "price": 289.66,
                                                     "options": {"scent family": "oriental", "size": "30ml",
                                                                 "gender": "unisex"}},
                                                    {"name": "Luggage Set", "item_id": "6301799585", "price": 466.47,
                                                     "options": {"piece count": "3-piece", "color": "silver",
                                                                 "material": "softshell"}},
                                                    {"name": "Electric Kettle", "item_id": "4064702754", "price": 159.78,
                                                     "options": {"capacity": "2L", "material": "glass", "color": "white"}},
                                                    {"name": "Bicycle", "item_id": "3624655057", "price": 2195.04,
                                                     "options": {"frame size": "medium", "color": "blue", "type": "road"}}]}


def _book(*shown: Any) -> OptionBook:
    book = OptionBook()
    book.update([orjson.dumps(o).decode().lower() for o in shown])
    return book


def test_the_book_keeps_each_priced_item_with_its_name_and_every_value_per_option() -> None:
    book = _book(ORDER, SPEAKERS)
    assert [it.name for it in book.priced(27189)] == [" bluetooth speaker "]  # a variant: its product's name
    assert book.values_of["battery life"] == {" 10 hour ", " 20 hour "}  # plural "s" dropped
    assert book.priced(100) == []


@pytest.mark.parametrize(("text", "out"), [
    ("- Bluetooth Speaker (black, 20-hour battery, not water-resistant) — $310.47",
     [("$310.47", "battery life", "20 hour", "10 hour")]),
    ("- Bluetooth Speaker (black, 10-hour battery, not water-resistant) — $310.47", []),
    ("4. Action Camera (4K, waterproof, black) — $481.50", [("$481.50", "color", "black", "silver")]),
    ("4. Action Camera (4K, waterproof, silver) — $481.50", []),
    ("- Mechanical Keyboard (clicky switches, white backlight, 80%) — $254.84", []),
    # Which item is meant must be clear: another name, another price, a change, two amounts
    ("- Action Speaker (black, 20-hour battery) — $310.47", []),
    ("- Bluetooth Speaker (black, 20-hour battery) — $310.48", []),
    ("- Bluetooth Speaker (black → blue, 20-hour battery) — $310.47", []),
    ("- Bluetooth Speaker (black, 20-hour battery) — $310.47, or $271.89 for blue", []),
    # another first word before the value's own second one, where no object shows it (blind audit r58_09)
    ("- Headphones (over-ear, wireless, black) — $344.55", [("$344.55", "type", "over ear", "in ear")]),
    ("- Headphones (in-ear, wireless, black) — $344.55", []),
    # several items in one sentence, each with its options and price (blind audit r64_04)
    ("It has: Bluetooth Speaker (black, 20-hour battery) $310.47 and Action Camera (4K, waterproof, silver) $481.50.",
     [("$310.47", "battery life", "20 hour", "10 hour")]),
    ("It has: Bluetooth Speaker (black, 10-hour battery) $310.47 and Action Camera (4K, waterproof, silver) $481.50.",
     []),
    # a yes-or-no option said by its name (blind set 73, r73_11)
    ("4. Action Camera (4K, not waterproof, silver) — $481.50", [("$481.50", "waterproof", "not waterproof", "yes")]),
    ("- Bluetooth Speaker (black, 10-hour battery, water-resistant) — $310.47",
     [("$310.47", "water resistance", "water resistance", "no")]),
    # ... or by its name and value, as a list of options gives them (blind set 85: r85_04 26, r85_07 14)
    ("- Bluetooth Speaker (color: black, battery life: 10 hours, water resistance: no) — $310.47", []),
    ("- Bluetooth Speaker (color: black, battery life: 10 hours, water resistance: yes) — $310.47",
     [("$310.47", "water resistance", "water resistance", "no")]),
    ("- Action Camera (resolution: 4K, waterproof: yes, color: silver) — $481.50", []),
    # a gender no other object shows (blind set 73, r73_02)
    ("- Perfume (oriental, 30ml, women's) — $289.66", [("$289.66", "gender", "women", "unisex")]),
    ("- Perfume (oriental, 30ml, unisex) — $289.66", []),
    # options after dashes and slashes; another word with the value's own ending (blind set 72, r72_08)
    ("- Luggage Set — 3-piece / silver / hardshell — $466.47", [("$466.47", "material", "hardshell", "softshell")]),
    ("- Luggage Set — 3-piece / silver / softshell — $466.47", []),
    # a material or size no other object shows; the item's clause up to its price (blind set 74: r74_03, r74_08)
    ("It has one Electric Kettle (2L, stainless steel, white) for $159.78, shipping to 544 Sunset Drive, NY 10280.",
     [("$159.78", "material", "stainles steel", "glas")]),
    ("It has one Electric Kettle (2L, glass, white) for $159.78, shipping to 544 Sunset Drive, NY 10280.", []),
    ("3. Bicycle (large frame, blue, road): $2,195.04", [("$2,195.04", "frame size", "large", "medium")]),
    ("3. Bicycle (medium frame, blue, road): $2,195.04", []),
    # items by their options in a row with no brackets, the name said before (blind set 75, r75_05)
    ("No 30ml in that perfume. In stock are an oriental 30ml men's at $289.66 and a silver 3-piece softshell at "
     "$466.47.", [("$289.66", "gender", "men", "unisex")]),
    ("No 30ml in that perfume. In stock are an oriental 30ml unisex at $289.66 and a silver 3-piece softshell at "
     "$466.47.", []),
])
def test_a_priced_line_gives_its_item_its_own_options(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(ORDER, PERFUME_ORDER)
    assert misdescribed_options(text, lambda: book) == out


@pytest.mark.parametrize(("text", "kinds"), [
    ("Your order #W3864587 was delivered and contains:\n- Mechanical Keyboard (clicky switches, white backlight, "
     "80%) — $254.84\n- Bluetooth Speaker (black, 20-hour battery, not water-resistant) — $310.47\n\nWhat would you "
     "like to exchange?", ["text_misdescribed_item"]),
    ("Your order #W3864587 was delivered and contains:\n- Mechanical Keyboard (clicky switches, white backlight, "
     "80%) — $254.84\n- Bluetooth Speaker (black, 10-hour battery, not water-resistant) — $310.47\n\nWhat would you "
     "like to exchange?", []),
])
def test_a_list_that_misdescribes_an_item_is_not_grounded(convo: Any, at: Any, text: str, kinds: list[str]) -> None:
    c = convo()
    c.user("What's in my order #W3864587?")
    c.call("get_order_details", {"order_id": "#W3864587"}, ORDER)
    i = c.say(text)
    assert [reason_kind(r) for r in at(certify_interaction(c.build()), i).reasons] == kinds


PUZZLE_ORDER = {"order_id": "#W7623533", "status": "delivered", "items": [
    {"name": "Jigsaw Puzzle", "product_id": "1808611083", "item_id": "4772738468", "price": 53.91,
     "options": {"pieces": "1000", "theme": "animals", "difficulty level": "beginner"}}]}


@pytest.mark.parametrize(("text", "out"), [
    # blind set 77, r77_10: a difficulty level no other object shows, in a sentence naming the order, "for" its price
    ("Your order #W7623533 was delivered and has one Jigsaw Puzzle (1000 pieces, animals, intermediate) for $53.91.",
     [("$53.91", "difficulty level", "intermediate", "beginner")]),
    ("Your order #W7623533 was delivered and has one Jigsaw Puzzle (1000 pieces, animals, beginner) for $53.91.", []),
    # a table row of prices: the amount is not a number of pieces (blind set 79, r79_02 30)
    ("| Item | Current | New |\n|---|---|---|\n| Jigsaw Puzzle | $53.91 | $46.13 |", []),
    ("| Item | Current | New |\n|---|---|---|\n| Jigsaw Puzzle 2000 pieces | $53.91 | $46.13 |",
     [("$53.91", "pieces", "2000", "1000")]),
])
def test_a_puzzles_difficulty_said_otherwise(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(PUZZLE_ORDER)
    assert misdescribed_options(text, lambda: book) == out


PHONE_ORDER = {"order_id": "#W4836353", "status": "pending", "items": [
    {"name": "Smartphone", "product_id": "1801728040", "item_id": "5311660992", "price": 1161.04,
     "options": {"color": "rose gold", "storage": "64GB", "RAM": "8GB", "screen size": "5.8-inch"}}]}


@pytest.mark.parametrize(("text", "out"), [
    # blind set 78, r78_09: "5.8-inch" is a measure, no second amount
    ("2. Smartphone (rose gold, 128GB, 8GB RAM, 5.8-inch) - $1,161.04", [("$1,161.04", "storage", "128gb", "64gb")]),
    ("2. Smartphone (rose gold, 64GB, 8GB RAM, 5.8-inch) - $1,161.04", []),
])
def test_an_items_options_with_a_decimal_measure(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(PHONE_ORDER)
    assert misdescribed_options(text, lambda: book) == out


@pytest.mark.parametrize(("row", "out"), [
    # blind set 78, r78_02: a table's row, the options in a cell of their own
    ("| Action Camera | 4K, waterproof, black | $481.50 |", [("$481.50", "color", "black", "silver")]),
    ("| Action Camera | 4K, waterproof, silver | $481.50 |", []),
])
def test_an_items_options_in_a_tables_row(row: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(ORDER)
    assert misdescribed_options(f"| Item | Options | Price |\n|---|---|---|\n{row}", lambda: book) == out


EARBUDS_ORDER = {"order_id": "#W5671546", "status": "delivered", "items": [
    {"name": "Wireless Earbuds", "product_id": "9924732112", "item_id": "4063058357", "price": 243.34,
     "options": {"color": "black", "battery life": "4 hours", "water resistance": "not resistant"}}]}


@pytest.mark.parametrize(("text", "out"), [
    # "not water resistant" is its own "not resistant" said in full (blind set 80, r80_01 12)
    ("| Item | Options | Price |\n|---|---|---|\n| Wireless Earbuds | black, 4 hours battery, not water resistant | "
     "$243.34 |", []),
    ("| Item | Options | Price |\n|---|---|---|\n| Wireless Earbuds | black, 4 hours battery, water resistant | "
     "$243.34 |", [("$243.34", "water resistance", "water resistant", "not resistant")]),
])
def test_a_value_said_with_its_negation_in_full(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(EARBUDS_ORDER)
    assert misdescribed_options(text, lambda: book) == out


THERMOSTAT = {"order_id": "#W7425646", "items": [{"name": "Smart Thermostat", "item_id": "4983901480", "price": 262.47,
                                                  "options": {"compatibility": "Apple HomeKit", "color": "black"}}]}


@pytest.mark.parametrize(("text", "out"), [
    # the value said short, after the item's name (blind set 88, r88_01 56)
    ("| #W7425646 | pending | Smart Thermostat (HomeKit, black) $262.47 |", []),
    ("| #W7425646 | pending | Smart Thermostat (Google HomeKit, black) $262.47 |",
     [("$262.47", "compatibility", "google homekit", "apple homekit")]),
])
def test_a_two_word_value_said_by_its_second_word(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(THERMOSTAT)
    assert misdescribed_options(text, lambda: book) == out


VACUUM = {"order_id": "#W1326557", "items": [{"name": "Vacuum Cleaner", "item_id": "6259501109", "price": 652.61,
                                              "options": {"type": "robotic", "bagged/bagless": "bagged",
                                                          "features": "pet hair removal"}}]}


@pytest.mark.parametrize(("text", "out"), [
    # the other value an option's name lists (blind set 103, r103_09 50)
    ("It has a Vacuum Cleaner (robotic, bagless, pet hair removal) at $652.61.",
     [("$652.61", "bagged/bagless", "bagless", "bagged")]),
    ("It has a Vacuum Cleaner (robotic, bagged, pet hair removal) at $652.61.", []),
])
def test_the_other_value_an_options_name_lists(text: str, out: list[tuple[str, str, str, str]]) -> None:
    book = _book(VACUUM)
    assert misdescribed_options(text, lambda: book) == out

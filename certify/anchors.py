"""What identifies one consequential call in conversation (``Anchors``): its identifiers and the
names of their objects, the items of its list arguments (a return's items, a trip's flights, a
booking's passengers), its payment methods, amounts, counts and enum choices.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import suppress
from functools import lru_cache
from typing import Any

import orjson

from trajectory2gym.certify.action_words import (
    GENERIC,
    NO_OBJECT,
    WEAK_OBJECT_WORDS,
    ToolArgs,
    action_stems,
    name_words,
    object_stems,
    other_action_objects,
    tool_object,
)
from trajectory2gym.certify.dates import ISO_DAY
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.normalize import (
    chunks,
    compact,
    id_shape,
    looks_like_identifier,
    to_cents,
    words,
)
from trajectory2gym.certify.routes import Route
from trajectory2gym.certify.turns import Turn

# A payment method's kind, from its identifier (credit_card_1, gift_card_2, paypal_3, certificate_4),
# and the words a message names that kind with ("your Mastercard ending 1020", "the gift card").
_PAYMENT_KINDS: dict[str, tuple[str, ...]] = {
    "creditcard": ("credit", "mastercard", "visa", "amex", "debit"),
    "giftcard": ("gift",),
    "paypal": ("paypal",),
    "certificate": ("certificate", "voucher"),
}


# Each word naming a kind, and the kind: "gift" names a gift card, "mastercard" a credit card.
PAYMENT_WORDS = {word: kind for kind, said in _PAYMENT_KINDS.items() for word in said}
# Those words in a text; "gift" names a gift card only as one: "a gift for my brother" is a present.
PAYMENT_SAID = re.compile(r"\b(" + "|".join(w + r"(?= ?cards?\b)" if w == "gift" else w for w in PAYMENT_WORDS)
                          + r")\b", re.I)


def payment_kind(value: str) -> str | None:
    key = compact(value)
    return next((kind for kind in _PAYMENT_KINDS if key.startswith(kind)), None)


# Arguments naming the account holder, the one the conversation is with.
# Which of two flights a trip's traveller means.
_OUTBOUND = frozenset({"outbound", "departing", "departure", "outgoing"})


_INBOUND = frozenset({"return", "returning", "inbound"})


_ACCOUNT_ARGS = frozenset({"user_id", "customer_id"})


# Words that name the account holder's own record ("the default address on your account").
ACCOUNT_WORDS = frozenset({"account", "profile", "default"})


def plural(word: str) -> str:
    """A name word's plural, as a description of two such items writes it: "both bookshelves"."""
    if word.endswith("fe"):
        return word[:-2] + "ves"
    if word.endswith("f") and not word.endswith("ff"):
        return word[:-1] + "ves"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def says_label(labels: AbstractSet[str], ws: set[str]) -> bool:
    """Whether words hold one of a name's words, its plural ("both chairs"), or its short name ("the
    bike" for the Bicycle)."""
    return not labels.isdisjoint(ws) or not ws.isdisjoint(map(plural, labels)) or (
        not _SHORT_NAMES.keys().isdisjoint(labels)  # (a set test first: most names have no short one)
        and any(not ws.isdisjoint(_SHORT_NAMES.get(label, ())) for label in labels))


# Short names users give items ("the bike"); each with its plural.
_SHORT_NAMES = {"bicycle": ("bike", "bikes"), "smartphone": ("phone", "phones")}


_NO_IDS: frozenset[str] = frozenset()


def record_of(item: Any) -> dict[str, str]:
    """A list item's string values by key, lower-cased (a passenger's names and birth date)."""
    return {k: v.lower() for k, v in item.items() if isinstance(v, str)} if isinstance(item, dict) else {}


def record_names(record: dict[str, str]) -> list[str]:
    return [v for v in record.values() if not ISO_DAY.fullmatch(v)]




# Option values that are answers ("gps": "yes"): a user's "yes" or "no" is a reply, not an option.
_ANSWER_WORDS = frozenset({"yes", "no", "true", "false", "none"})


class Anchors:
    """What identifies one call in conversation: its identifiers and the names of their objects.

    The names (``labels``) cost a search of the observations per identifier, so each
    identifier's is looked up only when a question needs it: an identifier a message
    mentions outright often settles the question, and a message without any word of
    any object name (``index.names_any``) cannot name this call's objects either.
    """

    __slots__ = ("ids", "stems", "objects", "object_ids", "rival_objects", "weak_objects", "object_word",
                 "amounts", "account", "own", "verb", "choices", "payments", "variants", "dated", "dated_args", "counts", "owners",
                 "records", "route", "place_spans", "place_vocab", "_places", "_contents",
                 "_changed", "_listed", "pairs",
                 "_groups", "_by_date", "_raw", "_index", "_labels_of", "_all", "_shapes", "_prefixes", "_aliases", "_fields", "_alias_fields",
                 "account_keys", "other_actions", "_renewed")

    def __init__(self, raw: dict[str, list[str]], stems: frozenset[str], index: EvidenceIndex,
                 objects: frozenset[str] = frozenset(), object_ids: frozenset[str] = frozenset(),
                 amounts: tuple[tuple[str, Any], ...] = (), rival_objects: frozenset[str] = frozenset(),
                 object_word: str = "", account: bool = False, own: frozenset[str] = frozenset(), verb: str = "",
                 listed: frozenset[str] = frozenset(), choices: tuple[tuple[str, str, tuple[str, ...]], ...] = (),
                 payments: tuple[tuple[str, str, str], ...] = (), variants: frozenset[str] = frozenset(),
                 dated: tuple[tuple[str, str], ...] = (), counts: tuple[tuple[str, int], ...] = (),
                 owners: tuple[str, ...] = (), records: tuple[tuple[str, list[Any]], ...] = (),
                 dated_args: tuple[str, ...] = (), aliases: frozenset[str] = frozenset(),
                 account_keys: frozenset[str] = frozenset(), alias_fields: frozenset[str] = frozenset(),
                 pairs: dict[str, str] | None = None, other_actions: frozenset[str] = frozenset(),
                 renewed: dict[str, int] | None = None):
        self._raw = raw  # identifier key -> the values the call gave for it (or its phone number)
        self._aliases = aliases  # the keys of phone numbers standing for an identifier of the call
        self._alias_fields = alias_fields  # the identifier fields they stand for ("line_id")
        self.account_keys = account_keys  # the account holder's (user_id, customer_id): shared by every call
        self.ids: set[str] = set(raw)
        self.stems = stems
        # Which of several same-verb tools this is: its object's words, or an identifier in the
        # arguments only it takes (a flight number of update_reservation_flights), as keys.
        self.objects = objects
        self.object_ids = object_ids
        self.rival_objects = rival_objects  # the other same-verb tools' object words (bag, passenger)
        self.other_actions = other_actions  # any other action's object stems (roaming, for suspend_line)
        self.object_word = object_word  # the object as the tool's name says it ("passengers"), for reasons
        self.weak_objects = WEAK_OBJECT_WORDS.get(object_word, ())
        self.amounts = amounts  # (argument, value) of the call's amount arguments
        # The only identifier is the account holder's: "your account" names it (see call_anchors).
        self.account = account
        self.own = own  # the words of the tool's name ("enable", "roaming"): an instruction may say them
        self.verb = verb  # the first of them, the action's own verb ("cancel")
        # What else a confirmation must agree with: enum choices (arg, value, options), the payment
        # method (arg, value, its kind), and the items a list argument names (keys; see item_groups).
        self.choices = choices
        self.payments = payments
        self._listed = listed
        self._renewed = renewed or {}  # how often a replacement list names each key ("new_item_ids")
        self.pairs = pairs or {}  # an item's key -> its replacement's (item_ids[k] -> new_item_ids[k])
        self.variants = variants  # every list argument's keys, the replacements too (new_item_ids)
        self.dated = dated  # (identifier, date) of each dated item of a list argument (a flight and its day)
        self.dated_args = dated_args  # the list arguments holding them ("flights")
        self._changed: list[tuple[str, str]] | None = None
        self.counts = counts  # (argument, value) of the call's count arguments (total_baggages)
        # Identifiers of the object the call changes, by an argument its name names (reservation_id
        # of update_reservation_baggages; none for book_reservation): where its current state is shown.
        self.owners = owners
        self.records = records  # (argument, items) of list arguments whose items have no identifier (passengers)
        # A booking's places and trip type: set by the certifier, which knows the domain's named constants.
        self.route: Route | None = None
        # The domain's named constants a text names (``DomainTools.place_spans``): set by the certifier.
        self.place_spans: Callable[[str], list[tuple[int, int, str]]] | None = None
        self.place_vocab: frozenset[str] = frozenset()  # their words: none in a text, no place in it
        self._places: tuple[set[str], set[str]] | None = None
        self._contents: tuple[set[str], set[str]] | None = None
        self._groups: list[tuple[frozenset[str], frozenset[str]]] | None = None
        self._by_date = False  # the groups are flights told apart by identifier (see item_groups)
        # (length, starts with a letter) of each identifier key: what an id of the same kind shares
        self._shapes = {id_shape(k) for k in raw}
        self._fields: dict[tuple[str, str], Any] = {}
        self._prefixes: dict[tuple[int, bool], set[str]] | None = None  # on the first rival asked about
        self._index = index
        self._labels_of: dict[str, set[str]] = {}
        self._all: tuple[set[str], set[str]] | None = None  # (labels, named ids), once all are known

    def labels_of(self, key: str) -> set[str]:
        """Words naming the object of one identifier (empty: no named object around it)."""
        found = self._labels_of.get(key)
        if found is None:
            found = set()
            for v in self._raw.get(key, ()):  # none: not one of the call's identifiers (a list of accounts)
                found |= self._index.label_words(v)
            if not found:  # an object without a name, by the name of what it refers to: a line by its plan
                for v in self._raw.get(key, ()):
                    for obj in _owned(self._index, v):
                        for field, ref in obj.items():
                            if field.endswith("_id") and isinstance(ref, str) and ref != v.lower():
                                found |= {w for named in _owned(self._index, ref)
                                          if isinstance(name := named.get("name"), str) for w in words(name)}
            self._labels_of[key] = found
        return found

    def _every(self) -> tuple[set[str], set[str]]:
        if self._all is None:
            labels: set[str] = set()
            named: set[str] = set()
            for key in self._raw:
                found = self.labels_of(key)
                if found:
                    named.add(key)
                    labels |= found
            self._all = (labels, named)
        return self._all

    @property
    def labels(self) -> set[str]:
        return self._every()[0]

    @property
    def named_ids(self) -> set[str]:
        """Identifiers of named objects (the items an exchange touches), as opposed to the order or
        payment method several actions share: a description must name one of these."""
        return self._every()[1]

    def _may_name(self, ws: set[str]) -> bool:
        # Labels are words of object names: no such word in ``ws``, no label in it either.
        return self._index.names_any(ws)

    def mentioned_in(self, ws: set[str], cs: set[str], named: bool | None = None) -> bool:
        """``ids & cs or labels & ws``; ``named`` is ``index.names_any(ws)`` when already known."""
        if not self.ids.isdisjoint(cs) or (self.account and not ACCOUNT_WORDS.isdisjoint(ws)):
            return True
        if named is None:
            named = self._may_name(ws)
        return named and says_label(self.labels, ws)

    def names_object(self, ws: set[str], cs: set[str]) -> bool:
        """``named_ids & cs or labels & ws`` when the call's objects have names, else ``ids & cs``."""
        hit = self.ids & cs
        # Searched in a fixed order, the likely named first (see call_anchors): one named
        # identifier settles it, and the shared ones (order, payment method) cost the most.
        if hit and any(self.labels_of(key) for key in self._raw if key in hit):
            return True  # a named identifier is mentioned (so there are labels)
        if hit and not hit.isdisjoint(self._aliases):
            return True  # a line's phone number, which stands for its named identifier: "for 555-123-2002"
        if hit:
            return not self.labels or says_label(self.labels, ws)
        return self._may_name(ws) and says_label(self.labels, ws)

    def _split_by_owner(self, needle: str, collect: Callable[[dict[str, Any], set[str]], None]) -> tuple[set[str], set[str]]:
        """What ``collect`` takes from the observed record of the object the call changes, and from
        the records of other objects of its kind (the fields that hold its identifier, with another
        value), in the observations holding ``needle``."""
        own: set[str] = set()
        rival: set[str] = set()
        if len(self.owners) == 1:
            owner = self.owners[0].lower()
            kin = {k for obj in self._index.objects_with(owner) for k, v in obj.items() if v == owner}
            for low in self._index.json_observations:
                if needle in low and any(f'"{k}"' in low for k in kin):
                    with suppress(orjson.JSONDecodeError):
                        _by_owner(orjson.loads(low), kin, owner, own, rival, collect)
        return own, rival

    def owner_places(self, codes: set[str]) -> tuple[set[str], set[str]]:
        """Of ``codes`` (lower-case constants), those the observed record of the object the call
        changes holds (a reservation's airports), and those records of other objects of its kind
        hold: asked once per call."""
        if self._places is None:
            self._places = self._split_by_owner("", _places_of)
        own, rival = self._places
        return own & codes, rival & codes

    def owner_contents(self) -> tuple[set[str], set[str]]:
        """The words of the names of the parts the record of the object the call changes lists
        (an order's items: "the laptop one" is the order with the Laptop), and those of other
        records of its kind: asked once per call."""
        if self._contents is None:
            self._contents = self._split_by_owner('"name"', _part_names)
        return self._contents

    @property
    def places_known(self) -> bool:
        """Whether the observed record of the call's object shows its places (after ``owner_places``)."""
        return self._places is not None and bool(self._places[0])

    def own_shapes(self) -> set[tuple[int, bool]]:
        """(length, starts with a letter) of the call's own identifiers, phone numbers aside."""
        if not self._aliases:
            return self._shapes
        return {id_shape(k) for k in self._raw if k not in self._aliases}

    @property
    def index(self) -> EvidenceIndex:
        return self._index

    @property
    def acted_on(self) -> frozenset[str]:
        """The keys of the items a list argument acts on (``item_ids``, not their replacements)."""
        return frozenset(self._listed)

    def repeats(self) -> dict[str, tuple[str, int]]:
        """The items a list argument names more than once (two of one water bottle returned): key ->
        (the identifier as sent, how many times)."""
        # (not an item exchanged for one of its own kind: "item_ids": ["5206946487"], "new_item_ids": ["5206946487"])
        return {key: (found[0], n) for key in self._listed
                if (n := len(found := self._raw.get(key, [])) - self._renewed.get(key, 0)) > 1}

    def _lists_holding(self, key: str) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Per JSON observation that lists item ``key``, newest first: the item and its list."""
        for low in reversed(self._index.json_observations):
            if key in low:
                with suppress(orjson.JSONDecodeError):
                    if found := _list_holding(orjson.loads(low), key):
                        yield found

    def siblings(self, key: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """The item an observation lists with identifier ``key`` and the other items of that list
        with the same name (an order's two "Office Chair"s); None when it has none."""
        for item, items in self._lists_holding(key):
            name = item.get("name")
            if isinstance(name, str) and name and (same := [o for o in items if o is not item and o.get("name") == name]):
                return item, same
        return None

    def list_mates(self, key: str) -> list[dict[str, Any]]:
        """The objects of the list the latest observation lists item ``key`` in by name (its order's
        items, itself among them; not a product's unnamed variants); empty when none does."""
        return next((items for item, items in self._lists_holding(key) if isinstance(item.get("name"), str)), [])

    def replacements(self) -> set[str]:
        """The keys of the items a call puts in place of others (``new_item_ids``)."""
        return set(self.variants) - self._listed

    def option_values(self, key: str) -> dict[str, set[str]]:
        """Per option ("color"), the values the product listing that shows this item offers."""
        out: dict[str, set[str]] = {}
        for low in self._index.json_observations:
            if key in low and '"options"' in low:
                with suppress(orjson.JSONDecodeError):
                    _collect_options(orjson.loads(low), out)
                break
        return out

    def object_keys(self) -> set[str]:
        """The call's identifiers of what it acts on: not the account holder's, not phone numbers."""
        return {k for k in self._raw if k not in self.account_keys and k not in self._aliases}

    def shows_amount(self, number: str) -> bool:
        """Whether a record of what the call acts on shows this number as one of its amounts: "then
        send the 65", of the bill B1234321 whose record shows a total due of 65.0."""
        cents = to_cents(number)
        return cents is not None and any(
            to_cents(v) == cents for k in self.object_keys() for form in self._raw[k][:1]
            for obj in self._index.objects_with(form) for v in obj.values()
            if isinstance(v, (int, float)) and not isinstance(v, bool))

    def rival_id(self, token: str) -> bool:
        """A visible identifier of the same kind as one of this call's, but not one of them: another
        object of that kind (order #W8770097, when this call touches order #W5183325): of the same
        shape, or of a kind-and-number form with the same letters ("B1234321" beside "B1002")."""
        key = compact(token)
        shape = id_shape(key)
        if key in self.ids:
            return False
        if shape not in self._shapes:
            # A kind's letters with a number of another length: bill "B1234321" beside the call's "B1002"
            return (kind_and_number(key) and any(_letters(key) in found for found in self._kinds().values())
                    and self._index.has_string(token))
        prefixes = self._kinds().get(shape)  # "L1001" is a line: "B1002", a bill, is no rival
        if not prefixes and kind_and_number(key):
            # the call's are random codes ("05XIX4"): flight "HAT298" is of another kind, unless shown as a
            # reservation's id as one of the call's is (reservation "BOH180" beside the call's "JG7FMM")
            return self._shown_as_reservation(token)
        if not prefixes and all(kind_and_number(k) for k in self._raw if id_shape(k) == shape):
            # and the other way: the call's are flights ("HAT023"), "K1NW8N" a reservation; unless one of
            # the call's is a reservation's id shaped like a flight ("BOH180") and the token is another's
            return self._shown_as_reservation(token)
        return (not prefixes or _letters(key) in prefixes) and self._index.has_string(token)

    def _shown_as_reservation(self, token: str) -> bool:
        """Whether the observations give ``token`` as a reservation's id, and one of the call's too."""
        shown = self._index.values_of("reservation_id") if self._index.json_has('"reservation_id"') else []
        return token.lower() in shown and any(compact(v) in self.ids for v in shown)

    def kin_of(self, token: str, key: str) -> bool:
        """A visible identifier of ``key``'s kind-and-number form (its letters, its length) that is not
        one of this call's: flight HAT011 beside the call's HAT039, where the call's other identifiers
        are random codes ("5B7T56") that ``rival_id`` cannot tell a flight from."""
        other = compact(token)
        return (other not in self.ids and len(other) == len(key) and kind_and_number(key) and kind_and_number(other)
                and _letters(other) == _letters(key) and self._index.has_string(token))

    def _kinds(self) -> dict[tuple[int, bool], set[str]]:
        """Per shape, the letters that start the call's identifiers of a kind-and-number form ("L1001",
        "#W5183325"; not an airline's random "AIXC49")."""
        if self._prefixes is None:
            self._prefixes = {}
            for k in self._raw:
                if (letters := _letters(k)) and len(letters) <= 2 and len(k) - len(letters) >= 3 and \
                        k[len(letters):].isdigit() and k not in self._aliases:
                    self._prefixes.setdefault((len(k), True), set()).add(letters)
        return self._prefixes

    @property
    def phones_stand_for_ids(self) -> bool:
        """Whether phone numbers name the call's objects (telecom lines)."""
        return bool(self._alias_fields)

    def names_rival(self, text: str) -> bool:
        """Whether a text names another object of the call's kind by an identifier or a phone number
        standing for one."""
        return any(self.rival_id(t) or self.rival_phone(t) for t in chunks(text) if looks_like_identifier(t))

    def rival_phone(self, token: str) -> bool:
        """A phone number that stands for another object of the kind whose phone numbers stand for
        the call's (line 555-123-2002 is L1002, when the call acts on L1001)."""
        key = compact(token)
        if not self._alias_fields or key in self.ids or not key.isdigit():
            return False
        return any(self._rival_object(obj) for obj in self._index.objects_with(token, '"phone'))

    def line_of_last_four(self, digits: str) -> bool | None:
        """Whose phone number ends in these four digits: the call's object (True), another object
        of its kind (False), or none (None). "the 2001 line" is L1001 where L1001 is 555-123-2001."""
        if any(self._raw[k][0].endswith(digits) for k in self._aliases):
            return True
        for low in self._index.json_observations:
            if digits in low and '"phone' in low:
                with suppress(orjson.JSONDecodeError):
                    if self._rival_line_ends(orjson.loads(low), digits):
                        return False
        return None

    def _rival_line_ends(self, value: Any, digits: str) -> bool:
        """Whether a JSON value holds another object of the call's kind whose phone ends in ``digits``."""
        if isinstance(value, list):
            return any(self._rival_line_ends(v, digits) for v in value)
        if not isinstance(value, dict):
            return False
        if self._rival_object(value) and any("phone" in k and isinstance(v, str) and v.endswith(digits)
                                             for k, v in value.items()):
            return True
        return any(self._rival_line_ends(v, digits) for v in value.values() if isinstance(v, (dict, list)))

    def _rival_object(self, obj: dict[str, Any]) -> bool:
        """An object whose own identifier is of the field the call's phone numbers stand for
        (``line_id``) and is not the call's: another line."""
        own = _own_id(obj)
        return own in self._alias_fields and isinstance(obj[own], str) and compact(obj[own]) not in self.ids

    def field_of(self, ident: str, key: str) -> Any:
        """``index.field_of``, asked once per call: a call's checks ask it of every message they read."""
        cache = self._fields
        if (ident, key) not in cache:
            cache[ident, key] = self._index.field_of(ident, key)
        return cache[ident, key]

    def current(self, key: str) -> Any:
        """``key``'s value now in the object the call changes (a reservation's ``total_baggages``)."""
        for value in self.owners:
            found = self.field_of(value, key)
            if found is not None:
                return found
        return None

    def people(self) -> int:
        """How many passengers the call is for: its own list (a booking's), else the object's now."""
        for arg, items in self.records:
            if "passeng" in arg or "traveler" in arg:
                return len(items)
        current = self.current("passengers")
        return len(current) if isinstance(current, list) else 0

    def visible_amounts(self) -> set[int]:
        return self._index.amounts

    def methods_of_kind(self, kind: str) -> int:
        """How many payment methods of a kind (``payment_kind``: "creditcard") observations show."""
        return self._methods(kind)[1]

    def method_ids_of_kind(self, kind: str) -> frozenset[str]:
        """The identifiers of the payment methods of a kind that observations show ("gift_card_3504862")."""
        return self._methods(kind)[0]

    def _methods(self, kind: str) -> tuple[frozenset[str], int]:
        """The identifiers of a kind's methods as written, and how many methods they are (compacted)."""
        shown, memo = self._index.json_observations, self._index.memo
        read, ids, count = memo.get(("kind", kind), (0, frozenset(), 0))
        if read < len(shown):  # only the observations that came since the last question
            pattern = _kind_ids(kind)
            ids = ids | {m[0] for low in shown[read:] for m in pattern.finditer(low)}
            count = len({compact(i) for i in ids})
            memo["kind", kind] = (len(shown), ids, count)
        return ids, count

    def balances_of_kind(self, kind: str) -> dict[str, int]:
        """The balance in cents of each payment method of a kind ("giftcard", "certificate") that
        observations list as a method (with its ``source``), by compacted identifier."""
        out: dict[str, int] = {}
        pattern = _kind_ids(kind)
        for ident in sorted({m[0] for low in self._index.json_observations for m in pattern.finditer(low)}):
            for obj in self._index.objects_with(ident, '"source"'):
                found = obj.get("amount", obj.get("balance")) if "source" in obj else None
                if isinstance(found, (int, float)) and not isinstance(found, bool) and (cents := to_cents(found)):
                    out[compact(ident)] = cents
                    break
        return out

    def cards_of_brand(self, brand: str) -> int:
        """How many payment methods of a card brand ("visa") observations show."""
        memo = self._index.memo
        key = ("brand", brand, len(self._index.json_observations))
        if key not in memo:
            memo[key] = len({obj.get("id") for obj in self._index.objects_with(brand, '"brand"')
                             if str(obj.get("brand", "")).lower() == brand})
        return memo[key]

    def card_field(self, payment: str, key: str) -> str | None:
        """What observations give a payment method as ``key`` (``last_four``, ``brand``)."""
        found = self.field_of(payment, key)
        return str(found) if found is not None else None

    def _changed_records(self) -> list[frozenset[str]]:
        """The items without identifiers (passengers) the call changes or removes, each by the words
        of its names that no other such item has ("nguyen" and "rossi" for two Sophias)."""
        names: list[set[str]] = []
        for arg, items in self.records:
            current = self.current(arg)
            after = [record_of(i) for i in items]
            for item in map(record_of, current if isinstance(current, list) else ()):
                if item not in after:
                    names.append(set(words(" ".join(record_names(item)))))
        return [frozenset(n.difference(*(o for o in names if o is not n))) for n in names]

    def inner_names(self) -> set[str]:
        """Words of the names of the objects the records of the call's identifiers hold (an order's
        items): "the gold Tablet", of the order whose address changes, names nothing else."""
        out: set[str] = set()
        for values in self._raw.values():
            for v in values:
                for obj in _owned(self._index, v):
                    out.update(w for held in obj.values() if isinstance(held, list) for sub in held
                               if isinstance(sub, dict) and isinstance(name := sub.get("name"), str) for w in words(name))
        return out

    def names_record(self, ws: set[str]) -> bool:
        """Whether a text names an item of a list argument without identifiers (a passenger): by a
        word of its names no other item has ("Emma's"), else by all of them."""
        for _, items in self.records:
            people = [set(words(" ".join(record_names(record_of(i))))) for i in items]
            for names in people:
                own = names.difference(*(n for n in people if n is not names))
                if names and (not own.isdisjoint(ws) if own else names <= ws):
                    return True
        return False

    def keeps_unchanged(self, keys: set[str]) -> bool:
        """Whether the identifiers of this call that a text names are all of items the call leaves
        as booked (and it names some)."""
        named = self.ids & keys & {compact(ident) for ident, _ in self.dated}
        return bool(named) and named.isdisjoint({compact(ident) for ident, _ in self.changed()})

    def changed(self) -> list[tuple[str, str]]:
        """The dated items this call sets to a new date or adds: not shown with that date by an
        observation of what the call changes (the reservation, named by the call's other identifiers)."""
        if self._changed is None:
            self._changed = [(ident, date) for ident, date in self.dated
                             if not (self.owners and self._index.booked(ident, date, self.owners))]
        return self._changed

    def item_groups(self) -> list[tuple[frozenset[str], frozenset[str]]]:
        """The call's items as (name words, identifier keys), items of the same name together, when it
        touches items of two or more names (a lamp and a kettle); else empty: nothing to tell apart.
        Items without names (flights) are told apart by identifier: those the call changes."""
        if self._groups is None:
            by_name: dict[frozenset[str], set[str]] = {}
            for key in self._listed if len(self._listed) > 1 else ():  # one item: nothing to tell apart
                labels = self.labels_of(key)
                if labels:
                    by_name.setdefault(frozenset(labels), set()).add(key)
            self._by_date = False
            if len(by_name) == 1 and len(self._listed) > 1:  # two speakers: told apart by their options
                by_name = self._option_groups() or by_name
            if len(by_name) < 2 and len(self.dated) > 1:  # in the call's order: outbound first
                by_name = {frozenset({key}): {key} for key in dict.fromkeys(compact(i) for i, _ in self.changed())}
                self._by_date = True
            if len(by_name) < 2 and self.records and self.owners:
                by_name = {name: set() for name in self._changed_records()}
            self._groups = [(n, frozenset(k)) for n, k in by_name.items()] if len(by_name) > 1 else []
        return self._groups

    def _option_groups(self) -> dict[frozenset[str], set[str]]:
        """Items of one name told apart by the words of their options and their replacements' that
        not all of them share: the green speaker (to green, 20 hours) and the black one (to red); empty
        where one of them has no such word."""
        own: dict[str, set[str]] = {}
        for key in self._listed:
            found: set[str] = set()
            for k in (key, self.pairs.get(key)):
                options = self._index.field_of(k, "options") if k else None
                if isinstance(options, dict):
                    found |= set(words(" ".join(str(v) for v in options.values())))
            own[key] = found - _ANSWER_WORDS  # "GPS: yes": a reply's "yes" names no item
        shared = set.intersection(*own.values())
        by_words: dict[frozenset[str], set[str]] = {}
        for key, found in own.items():
            if not found - shared:
                return {}
            by_words.setdefault(frozenset(found - shared), set()).add(key)
        return by_words if len(by_words) > 1 else {}

    def groups_named(self, ws: set[str], cs: set[str]) -> set[int]:
        """Which of ``item_groups`` a text names, by an identifier or a word of the name; of two
        flights moved, the first by "outbound", the second by "return"."""
        groups = self.item_groups()
        named = {k for k, (labels, keys) in enumerate(groups)
                 if not keys.isdisjoint(cs) or says_label(labels, ws)}
        if self._by_date and len(groups) == 2:
            named |= {k for k, direction in enumerate((_OUTBOUND, _INBOUND)) if not direction.isdisjoint(ws)}
        return named

    def said_as_given(self, key: str, turns: list[Turn]) -> bool:
        """Whether a message writes the identifier ``key`` as the call gave it (a substring test:
        cheaper than tokenizing every message)."""
        return any(v in t.text for v in self._raw.get(key, ()) for t in turns)

    def own_word(self, word: str) -> bool:
        """A word naming this call's object: a word of the tool's name or its object, one of its
        identifiers, a word of its objects' names."""
        return (word in self.own or compact(word) in self.ids or any(word.startswith(o) for o in self.objects)
                or word in self.labels)

    def describe(self) -> str:
        """The call's objects as a message would name them: their names' words, else the identifiers
        as the call gave them (``#W123``, not the comparison key)."""
        shown = sorted(self.labels)[:3] or sorted(values[0] for key, values in self._raw.items()
                                                  if key not in self._aliases)[:3]
        return ", ".join(shown) + (" or 'your account'" if self.account else "")


def _collect_options(value: Any, out: dict[str, set[str]]) -> None:
    if isinstance(value, list):
        for item in value:
            _collect_options(item, out)
    elif isinstance(value, dict):
        options = value.get("options")
        if isinstance(options, dict):
            for name, v in options.items():
                if isinstance(v, str):
                    out.setdefault(name, set()).add(v)
        for item in value.values():
            if isinstance(item, (dict, list)):
                _collect_options(item, out)


def _identifier_values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


# Keys of identifiers inside list arguments (a booking's flights, its payment methods).
NESTED_ID_KEYS = ("_id", "_number")


def _nested_identifiers(value: Any, dated: list[tuple[str, str]]) -> list[str]:
    """Identifier strings inside a list argument's objects: ``flights[].flight_number``; those of
    objects with a date (a flight on a day) also go to ``dated`` with it."""
    out: list[str] = []
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict):
            found = [v for k, v in item.items() if isinstance(v, str) and k.endswith(NESTED_ID_KEYS)]
            out.extend(found)
            date = item.get("date")
            if isinstance(date, str) and len(found) == 1:
                dated.append((found[0], date))
    return out


def _listed_payments(arg: str, value: Any, amounts: list[tuple[str, Any]]) -> list[tuple[str, str, str]]:
    """(argument path, payment id, its kind) of a list argument's payments (a booking's
    ``payment_methods[].payment_id``); the amount each pays goes to ``amounts``."""
    out = []
    for k, item in enumerate(value if isinstance(value, list) else ()):
        if isinstance(item, dict):
            paid = False
            for key, v in item.items():
                if "payment" in key and isinstance(v, str) and (kind := payment_kind(v)):
                    out.append((f"{arg}[{k}].{key}", v, kind))
                    paid = True
            amount = item.get("amount")
            if paid and isinstance(amount, (int, float)) and not isinstance(amount, bool):
                amounts.append((f"{arg}[{k}].amount", amount))
    return out


@lru_cache(maxsize=16)
def _kind_ids(kind: str) -> re.Pattern[str]:
    """Identifiers of a payment kind as observations write them: "credit_card_4421486"."""
    return re.compile(r"\b" + "_?".join(map(re.escape, kind)) + r"_?\d+\b")


def _list_holding(value: Any, key: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """In a JSON value, the object of a list whose identifier compacts to ``key``, and that list's
    objects (an order's items)."""
    if isinstance(value, dict):
        value = list(value.values())
    if not isinstance(value, list):
        return None
    items = [v for v in value if isinstance(v, dict)]
    for item in items:
        if any(isinstance(v, str) and compact(v) == key for k, v in item.items() if k.endswith("id")):
            return item, items
    for v in value:
        if isinstance(v, (dict, list)) and (found := _list_holding(v, key)):
            return found
    return None


def _owned(index: EvidenceIndex, ident: str) -> list[dict[str, Any]]:
    """The observed objects whose own identifier (``_own_id``) is ``ident``."""
    low = ident.lower()
    return [obj for obj in index.objects_with(low) if (own := _own_id(obj)) and obj.get(own) == low]


def _own_id(obj: dict[str, Any]) -> str | None:
    """The key of an object's own identifier: its first id field ("line_id" before "plan_id")."""
    return next((k for k in obj if k == "id" or k.endswith("_id")), None)


def kind_and_number(key: str) -> bool:
    """A key of one to three letters and then only digits, at least three ("hat298", "l1001")."""
    letters = _letters(key)
    return 0 < len(letters) <= 3 and len(key) - len(letters) >= 3 and key[len(letters):].isdigit()


def _letters(key: str) -> str:
    """The letters an identifier key starts with ("l" of "l1001")."""
    n = 0
    while n < len(key) and key[n].isalpha():
        n += 1
    return key[:n]


def _by_owner(value: Any, kin: set[str], owner: str, own: set[str], rival: set[str],
              collect: Callable[[dict[str, Any], set[str]], None]) -> None:
    """``collect`` of each object holding a ``kin`` field, into ``own`` where that field is
    ``owner``, else into ``rival`` (not looking inside such an object for more). An object whose
    own identifier comes first and is another field is another kind's: an order holds its user's
    ``user_id``, yet its items are no part of the user's record."""
    if isinstance(value, list):
        for item in value:
            _by_owner(item, kin, owner, own, rival, collect)
    elif isinstance(value, dict):
        key = next((k for k in kin if isinstance(value.get(k), str)), None)
        if key is not None:
            if _own_id(value) in (key, None):
                collect(value, own if value[key] == owner else rival)
            return
        for item in value.values():
            _by_owner(item, kin, owner, own, rival, collect)


def _places_of(record: dict[str, Any], into: set[str]) -> None:
    """A record's short string leaves (codes); a trip's by its ends: "the Miami one" is no trip
    that connects there."""
    origin, destination = record.get("origin"), record.get("destination")
    if isinstance(origin, str) and isinstance(destination, str):
        into.update((origin, destination))
    else:
        _string_leaves(record, into)


def _part_names(record: dict[str, Any], into: set[str]) -> None:
    """The words of the names of a record's parts (``"name"`` of each object in a list)."""
    for part in record.values():
        if isinstance(part, list):
            into.update(w for item in part if isinstance(item, dict) and isinstance(n := item.get("name"), str)
                        for w in words(n))


def _string_leaves(value: Any, out: set[str]) -> None:
    """The short string leaves of ``value`` (codes such as airports), into ``out``."""
    out.update(v for v in str_leaves(value) if len(v) <= 4)


def _identifier_leaves(value: Any, out: list[str]) -> list[str]:
    out.extend(v for v in str_leaves(value) if looks_like_identifier(v))
    return out


def str_leaves(value: Any) -> list[str]:
    """Every string leaf of a JSON value, in order (a stack, not nested generators: calls are many)."""
    out: list[str] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list):
            stack.extend(reversed(v))
        elif isinstance(v, dict):
            stack.extend(reversed(list(v.values())))
    return out


def call_anchors(tool: str, arguments: dict[str, Any], roles: Mapping[str, str], index: EvidenceIndex,
                 tools: ToolArgs = frozenset(), choices: tuple[tuple[str, str, tuple[str, ...]], ...] = ()) -> Anchors:
    raw: dict[str, list[str]] = {}
    amounts: list[tuple[str, Any]] = []
    listed: set[str] = set()
    renewed: dict[str, int] = {}
    variants: set[str] = set()
    payments: list[tuple[str, str, str]] = []
    dated: list[tuple[str, str]] = []
    counts: list[tuple[str, int]] = []
    records: list[tuple[str, list[Any]]] = []
    dated_args: list[str] = []
    aliases: set[str] = set()
    alias_fields: set[str] = set()
    account_keys: set[str] = set()
    # List arguments first: their identifiers (the items an exchange touches) are the ones with
    # object names; a scalar one (the order, the payment method) recurs in many observations.
    args = sorted(arguments.items(), key=lambda kv: not isinstance(kv[1], list))
    account_only = None  # whether the only identifier arguments name the account holder
    phones = index.json_has('"phone')  # telecom: lines are named by phone number too
    for arg, value in args:
        role = roles.get(arg)
        if role == "amount":
            amounts.append((arg, value))
            continue
        if role == "count":
            if type(value) is int:
                counts.append((arg, value))
            continue
        if role == "identifier":
            values = _identifier_values(value)
        elif role == "list":
            had = len(dated)
            values = _nested_identifiers(value, dated)
            if len(dated) > had:
                dated_args.append(arg)
            payments.extend(_listed_payments(arg, value, amounts))
            if not values and isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                records.append((arg, value))
        else:
            continue
        account_only = arg in _ACCOUNT_ARGS and account_only is not False
        for v in values:
            c = compact(v)
            if c:
                raw.setdefault(c, []).append(v)
                if isinstance(value, list):
                    variants.add(c)
                    if not arg.startswith("new"):  # the items acted on, not their replacements
                        listed.add(c)
                    else:
                        renewed[c] = renewed.get(c, 0) + 1
        if "payment" in arg and isinstance(value, str) and (kind := payment_kind(value)):
            payments.append((arg, value, kind))
        if role == "identifier" and arg in _ACCOUNT_ARGS and isinstance(value, str):
            account_keys.add(compact(value))
        if phones and role == "identifier" and isinstance(value, str) and arg not in _ACCOUNT_ARGS:
            # A line is also named by its phone number: the number its own record shows.
            for obj in index.objects_with(value, '"phone'):
                own = _own_id(obj)
                if own == arg and str(obj.get(arg, "")).lower() == value.lower():
                    for key, phone in obj.items():
                        if "phone" in key and isinstance(phone, str) and (c := compact(phone)) and c not in raw:
                            raw[c] = [phone]
                            aliases.add(c)
                            alias_fields.add(arg)
            if arg not in alias_fields and index.json_has(f'"{arg.lower()}"'):
                # Its own record unseen, but other objects of its kind shown with their phone
                # numbers: one of those numbers names another line.
                alias_fields.add(arg)
    objects, own_args, rivals = tool_object(tool, tools) if tools else NO_OBJECT
    object_ids = frozenset(compact(v) for a in own_args if a in arguments
                           for v in _identifier_leaves(arguments[a], [])) if own_args else _NO_IDS
    parts = name_words(tool)
    if account_only and not objects and len(parts) > 1 and parts[-1] not in GENERIC:
        # Only the account holder identifies this call (send_certificate(user_id, amount)) and no tool
        # of the same verb needs telling apart: agents say "you", not the user id. The call's object
        # names it instead ("a $100 certificate"). With a same-verb sibling (modify_user_address beside
        # modify_pending_order_address) the user id still tells which address.
        raw = {}
        objects = object_stems(parts[-1])
    pairs: dict[str, str] = {}
    if len(listed) > 1:  # items and their replacements, paired by position
        lists = [(a, v) for a, v in arguments.items() if isinstance(v, list) and roles.get(a) in ("list", "identifier")]
        olds = [v for a, v in lists if not a.startswith("new")]
        news = [v for a, v in lists if a.startswith("new")]
        if len(olds) == 1 and len(news) == 1 and len(olds[0]) == len(news[0]):
            pairs = {compact(o): compact(n) for o, n in zip(olds[0], news[0], strict=True)
                     if isinstance(o, str) and isinstance(n, str)}
    # With such a sibling, "the default address on your account" names the user's, not an order's.
    return Anchors(raw, action_stems(tool), index, objects, object_ids, tuple(amounts), rivals,
                   parts[-1] if objects else "", account=bool(account_only and raw), own=frozenset(parts),
                   verb=parts[0] if parts else "",
                   listed=frozenset(listed), renewed=renewed, choices=choices, payments=tuple(payments), variants=frozenset(variants),
                   dated=tuple(dated), counts=tuple(counts),
                   owners=tuple(v for a, v in arguments.items() if roles.get(a) == "identifier" and isinstance(v, str)
                                and a.split("_")[0] in parts), records=tuple(records), dated_args=tuple(dated_args),
                   aliases=frozenset(aliases), account_keys=frozenset(account_keys),
                   alias_fields=frozenset(alias_fields), pairs=pairs,
                   other_actions=other_action_objects(tool, tools) if tools else frozenset())

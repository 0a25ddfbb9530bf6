"""Decision certification: every assistant decision checked against what the policy could see.

One pass over the messages. Visible messages update the evidence index as they
arrive; at each assistant message the four checks run against the index as it
stands (so only V(H<t) counts), then the message's own calls and observations
are added. Assistant text and assistant call arguments are never evidence for
values: a value must come from the user, a tool observation, the system prompt
or the schema. Calls a user runs on their own device (dual control) are
evidence, never decisions; they are listed (type-level: name, access, object
class, message index) in ``metadata["user_actions"]`` so canonical paths can
record the hand-off of control to the user.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from contextlib import suppress
from datetime import date, datetime, timedelta
from itertools import filterfalse
from typing import Any, TypeVar, cast

import orjson

from trajectory2gym.certified import CertifiedInteraction
from trajectory2gym.certify.action_words import says
from trajectory2gym.certify.addresses import (
    POSTCODE_ARGS,
    UNIT,
    AddressBook,
    misaddressed,
    misreported_streets,
    postcode_unsaid,
    unit_added,
    unit_dropped,
    unit_unsaid,
)
from trajectory2gym.certify.agreement import (
    ConfirmVerdict,
    action_amounts,
    is_data,
    picked_amount,
    stated_amounts,
    stated_counts,
)
from trajectory2gym.certify.anchors import PAYMENT_SAID, Anchors, call_anchors, str_leaves
from trajectory2gym.certify.bag_allowance import (
    bag_fee,
    charged_free_bags,
    charged_within_allowance,
    free_bags,
    free_beyond_allowance,
    misfeed_bags,
    misfeed_per_bag,
    misstated_bags,
    misstated_free_left,
    overcharged_nth_bag,
    unknown_tier_bags,
)
from trajectory2gym.certify.bag_removal import bag_removal_rule, offers_bag_removal
from trajectory2gym.certify.basic_changes import flight_change_offers, no_change_rule
from trajectory2gym.certify.birth_dates import BirthDates, birthday_unsaid, misborn
from trajectory2gym.certify.booked_on import misdated
from trajectory2gym.certify.books import ObservationBook, json_objects, objects_in
from trajectory2gym.certify.cancel_amounts import ReservationRecords, fares_as_cancel_refund
from trajectory2gym.certify.cancel_refund import (
    any_reason_said,
    cancel_offered,
    cancellation_rule,
    covered_words,
    gives_covered_reason,
    insurance_rule,
    insured_change_said,
    insured_refunds_said,
    misstated_full_refunds,
    refund_unowed,
    refunds_said,
)
from trajectory2gym.certify.charges import (
    TOTAL_KEYS,
    balances_after,
    balances_by_method,
    balances_said,
    balances_stated,
    crossed_nets,
    exchange_way,
    fee_charged,
    given_amounts,
    method_balances,
    method_net,
    method_totals,
    misigned_changes,
    misrequested,
    misstated,
    misstated_balances,
    misstated_kind_balances,
    mistotaled,
    mistotaled_writes,
    moved_already,
    new_rows,
    no_charge_claims,
    present_balances_said,
    reports_money,
    returned,
    reversed_ways,
    row_amounts,
    said_moved,
    subset_totals,
    totals,
    uncovered_by_balance,
    worded_differences,
    write_charges,
)
from trajectory2gym.certify.claims import (
    action_nouns,
    claims_done,
    claims_own_action,
    contact_claims,
    data_added_claims,
    done_unasked,
    forgiven_claims,
    may_claim_a_check,
    may_claim_change,
    may_name_other_choice,
    other_choices,
    promised_for_others,
    swapped_objects,
    unchecked_claims,
    unmade_claims,
    unmade_recap_lines,
    unreturned_items,
    verb_key,
)
from trajectory2gym.certify.compensation import (
    bag_certificate_rule,
    case_rates,
    certificate_for_bags,
    certificate_for_change,
    certificate_kept,
    certificates_held_out,
    certificates_joined,
    certificates_offered,
    certificates_promised,
    certificates_refused,
    certificates_still_held,
    compensation_rule,
    complained,
    complaint_case,
    delay_complaint,
    delay_rule,
    difference_rule,
    eligible,
    flight_cases_rule,
    flight_trouble_said,
    ineligible,
    offer_first_rule,
    one_certificate_rule,
)
from trajectory2gym.certify.config import CertifyConfig
from trajectory2gym.certify.confirmation import check_confirmation
from trajectory2gym.certify.counts import (
    listed_count,
    listed_entries,
    miscounted,
    miscounted_bags,
    miscounted_people,
    miscounted_seats,
    miscounted_sum,
    seats_denied,
    sold_out_offered,
    status_counts,
)
from trajectory2gym.certify.data_amounts import (
    ANY_GB,
    CLAIMS_DATA,
    OFFERS_DATA,
    WHOLE_GB,
    DataAmountBook,
    derivable,
)
from trajectory2gym.certify.data_left import DataLeftBook, over_limit_said, refuelled_said
from trajectory2gym.certify.data_pace import days_left_miscounted, may_pace, paced
from trajectory2gym.certify.dated_fields import (
    ArrivalDays,
    BillMonths,
    DatedFields,
    misdated_bill_periods,
    misdated_fields,
    said_arrival_days,
)
from trajectory2gym.certify.dates import (
    AM_PM,
    ISO_DAY,
    DateMention,
    a_span_from,
    date_mentions,
    hour_24,
    hours_behind_eastern,
    may_name_month_day,
    misnamed_near_days,
    misnamed_weekdays,
    month_number,
    spans_in,
)
from trajectory2gym.certify.delivery_days import (
    about_an_order,
    delivery_days_said,
    may_say_delivery,
)
from trajectory2gym.certify.elapsed import (
    ABOUT,
    as_decimal_hours,
    hours_apart,
    hours_between_said,
    hours_of_flights,
    hours_since,
    miscounted_days,
    misspanned,
    not_within_a_day,
    now_in,
    today_in,
)
from trajectory2gym.certify.equations import (
    arrow_pairs,
    bracket_sums,
    difference_as_total,
    miscalculated,
    miscopied,
    misdifferenced,
    misdivided,
    misremained,
    misshared,
    months_miscounted,
    signed_amounts,
    table_totals,
    worked,
)
from trajectory2gym.certify.evidence import EvidenceIndex, day_shifts_said
from trajectory2gym.certify.flown import misflown
from trajectory2gym.certify.item_options import OptionBook, misdescribed_options
from trajectory2gym.certify.item_prices import ItemPriceBook
from trajectory2gym.certify.late_insurance import late_insurance_rule, offers_late_insurance
from trajectory2gym.certify.line_items import ItemBook, misassigned, misbilled, miskinded
from trajectory2gym.certify.line_plans import LinePlans, misplanned_labels, misplanned_lines
from trajectory2gym.certify.measures import MEASURE, MeasureBook, misassigned_measures
from trajectory2gym.certify.mixed_cabins import mixed_cabins_offered, one_cabin_rule
from trajectory2gym.certify.normalize import (
    FLIGHT_NUMBER,
    cents_of,
    chunks,
    chunks_with_digits,
    compact,
    dollar_amounts,
    id_shape,
    identifiers_in,
    looks_like_identifier,
    money_numbers_in,
    numbers_in,
    to_cents,
    tokens,
    without_data_amounts,
    without_measures,
    words,
)
from trajectory2gym.certify.order_items import prices_of_other_orders
from trajectory2gym.certify.order_totals import OrderSums, order_totals_said, stale_order_totals
from trajectory2gym.certify.owned_ids import holder, misowned
from trajectory2gym.certify.phone_state import BAR_SIGNAL, PhoneState, codes_said, may_state_phone
from trajectory2gym.certify.plan_rates import (
    PlanRates,
    data_at_rate_miscounted,
    misattributed_rates,
    mispriced_refuels,
    misstated_plan_differences,
    misstated_plan_rates,
    plans_named,
    rates_said,
)
from trajectory2gym.certify.policy_once import agreed_again, made_once, offered_again, once_only
from trajectory2gym.certify.policy_times import (
    NOT_BEFORE,
    SPAN,
    identify_first,
    instant_for_slow,
    instant_kinds,
    own_only,
    slow_for_instant,
    span_of_another_action,
    span_topics,
)
from trajectory2gym.certify.prices import (
    PriceBook,
    line_total,
    misattributed,
    misrefunded,
    mistotaled_rows,
    row_totals,
)
from trajectory2gym.certify.reasons import reason, reason_check, reason_kind
from trajectory2gym.certify.refuel_amounts import stale_refuel_amounts
from trajectory2gym.certify.refuel_bill import (
    next_bill_rule,
    refuel_billed_elsewhere,
    refuel_charged_now,
)
from trajectory2gym.certify.reported_payments import (
    GATE,
    METHOD_ID,
    CardsById,
    PaymentRows,
    brands_named,
    charged_methods,
    history_methods,
    history_refunds,
    ids_read_as_last_four,
    misbranded_amounts,
    misbranded_cards,
    misnamed_cancel_refunds,
    misnamed_cards,
    misnamed_charge_methods,
    misnamed_method_ids,
    misnamed_past_refunds,
    misnamed_payers,
    misnamed_refund_methods,
    misplaced_amounts,
    misplaced_by_id,
    paid_with_fours,
    payment_ids,
    refund_fours,
    reported_part,
    write_payments,
)
from trajectory2gym.certify.resume_rule import overdue_bill, resume_after_payment_rule
from trajectory2gym.certify.return_refunds import (
    ORDER_NAMED,
    changes_offered,
    misdirected_cancel_refunds,
    misdirected_refund_ids,
    misdirected_refunds,
    paid_ids,
    paid_kinds,
    pending_only_rule,
    return_refund_rule,
)
from trajectory2gym.certify.routes import Route
from trajectory2gym.certify.same_route import other_airport_allowed, same_route_rule
from trajectory2gym.certify.setting_values import (
    labelled_plans,
    may_name_values,
    named_plans,
    named_values,
)
from trajectory2gym.certify.shares import misjudged_halves, misstated_shares
from trajectory2gym.certify.stated_causes import unseen_causes
from trajectory2gym.certify.stated_reason import (
    feelings_put_on_user,
    lacks_put_on_user,
    may_put_lack,
    may_put_place,
    may_put_saying,
    places_put_on_user,
    reason_unsaid,
    reasons_put_on_user,
    sayings_put_on_user,
    user_gave,
)
from trajectory2gym.certify.statuses import (
    DATA_SHOWN,
    JOINED_CLAUSE,
    REQUESTED,
    RETRACTS,
    ROAMING_SAID,
    ROAMING_SHOWN,
    SPEED_SHOWN,
    STATUS_WORDS,
    cabin_contradicted,
    cell_contradicted,
    completion_said,
    contradicted,
    denials,
    esim_claims,
    flight_statuses,
    insurance_contradicted,
    is_unpaid,
    misrated_speeds,
    misread_data_switch,
    mistimed,
    mistimed_ranges,
    owed_paid,
    owed_with_paid,
    past_contradicted,
    requested_contradicted,
    says_status,
    status_form,
    switch_claims,
    switched,
    tier_contradicted,
    unseen_tiers,
)
from trajectory2gym.certify.superlatives import (
    Rebooked,
    beaten_by_search,
    may_rank,
    misranked,
    search_totals,
)
from trajectory2gym.certify.tables import with_headers
from trajectory2gym.certify.taken_back import taken_back
from trajectory2gym.certify.tools import ToolInfo, ToolResolver, guess_domain
from trajectory2gym.certify.trouble_order import (
    ORDERED,
    STAGE_RANK,
    asks_stage,
    data_works_told,
    later_steps_asked,
    slow_data_told,
)
from trajectory2gym.certify.turn_rules import turn_rules
from trajectory2gym.certify.turns import (
    AFFIRM,
    ASKS,
    DEFER,
    LIST_MARK,
    SENTENCE,
    SENTENCE_OR_LINE,
    Turn,
)
from trajectory2gym.certify.variant_prices import (
    may_say_stock,
    misdescribed_prices,
    misstocked,
    misstocked_by_id,
    stock_counts_said,
    unseen_stock,
)
from trajectory2gym.interaction import Interaction, Message, ToolCall
from trajectory2gym.toolmeta import ToolMeta

_EMPTY = ("", "[]", "{}", "null", '""')
_MAY_STATE = re.compile(r"[\d#@]")
_DECIMAL = re.compile(r"\d[.,]\d")
# Cheap words before policy_once reads a text: "another", "separate", "again" ...
_ONE_MORE_HINT = re.compile(r"\b(?:another|separate|second|new|further|additional|again|still)\b", re.I)
# The end of a value's clause, after it (with policy_times.NOT_BEFORE before it: a correction's value
# taken back).
_CLAUSE_END = re.compile(r"\**\s*(?:[.;,)!—]|\s[-–]\s|$)")  # ("... is $209, not $199 - sorry")
_AS_I_SAID = re.compile(r"\**\s+as I (?:said|wrote|mentioned|told you|stated|quoted)\b")
# A write's result that only records a request ("status": "return requested"): nothing moved yet.
_REQUESTED_RESULT = re.compile(r'"status":\s*"[a-z ]*requested"')
# A money report that sums the whole conversation, not only the writes since the user spoke.
_OVERALL = re.compile(r"\b(?:in total|altogether|all told|overall|so far|combined|across (?:both|all))\b", re.I)
# The last four digits of a card as an agent states them: "ending (in) 9182", "last four 9182", "****9182".
_CARD_END = re.compile(r"(?:\bending(?: (?:in|with))?|\blast (?:four|4)(?: digits)?(?: of)?|\b[x*•]{2,}|[*•]{2,})"
                       r"[^\w$]{0,3}(\d{4})\b(?![-/.:]\d)", re.I)  # not a bold date's year: "**2025-02-25**",
# nor a bold amount: "**$3538**"
_LETTER = re.compile(r"[A-Za-z]")
# Identifiers of the account, or of how it pays: a profile shows them as they are (not an order's status).
_NOT_OBJECTS = frozenset({"user", "customer", "account", "payment"})
# An identifier a text calls the new object: "New reservation: HATHAT", "your new order #W1234567".
_NEW_NAMED = re.compile(r"(?i:\bnew\s+(?:reservation|booking|order|ticket|line|account)(?:\s+(?:id|code|number))?)"
                        r"\s*(?:is\s+|:\s*|-\s*|—\s*)?(#?[A-Z0-9]{5,}|#?W\d{5,})\b")
# A relative of the user's, named by the text: "your mother", "your wife" (the user's to say).
_YOUR_KIN = re.compile(r"\byour\s+(mother|father|mom|dad|wife|husband|son|daughter|sister|brother|grandmother|"
                       r"grandfather|grandson|granddaughter|aunt|uncle|niece|nephew|fiancée?|girlfriend|boyfriend)\b",
                       re.I)
# An amount said to be the user's own limit: "your $300 budget", "a budget of $600", "the $300 you
# wanted to keep it to".
_USERS_AMOUNT = re.compile(r"\byour\s+\$([\d,]+(?:\.\d\d)?)\s+(?:budget|limit|cap|maximum)\b"
                           r"|\b(?:your\s+)?budget\s+of\s+\$([\d,]+(?:\.\d\d)?)"
                           r"|\bthe\s+\$([\d,]+(?:\.\d\d)?)\s+you\s+(?:wanted|said|mentioned|asked|gave|set)\b"
                           # or what the user will pay: "Since you're willing to pay up to $100, this fits"
                           r"|\byou(?:'re|’re|\s+are)\s+(?:willing|happy|prepared|ready)\s+to\s+(?:pay|spend)\s+"
                           r"(?:up\s+to\s+|at\s+most\s+)?\$(\d(?:[\d,]*\d)?(?:\.\d\d)?)", re.I)
# An amount of data the user is said to be willing to add: "you said you're happy to add 2 GB", "I
# see you're happy to top up 2.0 GB", "you're fine refueling 2 GB".
_DATA_WISH = re.compile(r"\byou(?:'re|’re| are|'d be|’d be| would be)?\s+(?:happy|willing|fine|okay|ok)\s+(?:(?:to|with)\s+)?"
                        r"(?:(?:add(?:ing)?|top(?:ping)?\s+up|refuel(?:ling|ing)?|buy(?:ing)?)\s+(?:an?\s+extra\s+|up\s+to\s+)?"
                        r"(?=\d)|an?\s+(?=\d+(?:\.\d+)?\s*GB\s+(?:refuel|top-?up|data)))"  # "OK with a 2.0 GB refuel", "add up to 2 GB"
                        r"(\d+(?:\.\d+)?)\s*GB\b", re.I)
# A card of the user's, said as theirs: "your card on file", "your credit card" (not a gift card).
# A SIM's lock said by its kind: "PUK-locked", "locked with a PIN" (the phone says "locked with a PIN code").
_SIM_LOCK_SAID = re.compile(r"\b(PIN|PUK)[- ]locked\b|\blocked (?:with|by) (?:a |the |its )?(PIN|PUK)\b")
_IF_SAID = re.compile(r"\b(?:if|whether|when|in case|unless)\b", re.I)  # a condition: "if it's PUK-locked, ..."
_MY_CARD = re.compile(r"\bmy (?:credit |debit )?card\b", re.I)
_YOUR_CARD = re.compile(r"\byour (?:credit |debit )?card(?: on file)?\b|\bthe card on file\b", re.I)
_SOURCE = re.compile(r'"source":\s*"([a-z_ ]+)"')  # a payment method's kind, in a lower-cased observation
# The object a result is: its first field, an id ("plan_id": its kind, plans; its value, where a string).
_RESULT_ID = re.compile(r'\s*\{\s*"(?P<kind>\w+)_id"\s*:\s*(?:"(?P<id>[^"]+)")?')
# "4:05 pm"; not part of a span or a next-day time ("14:00-17:00", "03:00→07:30", "02:30+1": read as identifiers)
# (after a dash only where the time before it ends in am/pm: "6:00 PM–8:30 PM"; "14:00–17:00" is a span)
# A time said in another US zone than the schedules' Eastern one, and the hours to add back to it.
# (or by a city of the zone, or "local" and the zone: "3:00 pm Houston time", "5:00 pm local (Pacific) time")
_CLOCK_SAID = re.compile(r"(?<![\d:.$→>])(?<![^AaPpMm.][\-–])(?<!^[\-–])([01]?\d|2[0-3]):([0-5]\d)(?![\d:+\-–]|→\s*\d)(\s*[ap]\.?m\b\.?)?", re.I)
_HOUR_SAID = re.compile(r"(?<![\d:.$])([01]?\d)()(\s?[ap]\.?m\b)", re.I)
_DAY_AFTER = re.compile(r"\s*(?:\(|(?:on\s+)?(?:[A-Z][a-z]+day,?\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
                        r"[a-z]*\.?\s+\d{1,2}\b|(?:on\s+)?\d{4}-\d{2}-\d{2})")  # a time's day, said after it
# A day said later in the time's sentence: "lands at 12:00 AM, which is the start of **May 25**".
_DAY_LATER = re.compile(r"[^.!?\n]{0,60}?\b(?:(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\**\d{1,2}\b"
                        r"|\d{4}-\d{2}-\d{2})")
_TAIL_DIGITS = re.compile(r"(.*[A-Za-z_-])(\d{3,})")  # an identifier's name part and its final digits
# A day written month first after a word that dates something: "by 5/29", "on 5/22/2024".
_SLASH_DAY = re.compile(r"\b(?:on|by|until|till|before|after|from|since|around)\s+(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?\b",
                        re.I)
_STOCK_KEYS = ('"stock', '"quantity', '"inventory', '"units', '"in_stock')  # fields that may count stock
# A card's expiry, month and year: "expires in 08/27", "expiring 12/2026".
_EXPIRY = re.compile(r"\bexpir\w*\s+(?:in\s+|on\s+|at\s+)?(?:the\s+end\s+of\s+)?(\d{1,2}/(?:\d{4}|\d{2}))(?![\d/])", re.I)
# An amount said per unit of something counted: "$6.00 per GB", "$5/GB", "$50 per bag", "$35 each".
_RATE = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s*(?:(?:per|/)\s*(?:GB|gigabyte|bag|checked bag|passenger|person|"
                   r"travell?er|line|item|night|device)s?\b|each\b)")
# A web address: what a text says of it must have been shown (a settings value, a help page).
_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>()\[\]\"'`]*[^\s<>()\[\]\"'`.,;:!?]")
# An amount the agent says it got wrong before: "I quoted $129.95 earlier", "I misstated the refund as
# $142.52 a moment ago", "I wrote $217 above".
_TAKEN_BACK = re.compile(r"\bI\s+(?:quoted|misquoted|mis-quoted|misstated|mis-stated|mistyped|mis-typed|stated|said|told you|gave you|wrote)\b[^.;:()$]{0,30}?"
                         r"\$?(\d[\d,]*(?:\.\d+)?)[^.;:()$]{0,20}?\b(?:earlier|before|above|a moment ago|previously)\b"
                         r"|\bnot\s+\$?(\d[\d,]*(?:\.\d+)?),?\s+as\s+I\s+(?:said|stated|quoted|wrote|told you)\b"
                         # or a correction's "not $70" at a clause's end: "The difference is $60 per passenger, not $70."
                         # (without "$" where it has cents: "saves you 29.24 dollars, not 29.42.")
                         r"|\b[Nn]ot\s+(?:\$(?=\d)|(?=\d[\d,]*\.\d\d\b))(\d[\d,]*(?:\.\d+)?)(?=\s*(?:[.;,)!—–(]|$)|\s+-\s)"
                         # or a misstatement owned up to: "(I misstated it as $212)"
                         r"|\bI\s+mis-?(?:stated|quoted)\b[^.;:()$]{0,20}?\bas\s+\$?(\d[\d,]*(?:\.\d+)?)"
                         # or the slip owned up to, then what was said: "(I misspoke earlier when I said $425.70.)"
                         r"|\bI\s+(?:misspoke|was wrong|made a mistake|got (?:it|that) wrong)\b[^.;:()$]{0,25}?\b(?:when|where)\s+I\s+"
                         r"(?:said|quoted|stated|told you|gave you|wrote)\b[^.;:()$]{0,20}?\$(\d[\d,]*(?:\.\d+)?)"
                         # or when first, then what was said: "a moment ago I said the refund was $1,987.70"
                         r"|\b(?:earlier|before|a moment ago|previously),?\s+I\s+(?:quoted|stated|said|told you|gave you|wrote)\b"
                         r"[^.;:()$]{0,30}?(?:\$(\d[\d,]*(?:\.\d+)?)|(\d+(?:\.\d+)?)(?=\s*GB\b))"  # (or of data: "I said 7.3 GB")
                         # or an amount called a slip: "The $1,138.19 was a typo."
                         r"|\b[Tt]he\s+\$(\d[\d,]*(?:\.\d+)?)\s+(?:I\s+(?:gave|said|wrote|quoted)\s+(?:(?:earlier|before|above)\s+)?)?"
                         r"was\s+(?:a\s+|my\s+)?(?:typo|mistake|slip|error|wrong|incorrect|miscalculation)\b"
                         # or said to be corrected: "I need to correct myself: I told you roaming costs $10/day, but ..."
                         r"|\bcorrect myself\W+I\s+(?:said|told you|quoted|stated|mentioned|gave you)\b[^.;:()$]{0,40}?"
                         r"\$(\d[\d,]*(?:\.\d+)?)")


# The whole of a sum written out after its first term: " + 2.0 GB = **17.0 GB**".
_SUM_WHOLE = re.compile(r"\s*\+[^=\n]{1,24}=\s*\**\s*(\d+(?:\.\d+)?)\s*GB", re.I)


def _sum_written(sentence: str, first: re.Match[str] | None) -> re.Match[str] | None:
    """An amount of data said as a whole: ``first``, or, where a sum follows it ("your allowance is
    now 15.0 GB + 2.0 GB = 17.0 GB"), the sum's whole."""
    if first is None or "+" not in sentence[first.end():first.end() + 3]:
        return first
    return _SUM_WHOLE.match(sentence, first.end())


_CLAUSE_EDGE = re.compile(r"[,;:]|\s[-–—]\s|\s(?:->|→)\s|\b(?:so|but|and|until|which|while)\b")  # ("over 15 GB -> 2 GB added")


def _clause_around(sentence: str, start: int, end: int) -> str:
    """The clause of a sentence that holds ``sentence[start:end]``: from the last comma (or "so",
    "but", ...) before it to the next one after it."""
    edges = [m.span() for m in _CLAUSE_EDGE.finditer(sentence)]
    lo = max((e for _, e in edges if e <= start), default=0)
    hi = min((b for b, _ in edges if b >= end), default=len(sentence))
    return sentence[lo:hi]


# A gift card or certificate named by its whole number: "gift card 2496311".
_METHOD_BY_NUMBER = re.compile(r"\b(gift card|certificate)\s+#?(\d{7})\b", re.I)


def _method_id_of(m: re.Match[str]) -> str:
    """A method named by its number (``_METHOD_BY_NUMBER``) as its identifier: "gift_card_2496311"."""
    return f"{m[1].lower().replace(' ', '_')}_{m[2]}"


def _read_lists(observations: list[str], into: dict[str, set[str]], needle: str = "") -> None:
    """Add the lists of objects (``_OWN_LIST``: "orders", "line_ids", ...) that these lower-cased JSON
    observations give, their identifiers as keys; only of those holding ``needle`` where one is given."""
    for low in observations:
        if needle in low and any(k in low for k in _OWN_LIST_KEYS):
            for m in _OWN_LIST.finditer(low):
                into.setdefault(m[1], set()).update(compact(v) for v in _QUOTED_VALUE.findall(m[2]))


def _as_dollars(m: re.Match[str]) -> str:
    """An amount in words (``_DOLLARS``) written with "$"."""
    return f"${m[1] or m[2]}"


def _unseen(value: str, hidden: bool) -> str:
    """The reason for a value a text states that is not grounded: privileged where only the hidden
    part holds it (``hidden``), else not visible."""
    return reason("text_privileged" if hidden else "text_not_visible", value=value)


def _retracted(text: str, value: str) -> bool:
    """Whether a text writes ``value`` only in sentences owning up to having said it wrongly ("our
    policy doesn't set a 30-day window; I shouldn't have said that.")."""
    at = text.find(value)
    if at < 0:
        return False
    while at >= 0:
        start, end = _sentence_bounds(text, at)
        if not RETRACTS.search(text, start, end):
            return False
        at = text.find(value, at + len(value))
    return True


def _taken_back_amounts(text: str) -> set[str]:
    """The amounts (as written, without "$") a text takes back as its own mistakes (``_TAKEN_BACK``)."""
    if "I " not in text and "ot " not in text and " was " not in text:
        return set()
    return {next(g for g in m.groups() if g) for m in _TAKEN_BACK.finditer(text)}


# A time as a user writes it: "15:00", "3pm", "3:30 p.m." (minutes, or am/pm, make it a time).
_USER_CLOCK = re.compile(r"(?<![\d:.$])([01]?\d|2[0-3])(?::([0-5]\d))?(?![\d:])(\s*[ap]\.?m\b)?", re.I)
# A connection speed a text states: "275 Mbps", "1.2 Gbps" (read from a speed test, never guessed).
_SPEED = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*[kmg]bps\b", re.I)
# A yearly amount beside a monthly one: "$20.00 per month ..., so $240.00 per year".
_YEARLY = re.compile(r"\b(?:per|a|each|every) year\b|\byearly\b|\bannual(?:ly)?\b", re.I)
# A count of hours a text states: "the 4-hour delay", "delayed by 4 hours".
_HOURS_SAID = re.compile(r"\b(\d{1,2})[- ]hours?\b", re.I)
# A time frame the agent promises: "within 24 hours", "takes about 3 days" (not "due in 6 days", a count).
_TIME_FRAME = re.compile(r"\b(?:within|about|around|approximately|up to|takes?)\s+(\d+\s+(?:business\s+|working\s+)?"
                         r"(?:hours|days|weeks))\b", re.I)


def _range_end_said(frame: str, said: str) -> bool:
    """Whether a time frame ("3 hours") is an end of a range the (lower-case) text ``said`` gives in
    that unit: "anything within 3-4 hours of my original departure"."""
    count, unit = frame.split()[0], frame.split()[-1].lower()
    if count not in said:
        return False
    return re.search(rf"(?<![\d.]){count}\s*(?:-|–|to)\s*\d+\s+{unit}\b|(?<![\d.])\d+\s*(?:-|–|to)\s*{count}\s+{unit}\b",
                     said) is not None


# A claim of its own the agent quotes to take back: "I said there's a 30-day window, but ...".
_OWNED_UP = re.compile(r"\bI\s+(?:wrongly\s+|mistakenly\s+)?(?:said|mentioned|told you|stated|claimed)\b[^.!?]{0,24}$")
# A size said as a limit: "limits MMS messages to 1 MB each", "capped at 300 KB", "a maximum of 5 MB".
_SIZE_LIMIT = re.compile(r"\b(?:limit\w*|cap(?:s|ped)?|max(?:imum)?)\b[^.!?\n]{0,40}?\b(\d+(?:\.\d+)?\s*(?:KB|MB))\b")
# A limit on how often: "once per billing cycle", "once a day", "once per order" (a policy's words, or no rule).
_ONCE_PER = re.compile(r"\bonce\s+(?:(?:per|every|each)\s+(?:billing\s+cycle|cycle|day|week|month|year|order|reservation|"
                       r"booking|line|customer|account|trip|flight|bill)\b"
                       # (not the conjunction: "once a bill is 60 days overdue", "once a day has passed")
                       r"|an?\s+(?:day|week|month|year|billing\s+cycle|cycle)\b(?!\s+(?:is|has|was|passes|goes)\b))", re.I)
_LIMITS = re.compile(r"\b(?:only|policy|allowed|limit\w*|maximum|at most|no more than|cannot|can't|may)\b", re.I)
# The agent saying it handed the conversation over: "I've transferred you to a human agent".
_TRANSFERRED = re.compile(r"\btransferr(?:ed|ing)\b|\bhanded (?:you |this )?(?:over|off)\b|\bconnected you\b", re.I)
# "5 to 7" of a span, as a policy writes it: "5-7".
_TO_DASH = re.compile(r"(?<=\d)\s*to\s*(?=\d)")
# How long something stays valid: "valid for 12 months", "expires in 30 days", "within 30 days of
# delivery" (a term of the policy's or a record's, never a guess).
_TERM_SAID = r"((?:\d+|one|two|three|six|twelve)\s+(?:days?|weeks?|months?|years?))"
_VALIDITY = re.compile(rf"\b(?:(?:valid|good|usable)\s+for|expires?\s+(?:in|after))\s+{_TERM_SAID}\b"
                       rf"|\bwithin\s+{_TERM_SAID}\s+of\b"
                       # a window to act in: "you have 30 days from delivery", "a 30-day return window"
                       rf"|\b{_TERM_SAID}\s+(?:from|after|since)\s+(?:the\s+)?(?:delivery|purchase|receipt|order)"
                       r"|\b(\d+)[- ]day\s+(?:return\s+|refund\s+|exchange\s+)?(?:window|period|grace)"
                       # ... or to act by: "you have 30 days to ship the speaker back"
                       rf"|\byou(?:'ll| will)?\s+(?:have|get)\s+(?:only\s+)?{_TERM_SAID}\s+to\s+(?!go\b|spare\b|wait\b)",
                       re.I)  # (not "3 days to go before your flight": a count)
# A term said to be none there is: "Our policy doesn't actually state a 30-day window", "there's no 30-day window".
_DENIES_TERM = re.compile(r"(?:n['’]t|\bnot|\bno)\s+(?:actually\s+)?(?:(?:state|say|set|have|include|mention|give|list|offer)\s+)?"
                          r"(?:(?:a|an|any)\s+)?$", re.I)
# A limit or term in months or years: "resume it any time within 12 months", "for up to 12 months",
# "renewed for another 12 months" (the policy's or a tool's, never a guess; "about 2 months ago" is a count).
_TERM_LIMIT = re.compile(r"\b(?:within|up to|another|at most|no more than|maximum of)\s+"
                         r"((?:\d{1,3}|one|two|three|four|six|twelve|eighteen|twenty-four)[\s-]+(?:months?|years?))\b", re.I)
# A threshold of time: "under 5 hours", "after 30 days", "once a bill is 60 days overdue".
# (not "over 3 days", "more than 24 hours": how long it has been, which a date and now may give)
_THRESHOLD = re.compile(r"\b(?:once|after|until|under|at least|exceed\w*)\b[^.,;\n]{0,20}?\b(\d+)[\s-]+"
                        r"(hours?|days?|weeks?|months?)\b", re.I)
# A sum or product written as one token ("117+161=278", "2x30", "$144+$122"), and its terms.
_EXPRESSION = re.compile(r"\$?\d+(?:\.\d+)?(?:[-+*x×=]\$?\d+(?:\.\d+)?)+")
_TERM = re.compile(r"\d+(?:\.\d+)?")
# The words of a report's clause (statuses.JOINED_CLAUSE) that says an object keeps its state.
_KEPT = re.compile(r"\b(?:still|keeps?|kept|unchanged|remains?|stays?|as before)\b", re.I)
# A report of the change's result, said of the call's object by its name: "the USB hub ... is now the 10-port one".
_IS_NOW = re.compile(r"\b(?:is|are) now\b", re.I)
# Where a write put the user: "You're now on HAT081", "you're rebooked on ...".
_NOW_ON = re.compile(r"\b(?:now|rebooked|moved|switched)\s+(?:\w+\s+)?on\b", re.I)
# What a payment method holds after the writes, without the word balance: "which now has $550.34".
_HOLDS_NOW = re.compile(r"\b(?:now|then|will)\s+(?:has|have|holds?|shows?)\b|\bleft on (?:it|the card|your)\b"
                        r"|\bleaving\s+\**\$[\d,.]+\**\s+(?:on|in)\b", re.I)  # ("leaving $136 on the larger card")
# A mobile network generation a text states: "4G", "5G" (as the status bar shows it).
_NETWORK = re.compile(r"(?<![\w/-])[2-5]G(?![\w/-])")
# A status bar's letter quoted, and the generation it stands for: "That 'E' in the status bar means 2G".
_BAR_LETTER = re.compile(r"""['"‘“](E|EDGE|G|GPRS|H\+?|HSPA\+?|LTE)['"’”]""")
_LETTER_GENERATION = {"E": "2G", "EDGE": "2G", "G": "2G", "GPRS": "2G", "H": "3G", "H+": "3G", "HSPA": "3G",
                      "HSPA+": "3G", "LTE": "4G"}
_MODE_NAMED = re.compile(r"\**\s*(?:only|preferred)\b", re.I)  # after a generation: a mode's name, no network seen
_NETWORK_NEEDED = re.compile(r"\s+or\s+(?:better|higher|above|faster|newer)\b", re.I)
_NETWORK_ASKED = re.compile(r"\b(?:needs?|requires?|at least|(?:switch(?:es)?|set|change) (?:it )?to|prefer\w*)\s+\**$", re.I)
# A user message that says something is undone or still wrong: reason to repeat a write.
_UNDONE = re.compile(r"\b(?:still|again|not|no longer|stopped|off|undone|reverted|back to)\b|n't\b", re.I)
# The keys an object's total is kept as, as the index's tokens write them ("total_due" is "totaldue").
_TOTAL_TOKENS = frozenset(compact(k) for k in TOTAL_KEYS)
_Book = TypeVar("_Book", bound=ObservationBook)
_OWN_ID = re.compile(r'"(?:\w+_)?id"\s*:\s*"([^"]+)"')
_MONTH_NAMES = re.compile("Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec")  # plain alternation: fast
_FREE_TEXT_ROLES = frozenset({"free_text", "expression"})
_PER_HEAD_SLASH = re.compile(r"(\d)/(pax|person|pp|passenger|head)\b", re.I)  # "605/pax"
_CLOCK_RANGE = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)[-–]([01]?\d|2[0-3]):([0-5]\d)")  # "08:00-21:00"
_TRIPLE_AMOUNTS = 12  # the most stated amounts whose sums of three are tried (220 triples)
_TOTAL_OBJECTS = 8  # the most named objects whose prices are totalled
_ID_HINTS = ("id", "ids", "number", "code")


def observation_shape(obs: Message | None) -> str:
    """``ok``, ``error``, ``empty`` (a non-error observation without content) or ``missing``."""
    if obs is None:
        return "missing"
    if obs.is_error_observation:
        return "error"
    if (obs.content or "").strip() in _EMPTY:
        return "empty"
    return "ok"


def _nested_role(key: str, value: Any) -> str:
    """Role of a field inside an object argument (passengers[0].first_name), from its name."""
    k = key.lower()
    if k.split("_")[-1] in _ID_HINTS:
        return "identifier"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "amount"
    if any(w in k for w in ("reason", "summary", "note", "message", "description")):
        return "free_text"
    return "other"


def _selector_paths() -> Callable[[list[dict[str, Any]], dict[str, Any]], tuple[list[str], str]] | None:
    """The selector's canonical path of a record still in plain dicts (``record_path``)."""
    try:
        module = importlib.import_module("trajectory2gym.selector.paths")
    except ModuleNotFoundError as exc:
        if exc.name and "trajectory2gym.selector.paths".startswith(exc.name):
            return None
        raise
    return getattr(module, "record_path", None)


# An offer of any amount in a range ("anywhere from 1 to 3 GB", "up to 5 GB") offers no one amount.
_RANGE = re.compile(r"\b(?:up to|from \S+ to|between \S+ and|anywhere|as much as)\b", re.I)


class UncertifiableRecord(ValueError):
    """A valid record the certifier cannot read: where (``messages[3]``, or what that message is
    checked against) and why. Reported as a bad record; the rest of a file goes on."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _a_sum_of(cents: int, parts: Iterable[int], most: int = 10, at_least: int = 1) -> bool:
    """Whether ``at_least`` or more of at most ``most`` amounts add up to ``cents``; beyond ``most``
    amounts, True (too many to tell a sum from a guess)."""
    parts = list(parts)
    if len(parts) > most:
        return True
    sums = {(0, 0)}  # (total, how many)
    for p in parts:
        sums |= {(t + p, n + 1) for t, n in sums if t + p <= cents}
    return any(t == cents and n >= at_least for t, n in sums)


# A paragraph, or a sentence, that opens the next step of a plan: "Step 2 — ...", "**Next step:** ...",
# "... is now your gift card. Now here's the item change:".
_NEXT_STEP = re.compile(r"\n\s*\n\W*(?:step\s+(?:[2-9]|two|three|four)|next step)\b"
                        r"|(?:(?<=[.!]\s)|(?<=\n))\s*(?:(?-i:Now),?\s+(?:here's|here is|for|on to|the next\b|the \w+(?: \w+)?:)"
                        r"|(?-i:About|As for|Regarding) the \w+(?: \w+)?:)", re.I)  # ("... About the bag: ... Should I add it?")


def _before_next_step(content: str) -> str:
    """A report up to where it opens the next step and asks of it ("... $59 was charged. About the bag:
    ... with no charge. Should I add it?"): what comes after is no report of the writes before."""
    if content.rstrip().endswith("?") and (
            "\n" in content or "Now" in content or "About the" in content or "As for" in content or "Regarding" in content) \
            and (lead := _NEXT_STEP.search(content)) is not None and lead.start() > 0:  # (plain substrings: _NEXT_STEP's words)
        return content[:lead.start()]
    return content


_TOTAL_CELL = re.compile(r"[^|\n]*\btotal\b", re.I)  # a row whose first cell says "Total"


def _total_row_sum(written: str, cents: int, text: str) -> bool:
    """Whether a table's total row gives the sum of the one amount each row above it in the table
    gives ("| 555-123-2001 | $40.00 |" ... "| **Total** | **$145.00** |")."""
    at = text.find(written)
    start = text.rfind("\n", 0, at) + 1
    if at < 0 or "|" not in text[start:at] or not _TOTAL_CELL.match(text, start, at):
        return False
    rows: list[int] = []
    for line in reversed(text[:max(start - 1, 0)].split("\n")):
        if "|" not in line:
            break
        # (the amounts with "$": a row's "5.0 GB" is no money)
        if (amounts := [a for a in money_numbers_in(line) if "$" in a[0]]) and len(amounts) == 1:
            rows.append(abs(amounts[0][1]))
        elif amounts:
            return False  # a row of several amounts: which column adds up is not said
    return len(rows) >= 2 and sum(rows) == cents


def _false_total_row(written: str, cents: int, listed: list[tuple[str, int]], text: str) -> bool:
    """A table's total row, read with its headers ("Item **Total** | Amount **$315**"), whose
    amount no two or more of the amounts above it make, added or taken away ($295 fare and $30
    insurance: $325, not $315)."""
    at = text.find(written)
    if at < 0 or not _TOTAL_ROW.match(text, text.rfind("\n", 0, at) + 1, at):
        return False
    parts = [abs(c) for _, c in listed]
    if len(parts) > 8:
        return False  # too many to tell a net from a guess
    nets = {(0, 0)}  # (net, how many)
    for p in parts:
        nets |= {(t + d, n + 1) for t, n in nets for d in (p, -p)}
    return not any(abs(t) == cents and n >= 2 for t, n in nets)


# A line's whole data for the cycle, said as a total: "your data now totals 17.0 GB available this cycle".
_WHOLE_ALLOWANCE = re.compile(r"\btotals?\b(?:[^.!?\n]|\.(?=\d)){0,30}?\bavailable\b"
                              r"|\b(?:allowance|total)\s+(?:(?:for\s+)?this\s+(?:billing\s+)?(?:cycle|month)\s+)?"
                              r"(?:is\s+)?now\b"
                              r"|\b(?:now have|giving you|gives you)\b(?=(?:[^.!?\n]|\.(?=\d)){0,16}\bGB\**\s+(?:for|this)\s+"
                              r"(?:this\s+)?(?:billing\s+)?(?:cycle|month))",
                              re.I)  # ("You now have 17.1 GB for this cycle", "giving you 17.1 GB for this month")
# A fee by its kind: what it is called must be visible (the policy's, a record's, the user's).
# An identifier given as an example of the form: "If you have the order number (it looks like #W1234567)".
_EXAMPLE_BEFORE = re.compile(r"\b(?:looks? like|e\.g\.,?|for example|for instance|such as|formatted like|in the form)\s*\**$",
                             re.I)
# What a charge is said to be instead of: "charged as a cabin upgrade, not a change fee".
# The agent owning up to a mistake of its own: "I'm sorry, I was wrong about that", "I misspoke".
_OWN_MISTAKE = re.compile(r"\bI\s+(?:was\s+(?:wrong|mistaken|incorrect)|misspoke|made\s+a\s+mistake)\b|\bmy\s+mistake\b"
                          r"|\b(?:that|this)\s+was\s+(?:wrong|incorrect|a\s+mistake)\b", re.I)  # ("I apologise, that was wrong")
_CONTRASTED = re.compile(r"(?:,\s*not|\brather than|\binstead of)\s+(?:as\s+)?an?\s+$", re.I)
# Why an order was cancelled, said as past: "It was cancelled because it was ordered by mistake".
_CANCELLED_FOR = re.compile(r"\b(?:was|were|got|been)\s+cancell?ed\b[^.!?\n]{0,40}?\b(?:because|as|since|due to|reason)\b[^.!?\n]{0,30}?"
                            r"\b(ordered by mistake|no longer needed)\b", re.I)
# A gift card's expiry said: "Gift card balances expire 12 months after ...", "gift card balances never expire".
_GIFT_EXPIRY = re.compile(r"\bgift[ _-]?cards?\b[^.\n]{0,40}?\b(?:never\s+)?expir\w*|\bexpir\w*[^.\n]{0,30}?\bgift[ _-]?cards?\b", re.I)
# ... not where the text says nothing states one: "Nothing in our policy or your account says anything about it"
_NOT_SAID_ANYWHERE = re.compile(r"\b(?:nothing|not|no|don't|doesn't|isn't|can't|cannot|unable)\b|n't\b", re.I)
_SAYING = re.compile(r"\b(?:says?|said|states?|stated|information|mentions?|know|details|records?)\b", re.I)
# An amount charged per day: "billed at $10.00 per day", "$5/day".
_PER_DAY = re.compile(r"\$(\d[\d,]*(?:\.\d+)?)\**\s*(?:per|a|/|each)\s*day\b", re.I)
# A courier by its name: no record of an order names one ("shipped via FedEx Ground"), so only the user can.
_COURIER = re.compile(r"\b(?:FedEx|UPS|USPS|DHL|OnTrac)\b")
# A weight or size said of an item ("weighs about 18 lbs", "24 inches wide"): its number must be one
# the user or a record gave (an option "30-50 lbs"), or the agent made it up.
_PHYSICAL_MEASURE = re.compile(r"(?<![\w.,$])(\d+(?:\.\d+)?)\s?-?\s?(?:lbs?|pounds?|kg|kilograms?|ounces?|oz|grams?|"
                               r"inch(?:es)?|cm|centimet(?:er|re)s?|mm|ft|feet|foot)\b", re.I)
_MAY_MEASURE = ("lb", "pound", "kg", "kilo", "ounce", "oz", "gram", "inch", "cm", "mm", "ft", "feet", "foot")
# A line named by whose it is, not by its number: "her line", "your wife's line".
_WHOSE_LINE = re.compile(r"\b(her|his|(?:your\s+)?\w+'s)\s+line\b", re.I)
_FEE_NAMED = re.compile(r"\b(restocking|change|cancellation|processing|handling|late|activation|holding|service|upgrade|downgrade|"
                        r"booking|rebooking|reactivation|suspension|reconnection|roaming|overage|termination)\s+fees?\b"
                        # (a late payment's charge: "along with a late-payment charge for the overdue $65")
                        r"|\b(late)[- ](?:payment\s+)?(?:charges?|penalt(?:y|ies))\b", re.I)
# Right before a fee: the agent knows nothing of it ("I have no information about late fees").
_UNKNOWN_TO_ME = re.compile(r"(?:\bno|n't\s+(?:have|see|find)\s+(?:any)?)\s*(?:information|info|details?|records?)\**\s+"
                            r"(?:about|on|regarding|of)\s+(?:any\s+|an?\s+)?\**$", re.I)
# Right before a fee: the words that say there is none ("no", "doesn't have any").
# (or the agent finds none: "I can't find an activation fee", "I don't see a roaming activation fee")
_NONE_OF = re.compile(r"(?:\bno|\bnot\s+(?:a|an|any)|n't\s+(?:have|include|charge|list|mention|contain|see|find|quote|name)\s+(?:a|an|any))"
                      r"\s+(?:(?:such|roaming|separate|extra|daily|additional)\s+){0,2}\**$", re.I)
# Where the agent looked for it: "in your records", "anywhere I can see", "the records I can access".
_LOOKED_IN = re.compile(r"\brecords?\b|\bI can (?:see|access)\b|\bavailable to me\b|\banywhere\b|\baccount data\b"
                        r"|\bin (?:your|the|her|his) plan\b|\bplan details\b", re.I)  # (the plan looked up)
# ... or that nothing there names it: "Nothing in your records or in our policy mentions a termination fee".
_NOTHING_NAMES = re.compile(r"\bnothing\b[^.!?\n]{0,60}?\b(?:mentions?|says?|lists?|shows?)\s+(?:an?\s+|any\s+)?\**$", re.I)
_ADDED = re.compile(r"\b(?:add(?:ed|ing)?|refuel\w*|top(?:ped)? up)\b", re.I)  # a sentence about what was added
_NONFREE = re.compile(r'"nonfree_baggages":\s*(\d+)')
# A line's data left said now: "You have 2.0 GB left for this cycle".
_LEFT_NOW = re.compile(r"\b(?:you (?:now |still )?have|you've got|there(?:'s| is)|with|(?:gives?|giving|leaves?|leaving) you)\b"
                       r"(?:(?!GB\b)[^.!?\n]|\.(?=\d)){0,20}?\bGB\**\s+"  # (up to the first amount: "with 6.3 GB left")
                       r"(?:of\s+data\s+)?(?:left|remaining|(available)|of room|to spare|to use)\b"
                       # a label, then the amount: "| Data left this cycle | 2.0 GB |", "Remaining: 1.9 GB"
                       # (not after an amount of its own: "**1.9 GB** left: 15.0 GB plan + 2.0 GB ...")
                       r"|(?<!GB )(?<!GB\*\* )\b(?:left|remaining)(?:\s+(?:this|for the)\s+(?:cycle|month))?\s*[:|]\s*(?:\w+\s+)?\**\d+(?:\.\d+)?\s*GB\b"
                       r"(?!\**\s+used\b)",  # (not the use after the label: "You have data left: 8.7 GB used of 15.0 GB")
                       re.I)  # (a row read with its headers: "Item Data left this cycle | Value 2.0 GB")
# ("You now have 17.0 GB of data left", "That gives you 2.1 GB of room for the rest of this cycle")
_STATE_ZIP = re.compile(r"\b[A-Z]{2},?\s+\**(\d{5})\b")  # an address's postal code after its state: "TX 78209"
_QUOTED_NAME = re.compile(r"(?<![A-Za-z])'[^'\n]{2,40}'(?![A-Za-z])")  # a name in quotes: "'Data Roaming Enabled'"
# An amount in words: "102.9 dollars", "312.04 USD", "USD 1,994.67".
_DOLLARS = re.compile(r"(?<![\w$.,])(\d[\d,]*(?:\.\d+)?)\s*(?:\s(?:US\s+)?dollars?\b|USD\b)"
                      r"|\bUSD\s*(\d[\d,]*(?:\.\d+)?)(?![\d,]*\.?\d)")
_RESULT_GB = re.compile(r'"\w*_gb":\s*(\d+(?:\.\d+)?)')  # a data field of a write's result: "new_data_refueling_gb": 2.0
_ALL_TOLD = re.compile(r"\b(?:in total|altogether|in all|all told)\b", re.I)
# Said as an arrival: "18:00 → 00:00", "SEA 18:00 → JFK 00:00", "arrives at 01:30".
# A share, then the amount it comes to of a base: "10% ($12.40 of the $124)".
_PERCENT_OF = re.compile(r"(\d+(?:\.\d+)?)\s*%\s*\(\s*\$(\d[\d,]*(?:\.\d+)?)\s+of\s+(?:the\s+|your\s+)?\$(\d[\d,]*(?:\.\d+)?)")
_ARRIVAL_BEFORE = re.compile(r"(?:→|->|\b[Aa]rriv\w*|\b[Ll]ands?\b|\b[Ll]anding\b|\b[Rr]each(?:es|ing)?\b|\b[Gg]ets?\s+in\b"
                             r"|\b\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\s+to\b)"  # ("18:00 to 00:00": the second, an arrival)
                             r"(?:\s+(?:(?:in|at|into)\s+)?[A-Z][\w.]*(?:\s+[A-Z][\w.]*)?)?"
                             # ("lands in Orlando at 02:30", "arrive at PHL at 00:00", a column "Arrives PHL")
                             r"(?:\s+(?:at|[A-Za-z]{3}))?[\s*]*$")
# ... or right after it: "the connection from HAT235's 02:30 ET arrival"
_ARRIVAL_AFTER = re.compile(r"[\s*]*(?:E[SD]?T\s+)?arrival\b", re.I)
_NO_OBJECT_TOOLS = frozenset({"think", "calculate"})  # tools that touch no customer's data
# The reasons that already say a text names the wrong payment method for money moved.
_METHOD_SAID_KINDS = frozenset({"text_misstated_refund_method", "text_misstated_payer", "text_misstated_charge_method",
                                "text_misstated_past_refund", "text_misnamed_card"})
# A lookup's answer that finds no one (get_customer_by_name's "[]" for a name and birth date that match none).
_FOUND_NONE = frozenset({"", "[]", "{}", "null", '""'})
# A profile's list of the user's objects, which have a status of their own: '"orders": ["#w1", "#w2"]'.
_OWN_LIST = re.compile(r'"(orders|reservations|line_ids|bill_ids)":\s*\[([^\]]*)\]')
_OWN_LIST_KEYS = ('"orders"', '"reservations"', '"line_ids"', '"bill_ids"')
# The lists a policy that acts only for the identified customer holds them to (retail and airline).
_OWN_ONLY_LISTS = frozenset({"orders", "reservations", "line_ids"})
# A lookup of a customer's account by what identifies them: find_user_id_by_email, get_customer_by_phone.
_ACCOUNT_LOOKUP = re.compile(r"find_user_id|get_customer_by_|get_user_details$")
_ACCOUNT_FIELD = re.compile(r'"(?:customer_id|user_id)":\s*"([^"]+)"')
# The user putting their identity right ("sorry, wrong number", "actually my email is ..."): a new lookup.
# (not "actually" or "sorry" of anything else: "actually yes, my wife is here too")
_IDENTITY_FIXED = re.compile(r"\b(?:wrong|mistake|typo|mistyped|not me|not mine|old (?:number|email)|"
                             r"(?:sorry|actually),? (?:it'?s|it is|that'?s|mine|my (?:number|phone|id|email|customer|user)|i))\b")
# An order named in a text: "#W9077205", "W9077205".
# A reservation already made, named by a word: "the reservation is now economy", "your booking".
_BOOKED_ONE = re.compile(r"\b(?:the|your|this|that)\s+(?:reservation|booking)\b(?!\s+(?:would|will)\b)", re.I)
# What begins on a day: "a fresh allowance starts from March 1", "it resets on March 1".
# (or what lasts up to it: "data would stop again until March 1", the day after the cycle's end)
_STARTS = re.compile(r"\b(?:start\w*|begin\w*|reset\w*|renew\w*|from|until|till)\b", re.I)
# The action done again as the user confirmed it before: "I'll resubmit exactly what you confirmed: ...".
_AS_CONFIRMED = re.compile(r"\b(?:what|as) you(?:'ve| have)? (?:already |just )?confirmed\b|\bas (?:we|you) agreed\b", re.I)
_EARLIER_WRITE = re.compile(r"\b(?:mistaken|mistakenly|accidental|earlier|previous|first|wrong)\b", re.I)
_NO_OR_WAIT = re.compile(r"\b(?:no|not|don'?t|do not|wait|hold on|hang on)\b", re.I)
# Words that put a write right: "it's 19116 not 19161!", "my mistake", "I typed it wrong", "i said 1980-03-01".
_PUT_RIGHT = re.compile(r"\b(?:wrong|mistake|typo|mistyped|correct|fix|not|i said|should be|meant)\b", re.I)


def _records_shown(records: tuple[str, ...], result: str | None) -> tuple[str, ...]:
    """The record kinds a lookup reads: of a lookup that may read several (get_details_by_id: lines,
    plans, bills, ...), the one kind its result shows by its first field ("plan_id": plans)."""
    if len(records) > 1 and result and (m := _RESULT_ID.match(result)) is not None and (kind := m["kind"] + "s") in records:
        return (kind,)
    return records


def _account_of(call: ToolCall, result: str) -> str:
    """The account an account lookup reached: the id its result shows first (a bare id, or a
    record's customer_id or user_id), else the user id it asked for; "" where none shows."""
    shown = result.strip().strip('"')
    if shown and not shown.startswith(("{", "[")) and " " not in shown:
        return shown.lower()  # find_user_id_by_email's answer: "yusuf_rossi_9620"
    if (m := _ACCOUNT_FIELD.search(result)) is not None:
        return m[1].lower()
    asked = call.arguments.get("user_id")
    return asked.lower() if isinstance(asked, str) else ""


# A bill said unpaid by its amount: "I see an unpaid bill of $425.00 on your account".
_UNPAID_BILL_OF = re.compile(r"\b(?:unpaid|overdue|outstanding)\s+bill\s+(?:of|for)\s+\**(\$\s?\d[\d,]*(?:\.\d+)?)")
# What the user paid for a booking or order named by its code: "You paid $174 for KHIK97".
_YOU_PAID_FOR = re.compile(r"\b[Yy]ou\s+(?:originally\s+)?paid\s+\**(\$\s?\d[\d,]*(?:\.\d+)?)\**\s+(?:in\s+total\s+|in\s+all\s+)?"
                           r"for\s+(?:reservation\s+|booking\s+|order\s+)?\**(#?[A-Z0-9]{6,})\b")
# No fee or charge said: "no fee applies while it's suspended", "suspending it is free".
_NO_FEE = re.compile(r"\bno\s+(?:(?:holding|suspension|monthly|extra|additional)\s+)?(?:fees?|charges?|cost)\b|\bfree\s+of\s+charge\b|\bis\s+free\b|\bat\s+no\s+(?:extra\s+)?cost\b"
                     r"|\bwithout\s+(?:any\s+)?(?:fees?|charges?)\b|\bdoesn't\s+cost\b", re.I)
_NOT_NOW_FEE = re.compile(r"\b(?:if|whether|once|unless)\b|\?", re.I)  # a question or condition before it
# A line said to be of a kind of device: "that's the tablet line", "the watch line", "is your tablet".
_DEVICE_KIND_OF_LINE = re.compile(r"\b(?:the|your|a|his|her)\s+(tablet|smartwatch|watch|hotspot)(?:'s)?\s+(?:line|one|number)\b"
                                  r"|\b(?:is|it's|that's)\s+(?:the|a|your|his|her)\s+(tablet|smartwatch|watch|hotspot)\b(?!\s+(?:or|if)\b)",
                                  re.I)
_DEVICE_KIND_WORDS = {"tablet": ("ipad", "tab "), "smartwatch": ("watch",), "watch": ("smartwatch",)}
# A method said to cover an amount, and said not to: "which has enough balance to cover it", "isn't enough";
# and "it" of the sentence before covered ("which covers it").
_COVERS_IT = re.compile(r"\bcovers?\s+(?:it|that|this|the\s+(?:difference|rest|balance|amount))\b", re.I)
_COVERS = re.compile(r"\b(?:enough|sufficient)\b|\bcovers\b", re.I)
_NOT_COVERED = re.compile(r"n't\b|\bnot\b|\bno\b|\bneither\b|\bnone\b|\binsufficient\b|\bshort\b", re.I)  # ("neither covers")
_METHOD_NAMED = re.compile(r"\b(?:gift_card|certificate)_\d+\b")
# Another payment method named after one: "... and the Mastercard ending 6710 would cover $247".
_ANOTHER_METHOD = re.compile(r"\b(?:credit[ _]card|master\s?card|visa|amex|american express|discover|paypal|card ending|"
                             r"(?:gift[ _]card|certificate)[ _]\d+)", re.I)
# A capitalized word (a name or a place: "France"); a text's is read only where it stands after a
# lower-case word, not at a sentence's start ("traveling to France").
_NAME_WORD = re.compile(r"\b[A-Z][a-z]{2,}\b")
# Countries by cities a user may name instead ("I'm in Paris at the moment": France is no hidden fact).
_CITIES_OF = {"france": ("paris", "lyon", "nice", "marseille"), "italy": ("rome", "milan", "venice", "florence"),
              "spain": ("madrid", "barcelona", "seville"), "germany": ("berlin", "munich", "frankfurt"),
              "japan": ("tokyo", "osaka", "kyoto"), "canada": ("toronto", "vancouver", "montreal"),
              "mexico": ("cancun", "mexico city"), "england": ("london", "manchester"), "uk": ("london", "manchester"),
              "portugal": ("lisbon", "porto"), "netherlands": ("amsterdam",), "ireland": ("dublin",)}
_CALENDAR_WORDS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                             "saturday", "sunday"})
# A text that offers a write: "I can cancel it ... Shall I proceed?", "Would you like me to return it?"
_OFFERS_WRITE = re.compile(r"\b(?:cancel|return|exchang|modif|chang|refund|updat|upgrad)\w*", re.I)
_QUOTED_VALUE = re.compile(r'"([^"]*)"')
_USER_ID_SAID = re.compile(r"\b[a-z]+(?:_[a-z]+)+_\d{3,}\b")  # a user id as the user gives it: "chen_nguyen_6691"
# The status of "your line", said now: "your line is currently suspended on our side".
# Also with the line's number: "Your line 555-123-2002 is active".
_YOUR_LINE_STATUS = re.compile(r"\byour (?:phone )?line(?:\s+\**(?P<number>\d{3}[-\s.]?\d{3}[-\s.]?\d{4})\**)?,?\s+"
                               r"(?:is|has been)\s+(?:currently\s+|still\s+)?\**(active|suspended|inactive|resumed|"
                               r"reactivated)\b", re.I)  # ("has been resumed": active)
_AS_ACTIVE = frozenset({"resumed", "reactivated"})  # what "your line has been resumed" says its status is
_IP = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.]*\d)")  # an IP address: "192.168.1.1"
# Several objects said done at once: "Both orders have been cancelled", "all three lines are now suspended".
# (or sent: "Both payment requests are on their way")
# A report of a certificate sent: "I've added a $50 travel certificate", "... has been issued".
_REPORTED = re.compile(r"\b(?:i've|i have)\s+(?:\w+\s+)?(?:added|sent|issued|credited)\b"
                       r"|\b(?:has|have|was) been\s+(?:added|sent|issued|credited)\b", re.I)
# Several asked for at once: "cancel all of them", "all three", "all my orders" (not "that's all").
_ALL_ASKED = re.compile(r"\ball\s+(?:of\s+)?(?:them|those|these|three|four|five|\d|my|the|your)\b")
# An amount said per person: "$2,709 per passenger", "each", "pp".
_FOR_EACH = re.compile(r"\b(?:per|a|for each)\s+(?:passenger|person|traveller|traveler|head|ticket)\b|\beach\b|\bpp\b",
                       re.I)
_NOTHING_CHANGED = ("(nothing)",)  # the records a write that changed nothing changed: a kind no lookup reads
_SAME_CHANGE = ("updat", "modif")  # the words of one kind of change, as a report and a tool's name say it
# Every bill said paid: "both of your bills are now paid", "all your bills are paid" (not "once ... are paid").
_EVERY_BILL_PAID = re.compile(r"(?<!\bonce )(?<!\bwhen )(?<!\bif )\b(?:both|all)\s+(?:of\s+)?(?:your\s+|the\s+)?bills\s+"
                              r"(?:are|have been)\s+(?:now\s+)?(?:fully\s+)?paid\b", re.I)
# ... or nothing said to be owed: "you're all paid up: nothing is outstanding on your account".
_NOTHING_OWED = re.compile(r"(?<!\bonce )(?<!\bwhen )(?<!\bif )\b(?:(?:you're|you are)\s+(?:all\s+)?paid\s+up"
                           r"|nothing\s+(?:is\s+)?(?:outstanding|owed)|no\s+outstanding\s+(?:balance|bills?|amount))\b", re.I)
_CONDITION_BEFORE = re.compile(r"\b(?:if|once|when|after|as soon as)\b", re.I)  # ("If you pay it, you're all paid up")
# (not what would be so: "If both were cancelled: ...", "once both are returned")
_BOTH_DONE = re.compile(r"(?<!\bif )(?<!\bonce )(?<!\bwhen )(?<!\bafter )\b(both|all (?:three|3|four|4))(?:\s+(?:of\s+)?(?:your\s+|the\s+)?[a-z]+(?:\s+requests)?)?\s+"
                        r"(?:have been|were|are now|are both|have both been|were both|are)\s+(?:successfully\s+)?"
                        r"(cancell?ed|returned|exchanged|modified|suspended|resumed|updated|sent|on their way)\b", re.I)
_WEEKDAY_NAMED = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)")  # plain alternation first: cheap
# A flight's status said to be seen in the records: "I can see that HAT043 on May 6 was cancelled", "I can
# confirm in our system that HAT074 ... was cancelled" (no tool here shows a flight cancelled or delayed).
_SEEN_STATUS = re.compile(r"\b(?:I can see|I see|the system shows|our records show|I can confirm)\b(?: that)?[^.\n]{0,60}"
                          r"\b(?:cancell?ed|delayed)\b", re.I)
# A tool's word that the user is sent an email: "The user will receive follow-up email for how and where to
# return", "the user gets return instructions by email".
_EMAIL_SENT = re.compile(r"\b(?:receives?|gets?)\s+(?:[\w-]+\s+){0,3}?(?:by\s+)?e-?mails?\b")
# When an item is said to come back in stock: "back in stock within a week or two", "restocked next week".
_RESTOCK = re.compile(r"\b(?:back in stock|restock(?:ed)?)\b[^.!?\n]{0,12}?\b(?:within|in a|in \d|by|soon|next|tomorrow|"
                      r"this week|in a few)\b", re.I)
# Something said to happen by itself: "will switch off automatically", "automatically renewed".
_AUTOMATIC = re.compile(r"\b(?:will|would|'ll)\s+(?:\w+\s+){0,3}?automatically\b|\bautomatically\s+(?:\w+\s+){0,2}?"
                        r"(?:resum|renew|switch|turn|reactivat|cancel|expir|roll|refund|charg|suspend)\w*"
                        # "then switches off automatically", "set to pay it automatically"
                        r"|\b(?:resum|renew|switch|turn|reactivat|cancel|expir|roll|refund|charg|pay|suspend)\w*\s+(?:\w+\s+){0,2}?"
                        r"automatically\b", re.I)
# Words of a rule or a benefit only a policy gives: "rolls over", "non-refundable", "a doctor's note",
# "lounge access", "priority boarding", "a late fee", "autopay", "a grace period".
_RULE_TERMS = re.compile(r"\broll(?:s|ed|ing)?\s+over\b|\bnon-?refundable\b|\bdoctor'?s?\s+note\b|\blounge\b|"
                         r"\bpriority boarding\b|\bgrace period\b|\blate fee\b|\bauto-?pay\b|"
                         # conditions and perks no policy here has (blind sets 81, 82: r81_10 29, r82_07 22,
                         # t82_08 60, a82_05 54)
                         r"\boriginal packaging\b|\bunopened\b|\bphoto ID\b|\bseat selection\b|\bcomplimentary upgrades?\b"
                         # (blind sets 83, 84: a83_01 57 "a 50% credit voucher", r84_11 30 "a 2-year warranty")
                         r"|\bvouchers?\b|\bwarrant(?:y|ies)\b"
                         # (blind set 89, t89_06 49: "a one-day service credit will be applied")
                         r"|\bservice credits?\b"
                         # (blind sets 89, 90: r89_03 46, r90_07 33 "exchanges always ship free both ways")
                         r"|\bships?\s+free\b|\bfree\s+(?:return\s+)?shipping\b|\bshipping\s+is\s+(?:always\s+)?free\b"
                         # (blind set 89, r89_07 18: "If anything is missing, only a partial refund is issued")
                         r"|\bpartial refunds?\b|\bdelivery window\b"  # (r89_01 42: "within the original delivery window")
                         # (blind set 87, t87_12 36: "The refuelled data expires at the end of the cycle")
                         r"|\bexpires?\s+(?:when|at)\s+the\s+(?:cycle|end of the (?:billing\s+)?cycle)\b"
                         # (blind sets 87, 89, 90: t87_10 63 "must be switched off by regulation", t89_09 42 and
                         # t90_11 51 "Wi-Fi Calling used abroad is billed as international calls")
                         r"|\bby regulation\b|\b(?:billed|charged)\s+(?:as|at)\s+international\b"
                         # (blind set 89, r89_11 16: "a cancellation confirmation email with a reference number")
                         r"|\bconfirmation e-?mails?\b|\breference numbers?\b|\bconfirmed by e-?mail\b"  # (a85_03 58)
                         # (blind set 90, t90_01 23: "roaming in France is included in your Premium Plan")
                         r"|\broaming\b[^.;!?\n]{0,30}?\b(?:is|are)\s+included\b"
                         # (blind set 93, t93_12 66: "Roaming itself is free everywhere in the EU")
                         r"|\broaming\b[^.;!?\n]{0,20}?\b(?:is|are)\s+(?:always\s+)?free\b"
                         # (blind set 94: t94_01 46 "No extra cost - roaming data in the EU is included", t94_06 54
                         # "Roaming in Mexico has no daily fee", t94_10 69 "at no extra roaming cost")
                         r"|\bno\s+(?:extra|additional|daily|per-?day)\s+(?:costs?|charges?|fees?)\b(?=[^.;!?\n]{0,60}\broaming\b)"
                         r"|\broaming\b[^.;!?\n]{0,40}?\bno\s+(?:extra|additional|daily|per-?day)\s+(?:costs?|charges?|fees?)\b"
                         r"|\bno\s+(?:extra|additional)\s+roaming\s+(?:costs?|charges?|fees?)\b",
                         re.I)
# (or taken back: "I was wrong about a doctor's note"; not an answer's "No —" before the claim)
_DENIED_BEFORE = re.compile(r"(?:n't|\bnot\b|\bno\b(?!\s*[,:—–-])|\bnever\b|\bwithout\b|\bnothing\b|\bwrong about\b|\bmistaken about\b)"
                            r"[^.;!?\n]*$", re.I)

# ... nor one said of whatever the user asks for: "any partial refund would still be a refund".
_ANY_BEFORE = re.compile(r"\bany\s+(?:such\s+)?\**$", re.I)



def _may_name_rule_terms(text: str) -> bool:
    """Plain substring tests before ``_RULE_TERMS``: most texts name none of its words."""
    return ("oll" in text or "efundable" in text or " note" in text or "ounge" in text or "riority" in text
            or "grace" in text or "ate fee" in text or "utopay" in text or "uto-pay" in text or "packag" in text
            or "nopened" in text or "hoto ID" in text or "eat selection" in text or "omplimentary" in text
            or "oucher" in text or "arrant" in text or "ervice credit" in text or "free" in text or "artial" in text
            or "mail" in text or "eference" in text or "ncluded" in text or "window" in text or "xpire" in text
            or "egulation" in text or "nternational" in text or ("oaming" in text and ("no " in text or "No " in text)))


# A line's suspension put down to a bill: "because of an unpaid bill" (which only a bill's record shows).
_UNPAID_CAUSE = re.compile(r"\b(?:because of|due to|owing to|caused by)\s+(?:an?\s+|the\s+|your\s+)?"
                           r"(?:unpaid|overdue|outstanding|missed|late)\s+(?:bill|payment|balance)", re.I)
_AT_REBOOT = re.compile(r"\b(?:at|after|on) (?:the next )?reboot\b", re.I)
# A device setting said applied already: "Your APN is now back to 'internet'", "the APN settings are now reset".
_NOW_APPLIED = re.compile(r"\b(?:APN|settings?)\b[^.!?\n]{0,30}?\b(?:(?:is|are|has been|have been)\s+now|(?:has|have)\s+now\s+been)\b"
                          r"|\bnow back to\b", re.I)  # ("Your APN settings have now been reset")
# A change said to hold without the reboot it waits for: "No need to restart - your APN settings are fixed now".
_NO_REBOOT = re.compile(r"\b(?:no need to|(?:don't|do not|won't) (?:need|have) to) (?:restart|reboot)|\bwithout (?:a )?"
                        r"(?:restart|reboot)", re.I)
# What a check is to find out, not a statement: "Let me check whether your line is active".
_ASKED_WHETHER = re.compile(r"\b(?:whether|if|once|when|until|check|make sure|ensure|confirm|verify)\b[^.!?\n]*$", re.I)
_PHONE = re.compile(r"\b(\d{3})[-\s.]?(\d{3})[-\s.]?(\d{4})\b")  # "555-123-2002", "555 123 2002"
_SAME_OBJECT = re.compile(r"\b(?:that|this|the same|that same|this same)\s+(?:order|reservation|booking)\b", re.I)
_THE_ORDER = re.compile(r"\b(?:the|this|your)\s+(?:order|reservation|booking)\b", re.I)  # the object by its kind
_BOLD_MONEY = re.compile(r"\*\*\$(\d[\d,]*(?:\.\d+)?)\*\*")  # an amount in bold alone: "**$3,925**"
_NET_AMOUNTS = 6  # a net of at most this many stated amounts: 3**6 sums, few enough to tell one from a guess


# The words right before a total: "Total $165.50", "**Total:** $1,011", "comes to $120", "in all $50".
# Not across an opening bracket: "$18.46 more in total ($9.81 + $8.65)" totals the amount before it.
_TOTAL_ROW = re.compile(r"[^|\n]*\btotal\b[^|\n]*\|[^|\n]*$", re.I)
_TOTAL_BEFORE = re.compile(r"\b(?:total(?: due| refund| charge| cost)?|in all|altogether|comes? to|sum)[^\w(]*$", re.I)


# An amount of data with a decimal point, and the words of a sentence about a line's usage.
_DECIMAL_GB = re.compile(r"(?<![\d.])(\d+\.\d+)\s*(?:gb|gigs?|gigabytes?)\b", re.I)
_BEFORE_UNIT = re.compile(r"\d\.\d+\s*$")


def _has_decimal_gb(text: str) -> bool:
    """Whether a text writes an amount of data with a decimal point ("7.8 GB"): each unit found by a
    plain substring search, then the few characters before it read (a scan of the whole text with
    ``_DECIMAL_GB`` costs more)."""
    for unit in ("GB", "gb", "Gb", "gig", "Gig"):
        at = text.find(unit)
        while at >= 0:
            if _BEFORE_UNIT.search(text, max(0, at - 16), at):
                return True
            at = text.find(unit, at + 2)
    return False


_OFFERED_GB = re.compile(r"\b(?:add|adding|top(?:ping)?\s+(?:you\s+)?up(?:\s+with)?|refuel(?:ing)?|buy|purchase)\s+"
                         r"(?:(?:an?|another|an\s+extra|extra|just|only)\s+)?$", re.I)  # an amount of data offered
_USAGE = re.compile(r"\b(?:used|left|remaining|usage|of your|allowance|limit|consumed|so far)\b", re.I)


# Words saying something changed or is to be checked anew: "I just paid", "still not working", "try again".
# (Word starts, on lower case: a case-blind search with word ends costs three times as much.)
# Not "just to be sure", "did you say", "you just said": a question about what was said changes nothing; nor a demand
# ("Just cancel it", "Cancel it."): the lookup would show what it showed; nor "what I paid", asked of an order
# ("refund to whatever i paid with": the method of a past payment).
_CHANGE_WORDS = re.compile(r"\b(?:chang|updat|again|just(?!\s+(?:to|wondering|checking|curious|asking|cancel|do|give|book|refund|process|go|tell|let|send|help|get|said|told|mentioned|wrote|asked|me|us|one|two|a|an|the|my|this|that|for|in)\b)|now|new|moved|(?<!what i )(?<!what we )(?<!much i )(?<!ever i )paid|made\b|pressed|tapped|clicked|"
                           r"did(?!n|\s+you\b)|done|tried|restart|reboot|toggl|turn|"
                           r"switch|fix|work(?<!at work)(?<!for work)(?!\s+(?:phone|line|number|cell|email|account|trip|travel))|still|refresh|check|status(?! bar)|email|received|arrived|added|removed|cancel(?:l?ed|l?ing))")

_WORD_FROM = re.compile(r"[a-z]+")  # the whole word a change word starts ("fixed" of "fix")
# A user telling of what they did on their side: "I pressed pay", "Payment of 71.0 USD has been made".
_USER_DID = re.compile(r"\b(?:i(?:'ve| have)?\s+(?:just\s+|already\s+)?(?:paid|pressed|tapped|made)|has been (?:made|paid))\b",
                       re.I)
# "Can you check again?", "please double-check that": asking for the same lookup, which changes nothing.
_RECHECK = re.compile(r"\b(?:(?:can|could|would|will) you\s+)?(?:please\s+)?(?:double[- ]?)?check\b"
                      r"(?:\s+(?:that|it|this|again|once more))*\W*(?=[?.!]|$|please)"
                      r"|\bchecked[- ](?:bag|luggage|suitcase)"  # "with one checked bag": a bag, no news
                      # "can you check how much ...", "can you double check #W9018868 once more": asked
                      r"|\b(?:can|could|would|will) you\s+(?:please\s+)?(?:double[- ]?)?check\b")
# The user's tools that change the carrier's records, which the agent's lookups read: a payment.
_CARRIER_USER_TOOLS = frozenset({"make_payment"})
# A wish not to change something: "I don't really want to switch plans though, just curious".
_NO_WISH = re.compile(r"\b(?:don't|do not|doesn't|does not|won't|not)\s+(?:really\s+|actually\s+)?"
                      r"(?:want|need|plan|planning|looking|going|trying)\s+to\s+(?:switch|chang|cancel|updat)\w*")
# ... nor does a change the user only thinks of: "i might switch the kettle to one for a gas stove".
_MAYBE_WORDS = ("i might", "i may", "i could", "i would", "i want", "i wanna", "i plan", "i am thinking", "i'd like")
_MAYBE_WISH = re.compile(r"\bi\s+(?:might|may|could|would like to|want to|wanna|plan to|am thinking of|'d like to)\s+"
                         r"(?:switch|chang|cancel|updat)\w*")
# What may or would happen, no change told: "might not work on my stairs", "if you 'modify' it ... it gets re-checked".
_MAY_WORK = re.compile(r"\b(?:might|may|could|would|will|won't|wouldn't)(?:\s+not)?\s+work\b")
_IF_YOU = re.compile(r"\bif you\b[^.?!;]*")
# A question whether something is still so: "the backpack and kettle are still mine, right?", "is it still active?".
_STATUS_ASKED = re.compile(r"\bwhat(?:'s| is| about)\s+(?:the\s+)?status\b[^.?!]*\?")
_STILL_ASKED = re.compile(r"\b(?:is|are|am|was|were)\s+(?:\w+\s+){0,3}?still\b[^.?!]*\?")
# A question of its own, from its asking word to its mark: "will a reboot lose anything?", "..., does that
# change anything?", "could you double check my account details are right?".
_ASKED_CLAUSE = re.compile(r"(?:^|(?<=[.!?,;:])\s*|\s[-–—]\s)(?:and\s+|but\s+|so\s+|then\s+|ok(?:ay)?\s+)?(?:will|would|can|could|does|do|did|is|are|"
                           r"was|were|what|how|why|when|should|shall|may)\b(?:[^.!?,;]|,(?=\s+\w+ing\b))*\?")  # (", staying in economy?")
# "which one was cheapest on Friday again?": asking to be reminded, which changes nothing.
_RECALL = re.compile(r"\b(?:what|which|when|where|who|how much|how many)\b[^.?!]*\bagain"
                     r"(?:\s*(?:\?|[.!]|$)|\s+and\s+(?:what|which|when|where|who|how)\b[^.?!]*\?)")  # "?" or not; or
# another question after it: "which flight number was it again and when did it leave?"
# A thing wanted as before, no change: "And yes I'd like insurance again" (not "I'd like to try again").
_WANT_AGAIN = re.compile(r"\b(?:like|want)\s+(?!to\b)[^.?!]{0,30}\bagain\b"
                         # a choice made as before: "visa again. yes do it"
                         r"|^\W*(?:the\s+)?(?:visa|mastercard|amex|paypal|gift card|credit card|card|same(?: one)?)\s+again\b")


# An allowance said to have no limit: "your plan includes **unlimited** data" (not "unlimited" as the user's word).
_UNLIMITED = re.compile(r"\bunlimited\b(?:\**\s+|\s*\**\s*)(?:data|calls|talk|texts?|texting|minutes|usage|plan|changes|bags"
                        r"|(?:picture |text )?messag(?:es|ing)|MMS|SMS)\b", re.I)
# The user saying they are abroad, where mobile data needs roaming.
# ("visiting" alone may be at home: "visiting my parents in Ohio")
_ABROAD = re.compile(r"\b(?:abroad|overseas|travell?ing (?:in|to|through)|on (?:holiday|vacation) in|"
                     r"(?:in|from) (?:france|paris|spain|italy|mexico|canada|germany|japan|europe|london|the uk))\b")


def _brings_news(text: str, index: EvidenceIndex) -> int:
    """What a user message brings as evidence for repeating a call: 2 when it says something
    changed (new evidence for any call), 1 when it only states a value with a digit not visible
    before (new evidence for repeating a write, not a lookup: the lookup would show what it showed),
    0 when nothing."""
    low = text.lower()
    if "again" in low:
        low = _WANT_AGAIN.sub(" ", _RECALL.sub(" ", low))
    if "check" in low:
        low = _RECHECK.sub(" ", low)  # "Can you double-check that?": a request, nothing changed
    if " to " in low and ("n't" in low or "not" in low):
        low = _NO_WISH.sub(" ", low)  # "I don't want to switch plans": nothing changed
    if any(w in low for w in _MAYBE_WORDS):
        low = _MAYBE_WISH.sub(" ", low)  # "i might switch the kettle": nothing changed yet
    if " work" in low or "if you" in low:
        # "a robotic one might not work on my stairs", "if you 'modify' it ... it gets re-checked": what may be
        low = _MAY_WORK.sub(" ", _IF_YOU.sub(" ", low))
    if "still" in low and "?" in low:
        low = _STILL_ASKED.sub(" ", low)  # "and the backpack and kettle are still mine, right?": asked, not told
    if "status" in low and "?" in low:
        low = _STATUS_ASKED.sub(" ", low)  # "What's the status of the order with the wall clock?": asked
    if "?" in low:  # "will a reboot lose anything?", "..., does that change anything?": asked, not told
        low = _ASKED_CLAUSE.sub(" ", low)
    if (said := _CHANGE_WORDS.search(low)) is not None:
        for hit in _CHANGE_WORDS.finditer(low, said.start()):
            word = _WORD_FROM.match(low, hit.start())
            if not index.names_option(hit[0], word[0] if word is not None else hit[0]):
                return 2  # (not an option's word: "rubber, fixed like mine", "the same switches")
    return int(_MAY_STATE.search(text) is not None and any(not k.isalpha() and k not in index.compacts
                                                           for k in tokens(low)))


def _options_shown(token: str, index: EvidenceIndex) -> bool:
    """Values joined by slashes, plus signs or hyphens, each visible or a word: a variant's options "blue/10" of
    {"color": "blue", "battery life": "10 hours"}, a connection "HAT180+HAT026" or "HAT078/HAT118"
    (not a date: "5/22" has no letter)."""
    if "+" in token:
        parts = token.replace("/", "+").split("+")
    elif "-" in token and "/" not in token:  # a value and its option's name: "10x-zoom" of {"zoom": "10x"}
        parts = token.split("-")
        if not any(p.isalpha() for p in parts):
            return False  # (a date, a phone number)
    else:
        parts = token.split("/")
        if not any(_LETTER.search(p) for p in parts):
            return False
    return len(parts) > 1 and all(p.isalpha() or index.has_string(p) for p in parts if p)


# A code in capital letters only (a reservation's "HATHAT"); identifiers with a digit are read elsewhere.
# (No leading \b: a pattern that starts with its letters is scanned for faster; the start is tested after.)
_CAPS_CODE = re.compile(r"[A-Z]{5,8}(?![A-Za-z0-9])")
_RESERVATION_CODE = re.compile(r"\b[A-Z0-9]{6}\b")  # "VA5SGQ", "IIHXDG" (what records show it of is asked after)
# A figure taken back: "the reservation ID is HATHAT, not HATHAU as I wrote".
_TAKEN_BACK_BEFORE = re.compile(r"\b(?:not|instead of|rather than)\s+\**$", re.I)
# An amount said as what remains of another: "the remaining $609", "the rest ($503)"; not a balance
# ("remaining balance of $120" may be a card's after a refund).
_REMAINS = re.compile(r"\b(?:remaining|remainder(?: of)?|(?:the )?rest(?: of it)?(?: of)?)\W{0,3}(\$\d[\d,]*(?:\.\d+)?)(?!\s*balance)",
                   re.I)


def _codes_named(text: str) -> list[str]:
    """The identifiers a text names, and the codes of capitals only ("XJUPNP": a reservation's code
    has no digit), each starting a word."""
    return [*identifiers_in(text), *(m[0] for m in _CAPS_CODE.finditer(text) if not text[m.start() - 1:m.start()].isalnum())]


def _remains_said(text: str) -> set[str]:
    """The amounts (as written) a text says remain (``_REMAINS``)."""
    return {m[1] for m in _REMAINS.finditer(text)}


# An identifier of a kind's letters and digits ("C1047"), and such a form as a schema's example shows it.
_PREFIXED = re.compile(r"([A-Z]{1,3})(\d{3,})")
_PREFIXED_EXAMPLE = re.compile(r"(?<![\w])[A-Z]{1,3}\d{3,}(?![\w])")
# An email address without a digit (those with one are read as identifiers with the rest).
_LETTERS_EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z._+-]+@[A-Za-z-]+(?:\.[A-Za-z-]+)+(?![\w@])")
# A letter code said as a booking's own number ("Your new reservation number will be HATHAT"): an
# identifier however it is spelled. Not "your booking is ACTIVE": a state, a verb after the bare noun.
_CODE_LABEL = re.compile(r"\b(?:reservation|booking|confirmation)(?: (?:number|id|code)(?: is| will be)?)?:?\s+\**$", re.I)


# A count written in digits on its own ("all 5 lines"), not part of an amount or identifier.
# Numbers worked together in a note's arithmetic: "(353-146)*2".
_WORKED = re.compile(r"\(*\d[\d.,]*(?:\)*\s*[-+*×/]\s*\(*\d[\d.,]*\)*)+")  # ("2*((350-122)+(499-127))")
_OPERATOR = re.compile(r"[-+*×/()\s]+")
_HALF_HOURS = re.compile(r"(\d{1,2})½(?:-?hours?|h)?")  # "19½-hour"
_HOURS_TOKEN = re.compile(r"\d{1,2}(?:\.\d)?h")  # a count of hours written short: "2.5h"
_SUM_JOINER = re.compile(r"[+=()]+")  # the parts of a note's sum of things: "HAT084(04:00)+HAT175(20:00)=16h"
_PART_JOINER = re.compile(r"[–—→]")  # a dash between two things said in one token ("PM–8:30", "11:00→JFK")
_SMALL_COUNT = re.compile(r"(?<![\w$.,])(\d{1,2})(?![\w.,%])")


# Two-letter codes that are also words: only with the address's comma are they the code.
_WORD_CODES = frozenset({"in", "or", "me", "hi", "ok", "oh", "id", "ma", "pa", "al", "co", "de", "as", "la", "mo"})


def _days_written(text: str) -> list[date]:
    """The dates a text writes in ISO form ("2024-05-11") or with a month's name and a year."""
    out = []
    for m in ISO_DAY.finditer(text):
        with suppress(ValueError):
            out.append(date.fromisoformat(m[0]))
    for d in date_mentions(text):
        if d.month is not None and d.year is not None:
            with suppress(ValueError):
                out.append(date(d.year, d.month, d.day))
    return out


class _Run:
    """The state of certifying one interaction."""

    def __init__(self, cert: Certifier, inter: Interaction, metadata: dict[str, ToolMeta] | None):
        self.cfg = cert.config
        self.cert = cert
        self.inter = inter
        self.metadata = metadata
        self.index = EvidenceIndex()
        self._private: EvidenceIndex | None = None
        self._prices: PriceBook | None = None
        self._written_ids: set[str] = set()  # identifiers a write that went through acted on
        self._methods_used: set[str] = set()  # payment methods a write named, at any depth (their balances move)
        self._derived_data: set[int] = set()  # amounts of data (hundredths of a GB) grounded texts derived
        self._data_amounts: set[int] = set()  # amounts of data the texts of tools and the system prompt show
        self._speed_ratings: dict[float, str] = {}  # speed tests' results: Mbps -> the rating shown ("Fair")
        self._data_shown: bool | None = None  # mobile data on the latest status bar shown ("Data Disabled")
        self._in_order = False  # whether the policy says to troubleshoot in order (trouble_order)
        self._roaming_shown: bool | None = None  # the phone's data roaming switch, as a network status shows it
        self._reboot_pending = False  # a device change shown to apply at the next reboot, none since
        self._handed_off = False  # whether a transfer to a human agent went through
        self._handoff_asked = ""  # what its arguments ask of the human agent (its summary)
        # Objects the user's own tools named (a bill they paid on their phone), each with the count of
        # JSON observations then: a status shown before that may be stale.
        self._user_touched: dict[str, int] = {}
        self._unfounded: set[str | None] = set()  # calls computing from numbers no message showed
        self._today: date | None = None  # the current date the system prompt states, for counts of days
        self._now: datetime | None = None  # and its current time, for counts of hours since a record's time
        self._instant_kinds: dict[str, str] = {}  # payment kinds the policy gives no waiting time ("at once")
        self._once_only: dict[str, tuple[bool, str]] = {}  # actions the policy allows once (policy_once)
        self._span_topics: dict[str, tuple[str, str]] = {}  # spans of time the policy sets for one action (policy_times)
        self._late_insurance = ""  # the policy's sentence that allows insurance only at booking
        self._no_bag_removal = ""  # the policy's sentence that lets bags be added, not removed
        self._one_cabin = ""  # the policy's sentence that puts every flight of a reservation in one cabin
        self._phrases: list[tuple[str, ...]] | None = None  # the write tools' options that are phrases
        self._identify_first = ""  # the policy's sentence that puts identifying the customer first
        self._shown_at_user = 0  # the JSON observations shown before the user's latest message
        self._totals: set[int] = set()  # the itineraries' totals of the flight searches read (_search_totals)
        self._totals_read = 0
        self._rebooked = Rebooked()  # the bookings and the searches' fares read so far (_rebooked_totals)
        self._rebooked_read = 0
        self._rebooked_found: set[int] = set()
        self._turn_rules = ("", "")  # its sentences that allow one call a turn, and no reply beside a call
        self._identified = False  # whether a call that finds the customer's user id went through
        # reads made before the customer was identified: made again once identified, they are new
        self._unidentified_calls: set[tuple[str, bytes]] = set()
        self._own_only = ""  # the policy's sentence that has the agent act only for that customer
        self._owned: dict[str, set[str]] = {}  # a profile's list ("orders") -> the ids it lists (``_owned_lists``)
        self._owned_read = 0  # the observations read for them
        self._customers: tuple[int, set[str]] = (0, set())  # (observations read, the customer ids they show)
        self._account = ""  # the account the first account lookup that went through reached: the caller's
        self._own: dict[str, set[str]] = {}  # its own lists of objects (``_account_lists``), and how many
        self._own_read = 0  # JSON observations were read for them
        self._users: set[str] = set()  # the user ids of calls that went through (lower case): the customer's
        self._cancel_rule = ""  # the policy's sentence that limits cancellations (cancel_refund)
        self._insurance_rule = ""  # the policy's sentence that names the reasons insurance covers (cancel_refund)
        self._certificate_rule = ""  # the policy's sentence that limits certificates (compensation)
        self._delay_rule = ""  # the policy's sentence that compensates a delay only after a change or cancellation
        self._flight_cases = ""  # the policy's sentence that compensates cancelled and delayed flights
        self._basic_rule = ""  # the policy's words that basic economy flights cannot be changed
        self._route_rule = ""  # the policy's sentence that a change keeps the origin and destination
        self._one_certificate = ""  # the policy's words that allow one certificate per booking, where it has them
        self._difference_rule = ""  # the policy's sentence that a fare difference is never paid with a certificate
        self._refuel_rule = ""  # the policy's words that a refuel is charged on the next bill
        self._return_rule = ""  # the policy's sentence that a return is refunded to the original method or a gift card
        self._pending_rule = ""  # its sentence that only pending orders may be cancelled or modified
        self._resume_rule = ""  # its sentence that a suspended line waits for its overdue bill (resume_rule)
        self._offer_first = ""  # the policy's sentence that has a certificate wait for a complaint
        # free checked bags per passenger by (tier, cabin), and the policy's sentence (bag_allowance)
        self._free_bags: tuple[dict[tuple[str, str], int], str] = ({}, "")
        self._bag_fee: int | None = None  # the policy's price of an extra bag, in cents (bag_allowance)
        self._items: ItemBook | None = None  # bills' line items: read on the first text after one shows
        self._books: dict[type[ObservationBook], ObservationBook] = {}  # read on first need (``_book``)
        self._called: set[str] = set()  # the tools called so far, by the agent or the user
        self._derived_days: set[str] = set()  # ISO dates grounded calls derived ("one day later")
        self._spans: set[tuple[int, str]] = set()  # spans of time the turns state ("six months"), ...
        self._span_turns = 0  # ... read up to this turn
        self._obs_days: dict[int, str] = {}  # JSON observation number -> the date its call asked about
        self._call_origin: str | None = None  # the origin airport (upper case) the call being checked names
        self._call_route: tuple[str, str, str] | None = None  # its (tool, origin, destination), airports upper case
        # (tool, origin, destination, the day after) of each search that found no flight -> the turns then: the
        # next day to try with the same search (not a one-stop search's, which the same day may still have)
        self._empty_searches: dict[tuple[str, str, str, str], int] = {}
        self._tool_args: frozenset[tuple[str, frozenset[str]]] | None = None
        self.turns: list[Turn] = []
        self.epoch = 0  # counts state changes (writes, the user's own actions, "I just paid")
        self._epoch_writes: list[tuple[int, ToolCall]] = []  # (the epoch it began, the write)
        # Per state change, in order: the record kinds it may have changed (empty: any).
        self._epoch_records: list[tuple[str, ...]] = []
        # The record kinds of the lookups that showed a stored-value balance (a gift card's): a write that
        # may change none of them leaves the balances as shown (ToolMeta.records).
        self._balance_kinds: set[str] = set()
        self._failed_at = -1  # the message of the latest write that failed
        # Calls (``call_key``) last made with a value not visible: the user saying it makes a repeat new.
        self._guessed_calls: set[tuple[str, bytes]] = set()
        self.told = 0  # counts user messages that only state new values
        # The state changes that were the user's device actions (dual control) or that the user
        # told of without saying something is undone, and per write that went through, the other
        # state changes up to then: neither is a reason to repeat a write that went through.
        self.device_epochs = 0
        # Of those, the user's own tool calls on the phone that change nothing the agent's lookups
        # read (not a payment): a lookup repeated after only these shows what it showed.
        self._phone_epochs = 0
        self._phone_told = False  # the user ran only phone tools since the agent last spoke
        self._told_records: set[str] = set()  # the record kinds the user's own tool calls since then may change
        self._seen_phone: dict[tuple[str, bytes], int] = {}  # call key -> _phone_epochs when it was made
        self._phone = PhoneState()  # what the latest device checks showed
        self._write_done: dict[tuple[str, bytes], int] = {}
        self.seen_calls: dict[tuple[str, bytes], tuple[int, int, int]] = {}
        self.visible_specs = {t.name: t for t in inter.tools}
        self._tools_said: str | None = None  # their descriptions (``_tool_text``)
        # the bag tool's word that certificates cannot pay for bags (the policy names fare differences only)
        self._bag_certificate = bag_certificate_rule({name: t.function.description or "" for name, t in
                                                      self.visible_specs.items() if "bag" in name})
        self._identity: set[str] | None = None  # those that find the customer's user id (``_identity_tools``)
        self.confirm_access = frozenset(self.cfg.confirm_access)
        self.domain = self._domain()
        # The domain's tools and its named constants (airport and state codes).
        self._domain_tools = cert.tools.domain(self.domain)
        self._constants = self._domain_tools.named_constants
        self.at = 0  # the message being read: the decision being certified, or where an UncertifiableRecord is
        # Amounts the turns state, kept while no turn is added: (turns, amounts of data the user
        # asked for) and (turns, the text being checked, money amounts stated).
        self._asked: tuple[int, set[int]] = (-1, set())
        self._said: tuple[int, str | None, set[int]] = (-1, None, set())
        # Amounts the agent's texts stated that were visible or derived: a later step may build on them.
        self._derived: set[int] = set()
        # The writes since the user's last message, as (result, observations before it, the call):
        # what they charged or refunded (charges.moved) is read only for a text that reports money.
        self._writes: list[tuple[str, int, ToolCall]] = []
        self._failed_writes: list[tuple[int, ToolCall]] = []  # consequential calls that failed, with their message
        self._past_writes: list[tuple[str, int, ToolCall]] = []  # the writes before the user's last message
        self._holders: dict[tuple[str, int], str] = {}  # (value as written, observations) -> its holder
        self._objects_read: set[str] = set()  # the own ids (compact) of the objects read calls returned
        self._moved: list[list[int]] = []  # charges.moved of the first writes of ``_writes``, once each
        # Per report after writes: those writes (what they moved is read only where a report needs it).
        self._reported: dict[int, tuple[tuple[str, int, ToolCall], ...]] = {}
        self._said_balances: set[int] = set()  # balances earlier reports stated after writes, unflagged
        self._hidden_words: list[str] | None = None  # the hidden task's capitalized words (_hidden_caps)
        self._failed_write: tuple[str, str] | None = None  # (tool, error) of a write that failed since the user spoke
        self._noop_write: tuple[str, str] | None = None  # (tool, result) of the last write, where it changed nothing
        # The calculator's last result and the nets of its expression's numbers, in cents, until the next decision
        self._calculated: tuple[int, set[int], list[int]] | None = None
        self._calc_heads = 1  # the count the latest calculation multiplies its whole expression by
        # The writes and user actions that went through (name, argument names), for what texts claim done.
        self._made: list[tuple[str, tuple[str, ...]]] = []
        self._write_nouns: set[str] | None = None  # the action_nouns of the visible write tools
        self.infos: dict[str, ToolInfo] = {}
        self.judge_errors = 0
        self._call_keys: dict[str, tuple[str, bytes]] = {}
        # call id -> (message index, observation, its shape), the shape computed once here
        self.observations: dict[str, tuple[int, Message, str]] = {}
        for i, m in enumerate(inter.messages):
            if m.role == "tool" and m.tool_call_id is not None:
                self.observations[m.tool_call_id] = (i, m, observation_shape(m))

    # ------------------------------------------------------------------ setup

    def _domain(self) -> str | None:
        if self.inter.domain:
            return self.inter.domain
        used = {c.name for m in self.inter.messages for c in m.calls}
        return guess_domain(used) or self.cfg.default_domain

    def info(self, name: str) -> ToolInfo:
        found = self.infos.get(name)
        if found is None:
            found = self.infos[name] = self.cert.tools.resolve(
                name, self.visible_specs.get(name), self.domain, self.metadata
            )
        return found

    @property
    def tool_args(self) -> frozenset[tuple[str, frozenset[str]]]:
        """Every tool the policy could call (the visible list and the domain's declared tools),
        with its argument names: what tells tools of the same verb apart (action_words.tool_object)."""
        if self._tool_args is None:
            specs = {**self.cert.tools.domain(self.domain).specs, **self.visible_specs}
            self._tool_args = frozenset(
                (name, frozenset(spec.function.parameters.get("properties") or ())) for name, spec in specs.items()
            )
        return self._tool_args

    @property
    def prices(self) -> PriceBook:
        """Which prices observations give which object: read on the first question."""
        if self._prices is None:
            self._prices = PriceBook(self.index, self._obs_days)
        return self._prices

    @property
    def private(self) -> EvidenceIndex:
        if self._private is None:
            self._private = EvidenceIndex()
            self._private.add_json(self.inter.private)
        return self._private

    def call_key(self, call: ToolCall) -> tuple[str, bytes]:
        """Identity of a call for the novelty check: tool name and canonical arguments."""
        key = self._call_keys.get(call.id)
        if key is None:
            raw = call.function.raw_arguments
            args = raw.encode() if raw is not None else orjson.dumps(call.arguments, option=orjson.OPT_SORT_KEYS)
            key = self._call_keys[call.id] = (call.name, args)
        return key

    # ------------------------------------------------------------------ value recovery

    def _amount_ok(self, cents: int, context: str | None = None, products: bool = True) -> bool:
        """Whether an amount is visible or derivable; ``context`` is the text stating it. Compared by
        size: in ``538 - 250`` the minus is an operator, and a refund of -$50 is the $50 shown.
        Without ``products`` a count times a price does not derive it (a unit price is no total)."""
        cfg = self.cfg
        cents = abs(cents)
        if self.index.amount_derivation(cents, cfg.max_pair_amounts, cfg.max_pair_chance) is not None:
            return True
        if self._stated_pair(cents, context) or (products and self._count_times_price(cents)):
            return True
        if cents in self._search_totals():  # an itinerary's total: "(The other four combinations are $290 or more.)"
            return True
        if cents in self._rebooked_totals():  # a booking's flights at the fares searched: "(275 - 174) * 2"
            return True
        # "$20.00 per month ..., so $240.00 per year": twelve months of a monthly amount
        return (context is not None and cents > 0 and cents % 12 == 0 and "year" in context
                and _YEARLY.search(context) is not None and self._amount_ok(cents // 12, context, products))

    def _data_times_price(self, cents: int, data: set[int], sentence: str = "") -> bool:
        """An amount of data times a visible price: one the user asked for, or, where the user named
        none, one the message itself offers ("1.5 GB at $5 per GB comes to $7.50"; ``data`` in
        hundredths of a GB, from the message). "3 GB will cost $6" after "add 2 GB" is no such amount;
        but one whose ``sentence`` writes the rate it is worked out at is ("you'd be 4.1 GB short.
        Adding that would cost about $8.20 at $2.00/GB")."""
        user = self._user_data()
        if user and ("/GB" in sentence or "per GB" in sentence) and rates_said(sentence):
            return self._times_a_price(cents, user | data)
        return self._times_a_price(cents, user or data)

    def _day_rates_shown(self) -> set[int]:
        """The prices per day (cents) the user, the policy, an observation or a tool's description writes."""
        texts = [*self._visible_texts(), self._tool_text(), *self.index.json_observations]
        return {cents_of(m[1]) for text in texts if "day" in text for m in _PER_DAY.finditer(text)}

    def _gb_rates_shown(self) -> set[int]:
        """The prices per GB shown so far (cents): the plans' rates, and those the user, the policy or a
        tool's description writes ("$2.00/GB")."""
        said = {rate for text in self._visible_texts() if "GB" in text for rate in rates_said(text)}
        return said | rates_said(self._tool_text()) | {rate for _, rate in self._book(PlanRates).rates.values()}

    def _per_unit(self, cents: int, data: set[int]) -> bool:
        """A unit price that is a visible amount shared over a quantity, to the cent: the data the text
        or the user states (in hundredths of a GB) or a count the user gave: "$2.50 per GB ($12.50 for
        5 GB)", "$65.00 for 15 GB ... about $4.33 per GB"."""
        amounts = self.index.amounts
        quantities = data | self._user_data() | {count * 100 for count in self._user_counts()}
        # (to the cent: "$65.00/month for 15 GB works out to about $4.33 per GB")
        return any(q and any(total in amounts for total in range(-(-(cents * q - q // 2) // 100), (cents * q + q // 2) // 100 + 1))
                   for q in quantities)

    def _user_data(self) -> set[int]:
        """Amounts of data the user stated, in hundredths of a GB ("500 MB" is 50)."""
        if self._asked[0] != len(self.turns):  # once per turn added, not once per amount
            self._asked = (len(self.turns), {c for t in self.turns if t.role == "user"
                                             for c in stated_amounts(t.text, data=True)})
        return self._asked[1]

    def _described_at(self, described: str) -> int:
        """The turn of the latest assistant message with this text (a confirmation's description); -1
        where none has it."""
        return next((k for k in range(len(self.turns) - 1, -1, -1)
                     if self.turns[k].role == "assistant" and self.turns[k].text == described), -1)

    def _described_since(self, described: str, since: int) -> bool:
        """Whether the description a write's confirmation answered comes after message ``since`` (the
        same write, which went through before): "I can issue a second certificate for the remaining
        $150. Shall I?" "Yes." asks for it again, which is new (a retry of a failed one is not)."""
        k = self._described_at(described)
        if k < 0 or self.turns[k].index <= since:
            return False
        # An offer, not a report of the first ("Roaming is now enabled on L1001", then "OK"); or the
        # offer after it that the yes answered: "I can add another 1.0 GB for $2.00 ... Go ahead?"
        answered = next((t for t in reversed(self.turns[k:-1]) if t.role == "assistant"), None) \
            if self.turns[-1].role == "user" else None
        return ASKS.search(described) is not None or (answered is not None and ASKS.search(answered.text) is not None)

    def _picked(self, described: str) -> int | None:
        """The amount of data a user's reply after the description picked among those it offered
        (``agreement.picked_amount``: "Option 2 please")."""
        if (k := self._described_at(described)) < 0:
            return None
        return next((p for t in reversed(self.turns[k + 1:])
                     if t.role == "user" and (p := picked_amount(t.text, described)) is not None), None)

    def _count_times_price(self, cents: int) -> bool:
        """A quantity the user asked for times a visible amount: "add 2 GB" at $2.00 per GB is $4.00."""
        return self._times_a_price(cents, {count * 100 for count in self._user_counts()})

    def _times_a_price(self, cents: int, quantities: set[int]) -> bool:
        """Whether an amount is one of these quantities (in hundredths) times a visible amount."""
        amounts = self.index.amounts
        return any(q and (cents * 100) % q == 0 and cents * 100 // q in amounts for q in quantities)

    def _user_counts(self) -> set[int]:
        """Counts from 2 to ``free_count_max`` the user wrote (``agreement.stated_counts``)."""
        return stated_counts([t for t in self.turns if t.role == "user"], self.cfg.free_count_max)

    def _stated_pair(self, cents: int, context: str | None) -> bool:
        """A sum or difference of two visible amounts that the conversation itself stated (a user or
        assistant message so far, or the text stating this one): "$361 now, you paid $177, so $184".
        Where pair results are dense (see ``amount_derivation``) only these count."""
        index = self.index
        if len(index.amounts) > self.cfg.max_pair_amounts:
            return False
        # Stated amounts that are visible, or derived and stated before (``_derived_misses``).
        said = self._stated_amounts(context)
        stated = (said & index.amounts) | (said & self._derived) if self._derived else said & index.amounts
        return bool(stated) and index.pair_derivation(cents, stated, stated) is not None

    def _stated_amounts(self, context: str | None) -> set[int]:
        """Money amounts the turns so far and the text being checked state, by size ("-$3.81" is 381)."""
        if self._said[:2] != (len(self.turns), context):  # once per turn added and text, not per amount
            texts = [t.text for t in self.turns] + ([context] if context else [])
            self._said = (len(self.turns), context, {abs(c) for text in texts for _, c in money_numbers_in(text)})
        return self._said[2]

    def _value_misses(self, value: Any, role: str, schema: dict[str, Any], path: str, out: list) -> None:
        """Append (path, value) for every part of ``value`` not recoverable from visible evidence."""
        if (type(value) is str and role not in _FREE_TEXT_ROLES and self.index.has_string(value)
                and value not in self._constants):
            return  # the common case, first
        if value is None or isinstance(value, bool):
            return
        enum = schema.get("enum")  # (a list where the schema is valid; it need not be: schema_check)
        if (type(enum) is list and value in enum) or ("const" in schema and value == schema["const"]):
            return
        if isinstance(value, list):
            items = schema.get("items")
            if not isinstance(items, dict):
                items = {}
            for k, v in enumerate(value):
                self._value_misses(v, role, items, f"{path}[{k}]", out)
            return
        if isinstance(value, dict):
            props = schema.get("properties")
            if not isinstance(props, dict):
                props = {}
            for key, v in value.items():
                sub = props.get(key)
                if not isinstance(sub, dict):
                    sub = {}
                self._value_misses(v, _nested_role(key, v), sub, f"{path}.{key}", out)
            return
        if role in _FREE_TEXT_ROLES and isinstance(value, str):
            # Judged by role: free text is the agent's own words; what it states must be grounded.
            if len(value) > self.cfg.max_free_text_chars:
                out.append((path, value, "free_text_too_long"))
                return
            if "/" in value:  # a note's "605/pax": the amount per passenger, its unit apart
                value = _PER_HEAD_SLASH.sub(r"\1 per \2", value)
            for shown in self._stated_misses(value, strict_numbers=role == "expression"):
                if role == "expression" and shown.startswith("0.") and self._percent_said(shown):
                    continue  # "124 * 0.1", where the user asked for 10%: the share as a fraction
                out.append((path, shown, None))
            return
        if isinstance(value, (int, float)):
            small = 0 <= value <= self.cfg.free_count_max
            if small and (role == "count" or (isinstance(value, int) and role not in ("amount", "identifier"))):
                return
            cents = to_cents(value)
            # Visible or derivable, or derived in an earlier grounded text ("a $300 certificate (3 × $100)").
            if cents is not None and (self._amount_ok(cents) or abs(cents) in self._derived):
                return
            if self.index.has_string(str(value)):
                return
            out.append((path, value, None))
            return
        if isinstance(value, str):
            if value in self._constants:
                if self._constant_visible(value):
                    return
            elif self.index.has_string(value) or self.index.date_stated(value):
                return
            elif ISO_DAY.fullmatch(value) and value in self._next_days() and self._connects(value):
                return  # a connection's day: the day after a search whose answer lands the next day ("01:30:00+1")
            elif self._call_route is not None and self._day_after_none(value):
                return  # the day after the same search of this route found no flight ("none left today")
            cents = to_cents(value)
            if cents is not None and self._amount_ok(cents):
                return
            if self._tail_corrected(value) or self._prefix_restored(value, schema) or self._day_corrected(value):
                return
            out.append((path, value, None))
            return
        out.append((path, value, None))

    def _day_after_none(self, day: str) -> bool:
        """Whether the call being checked searches its route the day after the same search found no
        flight, and the user spoke since, naming no day: "I don't see any flight still bookable today."
        "Then what can I change to?" (not straight on, past the day the user asked for)."""
        if self._call_route is None or (then := self._empty_searches.get((*self._call_route, day))) is None:
            return False
        since = [t for t in self.turns[then:] if t.role == "user"]
        return bool(since) and not any(d.month is not None for t in since for d in date_mentions(t.text))

    def _prefix_restored(self, value: str, schema: dict[str, Any]) -> bool:
        """An identifier of a kind's letters and the digits a user wrote without them: "My customer
        ID is 1047" grounds C1047, where the argument's schema shows the form ("such as 'C1001'")."""
        m = _PREFIXED.fullmatch(value)
        if m is None or not self._digits_said(m[2]):
            return False
        described = schema.get("description")
        return isinstance(described, str) and any(
            len(t) == len(value) and t[:len(m[1])] == m[1] for t in _PREFIXED_EXAMPLE.findall(described))

    def _tail_corrected(self, value: str) -> bool:
        """An identifier whose final digits the user corrected: "aarav_jackson_2897" shown, then "oops,
        it's 2879 at the end" grounds aarav_jackson_2879. The digits must be a word a user wrote, and
        the rest a visible identifier's with other digits."""
        m = _TAIL_DIGITS.fullmatch(value)
        if m is None or not self._digits_said(m[2]):
            return False
        head = compact(m[1])
        return bool(head) and any(k.startswith(head) and k[len(head):].isdigit() and k != compact(value)
                                  for k in self.index.compacts)

    def _day_corrected(self, value: str) -> bool:
        """An ISO date that is a visible one with the day the user gave in its place: "it's the 24th
        not the 14th" makes 1968-01-14 shown 1968-01-24. The user must name both days."""
        if (m := ISO_DAY.fullmatch(value)) is None or not (said := self._user_text()):
            return False
        head, day = m[1] + m[2], int(m[3])
        if not re.search(rf"\b{day}(?:st|nd|rd|th)?\b", said):
            return False
        return any(len(k) == 8 and k.isdigit() and k.startswith(head) and k != head + f"{day:02d}"
                   and re.search(rf"\b{int(k[6:])}(?:st|nd|rd|th)?\b", said) is not None
                   for k in self.index.compacts)

    def _hours_visible(self, count: str) -> bool:
        """Whether a count of hours is visible as one ("4 hours", "4-hour")."""
        return any(self.index.has_string(f"{count}{sep}{unit}") for sep in (" ", "-") for unit in ("hours", "hour"))

    def _hours_hidden(self, count: str) -> str:
        """The count of hours as the private part writes it ("4 hours"); "" where it does not."""
        return next((said for said in (f"{count} hours", f"{count} hour") if self.private.has_string(said)), "")

    def _digits_said(self, digits: str) -> bool:
        """Whether a user wrote these digits as a word of their own, not the end of a phone number
        ("555-123-1002" gives no customer C1002)."""
        return digits in self._user_words() and re.search(rf"(?<![\d-]){digits}(?![\d-])", self._user_text()) is not None

    def _user_words(self) -> set[str]:
        return {w for t in self.turns if t.role == "user" for w in t.words}

    def _roaming_told(self) -> bool:
        """Whether the user said how the phone's data roaming switch is set ("data roaming is on", its
        status read out), not only asked about roaming ("Am I set up for roaming?")."""
        said = self._user_text()
        return "roaming" in said and ("data roaming enabled" in said or bool(
            misread_data_switch(said, True, ROAMING_SAID) or misread_data_switch(said, False, ROAMING_SAID)))

    def _user_statements(self) -> str:
        """The user's sentences that ask nothing, lower case: what the user said is so ("my flight was
        delayed"), not asked ("Is my HAT097 flight on time?")."""
        return " ".join(s.lower() for t in self.turns if t.role == "user" for s in SENTENCE_OR_LINE.split(t.text)
                        if not s.rstrip().endswith("?"))

    def _user_text(self) -> str:
        """The user's messages so far, lower case: a phrase test ("west coast" in it)."""
        return " ".join(t.text.lower() for t in self.turns if t.role == "user")

    def _stated_misses(self, text: str, strict_numbers: bool = False, toks: set[str] | None = None) -> list[str]:
        """Identifiers and amounts a text states that are neither visible nor derivable; ``toks``
        its tokens where the caller has them."""
        misses: list[str] = []
        if "://" in text or "www." in text:  # "check that the MMSC URL is http://mms.carrier.com/mms/wapenc"
            misses += [m[0] for m in _URL.finditer(text) if not self.index.has_string(m[0])]
        if not _MAY_STATE.search(text):  # no digit, '#' or '@': nothing to ground but letter codes
            # (and terms in words: "Certificates are valid for one year")
            misses += self._validity_misses(text) if "alid" in text or "xpire" in text else []
            misses += self._limit_misses(text)
            return misses + self._code_misses(text) if _CAPS_CODE.search(text) else misses
        # Set difference first (C level): only tokens the index lacks are examined one by one.
        unseen = (toks if toks is not None else set(tokens(text.lower()))) - self.index.compacts
        # Words (the most of them) are passed over at C level; numbers and ids are looked at.
        if any(len(k) >= 5 or not k.isdigit() for k in filterfalse(str.isalpha, unseen)):
            for tok in chunks_with_digits(text):
                if self._token_unseen(tok, text) and not self._taken_back_everywhere(tok, text):
                    # "6:00 PM–8:30 PM": two things joined by a dash; each part is what is said (a span of
                    # digits, "14:00–17:00", is read as one: time_part_shown)
                    parts = _PART_JOINER.split(tok) if ("–" in tok or "—" in tok or "→" in tok) and _LETTER.search(tok) else \
                        [p for p in _OPERATOR.split(tok) if p] if _WORKED.fullmatch(tok) and (
                            "*" in tok or ")" in tok or f"{tok} =" in text or f"{tok}=" in text) \
                        else [p for p in _SUM_JOINER.split(tok) if p] if ("+" in tok or "=" in tok) and _LETTER.search(tok) \
                        else ()  # "(353-146)*2", "306-136 = 170", "HAT084(04:00)+HAT175(20:00)=16h" in a note: each part
                    if len(parts) < 2:
                        misses.append(tok)
                    else:
                        misses += [p for p in parts if self._token_unseen(p, text)]
        if "@" in text:  # an email of letters only ("priya.larsen@example.com"): no digit brought it above
            misses += [m[0] for m in _LETTERS_EMAIL.finditer(text) if not self.index.has_string(m[0])]
        if _CAPS_CODE.search(text):
            misses += self._code_misses(text)
        if ("ending" in text or "ast four" in text or "ast 4" in text or "**" in text or "xx" in text or "XX" in text
                or "••" in text):  # plain substrings first: "ending in 9182", a card's last four, never shown
            misses += [m[1] for m in _CARD_END.finditer(text) if m[1] in unseen and not self.index.has_string(m[1])
                       and not self._id_ends_in(m[1]) and not self._phone_ends_in(m[1])]
        if _MONTH_NAMES.search(text):  # a month's name first: "delivered on May 3", never shown
            misses += self._unseen_days(text)
        if "/" in text:  # "back on your statement by 5/29", a day no message gives
            misses += [m[0].split()[-1] for m in _SLASH_DAY.finditer(text) if not self._slash_day_shown(m)]
            if "xpir" in text:  # "it expires in 08/27": a card's expiry, which no profile shown may give
                misses += [m[1] for m in _EXPIRY.finditer(text) if not self.index.has_string(m[1])]
        if ":" in text or AM_PM.search(text):  # "departing at 16:00" or "at 4pm", where no flight shown leaves then
            misses += self._unseen_times(text)
        if "G" in text and _NETWORK.search(text):  # "you should now see 4G", where the bar shows 5G
            misses += self._unseen_networks(text)
        if "days" in text or "hours" in text or "weeks" in text:  # "usually takes 5-7 business days", said of nothing
            misses += [m[0] for m in SPAN.finditer(text)  # "5 to 7 business days" is the policy's "5-7"
                       if not self.index.has_string(dashed := m[0].replace("–", "-"))
                       and not self.index.has_string(_TO_DASH.sub("-", dashed))
                       and not self._taken_back(text, m.start(), m.end())  # "immediately, not in 5–7 days."
                       # "take 14–16 hours", the two itineraries' rows above saying "14h" and "16h"
                       and not (m[0].endswith(" hours") and all(
                           hours_between_said(n, text) or hours_of_flights(n, text, self._times_of)
                           for n in re.findall(r"\d+", m[0])))]
        misses += self._validity_misses(text)
        misses += self._limit_misses(text)
        if "B" in text and ("imit" in text or "ap" in text or "ax" in text):
            # "Our network limits MMS messages to 1 MB each", a size no message gives
            misses += [m[1] for m in _SIZE_LIMIT.finditer(text) if not self.index.has_string(m[1])
                       and compact(m[1]) not in self.index.compacts and m[1].lower() not in self._user_text()]
        if "month" in text or "year" in text:  # "within 12 months", where the tool says "at most six months"
            misses += [m[1] for m in _TERM_LIMIT.finditer(text.replace("*", ""))
                       if not self.index.has_string(m[1]) and not spans_in(m[1]) <= self._spans_said()
                       and not spans_in(m[1]) <= spans_in(self._tool_text())]
        if ("hour" in text or "day" in text or "week" in text or "month" in text) and (
                "once" in text or "after" in text or "until" in text or "under" in text or "at least" in text
                or "xceed" in text):
            # a threshold of time: "delays under 5 hours don't qualify", "once a bill is 60 days overdue"
            misses += [said for m in _THRESHOLD.finditer(text.replace("*", ""))
                       if (said := f"{m[1]} {m[2]}") not in misses and not self.index.has_string(said)
                       and not ((spans := spans_in(said, hours=True)) and (spans <= self._spans_said()
                                                                             or spans <= spans_in(self._tool_text(), hours=True)))
                       and said not in self._user_text()]
        if "hours" in text or "days" in text or "weeks" in text:  # (the span checks above may have said it)
            # "refunded within 24 hours", "takes about 24 hours to become active", said of nothing
            plain = text.replace("*", "")
            misses += [m[1] for m in _TIME_FRAME.finditer(plain)
                       if m[1] not in misses and not self.index.has_string(m[1])
                       and not _range_end_said(m[1], self._user_text())  # "within 3 hours", the user's "3-4 hours"
                       and not (
                           self._now is not None and m[1].endswith("hours")  # "about 31 hours" since its booking
                           and hours_since(int(m[1].split()[0]), self._now, self.index.json_observations))
                       # "the nonstop HAT072, which takes 4 hours": its own times make it
                       and not (m[1].endswith("hours") and hours_of_flights(m[1].split()[0], _sentence_at(plain, m.start()),
                                                                            self._times_of))
                       # "You land at 06:00 and your return leaves at 14:00, so about 8 hours there"
                       and not (m[1].endswith("hours") and hours_between_said(m[1].split()[0], _sentence_at(plain, m.start())))]
        if self.inter.private and "hour" in text:
            # "I'm really sorry about the 4-hour delay", where only the hidden task says "delayed by 4 hours"
            # (given as the hidden task writes it, so the reason says where it is found)
            misses += [hidden for m in _HOURS_SAID.finditer(text)
                       if not self._hours_visible(m[1]) and (hidden := self._hours_hidden(m[1]))]
        if "uite" in text or "Apt" in text or "apt" in text or "nit " in text:  # "Suite 421", where it shows 412
            misses += [m[0] for m in UNIT.finditer(text) if not self.index.has_string(m[0])]
        if "bps" in text or "BPS" in text:  # "your speed is now 275 Mbps", where the test showed 220
            misses += [m[0] for m in _SPEED.finditer(text) if cents_of(m[1]) not in self.index.amounts]
        if not strict_numbers:
            if "GB" in text or "gb" in text or "Gb" in text:  # plain substrings: no lower-cased copy
                misses += self._usage_misses(text)
            if "$" not in text and not _DECIMAL.search(text) and "dollar" not in text and "USD" not in text:
                return misses  # only money-like numbers ($5, 4.50, 1,200) are checked in text
            money = without_data_amounts(text)  # "3.0 GB" is no money amount
            found = money_numbers_in(money)
            if any("$" not in written for written, _ in found):  # nor is "1.5 liters" (blanked only then)
                money = without_measures(money)
                found = money_numbers_in(money)
            data: set[int] | None = None
            unknown: list[tuple[str, int]] = []
            if taken_back := _taken_back_amounts(money):
                # "(Sorry, I quoted $129.95 earlier; the correct difference is $119.95.)": the wrong
                # figure taken back is no claim
                found = [(w, c) for w, c in found if w.lstrip("$") not in taken_back]
            # "extra data costs $6.00 per GB": a unit price, which no count times a price gives
            rates = {"$" + m[1] for m in _RATE.finditer(money)} if "per " in money or "/" in money or "each" in money else ()
            gb_rates = rates_said(money) if rates and "GB" in money else set()
            day_rates = {cents_of(m[1]) for m in _PER_DAY.finditer(money)} if " day" in money or "/day" in money else set()
            totals: set[int] | None = None
            for k, (written, cents) in enumerate(found):
                if day_rates and abs(cents) in day_rates and abs(cents) not in self._day_rates_shown():
                    misses.append(written)  # "roaming in France is billed at $10.00 per day": a rate no one gave
                    continue
                if gb_rates and written in rates and abs(cents) in gb_rates and abs(cents) not in self._gb_rates_shown() \
                        and abs(cents) not in self._derived and not self._per_unit(abs(cents), data := stated_amounts(
                            text, data=True)):
                    # "refuels are $2.00 per GB on both lines", where no plan was shown: a price per GB is a
                    # plan's shown rate or a shown amount shared over data, not a difference of two amounts
                    misses.append(written)
                    continue
                if not self._amount_ok(cents, money, written not in rates):
                    if "hour" in money and "$" not in written and (hours_between_said(written, money, next(
                            (t.text for t in reversed(self.turns) if t.role == "assistant"), ""))
                            or hours_of_flights(written, money, self._times_of, wait=any(
                                m[1] == written and m[4].lower() not in _TRIP_WORDS for m in _DURATION_SAID.finditer(money)))):
                        # a count of hours: "16:30 ... 23:00, so about a 6.5-hour layover"; "7.5 hours door
                        # to door (HAT056 ..., HAT138 ...)", from the flights' times
                        continue
                    if ("×" in money or " times " in money) and "$" not in written and _ratio_of(written, money, found):
                        continue  # "refuels at $5.00 per GB. That's 2.5× your Premium rate of $2.00/GB"
                    if "%" in money and "$" not in written and _share_of(written, text):
                        continue  # "Used: 15.1 GB ... Limit: 15.0 GB ... about 100.7% of it"
                    if "%" in money and any(abs(cents) == round(float(m[1]) * cents_of(m[3]) / 100) and cents_of(m[2]) == abs(cents)
                                            and self._amount_ok(cents_of(m[3]), money) for m in _PERCENT_OF.finditer(money)):
                        continue  # a share of a visible amount, worked out: "10% ($12.40 of the $124)"
                    if "otal" in money and "|" in money:
                        totals = table_totals(money) if totals is None else totals
                        if abs(cents) in totals or _total_row_sum(written, abs(cents), money):
                            # "Total: $600" under a table whose column makes it; a total row, the rows' sum
                            self._derived.add(abs(cents))
                            continue
                    if abs(cents) % 5000 == 0 and "$" in written and _bound_held(written, abs(cents), found, money):
                        continue  # "Even the cheapest is still over $2,700", the cheapest stated at $2,709.83
                    if data is None:
                        data = stated_amounts(text, data=True) if money != text else set()
                    if (not self._per_unit(abs(cents), data) if written in rates
                            else not self._data_times_price(abs(cents), data, _sentence_at(money, money.find(written))) and not (
                                "er GB" in money and self._per_unit(abs(cents), data))):  # "Per GB it's ... roughly $4.33"
                        unknown.append((written, abs(cents)))
                        continue
                elif k >= 2 and (self._false_total(written, abs(cents), found[:k], money)
                                 or _false_total_row(written, abs(cents), found[:k], money)):
                    misses.append(written)  # "$40, $65, $40, $15.50. Total $165.50": not their sum
                    continue
                elif ("remain" in money or "rest" in money) and written in _remains_said(money) and not self._a_rest(abs(cents)):
                    misses.append(written)  # "covers $53 and the remaining $609", of $556: a sum, not what is left
                    continue
                self._derived.add(abs(cents))
            if not unknown:
                return misses
            left = self._derived_misses(list(unknown), money)
            # A total derived in more steps is still no total of the amounts listed above it.
            ranks = {w: k for k, (w, _) in reversed(list(enumerate(found)))}
            return misses + left + [w for w, c in unknown if w not in left and ranks.get(w, 0) >= 2
                                    and _false_total_row(w, c, found[:ranks[w]], money)]
        for written, cents in numbers_in(text):  # an expression: every number but small counts
            money_like = "$" in written or "." in written or "," in written
            if not money_like and 0 <= cents <= self.cfg.free_count_max * 100:
                continue
            if abs(cents) not in self._derived and not self._amount_ok(cents, text):  # "224 * 2": the $224 a text worked out
                misses.append(written)
        return misses

    def _token_unseen(self, tok: str, text: str) -> bool:
        """Whether a token of ``text`` is an identifier that is neither visible nor derivable."""
        index = self.index
        return (looks_like_identifier(tok) and not index.has_string(tok) and not index.date_stated(tok)
                and not index.has_part(tok) and not index.time_part_shown(tok)
                and not _options_shown(tok, index) and not self._worked_from_visible(tok)
                and not self._phone_completed(tok) and not self._span_from_shown(tok, text)
                and not self._day_corrected(tok)
                and not self._words_joined(tok, text)
                and not self._user_time_range(tok)
                # "| HAT068 IAH 11:00→JFK 14:30, HAT014 JFK 17:00→MIA 20:00 | 2.5h |": hours between two times said
                and not (tok[-1:] == "h" and _HOURS_TOKEN.fullmatch(tok) and (
                    hours_between_said(tok[:-1], text) or hours_of_flights(tok[:-1], text, self._times_of)))
                # "| HAT044 | 20:00 | 22:30 | 2h30 |", "| HAT025 + HAT023 | ... | 6h30 |" (the wait between them)
                and not ((hours := as_decimal_hours(tok)) is not None
                         and (hours_between_said(hours, (short := text.replace(tok, f"{hours}h")))
                              or hours_of_flights(hours, short, self._times_of) or self._wait_to_booked(hours, short)))
                # "a long 19½-hour wait in Chicago" (02:30 to 22:00), a half written as one sign
                and not ((half := _HALF_HOURS.fullmatch(tok)) is not None
                         and hours_between_said(f"{half[1]}.5", text.replace("½", ".5")))
                and not (_EXAMPLE_BEFORE.search(text, max(0, (at := text.find(tok)) - 24), max(at, 0))
                         and not self._is_private(tok))  # "(it looks like #W1234567)": the form, no value
                # an overnight connection's day, or one a grounded call derived ("2024-05-16", the day after)
                and not (ISO_DAY.fullmatch(tok) and (tok in self._derived_days or tok in self._next_days()))
                # an id a successful call used: the result showed it exists ("I found a profile
                # with user id lucas_kaur_4280"), unless only the private part knew it
                and (compact(tok) not in index.looked_up or self._is_private(tok)))

    def _user_time_range(self, tok: str) -> bool:
        """A range of two times the user gave, written the 24-hour way: "08:00-21:00" of "after 8am
        and before 9pm"."""
        m = _CLOCK_RANGE.fullmatch(tok)
        return m is not None and {f"{int(m[1]):02d}:{m[2]}", f"{int(m[3]):02d}:{m[4]}"} <= self._user_times()

    def _words_joined(self, tok: str, text: str) -> bool:
        """A setting's code written from words shown, or from the name the text gives it beside:
        "choose 4G/5G preferred (it may show as 4g_5g_preferred)" (not an identifier's number:
        "gift_card_1234567" needs its own sight)."""
        if "_" not in tok:
            return False
        parts = tok.strip("`*'\"").lower().split("_")
        if len(parts) < 2 or any(not p or sum(c.isdigit() for c in p) > 2 for p in parts):
            return False
        beside = set(words(text.lower().replace(tok.lower(), " ")))
        return all(p in beside or p in self.index.words or self.index.has_string(p) for p in parts)

    def _code_misses(self, text: str) -> list[str]:
        """Letter codes a text states that no message shows, where they are identifiers: one letter
        off a shown one ("reservation HATHAU", where the booking returned HATHAT), or said as a
        booking's number ("Your new reservation number will be HATHAT", before any booking)."""
        return [m[0] for m in _CAPS_CODE.finditer(text) if not text[m.start() - 1:m.start()].isalnum()
                and m[0].lower() not in self.index.compacts
                and (_CODE_LABEL.search(text, max(0, m.start() - 40), m.start()) or self._one_letter_off(m[0].lower()))
                and not _TAKEN_BACK_BEFORE.search(text, max(0, m.start() - 20), m.start())]

    def _one_letter_off(self, code: str) -> bool:
        """Whether an observation shows a string value of the same length that differs from ``code``
        in one letter: a letter-only identifier misstated ("HATHAU" of "HATHAT"), not a word."""
        return any(len(k) == len(code) and k.isalpha() and sum(a != b for a, b in zip(k, code, strict=True)) == 1
                   and self.index.json_has(f'"{k}"') for k in self.index.compacts)

    def _id_ends_in(self, digits: str) -> bool:
        """Whether a payment method's id shown ends in these digits: "your gift card ending 9469" of
        ``gift_card_3799469`` (a name, an underscore, digits)."""
        if not self.index.json_has(f'{digits}"'):
            return False
        pattern = re.compile(rf'"[a-z]+(?:_[a-z]+)*_\d*{digits}"')
        return any(pattern.search(low) for low in self.index.json_observations if f'{digits}"' in low)

    def _read_speeds(self, content: str) -> None:
        """Keep the speed tests' results a message shows: Mbps -> the rating ("44.00 Mbps (Good)")."""
        self._speed_ratings.update((float(m[1]), m[2].strip()) for m in SPEED_SHOWN.finditer(content))

    def _unresolved_stage(self) -> tuple[str, str] | None:
        """The earlier troubleshooting stage the phone's latest checks show unresolved ("no service",
        "mobile data") and what shows it; None where none does. Nothing of the phone seen yet leaves
        both unchecked."""
        shown = self._phone.shown  # (a SIM shown missing shows no signal too; later bars may not show it)
        if shown.get("signal") == "none":
            return "no service", "no signal shown"
        if self._phone.said_signal == "none":
            return "no service", "no service told by the user"
        if self._data_shown is False:
            return "mobile data", "Data Disabled shown"
        if not self._speed_ratings and _ABROAD.search(self._user_text()) and (  # (a speed measured: data flows)
                self._roaming_shown is False or (self._roaming_shown is None and (
                    line := self._sole_switched("roaming")) is not None and self._switch_of(line, "roaming") is False)):
            return "mobile data", "roaming off, abroad"  # "I'm travelling in France", roaming_enabled false
        if not shown and self._data_shown is None and self._phone.said_signal is None \
                and self._called.isdisjoint(self._domain_tools.user_tools):
            # (data said to crawl has service: mobile data's step may come first, a speed step not yet; once
            # said to work, slowly, the speed stage is next: "OK it works now but it's really slow")
            if not slow_data_told(told := self._user_text()):
                return "no service", "nothing of the phone seen yet"
            return None if data_works_told(told) else ("mobile data", "nothing of the phone seen yet")
        return None

    def _reservation_said(self, text: str) -> str | None:
        """The reservation a text names (an identifier a record shows with a ``created_at``), or else
        the one reservation shown; None where it is not clear."""
        named = [i.lower() for i in identifiers_in(text) if self.index.field_of(i.lower(), "created_at") is not None]
        if named:
            return named[0] if len(set(named)) == 1 else None
        shown = set(self.index.values_of("reservation_id"))
        return shown.pop() if len(shown) == 1 else None

    def _reservation_meant(self, text: str) -> str | None:
        """The reservation a text names (``_reservation_said``), else the one the latest messages name
        (the user's "What if I change 5RJ7UH to later dates?", then "I'll price the change for you"),
        else the one looked up last."""
        return self._reservation_said(text) or self._reservation_talked_of() or next(
            iter(reversed(self.index.values_of("reservation_id"))), None)

    def _reservation_talked_of(self) -> str | None:
        """The one reservation shown that the newest message naming any (of the last three) names."""
        shown = {r.lower() for r in self.index.values_of("reservation_id") if isinstance(r, str)}
        for turn in self.turns[-1:-4:-1]:
            low = turn.text.lower()  # (by the codes shown: a code of letters only, "QYVGUS", is no identifier token)
            named = {r for r in shown if r in low}
            if named:
                return named.pop() if len(named) == 1 else None
        return None

    def _certificate_due(self, text: str) -> tuple[int, int] | None:
        """(the certificate per passenger, in cents, the passengers) the policy gives the case the user
        complains of (a delay, a cancelled flight), for the reservation the text means; None where
        either is unclear."""
        case = complaint_case([t.text for t in self.turns if t.role == "user"])
        rate = case_rates(self._flight_cases).get(case or "")
        booking = self._reservation_meant(text) if rate else None
        people = self.index.field_of(booking, "passengers") if booking else None
        return (rate, len(people)) if rate and isinstance(people, list) and people else None

    def _uncompensable_delay(self, text: str) -> str:
        """The reservation a certificate offered in ``text`` (or in the latest offer) is for, where the
        user's latest messages complain of a delay and no write went through on it: the policy
        compensates a delay only after a change or cancellation. Else ""."""
        if not delay_complaint([t.text for t in self.turns if t.role == "user"]):
            return ""
        booking = self._reservation_meant(text)
        return booking if booking is not None and compact(booking) not in self._written_ids else ""

    def _asked_early(self, content: str) -> tuple[str, str, tuple[str, str]] | None:
        """(the step as written, its stage, the earlier stage unresolved and what shows it) for the first
        step a text asks for while an earlier stage of the policy's order is unresolved; not where the
        text asks for that stage's step too ("1. turn mobile data on ... 3. set 4G/5G"). The APN waits
        only for a SIM shown missing, or for nothing of the phone seen yet: a SIM locked with a PIN or
        PUK, which no tool unlocks, leaves the next step to check."""
        if not (steps := later_steps_asked(content)) or (unresolved := self._unresolved_stage()) is None:
            return None
        sim_first = self._phone.shown.get("sim", "active") == "missing" or unresolved[1] == "nothing of the phone seen yet"
        after = STAGE_RANK[unresolved[0]]  # (the steps of stages after the unresolved one, read once)
        asked = [(step, stage) for step, stage in steps if STAGE_RANK[stage] > after and (stage != "APN" or sim_first)]
        if not asked or any(asks_stage(content, stage) for stage in ("no service", "mobile data") if STAGE_RANK[stage] <= after):
            return None  # (the unresolved stage's step asked too, or an earlier one's: "what does the status bar show")
        return asked[0][0], asked[0][1], unresolved

    def _read_status_bar(self, content: str) -> None:
        """Keep the mobile data setting of the latest status bar a message shows, and the phone's data
        roaming switch of the latest network status or toggle."""
        if found := DATA_SHOWN.findall(content):  # ("Enabled", "") from a status bar, ("", "No") from a network status
            self._data_shown = found[-1][0] == "Enabled" or found[-1][1] == "Yes"
        if "Data Roaming" in content and (roaming := ROAMING_SHOWN.findall(content)):
            self._roaming_shown = "Yes" in roaming[-1] or "ON" in roaming[-1]

    def _phone_completed(self, token: str) -> bool:
        """A phone number the user gave by its last four digits, completed with the area code and
        exchange of a number shown: "the one ending in 2003" on an account whose number is
        555-123-2002 is 555-123-2003."""
        digits = "".join(c for c in token if c.isdigit())
        if len(digits) != 10 or digits[-4:] not in self._user_words():
            return False
        return any(len(k) == 10 and k.isdigit() and k[:6] == digits[:6] for k in self.index.compacts)

    def _phone_ends_in(self, digits: str) -> bool:
        """Whether a phone number shown ends in these digits: "your own line ending 9809" of a line
        item's "Line 555-462-9809"."""
        return any(len(k) >= 10 and k.endswith(digits) and k.isdigit() for k in self.index.compacts)

    def _unseen_networks(self, text: str) -> list[str]:
        """The network generations ("4G") a statement gives that nothing visible shows; a question
        may list them ("what does your status bar show (5G, LTE, 3G...)?")."""
        index = self.index
        return [m[0] for sentence in SENTENCE.split(text) if not sentence.rstrip().endswith("?")
                for m in _NETWORK.finditer(sentence) if m[0].lower() not in index.compacts and not index.has_string(m[0])
                # what a feature needs or a setting is to be: "Picture messages need 4G or better"
                and not _NETWORK_NEEDED.match(sentence, m.end()) and not _NETWORK_ASKED.search(sentence, 0, m.start())
                # the generation of a bar letter the sentence quotes and the user read out ("that 'E' means 2G")
                and not any(_LETTER_GENERATION[b[1]] == m[0] and index.has_string(b[0])
                            for b in _BAR_LETTER.finditer(sentence))
                # the generation of a mode setting the text names: "... never use the faster 4G or 5G
                # networks. Please change the preferred network mode to 4g_5g_preferred."
                and f"{m[0].lower()}_" not in text and f"_{m[0].lower()}_" not in text
                # ... or as written in the sentence: "change it to '4G/5G preferred' (or the option with 5G in it)"
                and f"/{m[0]}" not in sentence and f"{m[0]}/" not in sentence
                # a mode by its name in a list of them: "- **3G only / 2G only** - older, much slower technologies"
                and not (_MODE_NAMED.match(sentence, m.end()) and LIST_MARK.match(sentence, sentence.rfind("\n", 0, m.start()) + 1))]

    def _false_total(self, written: str, cents: int, listed: list[tuple[str, int]], text: str) -> bool:
        """A total the text states after listing amounts, which no visible amount is (it is only
        derivable, as a sum of two others) and which no few of the listed amounts add up to."""
        at = text.find(written)
        if at < 0 or not (said := _TOTAL_BEFORE.search(text, max(0, at - 24), at)) or cents in self.index.amounts:
            return False
        line = text.rfind("\n", 0, at) + 1
        if text.find(" | ", line, said.start()) >= 0 and text.find(" | ", said.start(), at) < 0:
            # A table's "New monthly total" column (tables.with_headers): each row's own total, of
            # amounts the row need not list; its derivation was checked already.
            return False
        if len(listed) > 1 and any(c < 0 for _, c in listed) and abs(sum(c for _, c in listed)) == cents:
            return False  # the listed differences, signed: "(-2.06) ... (+38.76). total 36.70"
        _, end = _sentence_bounds(text, at)
        terms = [abs(c) for w, c in money_numbers_in(text[at + len(written):end]) if "$" in w]
        if len(terms) >= 2 and sum(terms) == cents:
            return False  # its terms after it: "Your certificates total $1,000 ($500 on ..., $250 on ... and $250 on ...)"
        counts = self._user_counts()
        if any(cents == k * abs(c) for _, c in listed for k in counts):
            return False  # one listed fare for as many as the user said: "For two people, HAT049 comes to $224"
        return not _a_sum_of(cents, [abs(c) for _, c in listed], most=8, at_least=2)

    def _usage_misses(self, text: str) -> list[str]:
        """Amounts of data that a sentence about usage or an allowance states ("you've used 7.8 GB of
        your 15 GB", "about 7.2 GB left", "the plan includes 10 GB") and no observation shows or
        derives as an amount of data (``data_amounts``): read from the line's usage or the plan, not
        offered (an offer of "1.5 GB" is the user's to take or not). Whole numbers only where the
        sentence offers nothing ("I can add 2 GB")."""
        out: list[str] = []
        decimal = _has_decimal_gb(text)
        if not decimal and not CLAIMS_DATA.search(text):
            return out  # nothing to read sentence by sentence
        shown = self._data_amounts | self._book(DataAmountBook).amounts
        said: set[int] | None = None
        for sentence in SENTENCE.split(text):
            if (total := _WHOLE_ALLOWANCE.search(sentence)) and (
                    said_total := _sum_written(sentence, ANY_GB.search(sentence, total.start(), total.end() + 12))) and (
                    book := self._book(DataLeftBook)).allowances() and (
                    to_cents(said_total[1]) or 0) not in book.allowances() | book.left() | self._user_data():
                # "Your data now totals 17.1 GB available this cycle": a line's limit plus its refuels (17.0),
                # or what is left, not any sum of two amounts shown (15.1 used + 2.0 added)
                out.append(said_total[0].rsplit("=", 1)[-1].strip(" *"))  # (a sum's whole: "17.1 GB")
                continue
            claims = CLAIMS_DATA.search(sentence) is not None
            if not (claims or decimal and (_USAGE.search(sentence) or _LEFT_NOW.search(sentence))) or (
                    "have" in sentence and RETRACTS.search(sentence)):
                continue  # (nor one taken back: "I also shouldn't have mentioned a 2 GB limit")
            # (not one offered: "I can add 2.0 GB at $2.0 per GB", the user's to take or not)
            found = [(m[0], to_cents(m[1]) or 0) for m in _DECIMAL_GB.finditer(sentence)
                     if not _OFFERED_GB.search(sentence, max(0, m.start() - 30), m.start())] if decimal else []
            if claims and not OFFERS_DATA.search(sentence):
                found += [(m[0], int(m[1]) * 100) for m in WHOLE_GB.finditer(sentence)]
            elif claims:  # an offer in another clause: "used 15.1 GB of its 15 GB limit, so ... until you add more"
                found += [(m[0], int(m[1]) * 100) for m in WHOLE_GB.finditer(sentence)
                          if not OFFERS_DATA.search(clause := _clause_around(sentence, m.start(), m.end()))
                          and CLAIMS_DATA.search(clause)]
            # The one amount of a sentence that says what is left now: the line's own remainder, not any
            # amount shown ("You have 2.0 GB left", where 15.0 + 2.0 added - 15.1 used leaves 1.9)
            left_said = _LEFT_NOW.search(sentence) if found else None
            # (of several amounts, the one the words of what is left hold: "8.7 GB left of your 15 GB")
            held = [w for w, _ in found if w in left_said[0]] if left_said and len(found) > 1 else []
            left = self._book(DataLeftBook).left() if left_said and (len(found) == 1 or len(held) == 1) else set()
            if left and any("refuel" in w[2].name for w in self._past_writes + self._writes):
                left = self._book(DataLeftBook).refuelled_left()  # after a refuel: with the data added
            if left and left_said and left_said[1]:  # "17.0 GB available this cycle" may be the line's whole allowance
                left = left | self._book(DataLeftBook).allowances()
            if found and "said" in sentence and (taken := _taken_back_amounts(sentence)):
                found = [(w, c) for w, c in found if w.split()[0].strip("*") not in taken]  # "earlier I said 7.3 GB"
            for written, cents in found:
                if left and (not held or written == held[0]) and cents not in left and not _OFFERED_GB.search(sentence) and not any(
                        cents - u in self._book(DataLeftBook).unrefuelled_left() for u in self._user_data()) \
                        and not self._lines_left_combined(cents, sentence):
                    out.append(written)  # (nor, before a refuel, with the data the user asked for: 1.8 + 2)
                    continue
                if derivable(cents, shown) or cents in self._user_data():  # or the user's "1.5 GB"
                    self._derived_data.add(cents)
                    continue
                if said is None:  # amounts of data shown that the text states: "3.2 GB of your 5 GB"
                    stated = stated_amounts(text, data=True)
                    said = stated & shown
                    # and those the text derives from them: "17.0 GB (15.0 GB plan + 2.0 GB added)"
                    said |= {c for c in stated - said - {cents} if _a_sum_of(c, said, at_least=2) or derivable(c, shown)}
                # And amounts of data derived before or the user asked for: "1.8 GB left", the user's
                # "add 2 GB", then "3.8 GB left".
                others = (said | self._derived_data | self._user_data()) - {cents}
                # Two of them apart ("so 1.8 GB remain"), or some of them together (a table's total).
                # Or one the user asked for with a shown one: "adding 1.5 GB would raise her 3 GB to 4.5 GB".
                if not (any(abs(a - b) == cents for a in others for b in others) or _a_sum_of(cents, others)
                        or any(cents - u in shown for u in self._user_data())
                        or cents in self._book(DataLeftBook).left()  # "he has 5.5 GB left": a line's own
                        or self._lines_left_combined(cents, sentence)
                        # or with the data the user asked about: "With 1 GB you'd have about 0.9 GB" (15.0 - 15.1 + 1)
                        or any(cents - u in self._book(DataLeftBook).unrefuelled_left() for u in self._user_data())
                        or self._left_after_row_refuel(cents, written, sentence)):
                    out.append(written)
                    continue
                self._derived_data.add(cents)
        return out

    def _left_after_row_refuel(self, cents: int, written: str, sentence: str) -> bool:
        """Whether a table row's (or a list line's) amount of data left (``written``) is a line's remainder
        before any refuel plus the refuel the same row prices: "| 2 GB | $4.00 | Left this cycle 1.9 GB |",
        "- 2 GB -> $4.00, about 1.9 GB to use", used 15.1 of 15.0."""
        if "|" not in sentence and not LIST_MARK.match(sentence) and "\n-" not in sentence:
            return False
        row = next((line for line in sentence.split("\n") if written in line and ("|" in line or LIST_MARK.match(line))), "")
        return any(cents - d in self._book(DataLeftBook).unrefuelled_left()
                   for d in stated_amounts(row, data=True) if d != cents)

    def _lines_left_combined(self, cents: int, sentence: str) -> bool:
        """Whether an amount of data is two or more lines' remainders added, in a sentence that says so
        ("Combined, L1001 ... and L1003 ... have 6.8 GB left between them": 1.8 + 5.0)."""
        return _COMBINED.search(sentence) is not None and _a_sum_of(cents, self._book(DataLeftBook).left(), at_least=2)

    def _derived_misses(self, unseen: list[tuple[str, int]], text: str) -> list[str]:
        """Of a text's amounts that are not visible, those that do not follow in more steps from
        amounts the conversation stated: one derived before, restated ("$28" in the confirmation of a
        change whose difference was worked out as $28), a sum or difference of amounts stated and derived before
        ("$10 for L1001 and $2 for L1002, so $12 in all"), in any order in the text, or a sum of
        three stated visible amounts ("$153.23 + $53.48 + $155.99 = $362.70"), a total of the prices
        of the objects the text names (``_named_total``), a share times the passengers
        (``_for_the_passengers``), the total of what a list's lines end with (``_lines_total``), or
        the rest of a total its list's lines split (``_rest_of_listed_split``)."""
        progress = bool(unseen)
        results = worked(text) if unseen else []
        while unseen and progress:
            progress = False
            for item in list(unseen):
                if (item[1] in self._derived or self._stated_pair(item[1], text) or self._stated_triple(item[1], text)
                        or self._named_total(item[1], text) or ("\n" in text and line_total(item[1], text, self.prices))
                        or self._worked_out(item[1], results)
                        or self._stated_net(item[1], text) or self._split_evenly(item[1], text)
                        or self._signed_total(item[1], text) or self._item_difference(item[1], text)
                        or self._rest_of_split(item[1], text) or self._sentence_total(item[1], text)
                        or self._for_the_passengers(item[1], text) or self._balance_after_writes(item[1], text)
                        or self._lines_total(item[1], text) or self._rest_of_listed_split(item[1], text)
                        or self._way_total(item[1], text)):
                    unseen.remove(item)
                    self._derived.add(item[1])
                    progress = True
        return [written for written, _ in unseen]

    def _lines_total(self, cents: int, text: str) -> bool:
        """A total that is the sum of the amount each line of a list ends with, each grounded or
        derived before: "- Fares: ($102 + $123) × 2 = **$450** / - Bags: ... **$50** / - Travel
        insurance: $30 × 2 = **$60** / **Total: $560.**"."""
        if "otal" not in text or "\n" not in text:
            return False
        lasts = [abs(found[-1][1]) for line in text.splitlines()  # (not the list's own line of the total)
                 if LIST_MARK.match(line) and "otal" not in line and (found := money_numbers_in(line))]
        if len(lasts) >= 2 and sum(lasts) == cents and self._all_grounded(lasts):
            return True
        # Paragraphs, one bold amount each: "**2FBBAH** ... Difference **$3,925** back to gift card
        # 3481935." (one per reservation), then "**Total you'd get back: $23,553.**"
        # (names of their own: mypyc types each local once, and ``found`` above holds pairs)
        bold = [marked for line in text.splitlines() if "otal" not in line and (marked := _BOLD_MONEY.findall(line))]
        amounts = [cents_of(marked_one[0]) for marked_one in bold]
        return len(bold) >= 2 and all(len(marked_one) == 1 for marked_one in bold) and sum(amounts) == cents \
            and self._all_grounded(amounts)

    def _balance_after_writes(self, cents: int, text: str) -> bool:
        """A balance a stored-value method shows, plus or less up to three amounts the writes of this
        conversation moved, in a text that speaks of a balance: "Your gift card balance should now be
        $664" (239 shown, a refund of 425), said after the user spoke again; "its balance is $214.86"
        (24 shown, refunds of 43.25 and 147.61 by two writes); "your gift card, which now has
        $550.34"."""
        if not (writes := self._past_writes + self._writes) or (
                "balance" not in text.lower() and not _HOLDS_NOW.search(text)):
            return False
        shown = method_balances(self.index.json_observations)
        moved = list(dict.fromkeys(abs(a) for w in writes[-6:] if self._moves_balances(w[2]) for a in self._moved_by(w)))[:8]
        if not shown or not moved:
            return False
        if self._balances_since_write():
            return False  # a lookup since the last write shows the balance as it is now: that one, as shown
        # Each amount moved counts once (a $10 refund is no $20): up to three of them, added or taken away.
        reach = dict.fromkeys(shown, 0)
        for a in moved:
            for b, steps in list(reach.items()):
                if steps < 3:
                    for c in (b + a, b - a):
                        reach[c] = min(reach.get(c, 3), steps + 1)
        return cents in reach

    def _returns_made(self) -> list[tuple[str, set[str], list[tuple[str, str]]]]:
        """Each return write since the user spoke that went through: its order id (lower case, no "#"),
        the item ids it sent, and the order's items (name, item id, lower case) its result shows."""
        out = []
        for result, _, call in self._writes:
            order, sent = call.arguments.get("order_id"), call.arguments.get("item_ids")
            if "return" not in call.name or not isinstance(order, str) or not isinstance(sent, list):
                continue
            with suppress(orjson.JSONDecodeError):
                record = orjson.loads(result)
                items = record.get("items") if isinstance(record, dict) else None
                if isinstance(items, list):
                    out.append((order.lstrip("#").lower(), {str(i) for i in sent},
                                [(str(it.get("name", "")).lower(), str(it.get("item_id"))) for it in items
                                 if isinstance(it, dict) and it.get("name")]))
        return out

    def _kept(self, requests: bool = True) -> set[int]:
        """``charges.totals`` of what the writes since the user spoke that may change a stored-value
        balance moved, with those of earlier turns since a balance was shown; without ``requests``,
        not a return or exchange request's refund."""
        return totals([m for w, m in zip(self._writes, self._moved, strict=False)
                       if self._moves_balances(w[2]) and (requests or not _REQUESTED_RESULT.search(w[0]))]
                      + [self._moved_by(w) for w in self._writes_since_balances()])

    def _balance_reasons(self, balances: list[tuple[str, int]], after: set[int], shown: set[int], reasons: list[str],
                         now: set[int] | None = None, present: AbstractSet[str] = frozenset()) -> None:
        """Append a reason for each balance said (as written, in cents) that is not one the balances
        ``shown`` and the writes leave (``after``; ``now`` for those said as so now, ``present``);
        remember the others as said."""
        for written, cents in balances:  # "balance is now $1,778.51": the refund, not 36 + it
            if abs(cents) not in (now if now is not None and written in present else after):
                if any(f"'{written}' as a balance" in r for r in reasons):
                    continue  # (said already: the balance shown before a write, read by its own check)
                reasons.append(reason("text_misstated_balance", value=written,
                                      detail=", ".join(f"${c / 100:.2f}" for c in sorted(shown))))
            else:
                self._said_balances.add(abs(cents))

    def _writes_since_balances(self, every: bool = False) -> list[tuple[str, int, ToolCall]]:
        """The writes of earlier turns since the newest observation that shows a stored-value balance:
        "$73.00 when I looked up your profile", then a cancellation, then this change (``every``: also
        the writes whose records hold no balance, whose refunds may still reach one)."""
        shown = self.index.json_observations
        seen = max((n for n in range(len(shown)) if '"balance"' in shown[n] or '"source": "gift_card"' in shown[n]),
                   default=-1)
        return [w for w in self._past_writes if w[1] > seen and (every or self._moves_balances(w[2]))]

    def _method_moved(self, text: str, writes: list[tuple[str, int, ToolCall]]) -> tuple[str, set[int]] | None:
        """(id, balances shown) of the one stored-value method a text names (by id, or as "gift card"
        where one is shown) that every write of ``writes`` that moved money already (no request's)
        paid with or refunded to; None otherwise."""
        shown = balances_by_method(self.index.json_observations)
        named = [m for m in shown if m in text.lower()] or (
            [m for m in shown if m.startswith("gift_card")] if "gift card" in text.lower() else [])
        if len(named) != 1 or not writes:
            return None
        method = named[0]
        # (a request's refund moves later; a write whose records hold no balance moves none: an airline cancellation)
        moving = [w for w in writes if not _REQUESTED_RESULT.search(w[0]) and self._moves_balances(w[2])]
        if len(moving) > 1:  # (not a write that moved nothing beside one that did: a free bag after a fare charged)
            moving = [w for w in moving if self._moved_by(w)]
        if not moving or any(not self._moved_by(w) or ({compact(p) for p in payment_ids(w[2].arguments)} != {compact(method)}
                                                       and compact(method) not in map(compact, write_payments(w[0], w[2].arguments)[0]))
                             for w in moving):
            return None  # (paid with it alone, or refunded to it: a payment switch away from the card)
        return method, shown[method]

    def _moves_balances(self, made: ToolCall) -> bool:
        """Whether a write may change a stored-value balance: its declared records meet the kinds of
        the lookups that showed one (an airline cancellation changes reservations, not the profile
        that holds the gift card). Unknown records may change anything."""
        records = self.info(made.name).meta.records
        return not records or not self._balance_kinds or not self._balance_kinds.isdisjoint(records)

    def _balances_since_write(self) -> set[int]:
        """The stored-value balances the lookups since the last write show (none where no write went
        through or nothing was looked up since)."""
        writes = self._past_writes + self._writes
        return method_balances(self.index.json_observations[writes[-1][1] + 1:]) if writes else set()

    def _for_the_passengers(self, cents: int, text: str) -> bool:
        """An amount stated per passenger (visible, or derived before) times the passengers of the
        booking shown: "Economy is $469 cheaper per passenger, so you would receive a refund of
        $1,407 in total", for 3."""
        if "passenger" not in text and "person" not in text:
            return False
        n = self._count_of(None, ("passengers",))
        if not n or n < 2 or cents % n:
            return False
        share = cents // n
        if share in self._stated_amounts(text):
            return share in self.index.amounts or share in self._derived
        # a share written without "$" ("a difference of 421 per passenger, 842 dollars for both"), itself
        # a difference of amounts stated: 770 - 349
        if share in {abs(c) for _, c in numbers_in(text)} and self._stated_pair(share, text):
            return True
        # or not written at all: a table row's fare per person less the one paid, for all of them
        # ("| HAT025 + HAT060 | $277 | −$148 (refund) |", after "$182 + $169 = $351 per person")
        grounded = set(self._grounded(self._stated_amounts(text)))
        return "\n" in text and any(
            abs(a - b) == share for line in text.splitlines() if cents in (row := {abs(c) for _, c in money_numbers_in(line)})
            for a in row - {cents} if a in grounded for b in grounded)

    def _a_rest(self, cents: int) -> bool:
        """Whether an amount said as what remains is visible, or a difference of two amounts visible or
        derived before (what is left is never their sum)."""
        known = self.index.amounts | self._derived
        return cents in self.index.amounts or any(cents + a in known for a in known)

    def _sentence_total(self, cents: int, text: str) -> bool:
        """The sum of every other amount with "$" its sentence states, each grounded, two at least:
        "the total is $688 in fares + $60 insurance + $50 for 1 extra bag (2 of the 3 are free) =
        $798" (words between the terms, which a written equation has none of)."""
        for sentence in SENTENCE.split(text):
            said = [abs(c) for written, c in money_numbers_in(sentence) if "$" in written]
            if cents in said and len(said) >= 3:
                said.remove(cents)
                if sum(said) == cents and self._all_grounded(said):
                    return True
        return False

    def _rest_of_split(self, cents: int, text: str) -> bool:
        """What is left of a grounded total the text states after every other amount it states,
        each grounded: a payment split "Total: $836 ... certificate $100, gift card $176, gift card
        $217, Mastercard $343". All the others, not some: a subset could make almost any amount."""
        stated = [abs(c) for _, c in money_numbers_in(text)]
        if len(stated) >= 4 and cents in stated:
            stated.remove(cents)
            whole = sum(stated)
            # The total T and the rest: cents + (whole - T) == T.
            if self._all_grounded(stated) and any(2 * t - whole == cents for t in set(stated)):
                return True
        others = [abs(c) for _, c in money_numbers_in(text)]
        if len(others) >= 3 and cents in others and PAYMENT_SAID.search(text):
            # ... of a total worked out before, that the text does not restate: "certificate_3765853 ($500),
            # plus gift cards ($198) and ($129), the Mastercard would be charged $1786", of the $2,613 said before
            others.remove(cents)
            if (cents + sum(others)) in self._derived and self._all_grounded(others):
                return True
        return "|" in text and self._rest_of_row(cents, text)

    def _rest_of_row(self, cents: int, text: str) -> bool:
        """The last amount of a table's row that splits a payment, where the row's amounts (three at
        least) sum to a grounded amount and the others are grounded: "| 1 | certificate_3765853 $500 |
        $198 + $129 | $44 |", the fare of $871 per person worked out before."""
        for line in text.splitlines():
            if "|" not in line or not PAYMENT_SAID.search(line):
                continue
            row = [abs(c) for _, c in money_numbers_in(line)]
            if len(row) >= 3 and row[-1] == cents and self._all_grounded([*row[:-1], sum(row)]):
                return True
        return False

    def _rest_of_listed_split(self, cents: int, text: str) -> bool:
        """One of the lines of a list right above a total line, where those lines' amounts sum to the
        total and the total and the other lines are grounded: "- certificate_3501924: $250.00 /
        - gift_card_4635686: $113.00 / - Mastercard ending 2536: $239.00 / - **Total: $602.00**" (the
        lines of the fare worked out above are no part of the split). Or a list after a line that ends
        with a total ("The correct total is 2 x $378 + 2 x $30 = **$816** ... - certificate: $500 /
        - gift card: $259 / - gift_card_3397648: $57 (balance $221)"), whose lines' first amounts split it."""
        if "\n" not in text or ("otal" not in text and ":\n" not in text):
            return False
        run: list[int] = []  # the last amount of each list line since the last line that is none
        firsts: list[int] = []  # and the first
        total = 0  # the last amount of the latest line above that says a total
        for line in text.splitlines():
            found = money_numbers_in(line)
            if "otal" in line and found and run and self._splits(cents, run, abs(found[-1][1])):
                return True
            # (a table's rows too, as read with their columns' names: "Method gift_card_6136092 | Amount $129")
            listed = (LIST_MARK.match(line) is not None or " | " in line) and bool(found)
            run = [*run, abs(found[-1][1])] if listed else []
            firsts = [*firsts, abs(found[0][1])] if listed else []
            if "otal" in line and found:  # the last amount of the sentence that says it (or of a list's
                # total line: "4. Total: $976.00", then "Payment:" and the lines that split it)
                total = next((abs(amounts[-1][1]) for part in SENTENCE_OR_LINE.split(line)
                              if "otal" in part and (amounts := money_numbers_in(part))), 0)
            elif found and not listed and line.rstrip(" *").endswith(":") and len(
                    lead := money_numbers_in(SENTENCE_OR_LINE.split(line)[-1])) == 1:
                # a lead line's one amount, split by the list or table after it: "For a single booking of
                # all three passengers ($2,613):", then "| certificate_3765853 | $500 |" ... "| Mastercard | $1,786 |"
                total = abs(lead[0][1])
            if total and len(firsts) >= 2 and self._splits(cents, firsts, total):
                return True
        return False

    def _splits(self, cents: int, parts: list[int], total: int) -> bool:
        """Whether ``cents`` is one of ``parts`` that sum to ``total``, the total and the other parts grounded."""
        return cents in parts and sum(parts) == total and self._all_grounded([total, *(a for a in parts if a != cents)])

    def _item_difference(self, cents: int, text: str) -> bool:
        """A variant price the text states less the ordered item's of the same product
        (``item_prices``): "346.97. You get 31.00 back"; or the variants it names by item id less as
        many ordered items of their products."""
        stated = {abs(c) for _, c in money_numbers_in(text)} & self.index.amounts
        book = self._book(ItemPriceBook)
        return (bool(stated) and book.differs_by(cents, stated)) or (
            bool(book.variant_of) and book.named_exchange(cents, (t for t in chunks_with_digits(text) if t.isdigit())))

    def _signed_total(self, cents: int, text: str) -> bool:
        """The sum of the amounts a text writes with a sign, each grounded: a table's "Change" column
        "+$49.31", "−$26.57", "−$7.27", then "Net: +$15.47"."""
        signed = signed_amounts(text)
        if not signed and (" more" in text or " less" in text):  # "$11.67 more", "$4.67 less": signs in words
            signed = worded_differences(text)
        signed = [c for c in signed if abs(c) != cents]
        return len(signed) >= 2 and abs(sum(signed)) == cents and self._all_grounded(abs(c) for c in signed)

    def _split_evenly(self, cents: int, text: str) -> bool:
        """A visible amount the text states, split evenly by a count it states: "$425.00 ... one
        charge covering all 5 lines, which works out to $85.00 per line" (to the cent)."""
        half = "half" in text  # "it can't cover half ($187.50)" of $375
        if " per " not in text and " each" not in text and not half:
            return False
        stated = {abs(c) for _, c in money_numbers_in(text)} & (self.index.amounts | self._derived)
        counts = {int(n) for n in _SMALL_COUNT.findall(text)} & set(range(2, self.cfg.free_count_max + 1))
        if half:
            counts.add(2)
        if " per p" in text and (people := self._count_of(None, ("passengers",))):
            counts.add(people)  # "$1,308 in total, which is $327 per person": the booking shown lists 4
        return any(abs(cents * n - total) < n for n in counts for total in stated)

    def _stated_net(self, cents: int, text: str) -> bool:
        """A net of two to six visible amounts the text itself states, each added or taken away, or
        that net times a count the text states (the passengers): "HAT076 is $410 and HAT080 $322 in
        business, versus $196 + $156 paid, so the difference is $380"; "$363 per passenger; for 2
        passengers: $726"."""
        stated = sorted({abs(c) for _, c in money_numbers_in(text)} & self.index.amounts - {cents})
        if self._net_of(cents, stated, text):
            return True
        if ("→" in text or "->" in text) and any(self._arrows_net(cents, line) for line in text.splitlines()):
            return True
        # A list: the net within the amount's own line, of the amounts it states that are visible or
        # derived before it ("$140 + $101 = $241 per person instead of $3538, so $6594 back", for 2).
        return "\n" in text and any(
            self._net_of(cents, self._grounded({abs(c) for _, c in found} - {cents}), text)
            for line in text.splitlines() if (found := money_numbers_in(line)) and any(abs(c) == cents for _, c in found))

    def _arrows_net(self, cents: int, line: str) -> bool:
        """What a line's old-to-new prices come to, each grounded, once or times a count the line
        states: "HAT080 $537 → $107, HAT076 $996 → $141, HAT255 $1,440 → $108, HAT148 $1,417 → $109.
        Difference $3,925" (four pairs: one net, not any of the 3**8 a net of eight amounts could be)."""
        if len(pairs := arrow_pairs(line)) < 2 or all(abs(c) != cents for _, c in money_numbers_in(line)):
            return False
        net = abs(sum(old - new for old, new in pairs))
        return net > 0 and self._all_grounded(a for pair in pairs for a in pair) and any(
            cents == net * k for k in {1} | stated_counts([Turn(-1, "assistant", line)], 9))

    def _grounded(self, amounts: set[int]) -> list[int]:
        """Of ``amounts``, those visible or derived before (in order)."""
        visible, derived = self.index.amounts, self._derived
        return sorted(a for a in amounts if a in visible or a in derived)

    def _all_grounded(self, amounts: Iterable[int]) -> bool:
        """Whether every one of ``amounts`` is visible or derived before."""
        visible, derived = self.index.amounts, self._derived
        return all(a in visible or a in derived for a in amounts)

    def _net_of(self, cents: int, stated: list[int], text: str) -> bool:
        """``_stated_net`` for the amounts ``stated``, and the counts ``text`` states."""
        if len(stated) == 1:  # one amount times a count the text states: "$100 per passenger ... 3 × $100 = $300"
            return any(k > 1 and cents == stated[0] * k for k in stated_counts([Turn(-1, "assistant", text)], 9))
        if not 2 <= len(stated) <= _NET_AMOUNTS:
            return False
        nets = {0: 0}  # net -> the fewest amounts that make it
        for a in stated:
            for v, n in list(nets.items()):
                for w in (v + a, v - a):
                    if w not in nets or nets[w] > n + 1:
                        nets[w] = n + 1
        counts = {1} | stated_counts([Turn(-1, "assistant", text)], 9)
        return any(cents % k == 0 and nets.get(cents // k, 0) >= 2 for k in counts)

    def _paid_total(self, ident: str) -> int | None:
        """What the newest record of the object with this identifier as its own id was paid, in cents
        (its payment history's payments, refunds left out); None where no record of it shows one."""
        for obj, own in self._objects_shown(ident, '"payment_history"'):
            history = obj.get("payment_history")
            if own and isinstance(history, list):
                paid = [cents_of(str(p.get("amount"))) for p in history if isinstance(p, dict)
                        and p.get("transaction_type", "payment") == "payment"
                        and isinstance(p.get("amount"), (int, float)) and p.get("amount", 0) > 0]
                return sum(paid) if paid else None
        return None

    def _payments_of(self, ident: str) -> set[int]:
        """The amounts (cents) the payment histories of the records of the object with this identifier
        show paid or refunded, each, and what each history's payments make in all."""
        out: set[int] = set()
        for obj, own in self._objects_shown(ident, '"payment_history"'):
            history = obj.get("payment_history")
            if own and isinstance(history, list):
                amounts = [cents_of(str(p["amount"])) for p in history
                           if isinstance(p, dict) and isinstance(p.get("amount"), (int, float))]
                out.update(abs(a) for a in amounts)
                out.add(sum(a for a in amounts if a > 0))
                out.add(sum(amounts))  # net of refunds: "you paid $204 for it", after $30 came back
        return out

    def _status_of(self, ident: str) -> Any:
        """The ``status`` the newest observed object with this identifier as its own id shows; None
        where a write since the user spoke acted on it, or an observation shows it beside a status
        that is not its own (an item in an order); "" where none shows it beside any."""
        key = ident.lstrip("#").lower()
        for result, _, call in reversed(self._writes):
            if any(isinstance(v, str) and v.lstrip("#").lower() == key for v in call.arguments.values()):
                # a write since the user spoke changed it: the status its result gives it ("pending (item
                # modified)"), where it gives one; else none is known
                return _own_status(result, key)
        touched = self._user_touched.get(key)
        if touched is not None and not any(key in low for low in self.index.json_observations[touched:]):
            return None  # the user's own tool acted on it since it was last shown
        beside = False
        for obj, own in self._objects_shown(ident, '"status"'):
            beside = True
            if own and "status" in obj:
                return obj["status"]
        if not beside and "c" in key:  # a customer's: "account_status": "Active" (cheap test: ids such as C1001)
            for obj, own in self._objects_shown(ident, '"account_status"'):
                beside = True
                if own and "account_status" in obj:
                    return obj["account_status"]
        return None if beside or self._looked_up_key(key) or not (
            self._kind_has_status(key) or self._listed_as_owned(key) or self._flight_listed(key)) else ""

    def _status_or_requested(self, ident: str) -> Any:
        """``_status_of``, and "payment requested" for the bill a payment request since the user spoke
        named, where its result shows no status: the request asks for the money and pays nothing ("All
        set - bill B1002 is now paid", right after "Payment request sent to the customer for bill B1002")."""
        shown = self._status_of(ident)
        if shown is None and self._writes and compact(ident) == compact(self._bill_requested() or "-"):
            return "payment requested"
        return shown

    def _bill_of_month(self, month: str) -> str | None:
        """The one bill shown whose period starts in this month ("january"), where just one does."""
        return self._book(BillMonths).of_month(month_number(month))

    def _objects_shown(self, ident: str, needle: str) -> Iterator[tuple[dict[str, Any], bool]]:
        """The objects observations holding ``needle`` show with this identifier among their values,
        newest first, each with whether the identifier is its own (an ``..._id`` field): "#W5353646"
        as written, or as shown."""
        key = ident.lstrip("#").lower()
        for form in dict.fromkeys((ident.lower(), key, f"#{key}")):
            for obj in self.index.objects_with(form, needle):
                # (its first identifier field is its own; a later one names another object: a line's
                # "device_id", whose status is the line's)
                first = next((k for k in obj if k.endswith("id")), None)
                yield obj, any(isinstance(v, str) and v.lstrip("#") == key for k, v in obj.items()
                               if k == first or k == "phone_number")

    def _kind_has_status(self, key: str) -> bool:
        """Whether an observation shows an object of this identifier's kind (its shape) with a
        status of its own: orders have one, their items and payment methods do not."""
        shape = id_shape(compact(key))
        return any(id_shape(compact(m[1])) == shape for low in self.index.json_observations if '"status"' in low
                   for m in _OWN_ID.finditer(low))

    def _shown_in_status(self, kind: str, status: str) -> list[str]:
        """The identifiers of the objects of a kind ("bill": their ``bill_id``) the observations show
        in a status (its one form: "Overdue" is overdue; "unpaid" takes any status of a bill not paid);
        none once a write went through since the user spoke (it may have changed one), but for
        "unpaid" only those a write or a tool of the user's acted on are left out."""
        key = f"{kind}_id"
        newest: dict[str, str] = {}  # each object's status as its newest record shows it (a cancellation's result)
        for obj in objects_in(self.index.json_observations, f'"{key}"', '"status"'):
            if key in obj and isinstance(obj.get("status"), str):
                newest[str(obj[key])] = obj["status"]
        found = [ident for ident, shown in newest.items()
                 if status_form(shown) == status or (status == "unpaid" and is_unpaid(shown))]
        if status == "unpaid":
            # ("no open balance") only the bills no write since the user spoke, and no tool of the
            # user's, acted on: resuming a line leaves an issued bill unpaid
            named = {v.lstrip("#").lower() for _, _, call in self._writes for v in call.arguments.values()
                     if isinstance(v, str)}
            return [f for f in found if f.lower() not in named and f.lower() not in self._user_touched]
        return [] if self._writes else found

    def _phrase_choices(self) -> list[tuple[str, ...]]:
        """The options of the visible write tools' choices that are phrases ("no longer needed",
        "ordered by mistake"): each a value a record may show of its object (a ``cancel_reason``).
        Found once per interaction."""
        if self._phrases is None:
            self._phrases = [opts for name in self.visible_specs if self.info(name).meta.access in self.confirm_access
                             for opts in self.info(name).enum_options().values() if all(" " in o for o in opts)]
        return self._phrases

    def _misstated_choices(self, content: str) -> list[tuple[str, str]]:
        """(identifier, the option its record shows) for a text that names one object and gives it an
        option of a write's choice ("cancelled with the reason 'no longer needed'") other than the one
        its record shows ("cancel_reason": "ordered by mistake")."""
        low = content.lower()
        said = [(opts, {o for o in opts if o in low}) for opts in self._phrase_choices()]
        said = [(opts, found) for opts, found in said if found]
        if not said or len(ids := identifiers_in(content)) != 1:
            return []
        record = next((obj for obj, own in self._objects_shown(ids[0], ids[0].lstrip("#").lower()) if own), None)
        if record is None:
            return []
        values = {v.lower() for v in record.values() if isinstance(v, str)}
        return [(ids[0], shown) for opts, found in said for shown in values & set(opts) if shown not in found]

    def _private_reasons_given(self, content: str) -> list[str]:
        """The options of a write's choice a text gives as the reason ("**Reason:** ordered by
        mistake") that the private part holds and no earlier message says: the user gave none, and
        the text took it from the hidden task."""
        low = content.lower()
        out: list[str] = []
        for opts in self._phrase_choices():
            if sum(option in low for option in opts) > 1:
                continue  # the options offered: "What's the reason: no longer needed, or ordered by mistake?"
            # (once the agent has said it, the user has seen it and may have taken it up)
            out += [option for option in opts
                    if option in low and re.search(rf"\breason\W{{0,6}}(?:is\s+|being\s+|of\s+)?['\"‘“]?{re.escape(option)}", low)
                    and self._is_private(option) and not user_gave(option, self._user_text())
                    and not self._said_in_a_message(option)]
        return out

    def _callers_line_status(self, named: str | None = None) -> str | None:
        """The status form the record of the line the user called about shows (the one phone number
        the user gave, as a line's own ``phone_number``); "" where no record of it shows one; None
        where that is unclear (no one number, the text names another, or a write on a line went through)."""
        phones = self._user_phones()
        if any("line_id" in w[2].arguments for w in self._past_writes + self._writes):
            return None
        if not phones and not self.index.json_has('"line_id"') and "suspend" not in self._user_text():
            return ""  # "it looks like your line has been suspended", before any number or line record
        if len(phones) != 1:
            return None
        if named and (m := _PHONE.search(named)) is not None and "-".join(m.groups()) not in phones:
            return None
        for obj, own in self._objects_shown(next(iter(phones)), '"status"'):
            if own and isinstance(obj.get("status"), str):
                return status_form(obj["status"])
        return ""

    def _not_callers_line(self, content: str) -> tuple[str, str] | None:
        """(the tool, the caller's line) where the latest write acted on another line than the one the
        user called about (the one phone number they gave, as a line's own ``phone_number``) and the
        text names no line (a report of it as done on "your line" then says the caller's)."""
        made = self._writes[-1][2]
        if not isinstance(line := made.arguments.get("line_id"), str) or identifiers_in(content):
            return None
        phones = self._user_phones()
        if len(phones) != 1 or not (callers := self._line_of(next(iter(phones)))) or compact(callers) == compact(line):
            return None
        return made.name, callers.upper()

    def _user_phones(self) -> set[str]:
        """The phone numbers the user's messages give, as "555-123-2002"."""
        return {"-".join(m.groups()) for t in self.turns if t.role == "user" for m in _PHONE.finditer(t.text)}

    def _last_user_turn_text(self) -> str:
        """The user's latest message, lower case ("" where none)."""
        return next((t.text.lower() for t in reversed(self.turns) if t.role == "user"), "")

    def _total_said_before(self) -> int | None:
        """The total the agent's latest message before the user's last one states on a line of its own
        ("- **Total: $478.00**"), in cents; None where it states none or several."""
        k = next((k for k in range(len(self.turns) - 1, -1, -1) if self.turns[k].role == "user"), -1)
        said = next((t.text for t in reversed(self.turns[:max(k, 0)]) if t.role == "assistant"), "")
        totals = [abs(found[-1][1]) for line in said.splitlines() if "otal" in line and (found := money_numbers_in(line))]
        return totals[0] if len(totals) == 1 else None

    def _last_user_turn(self) -> Turn | None:
        """The user's latest message, where it is the latest turn (the text answers it)."""
        return self.turns[-1] if self.turns and self.turns[-1].role == "user" else None

    def _first_flight_day(self, code: str) -> date | None:
        """The day of a reservation's first flight, as its newest record shows its flights; None where
        no record shows them."""
        flights = self.index.field_of(code.lower(), "flights")
        days = [f["date"] for f in flights if isinstance(f, dict) and isinstance(f.get("date"), str)
                and ISO_DAY.fullmatch(f["date"])] if isinstance(flights, list) else []
        with suppress(ValueError):
            return min(date.fromisoformat(d) for d in days) if days else None
        return None

    def _cancel_unowed(self, booking: str, today: date) -> bool:
        """Whether the reservation's record meets none of the cancellation rule's conditions on the
        policy's current date (and the user has not said the airline cancelled)."""
        field = self.index.field_of
        return refund_unowed(field(booking, "cabin"), field(booking, "insurance"), field(booking, "created_at"),
                             today, self._user_text(), self._now)

    def _not_own(self, call: ToolCall) -> tuple[str, str, str] | None:
        """(argument, value, the profile's list) where a call names an object of a kind a profile
        shown lists (an order, a reservation) by an identifier that list does not hold."""
        owned = {listed: keys for listed, keys in self._account_lists().items() if listed in _OWN_ONLY_LISTS}
        if not owned:
            return None
        roles = self.info(call.name).meta.arg_roles
        for arg, value in call.arguments.items():
            if arg == "customer_id" and isinstance(value, str) and self._account and compact(value) != compact(
                    self._account) and not _IDENTITY_FIXED.search(self._user_text()):
                return arg, value, "account"  # a write for another customer: refuel_data(customer_id="C1002", ...)
            if roles.get(arg) != "identifier" or not isinstance(value, str) or arg in ("user_id", "customer_id"):
                continue
            key = compact(value)
            for listed, keys in owned.items():
                # (a line's id shares its shape with a plan's and a bill's: "L1004", "P1002", "B1002")
                if keys and key not in keys and any(id_shape(k) == id_shape(key) and (listed != "line_ids" or k[:1] == key[:1])
                                                    for k in keys) and not any(
                        obj.get("user_id") in self._users for obj in self.index.objects_with(value, '"user_id"')):
                    return arg, value, listed  # (one its record shows the customer's, booked since: theirs)
        return None

    def _overcovered(self, content: str) -> list[tuple[str, str, str]]:
        """(method, the amount as written, its balance shown) for each sentence that says a payment
        method named by identifier (or "your gift card", of the one shown) has enough to cover an amount
        the sentence states, where the method's record shows less (not "isn't enough", said of the
        shortfall)."""
        out: list[tuple[str, str, str]] = []
        last = ""  # the sentence before: what "it" of "which covers it" is
        for sentence in SENTENCE_OR_LINE.split(content):
            before, last = last, sentence
            if not _COVERS.search(sentence) or _NOT_COVERED.search(sentence):
                continue
            if _COVERS_IT.search(sentence) and not dollar_amounts(sentence) and (earlier := dollar_amounts(before)):
                # "... is $88.85 more than your current laptop. The difference would be charged to your gift
                # card gift_card_1401311, which covers it.": covered only where the balance reaches the least
                sentence += " " + min(earlier, key=lambda a: abs(a[1]))[0]
            named = {m: self._balance_of(m) for m in dict.fromkeys(_METHOD_NAMED.findall(sentence))}
            if not named and "gift card" in sentence.lower() and len(cards := self._balances_of_kind("gift_card")) == 1:
                named = {"your gift card": cards[0]}  # "Your gift card balance is enough", of the one gift card shown
            for method, balances in named.items():
                # (the amounts up to another method's name: "it covers $128 and the Mastercard ending 6710
                # would cover $247", the card's share)
                name = method if "_" in method else "gift card"
                at = sentence.find(name) if "_" in method else sentence.lower().find(name)
                other = _ANOTHER_METHOD.search(sentence, at + len(name)) if at >= 0 else None
                if balances and (amounts := dollar_amounts(sentence[:other.start()] if other else sentence)):
                    written, cents = amounts[0]
                    for said, c in amounts[1:]:  # the largest amount: what is to be covered
                        if abs(c) > abs(cents):
                            written, cents = said, c
                    if all(b < abs(cents) for b in balances):
                        out.append((method, written, ", ".join(f"${b / 100:,.2f}" for b in sorted(balances))))
        return out

    def _hidden_caps(self) -> list[str]:
        """The capitalized words of the hidden task (not months or weekdays), found once a run."""
        if self._hidden_words is None:
            found = _NAME_WORD.findall(orjson.dumps(self.inter.private).decode())
            self._hidden_words = [w for w in dict.fromkeys(found) if w.lower() not in _CALENDAR_WORDS]
        return self._hidden_words

    def _place_shown(self, name: str) -> bool:
        """Whether a name of a domain's constant ("Philadelphia", of PHL) stands for one whose code
        is visible: the user said "philly", a search shows "PHL"."""
        spans = self._domain_tools.place_spans(name)
        return bool(spans) and all(self.index.has_string(code) for _, _, code in spans)

    def _city_of_said(self, country: str) -> bool:
        """Whether the user named a city of this country ("Paris", of France)."""
        said = self._user_text().lower()
        return any(city in said for city in _CITIES_OF.get(country, ()))

    def _others_objects(self, content: str) -> list[tuple[str, str]]:
        """(identifier, the profile's list) for each object a text names, of a kind a profile shown
        lists (an order, a reservation), that the list does not hold and whose record shows another
        customer's user id."""
        owned = {listed: keys for listed, keys in self._owned_lists().items() if listed in _OWN_ONLY_LISTS and keys}
        out: list[tuple[str, str]] = []
        for tok in chunks_with_digits(content) if owned else ():
            if not looks_like_identifier(tok):
                continue
            key = compact(tok)
            records = [obj.get("user_id") for form in {tok, "#" + tok.lstrip("#")}
                       for obj in self.index.objects_with(form, '"user_id"')]  # "W2591905" is "#W2591905"'s
            for listed, keys in owned.items():
                if key not in keys and any(id_shape(k) == id_shape(key) for k in keys) and records and all(
                        isinstance(u, str) and u.lower() not in self._users for u in records):
                    out.append((tok, listed))
        return list(dict.fromkeys(out))

    def _customers_shown(self) -> set[str]:
        """The customer ids the JSON observations show (lower case), read once per new observation."""
        if self._customers[0] != len(self.index.json_observations):
            self._customers = (len(self.index.json_observations), set(self.index.values_of("customer_id")))
        return self._customers[1]

    def _others_as_yours(self, content: str) -> list[tuple[str, str]]:
        """(identifier, its record's customer) for each object a sentence calls the user's ("Your latest
        bill, B1005, is $425.00") whose records all show another customer than the caller's account."""
        out: list[tuple[str, str]] = []
        for sentence in SENTENCE_OR_LINE.split(content):
            if "your" not in sentence.lower():
                continue
            for ident in dict.fromkeys(identifiers_in(sentence)):
                owners = {str(obj["customer_id"]).lower() for obj in self.index.objects_with(ident.lower(), '"customer_id"')
                          if isinstance(obj.get("customer_id"), str)
                          and any(k.endswith("_id") and k != "customer_id" and str(v).lower() == ident.lower() for k, v in obj.items())}
                if owners and self._account not in owners:
                    out.append((ident, ", ".join(sorted(owners)).upper()))
        return out

    def _tool_text(self) -> str:
        """The visible tools' descriptions, lower-cased: the agent sees them as it sees the policy."""
        if self._tools_said is None:
            self._tools_said = " ".join((t.function.description or "").lower() for t in self.visible_specs.values())
        return self._tools_said

    def _identity_tools(self) -> set[str]:
        """The visible tools that find the customer's user id or record (find_user_id_by_email,
        ..._by_name_zip, get_customer_by_phone); where none does, the user gives it (``_USER_ID_SAID``)
        or the profile's lookup by it finds it (airline). Worked out once: the visible tools do not
        change during a run."""
        if self._identity is None:
            # telecom's get_customer_by_phone / _by_id / _by_name find the customer's record
            found = {name for name in self.visible_specs if name.startswith(("find_user_id", "get_customer_by_"))}
            self._identity = found or ({"get_user_details"} & set(self.visible_specs))
        return self._identity

    def _just_looked_up(self) -> str | None:
        """The identifier a lookup by one right before this message took ("B1002" of get_details_by_id),
        where it went through; None otherwise (a text, or no lookup, came between)."""
        if self.at < 2 or (seen := self.inter.messages[self.at - 1]).role != "tool" or seen.is_error_observation:
            return None
        calls = self.inter.messages[self.at - 2].tool_calls or []
        if len(calls) != 1 or calls[0].id != seen.tool_call_id or (meta := self.info(calls[0].name).meta).access != "read":
            return None
        ids = [v for a, v in calls[0].arguments.items() if meta.arg_roles.get(a) == "identifier" and isinstance(v, str)]
        return ids[0] if len(ids) == 1 else None

    def _last_written_id(self) -> str | None:
        """The identifier of the object the latest write since the user spoke changed (``order_id``
        of modify_pending_order_items); None where none went through."""
        return next(iter(self._changed_ids(self._writes[-1][2])), None) if self._writes else None

    def _owned_lists(self) -> dict[str, set[str]]:
        """Each list of the user's objects a profile shown gives ("orders", "reservations", "line_ids",
        "bill_ids") -> the identifiers it holds, as keys; each observation is read once."""
        observations = self.index.json_observations
        _read_lists(observations[self._owned_read:], self._owned)
        self._owned_read = len(observations)
        return self._owned

    def _account_lists(self) -> dict[str, set[str]]:
        """``_owned_lists`` of the caller's own account (the record of ``_account``) where it was shown:
        another customer's profile looked up since lists no lines of the caller's."""
        if not self._account:
            return self._owned_lists()
        if self._own_read != len(observations := self.index.json_observations):
            _read_lists(observations[self._own_read:], self._own, f'"{self._account}"')
            self._own_read = len(observations)
        return self._own or self._owned_lists()

    def _listed_as_owned(self, key: str) -> bool:
        """Whether a profile lists this identifier among the user's orders, reservations, lines or bills
        (objects that have a status, which only their own record shows): "I see one order, #W8955613,
        which is still pending", where only the profile was read."""
        key = compact(key)
        return any(key in keys for keys in self._owned_lists().values())

    def _flight_listed(self, key: str) -> bool:
        """Whether a record lists this flight number among its flights (a reservation's), where no
        status goes with it: only a flight's own record (a search result, a status lookup) shows
        that, so "HAT231 shows as cancelled" after a search that found nothing is not visible."""
        return key in self.index.values_of("flight_number")

    def _looked_up_key(self, key: str) -> bool:
        return key in self.index.looked_up or f"#{key}" in self.index.looked_up

    def _told_status(self, ident: str, said: set[str]) -> bool:
        """Whether the user gave the object one of these statuses ("my order #W123 was delivered"), or
        gave it to a flight by its airport and day ("the flight into JFK on the 12th was cancelled",
        the reservation's HAT240 flying DTW to JFK on 2024-05-12)."""
        users = [t.text for t in self.turns if t.role == "user"]
        if any(says_status(text, ident, said) for text in users):
            return True
        legs = [obj for obj in self.index.objects_with(ident, '"flight_number"') if isinstance(obj.get("date"), str)]
        return any(says_status(text, code, said) and (not (days := date_mentions(text)) or any(
            d.means(leg["date"]) for d in days)) for leg in legs for text in users
            for code in (leg.get("origin"), leg.get("destination")) if isinstance(code, str) and len(code) == 3)

    def _nouns_of_writes(self) -> set[str]:
        if self._write_nouns is None:
            self._write_nouns = action_nouns(
                (name, tuple(self.info(name).properties)) for name in self.visible_specs
                if self.info(name).meta.access in self.confirm_access)
        return self._write_nouns

    def _did(self, call: ToolCall) -> None:
        """Note a write or user action that went through, for the texts that say what was done."""
        self._made.append((call.name, tuple(call.arguments)))

    def _bags_record(self) -> dict[str, Any] | None:
        """The newest reservation record shown with its bags booked (a bag update's result, a lookup)."""
        low = next((low for low in reversed(self.index.json_observations) if '"total_baggages"' in low), "")
        with suppress(orjson.JSONDecodeError):
            if low and isinstance(record := orjson.loads(low), dict):
                return record
        return None

    def _tiers_shown(self) -> set[str]:
        """The membership tiers the profiles shown give (lower case)."""
        return set(map(str.lower, self.index.values_of("membership")))

    def _made_names(self) -> list[str]:
        return [name for name, _ in self._made]

    def _made_nouns(self) -> set[str] | None:
        """The action_nouns of what went through; None before anything did."""
        return action_nouns(self._made) if self._made else None

    def _made_verbs(self) -> set[str]:
        """The ``verb_key`` of each write or user action that went through."""
        return {verb_key(name.split("_")[0]) for name, _ in self._made}

    def _unseen_times(self, text: str) -> list[str]:
        """The clock times a text states ("16:00", "4:00 pm") that nothing visible shows, as written
        or as a timestamp's part ("16:00:00")."""
        out = []
        index = self.index
        next_day = ("next day" in text or "following day" in text or "overnight" in text or "next morning" in text
                    or "+1" in text or "after midnight" in text)  # "00:00 EST, i.e. just after midnight"
        said = list(_CLOCK_SAID.finditer(text)) if ":" in text else []
        if AM_PM.search(text):
            said += _HOUR_SAID.finditer(text)  # "leaves at 8pm": the hour, on the hour
        told: set[str] | None = None
        for m in said:
            hour, minute = int(m[1]), m[2] or "00"
            hours = {hour, hour_24(hour, m[3])}  # an hour without am/pm may be either reading
            if (behind := hours_behind_eastern(text, m.end())) is not None:
                # "12:00 EST (9:00 AM Pacific)": the schedule's Eastern time, said in another zone
                hours = {(h + behind) % 24 for h in hours}
            if index.has_string(m[0].strip()):
                continue  # as the user wrote it: "before 11am"
            if told is None:
                told = self._user_times()
            if f"{hour_24(hour, m[3]):02d}:{minute}" in told:
                continue  # the user's time, written another way: "after 8am" as "08:00"
            if not any(index.has_string(f"{h}:{minute}") or index.has_string(f"{h:02d}:{minute}")
                       or index.time_part_shown(f"{h:02d}:{minute}")
                       # "12:00 AM (May 29)", "arriving 3:00 AM on May 21": said with its day
                       or ((next_day or _DAY_AFTER.match(text, m.end()) or _DAY_LATER.match(text, m.end())
                            # said as an arrival: "18:00 → 00:00", "arrives 01:30"
                            or _ARRIVAL_BEFORE.search(text, max(0, m.start() - 32), m.start())
                            or _ARRIVAL_AFTER.match(text, m.end())
                            or self._next_day_before(text, m.start()))  # "| May 21, 02:30 |"
                           and index.time_part_shown(f"{h:02d}:{minute}+1")) for h in hours):
                out.append(m[0].strip())  # ("arrives 01:30 next day": shown as "01:30:00+1")
        return out

    def _slash_day_shown(self, m: re.Match[str]) -> bool:
        month, day = int(m[1]), int(m[2])
        if not (1 <= month <= 12 and 1 <= day <= 31):
            return True  # no date: nothing to check
        year = int(m[3]) + (2000 if len(m[3]) == 2 else 0) if m[3] else None
        return (self.index.day_shown(month, day, year) or f"{month} {day}" in self.index.bigrams
                or any(iso.endswith(f"-{month:02d}-{day:02d}") for iso in (*self._derived_days, *self._obs_days.values())))

    def _unseen_days(self, text: str) -> list[str]:
        """The dates a text writes with a month's name ("May 3", "3 May 2024") that nothing visible
        states (ISO dates and "10/28/1971" are read as identifiers). A search's answer shows the day
        it was asked about, though its flights do not carry it: "For May 25 there's HAT076"."""
        out = []
        for d in date_mentions(text):
            written = text[d.start:d.end]
            if self._taken_back(text, d.start, d.end):
                continue  # a correction's "..., not March 31.": the day taken back is no claim
            if (d.month is not None and _LETTER.search(written) and not self.index.day_shown(d.month, d.day, d.year)
                    and not any(d.means(iso) for iso in self._derived_days)
                    and not any(d.means(iso) for iso in self._obs_days.values())
                    and not any(d.means(iso) for iso in self._next_days())
                    and not (d.year is not None and self._span_from_shown(f"{d.year:04d}-{d.month:02d}-{d.day:02d}", text))
                    and not (_STARTS.search(text) and any(d.means(iso) for iso in self._days_after_ends()))
                    and not self._window_end(d, text)):
                out.append(written)
        return out

    def _window_end(self, d: DateMention, text: str) -> bool:
        """Whether a date is the day after the current date the conversation states, in a text that
        speaks of a day's window: "booked today, May 15 at 15:00, so until about May 16, 15:00" (24
        hours), "until 15:00 tomorrow, May 16"."""
        if "24 hours" not in text and "tomorrow" not in text:
            return False
        if self._today is not None and d.means((self._today + timedelta(days=1)).isoformat()):
            return True
        # or the day after another date the text gives: "booked on 2024-05-11 at 00:08, so that (24-hour)
        # window ended on May 12 at 00:08"
        return "24 hours" in text and any(d.means((day + timedelta(days=1)).isoformat()) for day in _days_written(text))

    def _days_after_ends(self) -> list[str]:
        """The day after each end date shown (a cycle's ``cycle_end_date``, a bill's ``period_end``): the
        next cycle starts then ("Your cycle ends 2025-02-28, so a fresh allowance starts from March 1")."""
        out = []
        for name, days in self._book(DatedFields).values.items():
            if name.endswith("end_date") or name.endswith("period_end"):
                for day in days:
                    with suppress(ValueError):
                        out.append((date.fromisoformat(day) + timedelta(days=1)).isoformat())
        return out

    def _validity_misses(self, text: str) -> list[str]:
        """The terms of validity or windows a text states that nothing visible says: "valid for **12
        months**", "you have 30 days from delivery" (``_VALIDITY``)."""
        if not ("alid" in text or "xpire" in text or "within" in text or "day" in text and (
                " from " in text or " after " in text or " since " in text or "window" in text or "period" in text
                or " have " in text) or " have " in text and ("week" in text or "month" in text)):
            return []
        plain = text.replace("*", "")
        return [term for m in _VALIDITY.finditer(plain)
                if not self.index.has_string(term := next(g for g in m.groups() if g))
                and not (m[4] and self.index.has_string(f"{m[4]} days"))  # "30-day" of "30 days"
                and not _OWNED_UP.search(plain, max(0, m.start() - 40), m.start())
                and not _DENIES_TERM.search(plain, max(0, m.start() - 32), m.start())]

    def _limit_misses(self, text: str) -> list[str]:
        """How often something may be done, said as a rule that nothing visible states: "per our policy,
        data can only be refuelled once per billing cycle", "APN resets can only be done once per day"."""
        if "once " not in text:  # (a plain substring first: most texts set no limit)
            return []
        return [m[0] for m in _ONCE_PER.finditer(text) if not self.index.has_string(m[0].lower())
                and m[0].lower() not in self._user_text()
                # a rule ("can only be done once per day"), not advice ("check it once a week")
                and _LIMITS.search(text, max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start()), 0), m.start())]

    def _taken_back_everywhere(self, token: str, text: str) -> bool:
        """Whether each time a text writes ``token`` a correction takes it back ("your cycle ends on
        2025-02-28, not 2025-03-31.")."""
        if "not " not in text:
            return False
        starts = [m.start() for m in re.finditer(re.escape(token), text)]
        return bool(starts) and all(self._taken_back(text, at, at + len(token)) for at in starts)

    @staticmethod
    def _taken_back(text: str, start: int, end: int) -> bool:
        """Whether the value at ``start:end`` is one a correction takes back: "not" right before it and
        its clause ending right after it ("..., not March 31.", "immediately, not in 5–7 days."), or
        owning up to it ("(not March 19 as I said earlier, sorry)")."""
        return NOT_BEFORE.search(text, max(0, start - 12), start) is not None and (
            _CLAUSE_END.match(text, end) is not None or _AS_I_SAID.match(text, end) is not None)

    def _span_from_shown(self, token: str, text: str) -> bool:
        """An ISO date that is a visible date (or today's) moved on or back by a span of time the
        conversation or this text states: "suspended as of 2025-02-25 ... at most six months, so until
        2025-08-25"."""
        m = ISO_DAY.fullmatch(token)
        if m is None or not (spans := spans_in(text, hours=True) | self._spans_said()):
            return False
        try:
            target = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return False
        bases = self.index.dates_shown() + ([self._today] if self._today is not None else [])
        # and a date the text states that is grounded another way: "Six months from 2025-02-25 is
        # 2025-08-25", after the user's "Today is the 25th of February"
        for said in ISO_DAY.finditer(text):
            if said[0] != token and self.index.date_stated(said[0]):
                with suppress(ValueError):
                    bases.append(date(int(said[1]), int(said[2]), int(said[3])))
        return a_span_from(target, bases, spans)

    def _spans_said(self) -> set[tuple[int, str]]:
        """The spans of time the messages so far state (``dates.spans_in``), read once per message."""
        while self._span_turns < len(self.turns):
            self._spans |= spans_in(self.turns[self._span_turns].text)
            self._span_turns += 1
        return self._spans

    def _hours_made(self, hours: str, text: str, wait: bool) -> bool:
        """Whether a count of hours a text says is the time between two clock times it (or the agent's
        message before) states, or what the flights it names make by their shown times (``wait``: a
        connection between them; where the text names two flights with shown times, only theirs: 05:00 to
        17:00 is twelve hours, but no wait between a leg landing at 07:00 and the next leaving at 17:00)."""
        if hours_of_flights(hours, text, self._times_of, wait=wait):
            return True
        earlier = next((t.text for t in reversed(self.turns[:-1]) if t.role == "assistant"), "")
        if wait and "$" in text and self._option_by_price(hours, text, earlier):
            return True
        if wait and len(self._timed_flights(text)) >= 2:
            return False  # (both ends of the wait named: their times make it)
        return hours_between_said(hours, text, earlier)

    def _option_by_price(self, hours: str, text: str, earlier: str) -> bool:
        """Whether a wait said of an option named by its price and no flight ("the $216 option via Chicago
        has a 4-hour layover") is the one between the flights of the line of the agent's message before
        that gives that price ("| HAT227 ATL→ORD + HAT139 ORD→PHL | 11:00–13:00, 17:00–19:00 | $216 |")."""
        at = text.find(f"{hours} hours")
        sentence = _sentence_at(text, at) if at >= 0 else ""
        if not sentence or FLIGHT_NUMBER.search(sentence) or "$" not in earlier:
            return False
        prices = [re.compile(re.escape(written) + r"(?![\d,]*\.?\d)") for written, _ in dollar_amounts(sentence)]
        return any(len(FLIGHT_NUMBER.findall(line)) >= 2 and any(p.search(line) for p in prices)
                   and hours_of_flights(hours, f"{line} {hours} hours layover", self._times_of, wait=True)
                   for line in earlier.splitlines())

    def _flights_timed(self, sentence: str) -> bool:
        """Whether a sentence names a flight whose times a record shows."""
        return bool(self._timed_flights(sentence))

    def _timed_flights(self, text: str) -> set[str]:
        """The flights a text names whose times a record shows."""
        return {f for f in FLIGHT_NUMBER.findall(text) if self._times_of(f, "departure")}

    def _next_day_before(self, text: str, at: int) -> bool:
        """Whether a time a text writes at ``at`` has, right before it, a day an overnight flight lands
        ("May 21, 02:30", HAT062 leaving May 20 at 22:00)."""
        return any(d.means(day) for d in date_mentions(text[max(0, at - 16):at]) for day in self._next_days())

    def _next_days(self) -> list[str]:
        """The day after each searched day whose answer shows an arrival the next day ("01:00:00+1"):
        "arrives at 01:00 the next morning (May 28)" of a flight on May 27; and the day after each
        dated flight that arrives the next day (a one-stop search's legs carry their "date")."""
        shown = self.index.json_observations
        out = [after for n, day in self._obs_days.items() if '+1"' in shown[n] and (after := _day_after(day))]
        return out + [day for days in self._book(ArrivalDays).days.values() for day in days]

    def _connects(self, day: str) -> bool:
        """Whether the call being checked may search ``day`` as an overnight flight's connection: it
        names no origin, or one such a flight lands at that day (EWR, of LAX-EWR landing 01:30 the
        next day; not a search from LAX, which that flight leaves)."""
        origin = self._call_origin
        if origin is None:
            return True
        shown = self.index.json_observations
        for n, searched in self._obs_days.items():
            if '+1"' in shown[n] and _day_after(searched) == day:
                with suppress(orjson.JSONDecodeError):
                    for obj in json_objects(orjson.loads(shown[n])):
                        arrives, dest = obj.get("scheduled_arrival_time_est"), obj.get("destination")
                        if isinstance(arrives, str) and arrives.endswith("+1") and (
                                not isinstance(dest, str) or dest.upper() == origin):
                            return True  # (one that shows no destination may land anywhere)
        return origin in self._book(ArrivalDays).lands_at.get(day, set())

    def _count_of(self, ident: str | None, keys: tuple[str, ...]) -> int | None:
        """How many entries the observed object named ``ident`` lists under one of ``keys``; without
        it (or where none shows), the newest observation that lists them."""
        if ident is not None and (listed := self._listed_by(ident, keys)) is not None:
            return listed
        shown = self.index.json_observations
        if keys[0] in ("direct search", "one-stop search"):
            # the latest search of that shape: a one-stop search lists pairs ("[[{"), a direct one flights
            pairs = keys[0] == "one-stop search"
            found = next((seen for seen in reversed(shown) if seen[:1] == "[" and '"flight_number"' in seen
                          and seen.lstrip("[ \n").startswith("{") and (seen[1:].lstrip()[:1] == "[") is pairs), None)
            with suppress(orjson.JSONDecodeError):
                return listed_count(orjson.loads(found), ("",)) if found is not None else None
            return None
        if ident is None and "flights" in keys and shown and shown[-1][:1] == "[" and '"flight_number"' in shown[-1]:
            keys = ("",)  # "there are two nonstop flights" right after a search: its results
        if keys == ("",):  # the latest observation as a whole: a search's results
            with suppress(orjson.JSONDecodeError):
                return listed_count(orjson.loads(shown[-1]), keys) if shown else None
            return None
        entries, at = self._newest_listing(keys)
        # (not a list that bookings made since may have grown: "each of the three reservations", just
        # booked, where the profile looked up before lists one)
        if entries is None or any(w[1] > at and w[2].name.startswith(("book", "create"))
                                  for w in self._past_writes + self._writes):
            return None
        return len(entries)

    def _changed_elsewhere(self, then: int, now: int, arguments: dict[str, Any]) -> bool:
        """Whether each state change from epoch ``then`` to ``now`` was a write to another object of
        a kind the lookup names: cancelling APU4YL leaves 8B8TXS as its lookup showed it."""
        named = {k: compact(v) for k, v in arguments.items() if isinstance(v, str) and k.endswith("_id")}
        if not named:
            return False
        writes = [made for began, made in self._epoch_writes if then < began <= now]
        return len(writes) == now - then and all(
            any(isinstance(other := made.arguments.get(k), str) and compact(other) != v for k, v in named.items())
            for made in writes)

    def _kinds_untouched(self, then: int, now: int, records: tuple[str, ...]) -> bool:
        """Whether each state change from epoch ``then`` to ``now`` (a write, the user's own tool
        call) may change only record kinds the lookup does not read (``ToolMeta.records``): an
        exchange changes no product listing, airplane mode no bill. Undeclared records count as any."""
        return bool(records) and all(changed and set(changed).isdisjoint(records)
                                     for changed in self._epoch_records[then:now])

    def _apart_from_said(self, gap: int, content: str) -> bool:
        """Whether an amount is what one of a text's amounts is apart from one the agent's last message
        stated: "HAT072 + HAT082 would be $605, a difference of $102", after "the $503 in fares you paid"."""
        said = next((t for t in reversed(self.turns) if t.role == "assistant" and t.index < self.at and "$" in t.text), None)
        if said is None:
            return False
        before = {abs(c) for _, c in dollar_amounts(said.text)}
        return any(abs(abs(c) - b) == abs(gap) for _, c in dollar_amounts(content) for b in before)

    def _shown_since(self, at: int, arguments: dict[str, Any]) -> bool:
        """Whether an observation after the results of the call at message ``at`` shows every string
        argument of it: "L1002", guessed, then listed by the customer's lookup, makes the same lookup
        again one on what was shown (its own result shows it too, but grounds nothing it guessed)."""
        values = [v.lower() for v in arguments.values() if isinstance(v, str) and v]
        messages = self.inter.messages
        own = {c.id for c in messages[at].tool_calls or ()} if 0 <= at < len(messages) else set()
        return bool(values) and any(
            m.role == "tool" and m.tool_call_id not in own and m.content and all(v in m.content.lower() for v in values)
            for m in messages[at + 1:self.at])

    def _user_gave_since(self, at: int, arguments: dict[str, Any]) -> bool:
        """Whether a user message after message ``at`` says a word of a string argument that no user
        message before it said: "Oh yes, sorry, Diaz with a z", after a lookup of "Isaac Diaz" the
        agent had guessed, makes the same lookup again one on the user's word."""
        since = {w for t in self.turns if t.role == "user" and t.index > at for w in t.words}
        if not since:
            return False
        given = {w for v in arguments.values() if isinstance(v, str) for w in words(v) if len(w) >= 3} & since
        return bool(given - {w for t in self.turns if t.role == "user" and t.index < at for w in t.words})

    def _day_shifts_taken(self, reply: str) -> str:
        """The shifts of a day ("the next day") the agent's latest message offers, where the user's
        reply says yes to it; "" otherwise."""
        asked = next((t.text for t in reversed(self.turns) if t.role == "assistant"), "")
        if "day" not in asked or not ASKS.search(asked) or not AFFIRM.search(reply) or DEFER.search(reply):
            return ""  # (the cheap tests first: most agent messages offer no other day)
        return " ".join(day_shifts_said(asked))

    def _line_in_focus(self, text: str = "") -> tuple[str, set[str], str] | None:
        """The line a text is about: (its id; its id and number, compact; its plan id, compact, from
        its record), or None where no plan of it is shown. The one line the text names, by id or
        number ("I'll add 2.0 GB to line 555-123-2002 for $4.00" after a look at another line), else
        the line of the latest call that names one (``line_id``: a look at another line by its id may
        be the user's question of it, "what plan is my wife on?")."""
        return self._line_keys(line) if (line := self._focus_line(text)) is not None else None

    def _focus_line(self, text: str) -> str | None:
        """The id of the line a text is about (``_line_in_focus``), its plan shown or not."""
        named = {line: tok for tok in identifiers_in(text) if (line := self._line_of(tok))} if text else {}
        if len(named) == 1:
            line, tok = named.popitem()
            return tok if compact(tok) == compact(line) else line.upper()  # (the id as the text writes it)
        if not named and " line" in text and (whose := _WHOSE_LINE.search(text)) and (line := self._line_called(whose[1])):
            return line  # "On her line a 2 GB refuel would be ...", after "Her line (555-123-2001)"
        for msg in reversed(self.inter.messages[:self.at]):
            for call in reversed(msg.tool_calls or []):
                if isinstance(ident := call.arguments.get("line_id"), str):
                    return ident
        return None

    def _line_called(self, whose: str) -> str:
        """The line the newest earlier text that names one right beside ``whose`` line ("Her line
        (555-123-2001)", "my wife's line 2001" has no full number: none) names; "" where none."""
        near = re.compile(rf"\b{re.escape(whose)}\s+line\b\W{{0,4}}([\w-]+)|([\w-]+)\W{{0,4}}\b{re.escape(whose)}\s+line\b", re.I)
        for turn in reversed(self.turns):
            if whose in turn.text.lower():
                lines = {line for m in near.finditer(turn.text) if (line := self._line_of(m[1] or m[2]))}
                if lines:
                    return lines.pop() if len(lines) == 1 else ""
        return ""

    def _refuelled_line(self) -> tuple[str, set[str], str] | None:
        """``_line_keys`` of the line the latest refuel that went through added data to; None where none."""
        return self._line_keys(line) if (line := self._refuelled_line_id()) else None

    def _refuelled_line_id(self) -> str:
        """The id of the line the latest refuel that went through added data to; "" where none."""
        for _, _, call in reversed(self._past_writes + self._writes):
            if call.name == "refuel_data" and isinstance(line := call.arguments.get("line_id"), str):
                return line
        return ""

    def _line_of(self, token: str) -> str:
        """The id of the line shown whose id or number ``token`` is (not a plan id, which its line's
        record also shows); "" where none."""
        field = self.index.field_of
        key = compact(token)
        line = field(token.lower(), "line_id")
        return line if isinstance(line, str) and key in (compact(line), compact(str(field(token.lower(), "phone_number")))) else ""

    def _line_keys(self, ident: str) -> tuple[str, set[str], str] | None:
        """(a line's id; its id and number, compact; its plan id, compact), None where no plan of it is shown."""
        if not isinstance(plan := self.index.field_of(ident.lower(), "plan_id"), str):
            return None
        phone = self.index.field_of(ident.lower(), "phone_number")
        return ident, {compact(ident)} | ({compact(phone)} if isinstance(phone, str) else set()), compact(plan)

    def _holder_of(self, written: str) -> str:
        """The one observed object that shows this value (``owned_ids.holder``), kept per value and
        number of observations."""
        shown = self.index.json_observations
        key = (written, len(shown))
        if (held := self._holders.get(key)) is None:
            held = self._holders[key] = holder(written.lower().lstrip("#"), compact(written), shown)
        return held

    def _listed_by(self, ident: str, keys: tuple[str, ...]) -> int | None:
        """How many entries the observed object named ``ident`` lists under the first of ``keys`` it
        shows; None where none shows them."""
        for key in keys:
            held = self.index.field_of(ident, key)
            if isinstance(held, (list, dict)):
                return len(held)
        return None

    def _charges_by_tool(self) -> dict[str, list[int]]:
        """The charges the results of this conversation's writes showed, per word of their tool's name
        that names what it does ("refuel" of refuel_data)."""
        out: dict[str, list[int]] = {}
        for result, _, call in self._past_writes + self._writes:
            if cents := write_charges(result):
                out.setdefault(call.name.split("_")[0].lower(), []).extend(cents)
            elif (given := to_cents(call.arguments.get("amount"))) is not None and "_" in call.name:
                # what a write gives by its amount, per its object's word: "certificate" of send_certificate
                out.setdefault(call.name.rsplit("_", 1)[1].lower(), []).append(given)
        return out

    def _seats_of(self, flight: str) -> dict[str, int] | None:
        """The seats per cabin the newest search result of this flight shows; None where none does."""
        held = self.index.field_of(flight.lower(), "available_seats")
        if not isinstance(held, dict) or not all(type(v) is int for v in held.values()):
            return None
        return cast(dict[str, int], held)

    def _seats_on_day(self, flight: str, sentence: str) -> dict[str, int] | None:
        """The seats per cabin of this flight that the newest search for the one day a sentence names
        shows ("May 22: HAT298 has only 1 business seat left", after searches for May 22 and May 23)."""
        said = date_mentions(sentence) if self._obs_days else []
        if len({(d.month, d.day) for d in said}) != 1:
            return None
        shown = self.index.json_observations
        key = f'"{flight.lower()}"'
        for n in sorted(self._obs_days, reverse=True):
            if said[0].means(self._obs_days[n]):
                for obj in objects_in([shown[n]], key):
                    seats = obj.get("available_seats")
                    if obj.get("flight_number") == flight.lower() and isinstance(seats, dict) \
                            and all(type(v) is int for v in seats.values()):
                        return cast(dict[str, int], seats)
        return None

    def _fare_of(self, flight: str, cabin: str) -> int | None:
        """The fare (cents) the newest search result of this flight shows in a cabin; None where none does."""
        prices = self.index.field_of(flight.lower(), "prices")
        return to_cents(prices.get(cabin)) if isinstance(prices, dict) else None

    def _free_total(self, text: str) -> int | None:
        """The bags that travel free on the one reservation a text names by code: the policy's
        allowance for the one tier shown and its cabin, times its passengers; None where any of them
        is not known for certain (a write set another cabin than the record shows)."""
        codes = [code] if (code := self._one_booking(text)) is not None else []
        tiers = self._tiers_shown()
        if len(codes) != 1 or len(tiers) != 1:
            return None
        cabin = str(self.index.field_of(codes[0], "cabin")).lower()
        own = [str(c).lower() for _, _, call in self._past_writes + self._writes
               if str(call.arguments.get("reservation_id", "")).upper() == codes[0].upper() and (c := call.arguments.get("cabin"))]
        if own:
            cabin = own[-1]  # the cabin its latest write set (a result may still show the one before)
        elif any(str(w[2].arguments.get("cabin", cabin)).lower() != cabin for w in self._past_writes + self._writes
                 if not w[2].arguments.get("reservation_id")):
            return None  # a write of no named reservation set another cabin: which is now is unclear
        allowed = self._free_bags[0].get((next(iter(tiers)), cabin))
        people = self._passengers_of(codes[0])
        return allowed * people if allowed is not None and people else None

    def _one_booking(self, text: str) -> str | None:
        """The one reservation a text names by code, of those shown with a cabin; where it names none,
        the one such reservation shown at all ("adding one bag would cost $50"), else the one the latest
        write changed; else None."""
        codes = list(dict.fromkeys(c for c in _codes_named(text) if self.index.field_of(c, "cabin") is not None))
        if not codes and not _codes_named(text):
            shown = set(self.index.values_of("reservation_id")) if self.index.json_has('"cabin"') else set()
            codes = [c.upper() for c in shown if self.index.field_of(c, "cabin") is not None]
            if len(codes) > 1 and (written := next((v for _, _, call in reversed(self._past_writes + self._writes)
                                                     if isinstance(v := call.arguments.get("reservation_id"), str)), None)):
                # several shown: the one the latest write changed ("The reservation still has 3 checked bags")
                codes = [written.upper()] if self.index.field_of(written, "cabin") is not None else []
        return codes[0] if len(codes) == 1 else None

    def _passengers_of(self, ident: str) -> int | None:
        """How many passengers the observed object with this code lists; None where none shows it."""
        return self._listed_by(ident, ("passengers",))

    def _bags_of(self, ident: str | None) -> int | None:
        """The checked bags (``total_baggages``) of the booking with this code, else of the newest
        booking shown; None where none shows them."""
        if ident is not None:
            held = self.index.field_of(ident, "total_baggages")
            return held if type(held) is int else None
        for low in reversed(self.index.json_observations):
            if '"total_baggages"' in low:
                with suppress(orjson.JSONDecodeError):
                    held = orjson.loads(low)
                    return held.get("total_baggages") if isinstance(held, dict) and type(held.get("total_baggages")) is int else None
        return None

    def _newest_entries(self, keys: tuple[str, ...]) -> list[object] | None:
        """The entries the newest observation that lists one of ``keys`` holds under it."""
        return self._newest_listing(keys)[0]

    def _newest_listing(self, keys: tuple[str, ...]) -> tuple[list[object] | None, int]:
        """The entries the newest observation that lists one of ``keys`` holds under it, and that
        observation's place among the JSON ones (-1 where none lists them)."""
        shown = self.index.json_observations
        for at in range(len(shown) - 1, -1, -1):
            if any(f'"{key}"' in shown[at] for key in keys):
                with suppress(orjson.JSONDecodeError):
                    if (entries := listed_entries(orjson.loads(shown[at]), keys)) is not None:
                        return entries, at
        return None, -1

    def _status_count(self, keys: tuple[str, ...], status: str) -> int | None:
        """How many of the entries the newest observation lists under ``keys`` show ``status``;
        None where one's status is not shown, -1 where none's is and none was looked up (a profile's
        list of order ids: "four of which are still pending" counts what nothing showed)."""
        if not (entries := self._newest_entries(keys)):
            return None
        count = unseen = 0
        for entry in entries:
            shown = entry.get("status") if isinstance(entry, dict) else self._status_of(entry) if isinstance(entry, str) else None
            if not isinstance(shown, str) or not shown:
                if not isinstance(entry, str) or self._looked_up_key(entry.lstrip("#").lower()) or next(
                        self._objects_shown(entry, '"status"'), None) is not None:
                    return None
                unseen += 1
                continue
            count += status_form(shown) == status
        return -1 if unseen == len(entries) else None if unseen else count

    def _balance_before_write(self, method: str) -> set[int]:
        """The balances the newest record of a payment method (by id, or by its kind where the user has
        one of it) showed, where a write since moved money on it (not a return or exchange request,
        whose refund waits for the items); none otherwise, or where a lookup since shows it again."""
        if method in ("gift_card", "certificate"):
            kinds = {obj["id"] for obj in objects_in(self.index.json_observations, f'"{method}', '"source"')
                     if obj.get("source") == method and isinstance(obj.get("id"), str)}
            if len(kinds) != 1:
                return set()
            method = kinds.pop()
        key = compact(method)
        shown = [n for n, low in enumerate(self.index.json_observations) if method.lower() in low and '"source"' in low]
        # (nor a write that moved no money at all: free bags, a passenger's name, their method sent or shown)
        if not shown or not any(n > shown[-1] and not returned(result) and not _REQUESTED_RESULT.search(result)
                                and key in map(compact, set().union(*write_payments(result, call.arguments)))
                                and self._moved_by((result, n, call))
                                for result, n, call in self._past_writes):
            return set()
        own = next((obj for obj in objects_in(self.index.json_observations[shown[-1]:shown[-1] + 1], method.lower(), '"source"')
                    if obj.get("id") == method), None)
        return set() if own is None else {c for k in ("balance", "amount") if (c := to_cents(own.get(k))) is not None}

    def _balances_of_kind(self, kind: str) -> list[set[int]]:
        """The balances of each of the user's payment methods of this kind ("gift_card") that the
        observations show, by method id; once a write that moves money went through (a refund may
        have moved one without naming it; a return request moves none), only those a lookup since
        the last such write shows, and none in a report
        before the user spoke again (``_report_reasons`` reads those)."""
        if self._writes:
            return []  # a report right after the write: the balance check of the money report reads it
        # (a return request moves no money until the items arrive: the balances shown before it stand)
        if moving := [w for w in self._past_writes if not returned(w[0])]:
            # only as a lookup since the last write shows them: "what's my gift card balance now?"
            shown: dict[str, set[int]] = {}
            for obj in objects_in(self.index.json_observations[moving[-1][1] + 1:], f'"{kind}', '"source"'):
                if obj.get("source") == kind and isinstance(ident := obj.get("id"), str):
                    shown[ident] = {c for key in ("balance", "amount") if (c := to_cents(obj.get(key))) is not None}
            return [shown[ident] for ident in sorted(shown)]
        ids = {v.lower() for low in self.index.json_observations if f'"{kind}' in low and '"source"' in low
               for v in re.findall(rf'"id":\s*"({kind}_\w+)"', low)}
        return [self._balance_of(ident) for ident in sorted(ids)]

    def _no_card_shown(self) -> bool:
        """Whether the profiles shown list the user's payment methods, none of them a card (each
        method's ``source``: a certificate, a gift card, PayPal)."""
        if not self.index.json_has('"payment_methods"'):
            return False
        sources = [m for low in self.index.json_observations if '"payment_methods"' in low and '"source"' in low
                   for m in _SOURCE.findall(low)]
        return bool(sources) and not any("card" in m and "gift" not in m for m in sources)

    def _balance_of(self, method: str) -> set[int]:
        """The balance a payment method's observation shows (``amount`` or ``balance``, in cents); none
        once a write has used it (its balance may have changed), unless a lookup since shows it."""
        key = compact(method)
        # The observations after the last write that charged or refunded it (a return's refund, or an
        # exchange's difference, moves nothing until the items arrive): only a record of it looked up
        # since shows its balance now.
        since = max((n + 1 for result, n, call in self._past_writes + self._writes
                     if not returned(result) and not _REQUESTED_RESULT.search(result)
                     and key in map(compact, set().union(*write_payments(result, call.arguments)))), default=-1)
        if key in self._methods_used and since < 0:
            since = len(self.index.json_observations)  # (a write named it, moving no money it shows)
        if since >= 0 and not any(method.lower() in low and '"source"' in low
                                  for low in self.index.json_observations[since:]):
            return set()
        # The method's own record (with its "source"), not a payment of it: {"payment_id": ..., "amount": 588}
        own = next((obj for obj in self.index.objects_with(method, '"source"') if "source" in obj), None)
        return set() if own is None else {c for key in ("balance", "amount") if (c := to_cents(own.get(key))) is not None}

    def _paid_by(self, method: str) -> set[int]:
        """The amounts (in cents) the payment histories shown give payments by this method: what it
        paid, not its balance ({"payment_id": "gift_card_6281111", "amount": 564}; an order's history
        names it "payment_method_id")."""
        return {c for key in ("payment_id", "payment_method_id") for obj in self.index.objects_with(method, f'"{key}"')
                if obj.get(key) == method and (c := to_cents(obj.get("amount"))) is not None}

    def _fares_as_total(self, content: str, result: int, terms: list[int]) -> str:
        """Where a text says the calculator's result as a total ("$670 more in total"), and every term of
        its expression is a fare of a flight the text names (fares are per passenger), for a booking of
        several passengers: what it is; else ""."""
        if len(terms) < 2 or not re.search(rf"\$\**{abs(result) // 100:,}(?:\.00)?\**\s+(?:more\s+|less\s+|extra\s+)?"
                                           r"(?:in\s+)?total\b", content) or abs(result) % 100:
            return ""
        fares = {c for flight in set(FLIGHT_NUMBER.findall(content)) for c in self.prices.prices(flight)[0]}
        if not fares or any(t not in fares for t in terms) or not (n := self._count_of(None, ("passengers",))) or n < 2:
            return ""
        return f"a difference of the flights' fares per passenger, for {n} passengers"

    def _of_written(self, sentence: str) -> bool:
        """Whether a sentence is about an object a write went through on: it names only such objects,
        or names none and says "this order", or the user's last message named only such objects."""
        if ids := identifiers_in(sentence):
            return all(compact(t) in self._written_ids for t in ids)
        if _SAME_OBJECT.search(sentence) or _THE_ORDER.search(sentence):
            return True
        request = self._last_user_turn()
        return request is not None and bool(asked := identifiers_in(request.text)) and all(
            compact(t) in self._written_ids for t in asked)

    def _bill_requested(self) -> str:
        """The bill of the last payment request sent since the user spoke; "" where none was."""
        return next((bill for _, _, call in reversed(self._writes) if call.name == "send_payment_request"
                     and isinstance(bill := call.arguments.get("bill_id"), str)), "")

    def _totals_of(self, ident: str) -> set[int]:
        """The totals (``total_due`` and the like, in cents) the observations show for an object."""
        if _TOTAL_TOKENS.isdisjoint(self.index.compacts):  # no observation shows a total key (a set test)
            return set()
        return {c for obj, own in self._objects_shown(ident, '"total') if own
                for k in TOTAL_KEYS if (c := to_cents(obj.get(k))) is not None}

    def _wait_to_booked(self, hours: str, text: str) -> bool:
        """Whether a count of hours said of a layover ("a 4.5h layover in Orlando") is the wait between a
        flight the text (or the sentences around it) names and one of the reservation it names."""
        if not re.search(rf"(?<![\d.]){re.escape(hours)}h\**\s+(?:layover|connection|stop)", text):
            return False
        booked: list[str] = []
        for code in dict.fromkeys(_RESERVATION_CODE.findall(text)):
            flights = self.index.field_of(code.lower(), "flights")
            if isinstance(flights, list):
                booked += [str(f["flight_number"]) for f in flights if isinstance(f, dict) and "flight_number" in f]
        return bool(booked) and hours_of_flights(hours, text, self._times_of, wait=True, booked=booked)

    def _times_of(self, flight: str, way: str) -> set[str]:
        """The scheduled departure or arrival times ("HH:MM") the observations show for a flight."""
        key = f"scheduled_{way}_time_est"
        return {v[:5] for obj in self.index.objects_with(flight.lower(), f'"{key}"')
                if isinstance(v := obj.get(key), str)}

    def _user_times(self) -> set[str]:
        """The clock times ("HH:MM", 24-hour) the user has written: "15:00", "3pm", "3:30 p.m."."""
        out = set()
        for t in self.turns:
            if t.role == "user":
                for m in _USER_CLOCK.finditer(t.text):
                    if m[2] or m[3]:  # a bare "3" is no time
                        out.add(f"{hour_24(int(m[1]), m[3]):02d}:{m[2] or '00'}")
        return out

    def _misnamed_payers(self, content: str) -> list[tuple[str, str, str, bool]]:
        """(object, kind said, methods shown, whether said of a refund) for each kind of method (or
        card, by its last four digits) a text says its one object with a payment history was paid
        with, or refunded to, where the history shows none of that kind (or no card ending so)."""
        histories = self._histories(content)
        if not histories and (written := self._last_written_id()) is not None and _THE_ORDER.search(content):
            # "(The order was originally paid with PayPal; ...)", right after the write on it
            histories = self._histories(written)
        if len(histories) == 1:
            return self._misnamed_payer(content, *histories.popitem())
        # Several: each line or sentence that names one ("- #W9903153: ...; $3,437.25 paid with your
        # Mastercard ending in 6380.")
        parts = (content.split("\n") if "\n" in content else SENTENCE.split(content)) if histories else []
        return [claim for part in parts if len(named := set(identifiers_in(part)) & histories.keys()) == 1
                for owner in named for claim in self._misnamed_payer(part, owner, histories[owner])]

    def _histories(self, text: str) -> dict[str, list[Any]]:
        """The payment histories of the objects a text names (by identifier as written, "#W4689314",
        or without its sign)."""
        return {t: held for t in _codes_named(text)
                if isinstance(held := self.index.field_of(t, "payment_history")
                              or self.index.field_of(t.lstrip("#"), "payment_history"), list)}

    def _delivered_order(self, content: str) -> tuple[str, set[str]]:
        """The delivered order a text is about (the one it names, else, where it names none, the one
        looked up last) and the kinds of method its payment history paid it with; ("", set()) where
        the text names several, or the order was never shown delivered with a payment history."""
        named = list(dict.fromkeys(compact(m[0]) for m in ORDER_NAMED.finditer(content)))
        order = named[0] if len(named) == 1 else "" if named else compact(next(iter(reversed(self.index.values_of("order_id"))), ""))
        if not order or not any(obj.get("status") == "delivered" for obj in self.index.objects_with(f"#{order}", '"status"')):
            return "", set()
        return order.upper(), self._paid_kinds_of(f"#{order}")

    def _term_visible(self, said: str) -> bool:
        """Whether a rule's words (``_RULE_TERMS``) are visible: in the policy, an observation, the tools'
        descriptions or the user's words."""
        forms = {low := said.lower(), low.removesuffix("s"), f"{low[:-3]}y" if low.endswith("ies") else low}
        # (in any number: "warranties", after the user's "warranty")
        return any(self.index.has_string(f) or f in self._tool_text() or f in self._user_text() for f in forms)

    def _paid_kinds_of(self, order: str) -> set[str]:
        """The kinds of method the payment history shown of an order ("#W9903153") paid it with."""
        return paid_kinds(next(iter(self._histories(order).values()), None))

    def _pending_paid(self, content: str) -> dict[str, set[str]]:
        """The orders a text names whose newest status shown is pending, each with the kinds of method
        its payment history paid it with (where it shows them)."""
        out: dict[str, set[str]] = {}
        for m in ORDER_NAMED.finditer(content):
            order = f"#{compact(m[0])}"
            if self._status_of(order) == "pending" and (paid := self._paid_kinds_of(order)):
                out[order.upper()] = paid
        return out

    def _cancel_refund_orders(self, content: str) -> dict[str, set[str]]:
        """The pending orders whose cancellation refund a text may state, with their kinds of paying
        method: those it names where it speaks of cancelling; else, where it names no order, those of
        the agent's previous message about cancelling ("#W6436609 is still pending, so it can be
        cancelled", then "the $3,005.33 would be refunded to your Visa")."""
        if "ancel" in content:
            return self._pending_paid(content)
        said = [t.text for t in reversed(self.turns) if t.role == "assistant" and t.text][:3]
        if ORDER_NAMED.search(content) or not said or "ancel" not in said[0]:
            return {}
        # (the order of the latest of them that names one: "Cancellation applies to the whole order", after
        # "#W8747662 is pending: ...")
        return self._pending_paid(next((text for text in said if ORDER_NAMED.search(text)), ""))

    def _cancelled_paid(self, content: str) -> frozenset[str]:
        """The kinds of method that paid the cancelled orders a text may be about (the ones it names,
        else every order shown cancelled): where their refunds went. Empty where none shows a history."""
        named = [f"#{compact(m[0])}" for m in ORDER_NAMED.finditer(content)]
        orders = named or [f"#{compact(o)}" for o in dict.fromkeys(self.index.values_of("order_id"))]
        kinds: set[str] = set()
        for order in orders:
            if any(obj.get("status") == "cancelled" for obj in self.index.objects_with(order, '"status"')):
                if not (paid := self._paid_kinds_of(order)):
                    return frozenset()
                kinds |= paid
        return frozenset(kinds)

    def _misnamed_payer(self, content: str, owner: str, history: list[Any]) -> list[tuple[str, str, str, bool]]:
        """``_misnamed_payers`` of a text that names one object with a payment history."""
        methods = history_methods(history)
        out = [(owner, said, ", ".join(sorted(methods)), False) for said in misnamed_payers(content, methods)]
        # "... was cancelled and its full 1613.76 was refunded to your PayPal", where it shows a card
        refunds = history_refunds(history)
        out += [(owner, said, ", ".join(sorted(refunds)), True) for said in misnamed_past_refunds(content, refunds)]
        if "ancel" in content and not refunds:  # "it can be cancelled in full: $8,872 back to your credit card"
            out += [(owner, said, ", ".join(sorted(methods)), False) for said in misnamed_cancel_refunds(content, methods)
                    if all(c[1] != said for c in out)]
            if "ending" in content:  # "a full refund of $6,864 to your gift card ending 4357", paid with gift_card_1863023
                out += [(owner, f"the method ending {said}", ", ".join(sorted(methods)), False)
                        for said in refund_fours(content) if methods and not any(
                            m.endswith(said) or self.index.field_of(m, "last_four") == said for m in methods)]
        # "paid with your Visa ending 6791", where the one card it shows ends 8484
        fours = {four for m in methods if (four := self.index.field_of(m, "last_four")) is not None}
        out += [(owner, f"the card ending {said}", ", ".join(sorted(methods)), False)
                for said in paid_with_fours(content) if fours and said not in fours]
        return out

    def _switch_of(self, ident: str, feature: str) -> bool | None:
        """The ``<feature>_enabled`` flag the newest observed object with this identifier shows; None
        where none shows it, or a write that went through acted on that object after its newest
        record (it may have changed; a record the write's own result holds shows it after)."""
        key = f"{feature}_enabled"
        if compact(key) not in self.index.compacts:  # no observation has the flag (a set lookup)
            return None
        for obj in self.index.objects_with(ident, f'"{key}"'):
            if key in obj:
                if (own := {compact(v) for v in obj.values() if isinstance(v, str)}) & self._written_ids:
                    # changed since, unless the newest record of it is the write's result or later
                    # ("Line resumed successfully", {"line": {... "roaming_enabled": false}})
                    shown = self.index.json_observations
                    newest = next((n for n in range(len(shown) - 1, -1, -1)
                                   if ident.lower() in shown[n] and f'"{key}"' in shown[n]), -1)
                    acting = [(n, call) for _, n, call in self._past_writes + self._writes
                              if _may_set_flag(call.name)
                              and any(isinstance(v, str) and compact(v) in own for v in call.arguments.values())]
                    if acting and newest < acting[-1][0]:
                        # "enable_roaming" on this very line sets the flag, whatever it was ("Roaming
                        # enabled successfully"; "Roaming was already enabled")
                        return _flag_set(acting[-1][1], obj, feature)
                return obj[key] if isinstance(obj[key], bool) else None
        return None

    def _sole_switched(self, feature: str) -> str | None:
        """The identifier of the one object the observations show with a ``<feature>_enabled`` flag
        (a line's ``line_id``); None where none or several are."""
        key = f"{feature}_enabled"
        if compact(key) not in self.index.compacts:
            return None
        owners = {str(obj[k]) for obj in objects_in(self.index.json_observations, f'"{key}"')
                  for k in ("line_id", "id") if key in obj and isinstance(obj.get(k), str)}
        return owners.pop() if len(owners) == 1 else None

    def _shown_field(self, ident: str, key: str) -> set[str]:
        """The string value (lower case) the observations show for this object's field, as a set."""
        shown = self.index.field_of(ident, key)
        return {shown.lower()} if isinstance(shown, str) else set()

    def _insurance_of(self, ident: str) -> set[str]:
        """The ``insurance`` ("yes"/"no") the observations show for this reservation's code."""
        return self._shown_field(ident, "insurance")

    def _cabin_of(self, ident: str) -> set[str]:
        """The ``cabin`` the observations show for this reservation's code; none where a write acted
        on it (a flight change may leave the shown cabin behind)."""
        return set() if compact(ident) in self._written_ids else self._shown_field(ident, "cabin")

    def _created_of(self, ident: str | None) -> list[str]:
        """The ``created_at`` the observations show for this identifier's object, or with None for
        every object shown."""
        if ident is None:
            return self.index.values_of("created_at")
        created = self.index.field_of(ident.lstrip("#"), "created_at")
        return [created] if isinstance(created, str) else []

    def _worked_out(self, cents: int, results: list[tuple[int, list[int]]]) -> bool:
        """The result of a right equation the text writes out, whose amounts are visible or derived:
        "($161 − $147) × 2 passengers = $28" (``equations.worked``)."""
        return any(result == cents and all(a in self._derived or self._amount_ok(a) for a in amounts)
                   for result, amounts in results)

    def _way_total(self, cents: int, text: str) -> bool:
        """A total of the fares of one way of a round trip shown ("compared with $253 for your current
        return": the return legs' prices), per passenger or for all of them, where the text says which way."""
        way = "return" if " return" in text else "outbound" if "outbound" in text else ""
        if not way or not self.index.json_has('"round_trip"'):
            return False
        for trip in objects_in(self.index.json_observations, '"round_trip"', '"flights"'):
            flights, dest = trip.get("flights"), trip.get("destination")
            if trip.get("flight_type") != "round_trip" or not isinstance(flights, list) or not isinstance(dest, str):
                continue
            # the outbound legs run up to the one that lands at the trip's destination; the return legs after
            turn = next((k + 1 for k, f in enumerate(flights) if isinstance(f, dict) and f.get("destination") == dest), 0)
            legs = flights[turn:] if way == "return" else flights[:turn]
            fares = [to_cents(f.get("price")) for f in legs if isinstance(f, dict)]
            if turn and legs and all(c is not None for c in fares):
                total = sum(c for c in fares if c is not None)
                people = len(trip["passengers"]) if isinstance(trip.get("passengers"), list) else 1
                if cents in (total, total * people):
                    return True
        return False

    def _named_total(self, cents: int, text: str) -> bool:
        """A total of the prices the observations give the objects a text names by identifier:
        "Returning the lamp (9190635437), the T-shirt (9647292434) and the kettle (5268233322) gives
        $362.70"; an item named twice counts twice; with up to four of them, a net of some prices
        less others (an exchange's price differences: "the two exchanges come to $8.07 in all"),
        or a total of some of them, where such results are sparse (``max_pair_chance``)."""
        named = Counter(t for t in chunks_with_digits(text) if looks_like_identifier(t))
        # An item listed twice is two of it (two identical jackets: one item id, on two lines).
        prices = [own for ident in list(named)[:_TOTAL_OBJECTS] if (own := self.prices.prices(ident)[0])
                  for _ in range(min(named[ident], 3))]
        if len(prices) < 2:
            return False
        full = {0}  # one price of each object named: their total
        for own in prices:
            full = {t + p for t in full for p in own}
            if len(full) > 20_000:
                return False  # too many prices to tell a total from a guess
        if cents in full:
            return True
        signed = len(prices) <= 4
        totals = {0}
        for own in prices:
            totals |= {t + p for t in totals for p in own} | ({t - p for t in totals for p in own} if signed else set())
            if len(totals) > 20_000:
                return False
        # Some of them, or a net: only where such results are sparse (four flights of three fares
        # each give most whole-dollar amounts some net: "HAT041 ... $160" would pass as one).
        step = 100 if cents % 100 == 0 else 10 if cents % 10 == 0 else 1
        slots = 2 * cents // step
        hits = sum(1 for t in totals if 0 < t <= 2 * cents and t % step == 0)
        return cents in totals and bool(slots) and hits / slots <= self.cfg.max_pair_chance

    def _stated_triple(self, cents: int, context: str) -> bool:
        """A sum of three different visible amounts that the conversation stated (see ``_stated_pair``)."""
        stated = sorted(self._stated_amounts(context) & self.index.amounts)
        if not 3 <= len(stated) <= _TRIPLE_AMOUNTS:
            return False  # a few listed prices; beyond, their triples would fill any range
        pool = set(stated)
        return any(cents - a - b in pool and cents - a - b > b
                   for i, a in enumerate(stated) for b in stated[i + 1:] if a + b < cents)

    def _constant_visible(self, value: str) -> bool:
        """A domain constant (an airport or state code) is visible as itself or by a name said: "JFK"
        where the user said "New York". A two-letter code must be written as such, in capitals
        ("OR" is not the word "or"), or in an address before the zip code ("portland, or 97201");
        a name said only inside a longer one names nothing ("West Virginia" does not say Virginia's
        VA, unless Virginia is also said on its own), nor does a city's ("Delaware, Ohio")."""
        if self.index.has_string(value) if len(value) > 2 else (self._written(value) or self._in_address(value)):
            return True
        within = self._domain_tools.names_within
        for name in self._constants[value]:
            # A short name is read as written, like a code: "LA" or "L.A." is Los Angeles, "la" is not.
            if self._written(name) if len(compact(name)) <= 3 else self.index.has_string(name):
                longer = [m for m in within(name) if self.index.has_string(m)]
                if (not longer or self._said_apart(name, longer)) and not self._said_as_city(name):
                    return True
        # A region the user named: "anywhere on the West Coast" may be searched at SEA, SFO or LAX.
        return any(region.lower() in self._user_text() for region in self._domain_tools.regions.get(value, ()))

    def _visible_texts(self) -> Iterator[str]:
        """The texts of the messages before the current decision that are not the agent's own: what
        the user and the tools said (a name or code counts as said only there)."""
        for m in self.inter.messages[:self.at]:
            if m.role != "assistant" and m.content:
                yield m.content

    def _said_by(self, needle: str, roles: tuple[str, ...]) -> bool:
        """Whether a message of one of ``roles`` before the current decision holds ``needle`` (lower case)."""
        return any(needle in (m.content or "").lower() for m in self.inter.messages[:self.at] if m.role in roles)

    def _percent_said(self, fraction: str) -> bool:
        """Whether a visible text gives the share a fraction written as "0.1" is, as a percentage ("10%")."""
        with suppress(ValueError):
            share = f"{float(fraction) * 100:.6g}"
            return self._said_before(re.compile(rf"(?<![\d.]){re.escape(share)}\s*(?:%|percent\b)", re.I))
        return False

    def _said_before(self, pattern: re.Pattern[str]) -> bool:
        """Whether a visible text before the current decision holds ``pattern``."""
        return any(pattern.search(text) for text in self._visible_texts())

    def _said_as_city(self, name: str) -> bool:
        """Whether every visible saying of a constant's name is a city's, right before its state:
        "Delaware, Ohio" and "Nevada, MO" name no state of Delaware or Nevada."""
        said = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)
        after = self._domain_tools.place_after()
        found = False
        for text in self._visible_texts():
            for hit in said.finditer(text):
                if not after.match(text, hit.end()):
                    return False
                found = True
        return found

    def _said_apart(self, name: str, longer: list[str]) -> bool:
        """Whether a visible message before the decision says ``name`` outside the longer names that
        hold it: "Kansas City, Kansas" says Kansas; "from West Virginia to Richmond, Virginia" says
        Virginia. Read as words (``normalize.words``), as ``has_string`` reads them: "West-Virginia"
        is West Virginia."""
        target = f" {' '.join(words(name))} "
        hides = sorted((f" {' '.join(words(m))} " for m in longer), key=len, reverse=True)
        for text in self._visible_texts():
            line = f" {' '.join(words(text))} "
            for hide in hides:
                line = line.replace(hide, " | ")
            if target in line:
                return True
        return False

    def _route(self, args: dict[str, Any]) -> Route | None:
        """A booking call's origin and destination, each with its names ("SEA", "Seattle"), for
        ``routes`` to check against its description and its flights."""
        origin, destination = args.get("origin"), args.get("destination")
        if not isinstance(origin, str) or not isinstance(destination, str) or not origin or not destination:
            return None
        round_trip = any(isinstance(v, str) and "round" in v.lower() for v in args.values())
        return Route((origin, *self._constants.get(origin, ())), (destination, *self._constants.get(destination, ())),
                     one_way=not round_trip and origin != destination)

    def _in_address(self, code: str) -> bool:
        """A two-letter code written in any case where an address puts it, between the city and
        the zip code: "los angeles, ca 90001" says CA, as "jacksonville fl 32202" says FL; not
        without the comma where the code is a word ("I live in 90210")."""
        before = r",\s*" if code.lower() in _WORD_CODES else r"(?:,\s*|(?<=[a-z])\s+)"
        return self._said_before(re.compile(rf"{before}{re.escape(code)}\.?\s+\d{{5}}(?!\d)", re.I))

    def _written(self, code: str) -> bool:
        """Whether a visible message before the current decision writes ``code`` as a whole word, as cased."""
        return self._said_before(re.compile(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])"))

    def _shown_whole(self, arg: str, value: str) -> bool:
        """Whether an observation shows the object itself, its state with it: ``{"bill_id": "B1005",
        "status": "Overdue", ...}`` from a list of the customer's bills (not an id in a profile's list)."""
        low = value.lower()  # (observations are searched lower-cased)
        return any(obj.get(arg) == low and "status" in obj for obj in self.index.objects_with(value, f'"{arg}"'))

    def _private_choices(self, arguments: dict[str, Any], choices: dict[str, tuple[str, ...]]) -> list[tuple[str, Any, None]]:
        """Choices among a schema's options (a cancellation's reason) that no message states and the
        private part does: the option is visible, the choice is not ("ordered by mistake", where the
        user gave no reason and the instruction holds it)."""
        out: list[tuple[str, Any, None]] = []
        for arg, enum in choices.items():
            value = arguments.get(arg)
            if arg == "flight_type" and value == "one_way" and isinstance(legs := arguments.get("flights"), list) \
                    and len(legs) == 1:
                continue  # one flight is a one-way trip: the call's flights make the choice
            # ("I ordered it by mistake" says "ordered by mistake")
            # (not a message that offers the options: "I'd also need a reason: 'no longer needed' or 'ordered by
            # mistake'", the user answering neither)
            if isinstance(value, str) and value in enum and sorted(enum) != ["no", "yes"] and self._is_private(value) \
                    and not self._said_in_a_message(value, enum) and not user_gave(value, self._user_text()) \
                    and not self._said_as_target(value):
                out.append((arg, value, None))
        return out

    def _said_as_target(self, option: str) -> bool:
        """Whether a message says an option as where a change goes ("JG7FMM -> economy", "move it to
        economy"), though it names the other options too ("Business fares $1,859 ...; economy is $140")."""
        said = re.compile(r"(?:->|→|\b(?:to|into)\s+(?:the\s+)?)\s*\**" + r"[\s_]+".join(map(re.escape, option.split("_")))
                          + r"\b", re.I)
        return any(said.search(t.text) for t in self.turns)

    def _said_in_a_message(self, option: str, among: tuple[str, ...] = ()) -> bool:
        """Whether a message so far (the user's or the agent's) has every word of a schema option
        ("ordered by mistake", "no_longer_needed" as words), and of no other option ``among`` them."""
        said = set(words(option.replace("_", " ")))
        # (an option whose words this one holds is no other: "economy" of "basic_economy")
        others = [other for o in among if o != option and not (other := set(words(o.replace("_", " ")))) <= said]
        return any(said <= t.words and not any(o <= t.words for o in others) for t in self.turns)

    def _is_private(self, value: Any) -> bool:
        if isinstance(value, str) and self.private.has_string(value):
            return True
        cents = to_cents(value)
        return cents is not None and cents in self.private.amounts

    # ------------------------------------------------------------------ decisions

    def _text_reasons(self, content: str, alone: bool = True) -> tuple[list[str], bool]:
        """Why what a text states is not grounded (each reason a visibility failure), and whether a
        value it states is known only from the private part. ``alone``: the message makes no call
        (a text beside a call may say what the call does)."""
        reasons: list[str] = []
        privileged = False
        raw, content = content, with_headers(content)  # a table's row read with its columns' names
        if "dollar" in content or "USD" in content:  # "136.9 dollars" read as "$136.9" by the checks of money
            content = _DOLLARS.sub(_as_dollars, content)
        toks = set(tokens(content.lower())) if _MAY_STATE.search(content) else set()
        for shown in self._stated_misses(content, toks=toks):
            if shown in self._domain_tools.device_values:  # "set it to 4g_5g_preferred": a device setting's name
                continue
            if ("have " in content or "isregard" in content or "gnore" in content) and _retracted(content, shown):
                continue  # "I don't have a delivery estimate — I shouldn't have said 7-10 business days."
            if isinstance(shown, str) and may_pace(content) and paced(shown, content, self._user_text(), self.index.dates_shown()):
                continue  # "15.1 GB in the 20 days since February 1 — about 0.76 GB a day": worked out
            hidden = self._is_private(shown)
            privileged = privileged or hidden
            reasons.append(_unseen(shown, hidden))
        if self._phone.shown and may_state_phone(content):  # "you're now on 4G", where the bar shows 5G
            for said, setting, shown in self._phone.misstated(content):
                reasons.append(reason("text_misstated_device", arg=setting, value=said, detail=shown))
        if self.domain == "telecom" and ("SIM" in content or "permission" in content or "performance" in content or "MMS" in content
                                         or "irplane" in content):
            # "your SIM card is registered and working fine", before any check of the phone
            last_user = last.text if (last := self._last_user_turn()) is not None else ""
            for said, setting in self._phone.unseen(content, self._user_text(), last_user):
                reasons.append(reason("text_not_visible", value=f"{setting} {said}"))
        if "VPN" in content or "server" in content or "IP" in content:
            # "The VPN (OpenVPN via 192.168.1.10)", where the check shows 192.168.1.1
            reasons += [reason("text_not_visible", value=m[0]) for m in _IP.finditer(content)
                        if not self.index.has_string(m[0]) and m[0] not in self._user_text()]
        for code in codes_said(content):  # "the default PIN for our SIM cards is 0000", said nowhere
            if not self.index.has_string(code) and code not in self._user_words():
                reasons.append(reason("text_not_visible", value=code))
        if may_name_values(content):  # "reset to the default 'internet'", where no check showed it
            for value in named_values(content):
                if not self.index.has_string(value):
                    reasons.append(reason("text_not_visible", value=value))
        if "Plan" in raw or " plan" in raw:  # "Premium Plan with 15 GB", where only its plan_id P1002 was shown
            for plan in named_plans(raw.replace("*", "")):  # (not a row read with its column's name: "Item Basic Plan")
                if not self.index.has_string(plan):
                    reasons.append(reason("text_not_visible", value=plan))
            # "- Plan: Premium", the name without its word "Plan"
            reasons += [reason("text_not_visible", value=plan) for plan in labelled_plans(raw.replace("*", ""))
                        if not self.index.has_string(plan) and not self.index.has_string(f"{plan} Plan")]
        claims = misattributed(content, self.prices)
        if "efund" in content and "$" in content:  # "return ... (item 9320099340), refund $383.08", another item's price
            mispriced = {claim[:2] for claim in claims}
            claims += [claim for claim in misrefunded(content, self.prices) if claim[:2] not in mispriced]
        for written, ident, own in claims:
            # Visible, but the price of another object than the one named (and not taken back:
            # "is $196.73, not $206.26 — I repeated the other price by mistake").
            if written.lstrip("$") in _taken_back_amounts(content):
                continue
            prices = ", ".join(f"${cents / 100:.2f}" for cents in sorted(own))
            reasons.append(reason("text_misattributed", value=written, arg=ident, detail=prices))
        if ("efund" in content or " back" in content) and "$" in content and self._rebooked_totals():
            # "- X7BYG1: refund $2709 to credit_card_2929732", of a booking of 2 passengers: one's difference
            for written, ident, people, due in self._refunds_for_one(content):
                reasons.append(reason("text_misattributed", value=written, arg=ident,
                                      detail=f"${due / 100:,.2f} for its {people} passengers"))
        if "+" in content and "$" in content and "\n" in content:
            for written, legs in mistotaled_rows(content, self.prices):  # "HAT033 + HAT168: $380", fares 194 + 196
                reasons.append(reason("text_miscalculated", value=written, detail=f"the legs' fares: {legs}"))
        if ("→" in content or "->" in content) and (" more" in content or " less" in content):
            for written, given in misigned_changes(content):  # "($325.68) → ... at $329.23: $3.55 less"
                reasons.append(reason("text_reversed_charge", value=written, detail=given))
        if content.count("$") >= 3 and "variants" in self.index.compacts and (way := exchange_way(content)):
            # "Tent $434.15 -> $405.44, shoes $105.90 -> $100.45, so you'd pay an additional $34.16"
            # (an old price, a new one and their difference: three amounts at least)
            written, cents, said = way
            net = self._book(ItemPriceBook).exchange_net(c for _, c in money_numbers_in(content))
            if net is not None and abs(net) == cents and (net < 0) != (said == "refunded"):
                reasons.append(reason("text_reversed_charge", value=written,
                                      detail="refunded" if net < 0 else "charged"))
        if "$" in content and "options" in self.index.compacts:  # a set lookup first
            # "the black XL cotton crew neck is $49.52": the black XXL polyester v-neck's price
            for written, options, price in misdescribed_prices(content, lambda: self._book(OptionBook).objects):
                reasons.append(reason("text_misattributed", value=written, arg=options, detail=f"${price / 100:.2f}"))
        if "$" in content and ("(" in content or content.count("$") > 1) and "options" in self.index.compacts:
            # "Action Camera (4K, waterproof, black) — $481.50", where the $481.50 camera shows silver
            for written, option, said_option, shown_option in misdescribed_options(
                    content, lambda: self._book(OptionBook)):
                reasons.append(reason("text_misdescribed_item", value=written, arg=option,
                                      detail=f"{said_option!r}, where it shows {shown_option!r}"))
        if "options" in self.index.compacts and may_say_stock(content):
            # "| White | High | AC adapter | $138.07 | ✅ |", where that variant shows "available": false
            for options, said in misstocked(content, lambda: self._book(OptionBook).objects):
                reasons.append(reason("text_contradicts_status", arg=options, detail=f"not {said}"))
            for ident, said in misstocked_by_id(content, lambda i: self.index.field_of(i, "available")):
                reasons.append(reason("text_contradicts_status", arg=ident, detail=f"not {said}"))
            # "Your blue L helmet (low ventilation) is currently unavailable", before any lookup of helmets
            reasons += [reason("text_status_not_visible", arg=options)
                        for options in unseen_stock(content, lambda: self._book(OptionBook).objects)]
            if (stocked := stock_counts_said(content)) and not any(
                    key in low for low in self.index.json_observations for key in _STOCK_KEYS):
                reasons += [reason("text_not_visible", value=said) for said in stocked]  # "4 left in stock"
        if "description" in self.index.compacts and ("$" in content or _DECIMAL.search(content)):  # a set lookup first
            # "a $15.50 overage on 555-123-2001": the item names 2002
            if self._items is None:
                self._items = ItemBook(self.index)
            for written, ident, named in misassigned(content, self._items):
                reasons.append(reason("text_misattributed", value=written, arg=ident, detail=f"a charge for {named}"))
            if "oaming" in content or "verage" in content or " fee" in content:
                # "a $15.50 roaming charge", where the $15.50 line item is a "Data Overage"
                for written, kind, shown in miskinded(content, self._items):
                    reasons.append(reason("text_misdescribed_item", value=written, arg="kind",
                                          detail=f"{kind!r}, where its line items read {shown!r}"))
            if "B" in content:  # "That includes a $15.50 data overage", of B1002, where only B1001 lists it
                for written, bill, owners in misbilled(content, self._items):
                    reasons.append(reason("text_misattributed", value=written, arg=bill, detail=f"a charge of {owners}"))
        if (" on " in content or ", " in content) and "lan" in content and self.index.json_has('"plan_id"'):
            # "Line 555-123-2003 is active again on the Premium Plan", its records showing the Basic Plan
            for line, said, shown in misplanned_lines(content, self._book(LinePlans)):
                reasons.append(reason("text_misplanned_line", value=said, arg=line, detail=shown))
        if "lan" in content and ":" in content and self.index.json_has('"plan_id"'):
            # "### Line 555-123-2003 ... - **Plan:** P1002", the line on P1001
            for line, said, shown in misplanned_labels(raw, self._book(LinePlans)):
                reasons.append(reason("text_misplanned_line", value=said, arg=line, detail=shown))
        if may_rank(content):  # "The cheapest is the maple / graphic at $187.23", $182.03 listed above it
            for written, best in misranked(raw):
                reasons.append(reason("text_miscalculated", value=written, detail=best))
            if "cheapest" in content and (searches := self._searches_since_user()):
                # "The cheapest economy option is HAT227 + HAT139 at $216", the search pricing another at $207
                for written, better in beaten_by_search(raw, searches):
                    reasons.append(reason("text_not_cheapest", value=written, detail=better))
        for written, equation in misremained(content):  # "11.5 GB ..., used 10.5 GB, so 1.5 GB left"
            reasons.append(reason("text_miscalculated", value=written, detail=equation))
        for written, equation in miscalculated(content):  # "$164 + $50 + $30 = $264": the sum wrong
            if "ot " not in content or written.lstrip("$") not in _taken_back_amounts(content):  # ("not $2.45 (...)")
                reasons.append(reason("text_miscalculated", value=written, detail=equation))
        if ("ifference" in content or " than" in content or "pgrade" in content or "came in" in content) and "$" in content:
            # "fare $158 ... current fare is $165 ... the $17 difference"; "$85.00/month. That's $25.00/month more than ... $65.00"
            for written, between in misdifferenced(content, _taken_back_amounts(content)):  # ("I mistyped it as $51.95")
                if not self._apart_from_said(cents_of(written), content):
                    reasons.append(reason("text_miscalculated", value=written, detail=between))
        if (("both" in content or "together" in content or "total" in content or "combined" in content
             or "today" in content or "so far" in content or " in all" in content) and (charged := self._charges_by_tool())):
            for written, terms in mistotaled_writes(content, charged):  # "Both refuels together come to $14.00"
                reasons.append(reason("text_miscalculated", value=written, detail=f"the writes charged {terms}"))
        if " per " in content or " each" in content:  # "$1,308 in total, which is $297 per person", for 4
            for written, equation in misshared(content, lambda: self._count_of(None, ("passengers",))):
                reasons.append(reason("text_miscalculated", value=written, detail=equation))
        if "$" in content and (" total" in content or " in all" in content or "ltogether" in content
                               or " for both " in content or "two of you" in content
                               or ("per " in content and " cost" in content)):
            # "a fare difference of $45 in total", for 2 passengers; "The upgrade would cost $288", after
            # fares per person
            paid_whole = frozenset(a for c in set(_RESERVATION_CODE.findall(content)) for a in self._payments_of(c))
            for written, fares in difference_as_total(content, lambda: self._count_of(None, ("passengers",)), paid_whole):
                reasons.append(reason("text_miscalculated", value=written, detail=fares))
        # "L1005 is currently suspended" where the lookup showed Active; after a write, a text with no
        # identifier may give the written object a status by its kind ("The order status is now ...")
        status_said = not STATUS_WORDS.isdisjoint(toks) or bool(not toks and self._writes)
        if not status_said and not toks and not STATUS_WORDS.isdisjoint(words(content.lower())):
            # (or a bill by its month, in a text with no identifier: "your February bill is now paid"; or the
            # object a lookup right before took: "Yes, it's showing as Paid now")
            status_said = "bill" in content or self._just_looked_up() is not None
        if status_said:
            for ident, shown in contradicted(content, self._status_or_requested, self._told_status, self._bill_of_month,
                                             self._last_written_id(), self._just_looked_up()):
                if shown:
                    reasons.append(reason("text_contradicts_status", arg=ident, detail=shown))
                else:  # "#W2624389 has already been processed", never looked up
                    reasons.append(reason("text_status_not_visible", arg=ident))
        if "bill" in content and ("unpaid" in content or "overdue" in content or "utstanding" in content) and "$" in content:
            for m in _UNPAID_BILL_OF.finditer(content):  # "I see an unpaid bill of $425.00", where the $425.00 bill is Paid
                bills = [obj for obj in objects_in(self.index.json_observations, '"total_due"')
                         if to_cents(obj.get("total_due")) == cents_of(m[1]) and isinstance(obj.get("status"), str)]
                if bills and all(obj["status"] == "paid" for obj in bills):
                    reasons.append(reason("text_contradicts_status", arg=str(bills[-1].get("bill_id", "the bill")).upper(),
                                          detail=f"paid ({m[0]!r})"))
        if "owe" in content or "utstanding" in content:
            for bill, shown in owed_paid(content, self._status_of):  # "you owe ... the January bill B1001", Paid
                reasons.append(reason("text_contradicts_status", arg=bill, detail=shown))
            bill_totals = {str(obj["bill_id"]): (cents_of(str(obj["total_due"])), obj["status"])
                     for obj in objects_in(self.index.json_observations, '"total_due"')
                     if isinstance(obj.get("bill_id"), str) and isinstance(obj.get("total_due"), (int, float))
                     and isinstance(obj.get("status"), str)}
            for written, paid_bill in owed_with_paid(content, bill_totals):  # "in total you have $310.5 outstanding"
                reasons.append(reason("text_miscalculated", value=written, detail=f"it counts {paid_bill}, shown Paid"))
        if "your line" in content.lower() and (said_status := _YOUR_LINE_STATUS.search(content)) and not (
                _ASKED_WHETHER.search(content, max(0, said_status.start() - 40), said_status.start())) and (
                (line_shown := self._callers_line_status(said_status["number"])) is not None
                and line_shown != status_form("active" if said_status[2].lower() in _AS_ACTIVE else said_status[2]) and not (line_shown and said_status["number"])):
            # (a line named by its number whose record shows a status: the number's own status check reads it)
            # "Good news: your line is active on our side", the caller's line never looked up (or shown Suspended)
            reasons.append(reason("text_contradicts_status", arg="your line", detail=line_shown) if line_shown
                           else reason("text_status_not_visible", arg="your line"))
        if "Status " in content and "|" in content:  # a table's Status cell: "| B1003 | ... | Issued |", Draft
            for ident, shown in cell_contradicted(content, self._status_of):
                if (said := reason("text_contradicts_status", arg=ident, detail=shown)) not in reasons:
                    reasons.append(said)
        if ("landed" in content or " on time" in content or "delayed" in content or "departed" in content
                or "in the air" in content):  # "HAT044 landed on time", where no observation shows its status
            for flight, status in flight_statuses(content):
                key = flight.lower()
                operated = {str(obj["status"]) for obj in self.index.objects_with(key, '"flight_number"')
                            if str(obj.get("flight_number", "")).lower() == key and isinstance(obj.get("status"), str)}
                if operated and status not in operated and status not in self._user_statements():  # (or the user's word)
                    # "HAT097 is scheduled to depart on time", where the search shows it "available" (not flown yet)
                    reasons.append(reason("text_contradicts_status", arg=flight, detail=", ".join(sorted(operated))))
                elif not operated and (not self.index.has_string(status) or (
                        status not in self._user_statements() and not self._said_by(status, ("system", "tool")))):
                    # (the user's question, "is that on time at least?", shows no status)
                    reasons.append(reason("text_status_not_visible", arg=flight))
        if "efund" in content and ("full" in content or "ancel" in content):  # ("- Refund: $168 ...")
            # "cancel RXBE5Q with a full refund of $142", $202 paid; "cancel it with a refund of $1,805"
            for written, ident, paid_total in misstated_full_refunds(content, self._paid_total):
                reasons.append(reason("text_miscalculated", value=written,
                                      detail=f"a full refund of {ident} is all it was paid, ${paid_total / 100:,.2f}"))
        if "requested" in content:  # "#W5544629 is now marked 'return requested'", after an exchange
            for ident, shown in requested_contradicted(content, self._status_of):
                reasons.append(reason("text_contradicts_status", arg=ident, detail=shown))
        if " was " in content or " been " in content or " got " in content:  # "#W8061371 was delivered": cancelled
            for ident, shown in past_contradicted(content, self._status_of):
                if (said := reason("text_contradicts_status", arg=ident, detail=shown)) not in reasons:
                    reasons.append(said)  # ("has been delivered" may be read as a status now too)
        if " any " in content or "no " in content or "No " in content:  # "I don't see any overdue bill": one shows Overdue
            for denial in denials(content):
                if shown_now := self._shown_in_status(denial.kind, denial.status):
                    reasons.append(reason("text_contradicts_status", arg=shown_now[0], detail=f"denied: {denial.said!r}"))
                elif not self.index.json_has(f'"{denial.kind}_id"') and denial.word not in self._user_words():
                    # none of the kind was ever shown (the user saying none is: theirs to have said)
                    reasons.append(reason("text_status_not_visible", arg=denial.said))
        if "'" in content or '"' in content or "reason" in content:  # "cancelled with the reason 'no longer needed'"
            for ident, shown in self._misstated_choices(content):
                reasons.append(reason("text_contradicts_status", arg=ident, detail=shown))
        if self.inter.private and "eason" in content:
            for option in self._private_reasons_given(content):  # "**Reason:** ordered by mistake", unasked
                privileged = True
                reasons.append(reason("text_privileged", value=option))
        if " fee" in content or "ate-pay" in content or "ate pay" in content or "ate charge" in content:
            # "There's no restocking fee on exchanges", where no policy or record names one
            denied: set[str] = set()  # the kinds this text says there is none of: later mentions refer back
            for m in _FEE_NAMED.finditer(content):
                kind = m[1] or m[2]
                if kind.lower() in denied or self.index.has_string(f"{kind} fee") or self.index.has_string(f"{kind} fees") \
                        or f"{kind.lower()} fee" in self._tool_text():
                    continue
                if self._policy_lacks(content, m.start()) \
                        or _CONTRASTED.search(content, max(0, m.start() - 16), m.start()) \
                        or _UNKNOWN_TO_ME.search(content, max(0, m.start() - 50), m.start()) \
                        or ("wrong" in content or "mist" in content or "misspoke" in content or "incorrect" in content) and _OWN_MISTAKE.search(
                            content, 0, m.start()) and _NONE_OF.search(content, max(0, m.start() - 40), m.start()):
                    # ("I was wrong about that: there is no change fee option")
                    denied.add(kind.lower())
                    continue
                reasons.append(reason("text_not_visible", value=m[0]))
        if "Signal: " in content:  # "the status bar shows **Signal: Excellent | 4G | ...**", where it showed 5G
            for m in BAR_SIGNAL.finditer(content.replace("**", "")):
                if not self._said_before(re.compile(re.escape(m[0]))):
                    reasons.append(reason("text_not_visible", value=m[0]))
        if ("by mistake" in content or "no longer needed" in content) and "ancel" in content:
            # a reason no record of an order keeps, where no cancellation in this conversation gave it and
            # the user never said it (an order cancelled before it)
            for m in _CANCELLED_FOR.finditer(content):
                if not self._said_by(m[1], ("user", "tool")) and not any(  # (the policy lists it as a choice)
                        m[1] == str(c.arguments.get("reason", "")).lower()
                        for msg in self.inter.messages[:self.at] for c in msg.tool_calls or []):
                    reasons.append(reason("text_not_visible", value=m[1]))
        if "xpir" in content and "ift" in content:  # a rule of gift cards no record or policy states
            for m in _GIFT_EXPIRY.finditer(content):
                sentence = _sentence_at(content, m.start())
                if not (_NOT_SAID_ANYWHERE.search(sentence) and _SAYING.search(sentence)) \
                        and not self._said_by("expir", ("tool", "system")):
                    reasons.append(reason("text_not_visible", value=m[0]))
        if "UPS" in content or "USPS" in content or "FedEx" in content or "DHL" in content or "OnTrac" in content:
            for m in _COURIER.finditer(content):  # "It was delivered on the 14th by USPS."
                if not self._said_before(re.compile(rf"\b{m[0]}\b", re.I)):
                    reasons.append(reason("text_not_visible", value=m[0]))
        if any(unit in content for unit in _MAY_MEASURE):  # "The 4-piece set weighs about 18 lbs in total."
            for m in _PHYSICAL_MEASURE.finditer(content):
                if not self._said_before(re.compile(rf"(?<![\d.]){re.escape(m[1])}(?![\d]|\.\d)")):
                    reasons.append(reason("text_not_visible", value=m[0].strip()))
        if " days" in content and (" left" in content or "remaining" in content or "to go" in content):
            # "From today, the 20th, your cycle has 10 days left, until February 28": 8 days
            for said_days, between in days_left_miscounted(content, self.index.dates_shown()):
                reasons.append(reason("text_miscalculated", value=said_days, detail=between))
        if "%" in content or "percent" in content:  # "8.7 GB of your 15 GB this cycle - about 62%": 58%
            for said_share, share in misstated_shares(content):
                reasons.append(reason("text_miscalculated", value=said_share, detail=f"the amounts make {share}"))
        if " half" in content:  # "8.7 GB used of 15.0 GB ... more than half of your allowance is still available"
            for said_half, share in misjudged_halves(content):
                reasons.append(reason("text_miscalculated", value=said_half, detail=f"the amounts make {share}"))
        if "nlimited" in content and not self.index.has_string("unlimited") and _UNLIMITED.search(content):
            reasons.append(reason("text_not_visible", value="unlimited"))  # "your plan includes unlimited data"
        if self._in_order and (early := self._asked_early(content)):
            step, stage, unresolved = early  # "please set the network mode to 4G/5G", where the bar shows Data Disabled
            reasons.append(reason("text_out_of_order", value=step, arg=stage, detail=f"{unresolved[0]} ({unresolved[1]})"))
        if self.inter.private and "your " in content and (kin := _YOUR_KIN.search(content)) is not None \
                and kin[1].lower() not in self._user_text() and self._is_private(kin[1].lower()):
            # "I'm sorry to hear about your mother", where the user said only "a family emergency"
            privileged = True
            reasons.append(reason("text_privileged", value=kin[0]))
        if self.inter.private and (caps := [w for w in self._hidden_caps() if w in content]):
            # "Since you're travelling to France, ...", where the user said only "abroad": a place or name
            # that only the hidden task holds (its capitalized words, found once a run)
            for word in caps:
                # (in the text as written: a table's cell after its column's name is no word after another)
                if re.search(rf"(?<=[a-z,] ){word}\b", raw) and not self.index.has_string(word) \
                        and not self._city_of_said(word.lower()) and not self._place_shown(word):
                    privileged = True
                    reasons.append(reason("text_privileged", value=word))
        if ("budget" in content or " you want" in content or "limit" in content or "willing" in content
                or " to pay" in content) and "$" in content:
            # "within your $300 budget", where the user gave none: an amount of the user's own, which only
            # the user's messages (or, wrongly, the hidden task) can hold
            users = self._user_text()
            for m in _USERS_AMOUNT.finditer(content):
                said_amount = m[1] or m[2] or m[3] or m[4]
                hidden = self._is_private(said_amount)
                said_why = _unseen(f"${said_amount}", hidden)
                if said_amount.replace(",", "") not in users.replace(",", "") and said_why not in reasons:
                    privileged = privileged or hidden  # (not twice: an amount no pair makes is flagged already)
                    reasons.append(said_why)
        if "GB" in content and ("happy" in content or "willing" in content or "fine" in content or "OK" in content
                                or "ok" in content) and (
                wish := _DATA_WISH.search(content)) and (wished := round(float(wish[1]) * 100)) not in self._user_data():
            # "Since you said you're happy to add 2 GB", where the user named no amount of data (read in the
            # hidden task as in the user's messages)
            hidden = self._is_private(wish[1]) or wished in stated_amounts(
                orjson.dumps(self.inter.private).decode(), data=True)
            privileged = privileged or hidden
            reasons.append(_unseen(f"{wish[1]} GB", hidden))
        if "alance" in content and ("gift" in content or "ertificate" in content) and ASKS.search(content):
            # "#W7032009 ($724.34) would be paid with your gift card (balance $554.20) ... Confirm?"
            for written, why in uncovered_by_balance(content):
                reasons.append(reason("text_miscalculated", value=written, detail=why))
        if ("enough" in content or "sufficient" in content or "covers" in content) and (
                "_" in content or "gift card" in content or "Gift card" in content):
            # "paid from your gift card (gift_card_7711863), which has enough balance to cover it", shown $44
            for method, written, shown in self._overcovered(content):
                reasons.append(reason("text_miscalculated", value=written, detail=f"{method} shows {shown}"))
        if self._own_only and ("hall I" in content or "hould I" in content or "I can " in content
                               or "roceed" in content or "me to " in content) and _OFFERS_WRITE.search(content):
            for ident, own_list in self._others_objects(content):  # "I can cancel it ... Shall I proceed?", of
                # an order whose record shows another customer's user id
                reasons.append(reason("text_offers_not_own", value=ident, detail=own_list))
        again: list[tuple[str, str]] = []
        spent: set[str] | None = None  # the once-only actions that went through, read once per text
        if self._span_topics and "efund" in content and ("days" in content or "hours" in content or "instant" in content
                                                         or "immediate" in content or "at once" in content
                                                         or "right away" in content or "already" in content):
            # "The refund will reach your PayPal within 5-7 business days once the return has been processed",
            # where the policy sets 5-7 business days for cancelling only (or "at once" for gift cards)
            for span, _, item in span_of_another_action(content, self._span_topics):
                rule_of = item.split(":", 1)[0].strip("-* ").lower()  # "cancelling"
                reasons.append(reason("text_contradicts_policy", arg=f"a time for {rule_of} only, said of another refund",
                                      value=span, detail=item))
        if self._once_only and _ONE_MORE_HINT.search(content):  # "we can make a separate change later"
            spent = made_once(self._once_only, self._made_names())
            again = offered_again(content, self._once_only, spent, self._of_written)
        if self._once_only and (self._past_writes or self._writes) and (request := self._last_user_turn()) is not None \
                and ((asked_of := identifiers_in(request.text)) and all(compact(t) in self._written_ids for t in asked_of)
                     or not asked_of and _SAME_OBJECT.search(request.text)
                     # ("that order" of the one the reply names, which no write touched: "Yes, #W6146740 is
                     # delivered, so the wall clock is eligible for a return", after an exchange on #W2982823)
                     and not ((reply_ids := identifiers_in(content)) and all(compact(t) not in self._written_ids for t in reply_ids))):
            # "Could I also exchange the camera in that order?" "Yes, I can set that up", after a return on it
            # (the request names the order written, or says "that order": not "my other order")
            offered_actions = {action for _, action in again}
            if spent is None:
                spent = made_once(self._once_only, self._made_names())
            again += [(said, action) for said, action in agreed_again(content, request.text, self._once_only, spent)
                      if action not in offered_actions]
        for said, action in again:
            reasons.append(reason("text_contradicts_policy", arg=action, value=said, detail=self._once_only[action][1]))
        if self._no_bag_removal and "bag" in content and ("emov" in content or "take off" in content or "drop" in content):
            for said in offers_bag_removal(content):  # "I can remove the checked bag and refund you $50 for it"
                reasons.append(reason("text_contradicts_policy", arg="removing bags", value=said[:80],
                                      detail=self._no_bag_removal))
        if ("mistake" in content or "longer need" in content or "n't need" in content or "not need" in content) and (
                "since" in content or "Since" in content or "because" in content or "as " in content):
            # "... which I'll cancel for you since you ordered it by mistake", the user never saying why
            reasons += [reason("text_not_visible", value=said) for said in reasons_put_on_user(content, self._user_text())]
        if may_put_place(content):
            # "Since you're at home in the US", the user never saying where they are
            reasons += [reason("text_not_visible", value=said) for said in places_put_on_user(content, self._user_text())
                        if not (self.inter.private and any(w in said for w in self._hidden_caps()))]  # (privileged's)
        if may_put_saying(content):
            # "Since you mentioned you don't want to change your plan", the user never saying anything of it
            reasons += [reason("text_not_visible", value=said) for said in sayings_put_on_user(content, self._user_text())]
        if ("unwell" in content or "sick" in content or "ill" in content or "weather" in content) and (
                felt := feelings_put_on_user(content, self._user_text())):
            reasons += [reason("text_not_visible", value=said) for said in felt]  # "Given that you're feeling unwell"
        if may_put_lack(content):
            # "Since you don't have Wi-Fi access where you are", which neither the user nor a tool said
            reasons += [reason("text_not_visible", value=said) for said in lacks_put_on_user(
                content, f"{self._user_text()} {self._tool_text()}", self.index.observed)]
        if self._one_cabin and "usiness" in content and "conomy" in content:
            for said in mixed_cabins_offered(content):  # "business on HAT072 ($282) and economy on HAT278 ($187)"
                reasons.append(reason("text_contradicts_policy", arg="two cabins", value=said[:80], detail=self._one_cabin))
        if self._late_insurance and "nsurance" in content and (
                any(name.startswith("book") for name in self._made_names())
                or any(self.index.field_of(ident, "insurance") is not None for ident in identifiers_in(content))
                # "since the reservation is now economy you can add travel insurance", of one looked up
                or (_BOOKED_ONE.search(content) is not None and self.index.json_has('"insurance"'))):
            for said in offers_late_insurance(content):  # "I can add travel insurance for Lucas", booked already
                reasons.append(reason("text_contradicts_policy", arg="insurance", value=said[:80],
                                      detail=self._late_insurance))
        if self._cancel_rule and self._today is not None and "ancel" in content and (
                said_possible := (refunds_said(content) if "refund" in content else [])
                or (cancel_offered(content) if "can" in content else [])) \
                and (booking := self._reservation_said(content)) is not None and self._cancel_unowed(booking, self._today) \
                and self.index.field_of(booking, "status") != "cancelled":
            # "you can cancel and receive a full refund", booked a week ago (the record read once per text);
            # else the cancellation offered at all: "I can cancel it and return the $152 as a certificate".
            # Not the report of one done, which its record shows ("AQ12FI has been cancelled and the $292
            # will be refunded"): the text is true; the write is what went against the rule.
            reasons += [reason("text_contradicts_policy", arg="cancellation", value=said[:80], detail=self._cancel_rule)
                        for said in said_possible]
        if self._insurance_rule and "nsur" in content and ("refund" in content or "ancel" in content) and (
                said_refunds := insured_refunds_said(content)) and (covered := covered_words(self._insurance_rule)) \
                and not gives_covered_reason(self._user_text(), covered):
            # "Since it has travel insurance, I can cancel it with a full refund", where the user gave
            # no reason the insurance covers (a change of plans, a delay)
            # (not the rule said with its reasons: "Travel insurance covers a full refund when a trip is
            # cancelled for health or weather reasons")
            reasons += [reason("text_contradicts_policy", arg="insurance", value=said[:80], detail=self._insurance_rule)
                        for said in said_refunds if not gives_covered_reason(said, covered)]
        if self._insurance_rule and "nsur" in content and ("reason" in content or "questions asked" in content):
            # "it lets you cancel for a full refund for any reason", where insurance covers health or weather
            reasons += [reason("text_contradicts_policy", arg="insurance", value=said[:80], detail=self._insurance_rule)
                        for said in any_reason_said(content)]
        if self._insurance_rule and "nsur" in content and ("waive" in content or "cover" in content or "free" in content):
            # "because HXDUBJ has travel insurance, the fare difference is waived", where it refunds cancellations
            reasons += [reason("text_contradicts_policy", arg="insurance", value=said[:80], detail=self._insurance_rule)
                        for said in insured_change_said(content)]
        if self._basic_rule and ("move" in content or "hange" in content or "witch" in content or "rebook" in content
                                 or "eschedul" in content) and (offers := flight_change_offers(content)) and (
                booking := self._reservation_meant(content)) is not None \
                and self.index.field_of(booking, "cabin") == "basic_economy":
            # "But I can move it to later dates free of charge", of a basic economy reservation
            reasons += [reason("text_contradicts_policy", arg="flight change", value=said[:80], detail=self._basic_rule)
                        for said in offers]
        if self._route_rule and ("airport" in content or "same" in content) and self.index.json_has('"reservation_id"'):
            # "switching to JFK counts as the same destination", of a reservation to LGA being changed
            reasons += [reason("text_contradicts_policy", arg="destination", value=said[:80], detail=self._route_rule)
                        for said in other_airport_allowed(content)]
        if self._flight_cases and "$" in content and ("ertificate" in content or "oucher" in content) and (
                owed := self._certificate_due(content)) is not None:
            # "you qualify for a $100 travel certificate", for a delay of one passenger's flight ($50 each)
            # (offered, not reported: "I've added a $50 certificate"; due either per passenger or for all)
            for said in dict.fromkeys(certificates_offered(content) + certificates_promised(content)):
                if _REPORTED.search(said):
                    continue
                amounts = {abs(c) for _, c in dollar_amounts(said)}
                if len(amounts) == 1 and not amounts & {owed[0], owed[0] * owed[1]}:
                    reasons.append(reason("text_contradicts_policy", arg="compensation", value=said[:80],
                                          detail=f"{self._flight_cases} ({owed[1]} passenger(s))"))
                    break
        compensated = len(reasons)  # (one reason per offer: the first rule it breaks)
        if self._offer_first and ("ertificate" in content or "ompensation" in content or "oucher" in content) and (
                offered := certificates_offered(content) or (  # (or held out, where the user spoke of no delay)
                    certificates_held_out(content) if not flight_trouble_said(self._user_text()) else [])) \
                and not complained(self._user_text()):
            # "Since you're a Gold member, I can also add a $100 travel certificate", the user having
            # complained of nothing
            reasons += [reason("text_contradicts_policy", arg="compensation", value=said[:80],
                               detail=self._offer_first) for said in offered]
        if self._certificate_rule and ("ertificate" in content or "ompensation" in content or "oucher" in content) and (
                offered := certificates_offered(content)) and (booking := self._reservation_said(content)) is not None \
                and ineligible(self._tiers_shown(), self.index.field_of(booking, "cabin"),
                               self.index.field_of(booking, "insurance")):
            # "I can also issue you a $100 travel certificate", to a regular member in economy without insurance
            reasons += [reason("text_contradicts_policy", arg="compensation", value=said[:80],
                               detail=self._certificate_rule) for said in offered]
        if self._flight_cases and len(reasons) == compensated and (
                "ertificate" in content or "ompensation" in content or "oucher" in content) and (
                offered := certificates_promised(content)) and not flight_trouble_said(self._user_text()) \
                and not any("certificate" in w[2].name for w in self._writes):  # (a report of the one just sent)
            # "I can offer you a $50 travel certificate for the inconvenience", "As a silver member you're eligible
            # for a $50 certificate per passenger", where no flight was cancelled or delayed: the cases the
            # policy compensates
            reasons += [reason("text_contradicts_policy", arg="compensation", value=said[:80],
                               detail=self._flight_cases) for said in offered]
        if self._delay_rule and ("ertificate" in content or "ompensation" in content or "oucher" in content) and (
                offered := certificates_promised(content)) and not any("certificate" in w[2].name for w in self._writes) \
                and (booking := self._uncompensable_delay(content)):
            # "As a Gold member you're eligible for a $50 certificate for the delay", where SA7J19 was
            # neither changed nor cancelled
            reasons += [reason("text_contradicts_policy", arg="compensation", value=said[:80],
                               detail=f"{self._delay_rule} ({booking} was not changed or cancelled)") for said in offered]
        if "ertificate" in content and (kept := certificate_kept(content)) and "certificate is consumed" in self._tool_text():
            # "$190 was paid with certificate_6366355; the remaining $310 stays on the certificate", where
            # the booking tool says a used certificate is consumed (said of a booking made or offered)
            reasons += [reason("text_contradicts_policy", arg="certificate", value=said[:80],
                               detail="a used certificate is consumed") for said in kept]
        if "still" in content and "certificate_" in content and "certificate is consumed" in self._tool_text():
            # "$130 on certificate_7924117, which still has its $500", where an earlier booking used it
            used = {m.lower() for _, _, w in self._past_writes + self._writes for m in payment_ids(w.arguments)}
            reasons += [reason("text_contradicts_policy", arg=held, value=said[:80], detail="a used certificate is consumed")
                        for said, held in certificates_still_held(content) if held in used]
        if self._certificate_rule and ("ertificate" in content or "ompensation" in content or "oucher" in content) and (
                refused := certificates_refused(content)) and (booking := self._reservation_meant(content)) is not None \
                and eligible(self._tiers_shown(), self.index.field_of(booking, "cabin"),
                             self.index.field_of(booking, "insurance")):
            # "compensation certificates are only available to silver and gold members", of a business booking
            # with insurance (the one the text names, else the one looked up last)
            reasons += [reason("text_contradicts_policy", arg="compensation", value=said[:80],
                               detail=self._certificate_rule) for said in refused]
        if self._bag_fee and "bag" in content and "$" in content:  # "5 checked bags (2 paid), charging $150"
            paid = {int(n) for low in self.index.json_observations if '"nonfree_baggages"' in low
                    for n in _NONFREE.findall(low)}  # paid bags the reservations show already
            for written, bags, due in misfeed_bags(content, self._bag_fee, paid):
                reasons.append(reason("text_miscalculated", value=written,
                                      detail=f"{bags} at ${self._bag_fee / 100:.2f} each is ${due / 100:.2f}"))
            for written in misfeed_per_bag(content, self._bag_fee):  # "Any additional bag would be $35 each"
                reasons.append(reason("text_contradicts_policy", arg="the fee per extra bag", value=written,
                                      detail=f"${self._bag_fee / 100:.2f} each"))
        if self._free_bags[0] and self._bag_fee and "bag" in content and "$" in content and (
                free_total := self._free_total(content)) is not None:
            for written, total in charged_free_bags(content, self._bag_fee, free_total, self._bags_of(self._one_booking(content))):
                # "brings you to 2 bags, and the extra bag costs $50", for a gold member in economy
                reasons.append(reason("text_contradicts_policy", arg="baggage", value=f"{written} for {total} bags",
                                      detail=f"{free_total} travel free here: {self._free_bags[1]}"))
            for written, count in charged_within_allowance(content, self._bag_fee, free_total,
                                                           self._bags_of(self._one_booking(content))):
                # "so the 4th bag would be $50", where 9 travel free; "Two bags would cost $50 each, so $100", 1 free
                reasons.append(reason("text_contradicts_policy", arg="baggage", value=f"{written} for {count} bags",
                                      detail=f"{free_total} travel free here: {self._free_bags[1]}"))
            if " for " in content:  # "A second bag would be $50 per bag, so $100 for the two", one free
                for written, count in overcharged_nth_bag(content, self._bag_fee, free_total):
                    reasons.append(reason("text_contradicts_policy", arg="baggage", value=f"{written} for {count} bags",
                                          detail=f"{free_total} travel free here: {self._free_bags[1]}"))
        if "in total" in content and "free" in content:  # "4 in total, so going to 5 bags both new bags are free"
            for said, allowed, total in free_beyond_allowance(content):
                reasons.append(reason("text_miscalculated", value=said[:80],
                                      detail=f"{total} bags are more than the {allowed} said to travel free"))
        if self._free_bags[0] and "free" in content and "bag" in content:  # "Gold members get 2 free bags in economy"
            # (the cabins a write set count too: a reservation may show its cabin from before the change)
            cabins = {str(w[2].arguments["cabin"]) for w in self._past_writes + self._writes if "cabin" in w[2].arguments}
            cabins.update(self.index.values_of("cabin"))
            party_sizes = [n for c in set(_RESERVATION_CODE.findall(content)) if (n := self._passengers_of(c)) is not None]
            passengers = party_sizes[0] if len(party_sizes) == 1 else None if party_sizes else self._count_of(
                None, ("passengers",))
            for said, key, allowed in misstated_bags(content, self._free_bags[0], self._tiers_shown(),
                                                     set(map(str.lower, cabins)), passengers):
                reasons.append(reason("text_contradicts_policy", arg=key, value=said,
                                      detail=f"{allowed} per passenger: {self._free_bags[1]}"))
            if " more free " in content and len(tiers := self._tiers_shown()) == 1 and (record := self._bags_record()):
                # "You still have 3 more free bags", of 2 passengers with 3 free each and 4 booked
                per_head = self._free_bags[0].get((next(iter(tiers)), str(record.get("cabin", "")).lower()))
                for said, left in misstated_free_left(content, per_head, record) if per_head is not None else []:
                    reasons.append(reason("text_miscalculated", value=said, detail=f"{left} free bags are left"))
            if not self._tiers_shown():
                # "Basic economy doesn't include any free checked bags", where the tier decides and none shows
                for said, cabin in unknown_tier_bags(content, self._free_bags[0], set(map(str.lower, cabins)),
                                                     self._user_text()):
                    reasons.append(reason("text_not_visible", value=f"{said} ({cabin}: no membership shown)"))
        if self._instant_kinds and ("days" in content or "hours" in content or "weeks" in content):
            for span, kind in slow_for_instant(content, self._instant_kinds, self._cancelled_paid(content)
                                               if "refund" in content else frozenset()):  # "to your gift card within 5–7 days"
                reasons.append(reason("text_contradicts_policy", arg=kind, value=span, detail=self._instant_kinds[kind]))
        if self._instant_kinds and ("already" in content or "immediately" in content or "instant" in content
                                    or "right away" in content or "at once" in content or "today" in content):
            for said, kind in instant_for_slow(content, self._instant_kinds):  # "already landed in your PayPal"
                reasons.append(reason("text_contradicts_policy", arg=kind, value=said,
                                      detail=next(iter(self._instant_kinds.values()))))
        for counted, listed in miscounted(content, self._count_of):  # "you have 9 reservations": it lists 10
            reasons.append(reason("text_miscounted", value=counted, detail=listed))
        if "passenger" in content or "travel" in content:  # "BD52GB (for 2 passengers)": it lists 3
            for counted, listed in miscounted_people(content, self._passengers_of):
                reasons.append(reason("text_miscounted", value=counted, detail=listed))
        if "total" in content or " in all" in content or "altogether" in content or "combined" in content:
            for written, said in miscounted_sum(content):  # "5 checked bags and RX46C2 has 3, so 9 in total"
                reasons.append(reason("text_miscalculated", value=written, detail=said))
        if "seat" in content:  # "HAT101 ... with 2 seats left", where its search shows 1 in business
            for counted, shown in miscounted_seats(content, self._seats_of, self._seats_on_day):
                reasons.append(reason("text_miscounted", value=counted, detail=shown))
            for said_open, none_on in seats_denied(content, self._seats_of):  # "open on both flights": one has 0
                reasons.append(reason("text_miscounted", value=said_open, detail=none_on))
        if "availableseats" in self.index.compacts and FLIGHT_NUMBER.search(content):
            # "HAT223, 14:00-16:00: basic economy $89, ...", where its search shows 0 basic economy seats
            people = self._count_of(None, ("passengers",)) or 1 if ASKS.search(content) else 1
            for flight, cabin in sold_out_offered(content, self._seats_of, self._fare_of, people):
                left = (self._seats_of(flight) or {}).get(cabin, 0)
                reasons.append(reason("text_contradicts_status", arg=flight, detail=f"{left} {cabin} seats" + (
                    f" for {people} passengers" if left else "")))
        if "bag" in content:  # "The reservation currently has 2 checked bags": it shows 1
            for counted, listed in miscounted_bags(content, self._bags_of):
                reasons.append(reason("text_miscounted", value=counted, detail=listed))
        if " of " in content or "you have" in content.lower():
            # "You have 4 orders and 2 of them are delivered", where 3 of the 4 shown are
            for counted, number, status, keys in status_counts(content):
                if (in_status := self._status_count(keys, status)) is None or in_status == number:
                    continue
                if in_status >= 0:
                    reasons.append(reason("text_miscounted", value=counted, detail=in_status))
                elif not any(status in t.text.lower() for t in self.turns if t.role == "user"):  # (not the user's "3 pending")
                    reasons.append(reason("text_not_visible", value=counted))
        if "gift" in content or "certificate" in content:  # "gift_card_8970607 with $94", where it shows 49
            for method, written, shown in misstated_balances(content, self._balance_of):
                # (a balance spoken of in the amount's own sentence: another sentence may speak of one)
                if "balance" in _sentence_at(content, max(0, content.find(written))) \
                        or ("paid" not in content and "payment" not in content) \
                        or cents_of(written) not in self._paid_by(method):
                    # (not what it paid: "paid with gift_card_6281111 ($564.00)", "the original payment method
                    # of the reservation, which for H9ZU1C is gift_card_7359776 ($897)")
                    reasons.append(reason("text_misattributed", value=written, arg=method, detail=shown))
            for kind, written, shown in misstated_kind_balances(content, self._balances_of_kind):
                reasons.append(reason("text_misattributed", value=written, arg=kind, detail=shown))  # "a certificate worth $250"
            if self._past_writes and not self._writes and "$" in content:
                # "Gift card 3481935 has $22", the balance the profile showed before a refund went to it
                for method, written, cents in balances_stated(content):
                    if cents in self._balance_before_write(method):
                        reasons.append(reason("text_misstated_balance", value=written,
                                              detail=f"{written} is the balance shown before a write moved money on it"))
        for ident, written, shown in (mistotaled(content, self._totals_of, not _TOTAL_TOKENS.isdisjoint(self.index.compacts))
                                      if "otal" in content or "$" in content else ()):  # "B1006 totals $65": it shows 70
            reasons.append(reason("text_misattributed", value=written, arg=ident, detail=shown))
        if "payment request" in content and (bill := self._bill_requested()):
            # "a payment request for $150.00 is on its way", where the one just sent is for B1001 ($160.50)
            for written, shown in misrequested(content, bill, self._totals_of(bill)):
                reasons.append(reason("text_misattributed", value=written, arg=bill, detail=shown))
        if ("hour" in content or " h " in content) and _DURATION_SAID.search(content):
            # "13 hours door to door", "5 h 30 in LGA", of flights whose shown times make another time
            for m in _DURATION_SAID.finditer(content):
                hours = f"{int(m[2]) + int(m[3]) / 60:.4g}" if m[3] else m[1]
                said = content.replace(m[0], f"{hours} hours {m[4]}", 1)
                if ABOUT.search(content, max(0, m.start() - 16), m.start()) or self._hours_made(
                        hours, said, wait=m[4].lower() not in _TRIP_WORDS):
                    continue
                if self._flights_timed(_sentence_at(content, m.start())) or self._flights_timed(content):
                    # (a time the flights named do not make: derived from nothing visible)
                    reasons.append(reason("text_not_visible", value=m[0].strip()))
        if ("onnection" in content or "ayover" in content) and (" is " in content or " of " in content):
            # "The connection in Phoenix is **2 hours**", after a table whose legs make it 1
            for m in _WAIT_IS.finditer(content):
                hours = f"{int(m['n']) + int(m['min']) / 60:.4g}" if m["min"] else m["n"]
                if ABOUT.search(content, m.start("n") - 12, m.start("n")) or self._hours_made(hours, content, wait=True) \
                        or hours_apart(float(hours), content):
                    continue
                if self._flights_timed(content):
                    reasons.append(reason("text_not_visible", value=m[0].replace("*", "").strip()))
        if "hour" in content and ":" in content:  # "16:30 ... leaves at 23:00, so about 5 and a half hours"
            for written, times_make in misspanned(content):
                reasons.append(reason("text_miscalculated", value=written, detail=times_make))
        if "–" in content or "-" in content or " to " in content:  # "HAT175 LAS→IAH 5:00 PM–9:00 PM": it lands 20:00
            for flight, written, shown in mistimed_ranges(content, self._times_of):
                reasons.append(reason("text_mistimed", arg=flight, value=written, detail=shown))
        for flight, written, shown in mistimed(content, self._times_of, self._user_times):
            if shown:  # "departs at 09:00": it lands then
                reasons.append(reason("text_mistimed", arg=flight, value=written, detail=shown))
            else:  # no schedule of it shown: 15:00 is the system prompt's current time
                reasons.append(reason("text_time_not_visible", arg=flight, value=written))
        if "SIM" in content and ("capable" in content or "upport" in content or " use " in content):
            low = content.lower()  # (a device named by its model: "It's a Smartphone X ...; it isn't eSIM capable")
            by_model = [str(obj["device_id"]).upper() for obj in objects_in(self.index.json_observations, '"is_esim_capable"')
                        if isinstance(obj.get("model"), str) and obj["model"] in low and isinstance(obj.get("device_id"), str)]
            for device, capable in esim_claims(content, by_model[-1] if len(set(by_model)) == 1 else None):
                if isinstance(shown := self.index.field_of(device.lower(), "is_esim_capable"), bool) and shown is not capable:
                    reasons.append(reason("text_contradicts_status", arg=device, detail=f"is_esim_capable={str(shown).lower()}"))
        if "GB" in content and ("efuel" in content or "extra data" in content) and (
                refuel_calls := [w[2] for w in self._past_writes + self._writes if "refuel" in w[2].name]):
            # "with 0.0 GB refueled this cycle", right after a refuel of 2.0 GB: the line shows 2.0 now
            line_refuels = {r for k in self._book(DataLeftBook).lines.values() if isinstance(r := k.get("refuelled"), int)}
            added = {to_cents(v) for call in refuel_calls for arg, v in call.arguments.items() if is_data(arg)}
            for written, cents in refuelled_said(content):
                if line_refuels and cents not in line_refuels and cents not in added:
                    shown_gb = "/".join(f"{c / 100:.1f}" for c in sorted(line_refuels))
                    reasons.append(reason("text_contradicts_status", arg="the line's data refuelled",
                                          detail=f"data_refueling_gb={shown_gb} ({written!r})"))
        if ("limit" in content or "allowance" in content or "out of" in content) and (
                over := over_limit_said(content)) and self._book(DataLeftBook).all_have_data():
            # "you've gone over your data limit", where the usage looked up shows 8.7 of 15.0 GB
            reasons.append(reason("text_contradicts_status", arg="the line's data", detail=f"data left ({over!r})"))
        if _may_switch(content):
            # "roaming is currently disabled on 555-123-2002", where it shows true
            for ident, feature, flag in switched(content, self._switch_of, self._sole_switched):
                reasons.append(reason("text_contradicts_status", arg=ident, detail=f"{feature}_enabled={flag}"))
            if "oaming" in content and compact("roaming_enabled") not in self.index.compacts \
                    and not self._said_by("roaming", ("user", "tool")) \
                    and not any("roaming" in w[2].name for w in self._past_writes + self._writes):
                # "I can also see international roaming is enabled on your line", no record or word of it
                for ident in dict.fromkeys(ident for ident, feature, _ in switch_claims(content, lambda f: "your line")
                                           if feature == "roaming"):
                    reasons.append(reason("text_status_not_visible", arg=f"roaming on {ident}"))
        if ("paid" in content or "Paid" in content or "refund" in content or " back " in content
                or " charged " in content) and "paymenthistory" in self.index.compacts:
            # "79G8A9 ... was paid in full with your Mastercard", where its history shows a gift card
            for owner, said, methods, refund in self._misnamed_payers(content):
                reasons.append(reason("text_misstated_past_refund" if refund else "text_misstated_payer",
                                      arg=owner, value=said, detail=methods))
        if ("ancel" in content or "elay" in content) and ("see" in content or "confirm" in content or "show" in content) \
                and (seen := _SEEN_STATUS.search(content)) and (
                seen_flight := FLIGHT_NUMBER.search(seen[0])) and not any(
                obj.get("status") in ("cancelled", "delayed") for obj in self.index.objects_with(seen_flight[0].lower(), '"status"')):
            # "I can see that HAT043 on May 6 was cancelled by the airline", where only the user said so
            reasons.append(reason("text_not_visible", value=seen[0]))
        if "paid" in content and "$" in content:
            for m in _YOU_PAID_FOR.finditer(content):  # "You paid $174 for KHIK97", whose history shows $204
                if (paid := self._payments_of(m[2])) and cents_of(m[1]) not in paid:
                    reasons.append(reason("text_misattributed", value=m[1], arg=m[2],
                                          detail=f"${max(paid) / 100:,.2f} paid in all"))
        if "utomatic" in content and (auto := _AUTOMATIC.search(content)) and "automatic" not in self._tool_text() \
                and not self.index.has_string("automatically") and not self.index.has_string("automatic") \
                and "automatic" not in self._user_text() and not (
                    "email" in _sentence_at(content, auto.start()).lower() and _EMAIL_SENT.search(self._tool_text())) \
                and not _OWNED_UP.search(content, max(0, auto.start() - 40), auto.start()):  # ("I told you ..., but")
            # "It will switch off automatically once you're back": what happens by itself, said of nothing
            # (not an email a tool says the user receives: "The return instructions email ... will come automatically")
            reasons.append(reason("text_not_visible", value=auto[0]))
        if self._account and ("your" in content or "Your" in content) and len(self._customers_shown()) > 1:
            for ident, owner in self._others_as_yours(content):  # "Your latest bill, B1005, ...", of C1002's bills
                reasons.append(reason("text_misowned", value=ident, arg="you", detail=owner))
        if "uspen" in content and ("fee" in content or "free" in content or "charge" in content) \
                and "holding fee" in self._tool_text() and "holding" not in content:
            # "It can be suspended for up to six months, and no fee applies while it's suspended", where
            # suspend_line's description says a holding fee applies
            for sentence in SENTENCE.split(content):
                if "uspen" in sentence and (no_fee := _NO_FEE.search(sentence)) and not _NOT_NOW_FEE.search(sentence, 0, no_fee.start()):
                    reasons.append(reason("text_contradicts_policy", arg="suspension", value=no_fee[0],
                                          detail="suspend_line: a holding fee applies"))
                    break
        if ("ablet" in content or "atch" in content or "otspot" in content) and (said_kind := _DEVICE_KIND_OF_LINE.search(content)) \
                and not self.index.has_string(kind := (said_kind[1] or said_kind[2]).lower()) and kind not in self._user_text() \
                and not any(w in self._user_text() for w in _DEVICE_KIND_WORDS.get(kind, ())):
            # "that's the tablet line", where no device record or word of the user's says it is a tablet
            reasons.append(reason("text_not_visible", value=kind))
        if "stock" in content and (restock := _RESTOCK.search(content)) and "restock" not in self._tool_text() \
                and not any(self.index.has_string(w) for w in ("restock", "restocked", "restocking", "back in stock")):
            # "It should be back in stock within a week or two": no tool here says when stock comes back
            reasons.append(reason("text_not_visible", value=restock[0]))
        if _may_name_rule_terms(content) and (term := next((t for t in _RULE_TERMS.finditer(content) if not _DENIED_BEFORE.search(
                content, max(0, t.start() - 60), t.start()) and not _ANY_BEFORE.search(content, max(0, t.start() - 10), t.start())),
                None)) is not None and not self._term_visible(term[0]):
            # "Unused top-up data rolls over into next cycle", "upgraded business fares are non-refundable":
            # a rule or a benefit no policy, tool or observation here gives (not one denied: "Our policy
            # doesn't include any complimentary upgrades")
            reasons.append(reason("text_not_visible", value=term[0]))
        if "uspen" in content and (cause := _UNPAID_CAUSE.search(content)) and not self.index.json_has('"bill_id"') \
                and "bill" not in (user := self._user_text()) and "pay" not in user:
            # "It is Suspended (since 2025-02-25) because of an unpaid bill", before any bill was looked up
            reasons.append(reason("text_not_visible", value=cause[0]))
        if self._handed_off:  # "They'll switch the kettle ... and refund you the $5.97 right away"
            for promise in promised_for_others(content, self._handoff_asked):
                reasons.append(reason("text_promises_for_others", arg="the human agent", value=promise[:80]))
        if self._reboot_pending and (
                # "No need to restart", where the reset waits for one
                (("restart" in content or "reboot" in content) and (said_now := _NO_REBOOT.search(content)))
                # "Your APN is now back to 'internet'", no reboot since, none spoken of
                or ("now" in content and "estart" not in content and "eboot" not in content
                    and (said_now := _NOW_APPLIED.search(content)))):
            reasons.append(reason("text_contradicts_status", arg="the device change", detail=f"applies at the next "
                                  f"reboot ({said_now[0]!r})"))
        if ("period" in content or "cycle" in content) and self.index.json_has('"period_start"'):
            # "B1234321, $65.00 for the February 2025 period", whose period is January's
            for bill, said_month, months in misdated_bill_periods(content, self._book(BillMonths).periods):
                reasons.append(reason("text_misdated", arg=bill, value=said_month, detail=f"its period in {months}"))
        if self._today is not None and ("flown" in content or "departed" in content):
            # "XL2C75 is already partly flown (the first leg was May 16)", where today is May 15
            for code, first in misflown(content, lambda i: self.index.field_of(i.lower(), "created_at") is not None,
                                        self._first_flight_day, self._today):
                reasons.append(reason("text_contradicts_status", arg=code,
                                      detail=f"flown, where its first flight is on {first.isoformat()}, after today"))
        if may_say_delivery(content) and not self.index.json_has('"delivery_') and not self.index.json_has('"estimated') \
                and not self.index.json_has('"expected_'):  # (no record's delivery date field: "delivered" is a status)
            # "Order #W6447372 is scheduled to arrive by this Friday", where no record gives a delivery day
            order_asked = (request := self._last_user_turn()) is not None and about_an_order(request.text)
            reasons += [reason("text_not_visible", value=said) for said in delivery_days_said(content, order_asked)
                        if not self.index.has_string(said)]
        if self._today is not None and _WEEKDAY_NAMED.search(content):  # "on Sunday, May 18", a Saturday
            for dated, weekday in misnamed_weekdays(content, self._today.year):
                reasons.append(reason("text_misdated", arg="the weekday", value=dated, detail=weekday))
        if self._now is not None and ("24 hours" in content or "24-hour" in content):  # "Booked 2024-05-14 12:34, within the last 24 hours"
            booked_codes = {c for c in _RESERVATION_CODE.findall(content) if self._created_of(c)}
            booked = (booked_code, self._created_of(booked_code)[0]) if len(booked_codes) == 1 and (
                booked_code := next(iter(booked_codes))) else None
            for written, hours in not_within_a_day(content, self._now, booked):
                reasons.append(reason("text_not_within_a_day", value=written, detail=hours))
        if self._today is not None and ("omorrow" in content or "oday" in content or "esterday" in content):
            for said, meant in misnamed_near_days(content, self._today):  # "leaves tomorrow, May 17", today May 15
                reasons.append(reason("text_misdated", arg="a day near today", value=said,
                                      detail=f"{meant} (the current date is {self._today.isoformat()})"))
        if self._today is not None and "days" in content:  # "due 2025-02-19, 4 days ago", today 2025-02-25
            for written, then, actual in miscounted_days(content, self._today):
                reasons.append(reason("text_miscounted_days", value=written, arg=then, detail=actual))
        if ("data" in content or "Data" in content) and self._data_shown is not None:  # "**Mobile Data: off**"
            if said := misread_data_switch(content, self._data_shown):
                # "5G with an excellent signal and mobile data enabled", where the status bar showed Data Disabled
                reasons.append(reason("text_contradicts_status", arg="mobile data", detail=f"said {said}, the status "
                                      f"bar shows Data {'Enabled' if self._data_shown else 'Disabled'}"))
        elif "data" in content and "data" not in self._user_words() and (
                misread_data_switch(content, True) or misread_data_switch(content, False)):
            # "your phone currently has mobile data switched off", before any status bar or word of the user's
            reasons.append(reason("text_status_not_visible", arg="mobile data"))
        # (not a field's name the user is to read out: "Tell me 'Data Roaming Enabled'.")
        switch_text = _QUOTED_NAME.sub(" ", content) if "'" in content and "oaming" in content else content
        if "oaming" in switch_text and self._roaming_shown is not None:
            if roaming_said := misread_data_switch(switch_text, self._roaming_shown, ROAMING_SAID):
                reasons.append(reason("text_contradicts_status", arg="data roaming", detail=f"said {roaming_said}, the "
                                      f"status shows Data Roaming Enabled: {'Yes' if self._roaming_shown else 'No'}"))
        elif "oaming" in switch_text and not self._roaming_told() and (
                misread_data_switch(switch_text, True, ROAMING_SAID) or misread_data_switch(switch_text, False, ROAMING_SAID)):
            # "Your phone's own Data Roaming switch is also off", where no check or word of the user's showed it
            reasons.append(reason("text_status_not_visible", arg="data roaming"))
        if self._speed_ratings and "Mbps" in content:  # "22 Mbps, now rated Good", where it showed (Fair)
            for said, shown in misrated_speeds(content, self._speed_ratings):
                reasons.append(reason("text_contradicts_status", arg="the speed test", detail=f"{shown} ({said!r})"))
        if "conomy" in content or "usiness" in content:  # "| Y2WASI | Basic economy |", where it shows economy
            for code, said, shown in cabin_contradicted(content, self._cabin_of):
                reasons.append(reason("text_contradicts_status", arg=code, detail=f"{shown} ({said!r})"))
        if "member" in content and (tiers := self._tiers_shown()):
            for said, shown in tier_contradicted(content, tiers):  # "thanks for being a gold member": regular
                reasons.append(reason("text_contradicts_status", arg="membership", detail=f"{shown} ({said!r})"))
        elif "member" in content:  # "since you're a Silver member", where no profile was read
            for said in unseen_tiers(content, self._user_text()):
                reasons.append(reason("text_not_visible", value=f"{said} member"))
        if ("bills" in content or "paid up" in content or "utstanding" in content) and (
                every := _EVERY_BILL_PAID.search(content) or _NOTHING_OWED.search(content)) is not None \
                and not _CONDITION_BEFORE.search(content, _sentence_bounds(content, every.start())[0], every.start()):
            # "Since both of your bills are now paid, ...", where B1002 still shows Issued (a payment
            # request sent, the user said they would pay later)
            for bill in dict.fromkeys(self.index.values_of("bill_id")):
                if isinstance(shown := self._status_or_requested(bill), str) and shown and is_unpaid(shown) \
                        and not any(r.startswith(f"text gives {bill.upper()} another status") for r in reasons):  # (said by its id)
                    reasons.append(reason("text_contradicts_status", arg=bill.upper(), detail=f"{shown} ({every[0]!r})"))
        if "nsurance" in content:  # "C913YC does not include travel insurance", where it shows "yes"
            for said, shown in insurance_contradicted(content, self._insurance_of):
                reasons.append(reason("text_contradicts_status", arg="insurance", detail=f"{shown} ({said[:60]!r})"))
        for written, shown in misdated(content, self._created_of):  # "booked on May 9": it shows May 7
            reasons.append(reason("text_contradicts_booking_date", value=written, detail=shown))
        if ("due to" in content or "caused by" in content or "because of" in content or "owing to" in content
                or "result of" in content) and ("elay" in content or "ancel" in content):
            # "The delay is due to a late-arriving aircraft ...", "HAT039 was delayed because of severe thunderstorms
            # in Atlanta", where no observation or user gave a cause
            user_said = self._user_text()
            for unseen_cause in unseen_causes(content, lambda w: w in user_said or any(
                    w in low for low in self.index.json_observations)):
                reasons.append(reason("text_not_visible", value=unseen_cause[:60]))
        for said in contact_claims(content, self.visible_specs):  # "I've emailed you the itinerary": no tool does that
            reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        for said in forgiven_claims(content, self.visible_specs):  # "I've waived the $65.00 bill": no tool does that
            reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if ("oth " in content or "ll " in content) and (both := _BOTH_DONE.search(content)) is not None:
            # "Both orders have been cancelled.", where one cancellation went through since the user's "cancel
            # both" (or in all, where the user's last message asked for no several at once)
            stem = "send" if both[2].lower() in ("sent", "on their way") else both[2].lower()[:5]
            asked = request.text.lower() if (request := self._last_user_turn()) is not None else ""
            since = self._writes if "both" in asked or ("all" in asked and _ALL_ASKED.search(asked)) \
                else self._past_writes + self._writes  # (not "That's all, thanks": no several asked at once)
            need = 2 if both[1].lower().startswith("both") else 3
            stems = _SAME_CHANGE if stem in _SAME_CHANGE else (stem,)  # "updated" of a modify_ call
            # (or one write on as many items: "Both items are updated", one call changing two)
            if sum(any(s in call.name for s in stems) for _, _, call in since) < need and not any(
                    any(s in call.name for s in stems) and any(isinstance(v, list) and len(v) >= need
                                                               for v in call.arguments.values())
                    for _, _, call in since) and \
                    not (self._failed_write is not None and claims_done(content)) and \
                    sum(str(self._status_of(i) or "").lower().startswith(stem) for i in set(identifiers_in(content))) < need:
                # (said below: the failed one; nor the state the text's objects show: "Both are cancelled and
                # fully refunded", of two orders looked up cancelled)
                reasons.append(reason("text_claims_unmade_action", detail=both[0][:100]))
        if alone and "$" in content and (self._writes or self._past_writes):
            for said in self._moved_before_arrival(content):  # "$496.95 has been refunded", of a return request
                reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if alone and (("\n" in content and ("changed" in content or "fixed" in content or " did" in content
                                           or " made" in content or " done" in content or "ummary" in content
                                           or "ecap" in content)) or may_claim_change(content)):
            declared = self.cert.tools.domain(self.domain)  # "everything we changed: ... - Wi-Fi Calling → off"
            for said in unmade_recap_lines(content, {*declared.specs, *declared.user_tools, *self.visible_specs},
                                           self._called):
                reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if alone and may_claim_a_check(content):
            # "I've also checked your APN settings", "Your APN settings are correct": check_apn_settings never ran
            declared = self.cert.tools.domain(self.domain)
            tools = {*declared.specs, *declared.user_tools, *self.visible_specs}  # the user's device tools too
            looked: AbstractSet[str] = self.index.observed  # (and the network the user read off the bar: "2G")
            if self._phone.said_network is not None:
                looked = {*looked, self._phone.said_network}
            for said in unchecked_claims(content, tools, self._called, looked):
                reasons.append(reason("text_claims_unmade_action", detail=said[:100]))

        unmade = len(reasons)
        if alone:  # "I've also added a $50 certificate", where no call sent one
            idle = None if self._writes else self._made_verbs  # nothing went through since the user spoke
            for said in unmade_claims(content, self._made_nouns, self._nouns_of_writes, idle):
                if self._handed_off and _TRANSFERRED.search(said):
                    continue  # "I've transferred you to a human agent ...", after the hand-off went through
                reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if alone and len(reasons) == unmade and ("one" in content[:12] or "et" in content[:12]) \
                and (request := self._last_user_turn()) is not None and request.index == self.at - 1 \
                and (said := done_unasked(content, request.text)):
            # "Done - roaming is off on 555-123-2001.", right after "can you turn roaming off on ...": no call since
            reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if "GB" in content and not any(is_data(arg) for w in self._past_writes + self._writes
                                       for arg in w[2].arguments):
            for said in data_added_claims(content):  # "I've also added 2 GB", where only roaming was enabled
                reasons.append(reason("text_claims_unmade_action", detail=said[:100]))
        if self._failed_write is not None and claims_done(content):  # "All set!" right after an error
            tool, error = self._failed_write
            reasons.append(reason("text_claims_failed_write", tool=tool, detail=error[:80]))
        elif self._noop_write is not None and claims_own_action(content) and claims_done(content):
            tool, result = self._noop_write  # "I've turned on roaming", where it was already on
            reasons.append(reason("text_claims_failed_write", tool=tool, detail=result[:80]))
        if self._writes:
            self._done_reasons(content, toks, reasons)
            if len({w[2].name for w in self._writes}) > 1 and claims_done(content):
                # "roaming is disabled on L1121 and L1122 is suspended": each action on the other's line
                writes: dict[str, set[str]] = {}
                for _, _, made in self._writes:
                    writes.setdefault(made.name, set()).update(compact(v) for v in made.arguments.values()
                                                               if isinstance(v, str))
                for tool, said in swapped_objects(content, writes):
                    reasons.append(reason("text_claims_other_object", tool=tool, value=said))
        if self._writes and isinstance(stored := self._writes[-1][2].arguments.get("zip"), str) and len(
                zips := _STATE_ZIP.findall(content)) == 1 and zips[0] != stored and claims_done(content):
            # "Your default address is now ..., San Antonio, TX 78209", where the write stored 78290
            reasons.append(reason("text_misaddressed", arg=self._last_written_id() or "the address", value=zips[0],
                                  detail=stored))
        if self._writes and "omplete" in content and (said_done := completion_said(content)) and (
                request_of := self._last_written_id()) is not None and isinstance(
                requested := self._status_of(request_of), str) and requested.lower() in REQUESTED:
            # "All set — the exchange is complete", where the write's result shows "exchange requested"
            reasons.append(reason("text_contradicts_status", arg="the request", detail=f"{requested} ({said_done[0]!r})"))
        if self._writes and "your line" in content.lower() and (wrong := self._not_callers_line(content)):
            # "Roaming has been enabled on your line", where the write went to L1001 and the caller's is L1002
            reasons.append(reason("text_claims_other_object", tool=wrong[0], value=f"your line ({wrong[1]})"))
        if self._writes and ("new " in content or "New " in content):  # "New reservation HATHAT", it was HATHAU
            for tool, said in self._misnamed_new(content):
                reasons.append(reason("text_claims_other_object", tool=tool, value=said))
        if self._writes and "$" in content and self.info(self._writes[-1][2].name).meta.access != "handoff":
            self._report_reasons(content, reasons)  # (a transfer moves no money: "the $50 charge" it is about)
        elif self._past_writes and "balance" in content and "$" in content and (now := self._balances_since_write()):
            # "it now shows a balance of $2,799", where the profile looked up since the writes shows $12
            taken_back = _taken_back_amounts(content)  # "shows a balance of $12, not $2,799"
            for written, cents in present_balances_said(content):
                if abs(cents) not in now and written.lstrip("$") not in taken_back:
                    reasons.append(reason("text_misstated_balance", value=written,
                                          detail="a lookup since the writes shows " + ", ".join(
                                              f"${c / 100:,.2f}" for c in sorted(now))))
        elif self._past_writes and "$" in content and ("now h" in content or "balance" in content) \
                and (balances := balances_said(content)) \
                and (since := self._writes_since_balances(every=True)) \
                and (stored := method_balances(self.index.json_observations)):
            # asked after the write: "How much is on my gift card now?" "... so it now has $328" (152 + 186 is 338),
            # or "... has a balance of $5.00", the balance from before the refund;
            # not counting a request's refund, which moves once the items arrive ("now holds $221.15 ($89.00 + $132.15)")
            moved = [self._moved_by(w) for w in since if not _REQUESTED_RESULT.search(w[0])]
            after = balances_after(stored | self._said_balances, totals(moved), content)
            if (moved_on := self._method_moved(content, since)) is not None:
                # "Your gift card gift_card_5354170 has a balance of $5.00", where each write since moved money
                # on that card: not the balance shown before them
                after = balances_after(moved_on[1], totals(moved), content) - moved_on[1]
                if net := self._card_net(since, moved_on[0]):
                    # each write's rows on that card give its whole move: "now has $120.67" left out the
                    # $261.11 a payment switch before the $25.67 refund gave back
                    after = {b + net for b in moved_on[1]}
            self._balance_reasons(balances, after, stored, reasons)
        if self._writes and (nothing := no_charge_claims(_before_next_step(content))) and any(moved_now := self._charged()) \
                and not any("refund" in result for result, _, _ in self._writes):
            # "HATHAT now has 6 checked bags, with no charge", where its result shows a $50 payment (not a
            # refund: a cancellation "at no cost to you" gives money back); not a line about another
            # write, which moved none ("$186 refunded ... - 2 checked bags added at no charge")
            free = [w[2].name.rsplit("_", 1)[-1][:3] for w, m in zip(self._writes, self._moved, strict=False) if not m]
            reasons += [reason("text_misstated_charge", value=said[:80],
                               detail=", ".join(f"${cents / 100:.2f}" for cents in sorted(moved_now)))
                        for said in nothing if not any(re.search(rf"\b{re.escape(o)}", said, re.I) for o in free)]
        # "refunded to your PayPal", where it went to a gift card; "charged to your Visa ending in
        # 5735", where the write used the one ending 8939
        if self._writes and ((refund := GATE.search(content) is not None) or "ending" in content or "harg" in content
                             or " on your " in content or "_" in content):
            self._payment_reasons(content, refund, reasons)
        if "ending" in content and "$" in content and self.index.json_has('"payment_history"') \
                and not any(reason_kind(r) in _METHOD_SAID_KINDS for r in reasons):
            # "the $47 refund is going to your Mastercard ending 6185", where the history refunds $47 to the Visa
            # (not where a report's check named the method for what the writes moved)
            reasons += [reason("text_misplaced_amount", value=written, arg=four, detail=methods)
                        for written, four, methods in misplaced_amounts(
                            content, self._book(PaymentRows).methods, self._book(CardsById).last_four)]
        elif "$" in content and (" with your " in content or " on your " in content) and self.index.json_has('"payment_history"') \
                and not any(reason_kind(r) in _METHOD_SAID_KINDS for r in reasons):
            # "It was booked on 2024-05-03 and paid $338 with your Visa card", the history paying $338 with a Mastercard
            reasons += [reason("text_misplaced_brand_amount", value=written, arg=brand, detail=methods)
                        for written, brand, methods in misbranded_amounts(content, self._book(PaymentRows).methods, self._brand)]
        if self._writes and ("eturn" in content or "efund" in content):
            # "the Bluetooth Speaker from #W7156413 will be refunded", where the return call sent the Sneakers
            returns = self._returns_made()
            reasons += [reason("text_claims_other_object", tool="return_delivered_order_items", value=name)
                        for name in (unreturned_items(content, returns) if returns else [])]
        if "$" in content and ("gift" in content or "ertificate" in content) and self.index.json_has('"payment_history"') \
                and not any(reason_kind(r) in _METHOD_SAID_KINDS for r in reasons):
            # "$100 was charged to gift card 8541816 and $61 to gift card 8371729", the history the other way round
            reasons += [reason("text_misplaced_method_amount", value=written, arg=method, detail=methods)
                        for written, method, methods in misplaced_by_id(content, self._book(PaymentRows).methods)]
        if "$" in content and ("ore" in content or "ess" in content or "heap" in content or "ifference" in content
                               or "igher" in content or "ower" in content or "xtra" in content) and self.index.json_has(
                '"price_per_month"'):
            # "Unlimited Plus would be $25.00 more per month", the plans shown at $65.00 and $85.00
            for written, prices in misstated_plan_differences(content, self._book(PlanRates).monthly):
                reasons.append(reason("text_miscalculated", value=written, detail=f"the plans' monthly prices: {prices}"))
        if "GB" in content and ("$" in content or "USD" in content or "dollar" in content) and self.index.json_has(
                '"data_refueling_price_per_gb"'):
            rates = self._book(PlanRates).rates
            # "Unlimited Plus (P1003): ... extra data $1.00/GB", where P1003 shows $0.10 per GB
            for written, plan, rate in misstated_plan_rates(content, rates):
                reasons.append(reason("text_misattributed", value=f"{written} per GB", arg=plan,
                                      detail=f"${rate / 100:.2f} per GB"))
            priced: str | None = None
            # the line the text is about, found once: its keys where its plan is shown (``_line_in_focus``)
            focus = self._line_keys(focused) if (focused := self._focus_line(content)) is not None else None
            if focused is not None and focus is None:
                # "On her plan it's $2.00 per GB", of L1001, whose record (and so its plan) was never read:
                # the rate of another plan shown
                for written, _ in misattributed_rates(content, ({compact(focused)}, ""), rates):
                    reasons.append(reason("text_not_visible", value=f"{written} per GB"))
            if focus:
                # "Extra data is $0.10 per GB": the rate of another line's plan, not this line's
                for written, other in misattributed_rates(content, focus[1:], rates):
                    reasons.append(reason("text_misowned", value=f"{written} per GB", arg=focus[0], detail=other))
                priced = focus[2]
                if ("added" in content or ("refuel" in content and not any(map(self._line_of, identifiers_in(content))))) \
                        and (refuelled := self._refuelled_line()) is not None and refuelled[2] != priced:
                    # "- 2.0 GB refuel added ($4.00 ...)" of the line refuelled, beside "L1003 left suspended";
                    # "the 2 GB refuel ($4.00) will be on your next bill", naming no line, after a look at another
                    priced = refuelled[2]
            if priced not in rates and len(sole_plans := plans_named(content, rates)) == 1:
                # no line in focus with a plan shown: the one plan the text names ("Your line is on the Premium
                # Plan (P1002) ... 1 GB would be $2.00 and 3 GB $5.00")
                priced = next(iter(sole_plans))
            if priced is not None and priced in rates:  # "$6.00 (2 GB refuel)" at the line's $2.00 per GB
                # (or at another plan's rate the text itself gives: "| Premium | $2.00/GB | ... so 2 GB would
                # cost $4.00 on yours and $10.00 on the 2001 line")
                said_rates = rates_said(content) & {r for _, r in rates.values()}
                for written, data, due in mispriced_refuels(content, rates[priced][1], said_rates):
                    reasons.append(reason("text_miscalculated", value=written,
                                          detail=f"{data} at ${rates[priced][1] / 100:.2f} per GB is ${due / 100:.2f}"))
        if "month" in content and "$" in content:  # "At $45.00 a month, four more months would come to $160.00"
            for written, terms, due in months_miscounted(content):
                reasons.append(reason("text_miscalculated", value=written, detail=f"{terms} is ${due / 100:.2f}"))
        if "GB" in content and " at $" in content:  # "3 GB at $5.00/GB would be $10.00": its own terms make $15.00
            for written, terms, due in data_at_rate_miscounted(content):
                reasons.append(reason("text_miscalculated", value=written, detail=f"{terms} is ${due / 100:.2f}"))
        if ("GB" in content or "MB" in content) and MEASURE.search(content):  # substrings first
            # "| L1007 | 12.8 GB |", where L1007 shows 9.5 and 12.8 is L1005's
            for written, ident, field, shown in misassigned_measures(content, self._book(MeasureBook)):
                reasons.append(reason("text_mismeasured", value=written, arg=ident,
                                      detail=f"{field}, where its own is {shown}"))
        if "GB" in content and "efuel" in content and (refuel_results := [
                (w[0], gb_added) for w in self._past_writes + self._writes
                if w[2].name == "refuel_data" and isinstance(gb_added := w[2].arguments.get("gb_amount"), (int, float))]) \
                and (refuel_line := self._refuelled_line_id()) and {
                    named for t in identifiers_in(content) if (named := self._line_of(t))} <= {refuel_line}:
            # "You now have 15.0 GB from your plan plus 0.0 GB of refuel data", the refuel's result showing 2.0
            for written, shown in stale_refuel_amounts(content, refuel_results):
                reasons.append(reason("text_stale_value", value=written, arg="refuel data", detail=shown))
        if "address1" in self.index.compacts:  # a set lookup first
            # "#W3189752 keeps going to 604 Pine Lane", where its newest record shows 1420 Camelback Rd
            reporting = bool(self._writes) and claims_done(content)
            if reporting and (streets := {a for _, _, call in self._writes if isinstance(a := call.arguments.get("address1"), str)}):
                # "All set - your address is now 1200 The Alameda", the call having set "1200 Alameda"
                for said, shown in misreported_streets(content, streets):
                    reasons.append(reason("text_misaddressed", arg="the address written", value=said, detail=shown))
            for ident, said, shown in misaddressed(content, self._book(AddressBook), reporting,
                                                   lambda i: self._listed_as_owned(compact(i))):
                if shown:
                    reasons.append(reason("text_misaddressed", arg=ident, value=said, detail=shown))
                else:  # "Order #W8520591 was shipped to 870 Oak Street": the profile's, never its own record
                    reasons.append(reason("text_unshown_field", arg=ident, value=said, detail="address"))
        if ("tracking" in content or "its " in content or "Its " in content) and not toks.isdisjoint(
                objects_read := self._objects_read) and (values := _ids_shown(toks & self.index.compacts - objects_read)):
            # (plain substrings and set tests first: a text that gives an object its number, naming an
            # object read and another visible identifier)
            # "Your order #W7751333 ... Its tracking number is 413744175715", which #W4404390 shows
            for said, given, held in misowned(content, objects_read, values, self.index.json_observations, self._holder_of):
                reasons.append(reason("text_misowned", value=said, arg=given, detail=held))
        if "$" in content and "#" in content and self.index.json_has('"items"'):
            # "The earbuds in #W7619352 are ... black ... — $267.90", an item of #W3388163
            for written, order, holder in prices_of_other_orders(content, self.index.json_observations):
                reasons.append(reason("text_misowned", value=written, arg=f"#{order.upper()}",
                                      detail=f"#{holder.upper()}"))
        if "$" in content and "ancel" in content and "efund" in content and self.index.json_has('"reservation_id"'):
            # "The refund of $139 would go back to your gift card", the fares of a reservation that paid $169
            for written, held, paid_cents in fares_as_cancel_refund(content, self._book(ReservationRecords)):
                reasons.append(reason("text_misattributed", value=written, arg=f"cancelling {held.upper()}",
                                      detail=f"${paid_cents / 100:,.2f} (what its payment history shows paid)"))
        if "$" in content and "total" in content and self.index.json_has('"order_id"') \
                and (totals_said := order_totals_said(content)):
            # "Your order total is $909.70", the items' sum before the camera change (now $925.81)
            for written, order, summed in stale_order_totals(content, totals_said, self._book(OrderSums)):
                reasons.append(reason("text_stale_value", value=written, arg=f"#{order.upper()}'s total",
                                      detail=f"${summed / 100:,.2f}"))
        if "efund" in content and self.index.json_has('"payment_history"') and (
                paid_of := self._cancel_refund_orders(content)):
            # "Both refunds go to your Mastercard ending 6380", where one of the orders was paid by gift card
            for said, order, paid_by in misdirected_cancel_refunds(content, paid_of):
                reasons.append(reason("text_misdirected_cancel_refund", arg=order, value=said, detail=paid_by))
        if self._pending_rule and "I " in content and "W" in content:
            # "Order #W3386455 ... I can cancel it for you", where it shows processed
            flagged: set[str] = set()
            for offer, orders in changes_offered(content):
                for order in sorted(orders - flagged):
                    if isinstance(status := self._status_of(order if order.startswith("#") else f"#{order}"), str) \
                            and status and status != "pending":
                        flagged.add(order)
                        reasons.append(reason("text_contradicts_policy", arg=order, value=offer, detail=self._pending_rule))
        if self._return_rule and "efund" in content and self.index.json_has('"payment_history"'):
            # "I can return the puzzle and refund the $45.90 to your PayPal account", paid with a gift card
            for said, order in misdirected_refunds(content, *self._delivered_order(content), self._user_text()):
                reasons.append(reason("text_contradicts_policy", arg=f"the refund of {order}", value=said,
                                      detail=self._return_rule))
        if self._return_rule and ("card_" in content or "paypal_" in content) and self.index.json_has('"payment_history"') \
                and (returned_order := self._delivered_order(content)[0]):
            # "I can send the $483.66 to your Visa ending in 6169 (credit_card_5788451) instead", paid by another card
            paying_ids = paid_ids(next(iter(self._histories(f"#{returned_order}").values()), None))
            for said, _ in misdirected_refund_ids(content, returned_order, paying_ids, self._user_text()):
                reasons.append(reason("text_contradicts_policy", arg=f"the refund of {returned_order}", value=said,
                                      detail=self._return_rule))
        if "\n" in content and "$" in content and (user := self._last_user_turn_text()) and (
                "rest" in user or "remain" in user) and (split_total := self._total_said_before()) is not None:
            # "- gift_card_7144561: $209.00 / ... / - Mastercard ending 4526: $214.00", of a $478.00 total
            for written, terms in misdivided(content, split_total):
                reasons.append(reason("text_miscalculated", value=written, detail=terms))
        if self._difference_rule and "ertificate" in content:
            # "you can apply certificate 8482931 ($250)" to an upgrade's fare difference
            before = next((t.text for t in reversed(self.turns) if t.role == "assistant"), "")
            for sentence in certificate_for_change(content, before):
                reasons.append(reason("text_contradicts_policy", arg="certificate", value=sentence[:80],
                                      detail=self._difference_rule))
        if self._bag_certificate and "ertificate" in content and ("bag" in content or "aggage" in content):
            # "your $150 certificate (certificate_7473723) can be used for bag fees", which the bag tool rules out
            for sentence in certificate_for_bags(content):
                reasons.append(reason("text_contradicts_policy", arg="certificate", value=sentence[:80],
                                      detail=self._bag_certificate))
        if self._refuel_rule and "bill" in content and (refuels := [w[0] for w in self._past_writes + self._writes
                                                                    if "refuel" in w[2].name]):
            # "The $2.00 will show up on your current February bill (B1002)", where the refuel goes on the next one
            charges = {abs(c) for result in refuels for _, c in dollar_amounts(result)}
            for sentence in refuel_billed_elsewhere(content, self._status_of, self._bill_of_month, charges):
                reasons.append(reason("text_contradicts_policy", arg="the refuel's bill", value=sentence[:80],
                                      detail=self._refuel_rule))
        if self._refuel_rule and "charged" in content:  # "refuels are charged immediately to the Credit Card ending in 1235"
            for sentence in refuel_charged_now(content):
                reasons.append(reason("text_contradicts_policy", arg="the refuel's bill", value=sentence[:80],
                                      detail=self._refuel_rule))
        if self._one_certificate and "ertificate" in content and ("ombin" in content or "both" in content):
            # "you can combine the new $100 certificate with your $250 one", where one may pay a booking
            for sentence in certificates_joined(content):
                reasons.append(reason("text_contradicts_policy", arg="certificates", value=sentence[:80],
                                      detail=self._one_certificate))
        if "ocked" in content and ("PIN" in content or "PUK" in content):
            # "your SIM (which had been PIN-locked)", where the phone said "No SIM card detected"; "PUK-locked",
            # where it said "locked with a PIN code"
            for lock in _SIM_LOCK_SAID.finditer(content):
                lock_kind = (lock[1] or lock[2]).lower()
                start = max(content.rfind(". ", 0, lock.start()), content.rfind("\n", 0, lock.start())) + 1
                if lock_kind not in self.index.words and not _IF_SAID.search(content, start, lock.start()) \
                        and content[lock.start() - 1:lock.start()] != "/":  # "a PIN/PUK-locked SIM": either kind
                    reasons.append(reason("text_not_visible", value=lock[0]))
        if "card" in content and (said_card := _YOUR_CARD.search(content)) and self._no_card_shown() \
                and not ("on file" not in said_card[0] and _MY_CARD.search(self._user_text())):
            # "charge the remaining $5 to your card on file", where the profile shows only a certificate
            # (not the card the user spoke of, said not to be on file: "I want to add my card", "... help
            # with adding your card"; "charge it to your card on file" after "put it on my card" still claims one)
            reasons.append(reason("text_not_visible", value=said_card[0]))
        if "ending" in content and "brand" in self.index.compacts:  # substrings and a set lookup first
            for four, said, shown in misbranded_cards(content, self._brands_of):  # "Visa ending 4336": a Mastercard
                reasons.append(reason("text_misbranded_card", value=four, arg=said, detail=shown))
            for four, real in ids_read_as_last_four(content, self._last_four_by_id):  # "Mastercard ending 6913"
                reasons.append(reason("text_card_id_as_last_four", value=four, detail=real))
        elif "ending" in content and self.index.json_has('"method_type"'):
            # "your Visa ending in 1235", where the payment methods shown ("method_type": "Credit Card") give no brand
            reasons += [reason("text_not_visible", value=f"{said} ending {four}") for said, four in brands_named(content)
                        if not self.index.has_string(said.lower()) and said.lower() not in self._user_text()]
        if may_name_month_day(content):  # "contract runs until January 10", its last plan change
            for written, label, shown in misdated_fields(content, self._book(DatedFields)):
                # "HAT112 ... 2024-05-22", found by a search for that day; "12:00 AM (May 29)", the day it lands
                if not self._searched_on(label, written) and not self._lands_after_search(label, written) and not any(
                        said.means(day) for said in date_mentions(written) for day in self._book(ArrivalDays).days.get(label, ())) \
                        and not any(self._window_end(said, content) for said in date_mentions(written)):
                    reasons.append(reason("text_misdated", arg=label, value=written, detail=shown))
            if ("rr" in content or "land" in content) and (overnight := self._book(ArrivalDays).overnight):
                # "HAT157, CLT 23:00 → EWR 01:00, arriving May 19", the day it leaves: it lands at "01:00:00+1"
                for flight, written in said_arrival_days(content, overnight):
                    if self._searched_on(flight, written) or any(
                            said.means(day) for said in date_mentions(written)
                            for day in self._book(DatedFields).dates_of.get(flight, ())):
                        reasons.append(reason("text_misdated", arg=f"{flight.upper()}'s arrival", value=written,
                                              detail="the day after it leaves (it lands at a time shown '+1')"))
            if "dob" in self.index.compacts or "dateofbirth" in self.index.compacts:  # a set lookup first
                # "Aarav Nguyen, born December 3, 1997": another passenger's date of birth
                for person, written, shown in misborn(content, self._book(BirthDates), bool(self._writes)):
                    reasons.append(reason("text_misdated", arg=f"{person}'s date of birth", value=written,
                                          detail=shown))
        return reasons, privileged

    def _worked_from_visible(self, token: str) -> bool:
        """A sum or product written as one token, "117+161=278", "2x30": each term a visible amount
        (a product may also take a small count: 2 passengers). Whether it adds up is the equation
        check's (``miscalculated``)."""
        if _EXPRESSION.fullmatch(token) is None or not any(c in token for c in "+*x×="):
            return False  # (a date or a phone number is no sum: "2024-05-22", "555-123-2002")
        terms = token.split("=")[0]
        product = any(c in terms for c in "*x×")
        return all((cents := cents_of(term)) in self.index.amounts or (product and cents <= 1000)
                   for term in _TERM.findall(terms))

    def _searched_on(self, ident: str, written: str) -> bool:
        """Whether a search for the day a text writes ("2024-05-22", "May 22") answered with the object
        ``ident`` (a flight): its results carry no date, the day is the search's."""
        said = date_mentions(written)
        shown = self.index.json_observations
        return any((day == written or (said and said[0].means(day))) and f'"{ident}"' in shown[n]
                   for n, day in self._obs_days.items())

    def _lands_after_search(self, ident: str, written: str) -> bool:
        """Whether the day a text writes is the day after a search that answered with the flight
        ``ident``, shown landing the next day: "leaves at 20:00 on May 23 and lands at 01:30 on May 24"."""
        if ident not in self._book(ArrivalDays).overnight or not (said := date_mentions(written)):
            return False
        shown = self.index.json_observations
        return any(f'"{ident}"' in shown[n] and (after := _day_after(day)) and said[0].means(after)
                   for n, day in self._obs_days.items())

    def _brand(self, method: str) -> Any:
        """The brand the observations show for this payment method's card, or None."""
        return self.index.field_of(method, "brand")

    def _last_four_by_id(self, four: str) -> str | None:
        """The last four digits of the card whose identifier ends in these digits, where no card shows
        them as its last four (an id's ending read as the card's)."""
        return None if self._brands_of(four) else self._book(CardsById).ending_in(four)

    def _brands_of(self, four: str) -> set[str]:
        """The brands of the cards the observations show with these last four digits."""
        return {b for obj in self.index.objects_with(four, '"brand"')
                if obj.get("last_four") == four and isinstance(b := obj.get("brand"), str)}

    def _book(self, kind: type[_Book]) -> _Book:
        """This interaction's book of ``kind``, made on first need and read up to the newest observation."""
        book = self._books.get(kind)
        if book is None:
            book = self._books[kind] = kind()
        book.update(self.index.json_observations)
        return cast(_Book, book)

    def _payment_reasons(self, content: str, refund: bool, reasons: list[str]) -> None:
        """Append where a report names another kind of payment method for a refund (``refund``: the
        text may say one) than the writes since the user spoke refunded, a method by an identifier
        none of them used, or a card by last four digits that none of them used."""
        refunded: set[str] = set()
        used: set[str] = set()
        for result, _, call in self._writes:
            to, of = write_payments(result, call.arguments)
            refunded |= to
            used |= of
        named = _METHOD_BY_NUMBER.sub(_method_id_of, content) if "ift card " in content or "ertificate " in content \
            else content  # ("$408 refunded to gift card 2496311": gift_card_2496311)
        if "_" in named:  # (before sentences of other objects are dropped: the method is one)
            # "$9 was charged to gift_card_4816380", where the update charged gift_card_7386173; not a
            # method a write made ("Certificate certificate_3221322 added to user ...": "... for $200 is on your account")
            made = {m for result, _, _ in self._writes if result[:1] not in "{[" for m in METHOD_ID.findall(result)}
            if self._past_writes and (used or refunded or made):
                # a recap's row of an earlier write: "| 2FBBAH | $3,925 | Gift card 3481935 |"
                said_ids = {compact(i) for i in identifiers_in(content)}
                for result, _, call in self._past_writes:
                    if any(compact(i) in said_ids for i in self._changed_ids(call)):
                        made.update(*write_payments(result, call.arguments))
            for said in misnamed_method_ids(named, used | refunded | made):
                reasons.append(reason("text_misstated_charge_method", value=said, detail=", ".join(sorted(used | refunded))))
        content = reported_part(content)  # not what the next action would do
        written = {compact(i) for _, _, call in self._writes for i in self._changed_ids(call)}
        if written and any(c in content for c in "#0123456789"):
            # (what the call sends names its objects too: the flights of a rebooking, "HAT191 + HAT262")
            written |= {compact(v) for _, _, call in self._writes for v in str_leaves(call.arguments)}
            # "The $900.44 for #W9232383 goes back to your Mastercard": a sentence of another object's
            shapes = {id_shape(k) for k in written}
            content = " ".join(s for s in SENTENCE_OR_LINE.split(content) if all(
                k in written or id_shape(k) not in shapes for k in map(compact, identifiers_in(s))))
        if refund:
            for said in misnamed_refund_methods(content, refunded, self._brand):
                reasons.append(reason("text_misstated_refund_method", value=said, detail=", ".join(sorted(refunded))))
        if ("harg" in content or " on your " in content) and (touched := used | refunded):
            # "charged to your Mastercard", "$1,786 on your Mastercard", where it used a gift card or a Visa
            for said in misnamed_charge_methods(content, touched, self._brand):
                reasons.append(reason("text_misstated_charge_method", value=said, detail=", ".join(sorted(touched))))
        elif "harg" in content and any('"charge"' in result for result, _, _ in self._writes):
            # "$4.00 was charged to your credit card ending 1235", after a refuel: its charge, named by
            # no payment method, goes on the account's bill
            for said in charged_methods(content):
                reasons.append(reason("text_misstated_charge_method", value=said, detail="the account's bill"))
        if "ending" in content:
            if self._past_writes and _OVERALL.search(content):
                # "Across all five reservations ...: $12,012 back to Visa ending 7803": the earlier turns'
                # writes are reported too
                for result, _, call in self._past_writes:
                    to, of = write_payments(result, call.arguments)
                    refunded, used = refunded | to, used | of
            fours = {four for m in used if (four := self._method_ending(m))}
            back = {four for m in refunded if (four := self._method_ending(m))}
            for said in misnamed_cards(content, fours, back):
                reasons.append(reason("text_misnamed_card", value=said, detail=", ".join(sorted(used))))

    def _method_ending(self, method: str) -> str:
        """The four digits a text may name a payment method by: a card's last four, or, for a method
        that shows none (a gift card), the end of its identifier ("gift card ending 2382"); else ""."""
        if (four := self.index.field_of(method, "last_four")) is not None:
            return str(four)
        return method[-4:] if method[-4:].isdigit() and self.index.field_of(method, "source") == "gift_card" else ""

    def _done_reasons(self, content: str, toks: set[str], reasons: list[str]) -> None:
        """Append why a report of the last write as done is not grounded: it names another object of
        the write's kind ("line 555-123-2005 is now suspended", L1006 was), or another amount of data
        added ("1 GB has been added", 2 GB were). Only a report that names something besides the
        write's arguments, or follows a write of data, is read for a claim (most name neither)."""
        call = self._writes[-1][2]
        raw = self.call_key(call)[1].lower()  # its canonical arguments, kept for the novelty check
        # Something the text names besides the write's own arguments (most reports name only its object).
        besides = False
        for k in filterfalse(str.isalpha, toks):  # words passed over at C level; an identifier's key:
            # letters and digits, or a long run of digits (not a date)
            if (len(k) >= 4 and k.isalnum() and (not k.isdigit() or len(k) >= 7)
                    and not (len(k) == 8 and k[:2] in ("19", "20")) and k.encode() not in raw):
                besides = True
                break
        data = [(arg, value) for arg, value in call.arguments.items() if is_data(arg)] \
            if b"gb" in raw or b"data" in raw else []
        if not data and "$" in content:  # money the write gives: a certificate's amount
            roles = self.info(call.name).meta.arg_roles
            data = [(arg, value) for arg, value in call.arguments.items() if roles.get(arg) == "amount"]
        enums = self.info(call.name).enum_options()
        choices = tuple((arg, value, enums[arg]) for arg, value in call.arguments.items()
                        if arg in enums and isinstance(value, str)) if enums else ()
        if choices and not besides and not data and not may_name_other_choice(content, choices):
            return  # plain substrings first: most reports name no other option of the write's
        if not (data or besides or choices) or not claims_done(content):
            return
        for arg, chosen, option in other_choices(_part_of(content, call), choices):  # "booked in economy": it was business
            reasons.append(reason("text_claims_other_choice", tool=call.name, arg=arg, value=chosen, detail=option))
        # Of the writes since the user spoke, the text may report any (two lines enabled in one message).
        if besides and (other := self._other_named(content, call)) and not any(
                w[2].name == call.name and not self._other_named(content, w[2]) for w in self._writes[:-1]):
            reasons.append(reason("text_claims_other_object", tool=call.name, value=other))
        if not data:
            return
        gb = is_data(data[0][0])
        # (not what all the refuels come to: "2.0 GB refueled in total", after two of 1 GB)
        said = {c for sentence in SENTENCE.split(content) if _ADDED.search(sentence) and not _ALL_TOLD.search(sentence)
                for c in stated_amounts(sentence, data=True)} if gb else given_amounts(content)
        # (nor only the line's data its result shows now: "your line now shows 2.0 GB of refuel data")
        shown_now = {to_cents(float(m)) for m in _RESULT_GB.findall(self._writes[-1][0])} if gb and said else set()
        for arg, value in data:
            if said and to_cents(value) not in said and not said <= shown_now:
                shown = (f"{c / 100:g} GB" if gb else f"${c / 100:,.2f}" for c in sorted(said))
                reasons.append(reason("text_claims_other_amount", tool=call.name, arg=arg, value=value,
                                      detail=", ".join(shown)))

    def _other_named(self, content: str, call: ToolCall) -> str:
        """The identifier or phone number of another object of its kind that a text names, where it
        names none of the call's own: "Line 555-123-2005 is now suspended" after suspending L1006
        (555-123-2006); else ""."""
        anchors = call_anchors(call.name, call.arguments, self.info(call.name).meta.arg_roles, self.index,
                               self.tool_args)
        said = Turn(-1, "assistant", content)
        # Named by an identifier, or by its name where no other object of its kind is named by one
        # ("The USB hub in your printer order #W4285041 is now ...", the write on #W5663516)
        if not anchors.ids or not anchors.ids.isdisjoint(said.compacts):
            return ""
        if anchors.mentioned_in(said.words, said.compacts) and not any(
                anchors.rival_id(t) for t in chunks(content) if looks_like_identifier(t) and t.startswith("#")):
            return ""
        # In a sentence that says the action or the tool's own words ("Roaming is now off on line ..."):
        # "January's bill B4011 is now Paid. I've also sent a payment request for February's $70.00"
        # names B4011 in a status of its own, not as the request's.
        # A clause that says the other object keeps its state is no report on it: "roaming is off on
        # both watches, and your phone 555-667-6853 still has roaming".
        return next((t for sentence in SENTENCE.split(content) for part in JOINED_CLAUSE.split(sentence)
                     if not _KEPT.search(part) and (
                         says((line := Turn(-1, "assistant", part)).wordline, anchors.stems)
                         or not line.words.isdisjoint(anchors.own)
                         or _IS_NOW.search(part) and anchors.mentioned_in(line.words, line.compacts)
                         or _NOW_ON.search(part))
                     for t in chunks(part) if looks_like_identifier(t) and not ISO_DAY.fullmatch(t)
                     and (anchors.rival_id(t) or anchors.rival_phone(t)  # not "since 2025-02-25"
                          or any(anchors.kin_of(t, key) for key in anchors.ids))), "")  # "now on HAT081"

    def _report_reasons(self, content: str, reasons: list[str]) -> None:
        """Append why a report of money after a write is not grounded: an amount moved the other way
        than the conversation gave it, a balance the write cannot leave, an amount it did not move.
        Read up to where the text turns to another object of the write's kind (the next order's
        cancellation and its refund): what follows is no report of this write."""
        content = self._about_last_write(content)
        if "?" in content and "\n" in content and not content.split("\n", 1)[0].rstrip().endswith("?"):
            # a paragraph that offers the next action ("Now for the bags: ... 1 costs $50, charged to the
            # Mastercard ending 9525. Shall I update it?") reports nothing of the write before it
            content = "\n".join(p for p in content.split("\n") if not p.rstrip().endswith("?"))
            # and a block that opens the next step, up to that question: "Step 2 — item change on
            # #W2806889:\n- ...\n- Net **$26.93 charged to PayPal**"
            if (lead := _NEXT_STEP.search(content)) is not None and lead.start() > 0:
                content = content[:lead.start()]
        elif "\n" not in content:
            # one paragraph, the next step's offer after the report: "The upgrade is done. Now the bags: ...
            # so I'd list gift_card_8190333 with $0 charged. Shall I add them?"
            content = _before_next_step(content)
        said = [t for t in self.turns[-6:] if t.role == "assistant"]
        earlier = [t.text for t in said]
        reversed_ = reversed_ways(content, earlier)
        if reversed_ and any(t.index in self._reported for t in said):  # (rare: read the writes only then)
            reversed_ = reversed_ways(content, earlier, [totals([self._moved_by(w) for w in self._reported[t.index]])
                                                         if t.index in self._reported else set() for t in said])
        for written, was in reversed_:  # "a refund of $2.93", then "$2.93 charged"
            reasons.append(reason("text_reversed_charge", value=written, detail=was))
        balances, money = balances_said(content), reports_money(content)
        if not balances and not money:
            return
        charged = self._charged()
        if balances and charged and (shown := method_balances(self.index.json_observations)):
            # as a lookup since the last write shows them, else as the writes leave the ones shown before,
            # or the ones earlier reports stated ("whose balance is now $3,277.98", then a return's refund);
            # of the writes that may change where balances are kept (an airline cancellation does not)
            balances_since = self._balances_since_write()  # (a lookup since the last write: what it shows counts)
            after = balances_since or balances_after(shown | self._said_balances, self._kept(), content)
            if not balances_since and (moved_on := self._method_moved(content, self._writes)) is not None:
                # "Done! ... Your gift card balance is $4,979.15", the balance shown before a write that moved
                # money on that card (a $2.46 refund): not what it is now
                # (or after the balance an earlier report stated: "... so your balance is now $827.77")
                base = moved_on[1] | self._said_balances
                after = balances_after(base, self._kept(), content) - base
            if not balances_since and any(abs(c) not in after for _, c in balances) and len(
                    rows := [m for w, m in zip(self._writes, self._moved, strict=False) if m and self._moves_balances(w[2])]) > 1:
                # one write charged the card and another refunded to it: "$759.82 charged to the gift card",
                # then "the $10.02 difference is refunded to the gift card", so it moved by their net
                after |= balances_after(moved_on[1] if moved_on is not None else shown | self._said_balances,
                                        crossed_nets(rows), content)
            if not balances_since and moved_on is not None and self._past_writes \
                    and not any(_REQUESTED_RESULT.search(w[0]) for w in self._writes) \
                    and (on_card := self._method_moved(content, every := self._writes_since_balances(every=True)
                                                       + self._writes)) is not None \
                    and (net := self._card_net(every, on_card[0])):
                # each write since the balance was shown moved that card by its rows: "$1708.42 is back on
                # your gift card, so your balance is now $1798.42" left out an earlier $19.40 charge to it
                # (not beside a request, whose refund a balance it "will be" may count)
                after = {b + net for b in on_card[1]}
            now = after  # what a balance said to be so now may be
            present: set[str] = set()
            if any(_REQUESTED_RESULT.search(w[0]) for w in self._writes) and not balances_since:
                # "The return is submitted. Your gift card balance is now $56.98": a request's refund moves once
                # the items arrive (a balance it "will be" may count it)
                present = {w for w, _ in present_balances_said(content)}
                now = balances_after(shown | self._said_balances, self._kept(requests=False), content)
            self._balance_reasons(balances, after, shown, reasons, now, present)
        as_balance = {w for w, _ in balances}  # "now charged to your Visa, and your gift card balance is back up to $688.34"
        if charged and money:
            wrong = [w for w in misstated(content, charged) if w not in as_balance]
            if wrong and (some := subset_totals(self._moved)):
                # "Total refunds: $4,021.02", the two cancellations' refunds beside an item change's charge
                wrong = [w for w in misstated(content, charged | some) if w not in as_balance]
            if wrong and self._past_writes and _OVERALL.search(content):
                # "In total, $754 has been refunded": this turn's writes and those the user saw before it
                overall = sum(sum(self._moved_by(w)) for w in self._past_writes) + sum(map(sum, self._moved))
                wrong = [w for w in misstated(content, charged | {overall}) if w not in as_balance]
            if wrong and len(moved := [m for m in self._moved if m]) > 1:
                # "net $114 back to your Visa": one write charged $396 and the next refunded $510
                wrong = [w for w in misstated(content, charged | crossed_nets(moved)) if w not in as_balance]
            if wrong and len(self._writes) > 1 and (per_method := method_totals([self._rows_by(w) for w in self._writes])):
                # "In total your Mastercard ending 9363 is charged $1,286": its share of each of three bookings
                wrong = [w for w in misstated(content, charged | per_method) if w not in as_balance]
            if wrong and self._past_writes:
                # "The mistaken refuel on 555-123-2001 was charged $10.00": an earlier write's, said of its object
                wrong = [w for w in wrong if not self._earlier_write_moved(content, w)]
            for written in wrong:  # "$22 was charged", where the result shows $44
                reasons.append(reason("text_misstated_charge", value=written,
                                      detail=", ".join(f"${cents / 100:.2f}" for cents in sorted(charged))))
        elif money and not charged and all('"payment_history"' in w[0] and not _REQUESTED_RESULT.search(w[0])
                                           for w in self._writes) and any(payment_ids(w[2].arguments) for w in self._writes):
            # "$50 was charged to your card", where the write, which could charge, shows no new payment
            # (any amount its records list from before, "$185 when you booked", may be said; a request's
            # money moves once the items arrive, read by its own check)
            before = {c for w in self._writes for c in row_amounts(new_rows(w[0], [], []))}
            wrong = [w for w in said_moved(content, before) if w not in as_balance]
            if wrong and self._past_writes:
                wrong = [w for w in wrong if not self._earlier_write_moved(content, w)]
            for written in wrong:
                reasons.append(reason("text_misstated_charge", value=written, detail="no new payment"))

    def _misnamed_new(self, content: str) -> list[tuple[str, str]]:
        """(tool, identifier) where a text calls an identifier the new object ("New reservation
        **HATHAT**") that the writes since the user spoke did not create: each created one (a result
        whose own id is none of its call's arguments) is another."""
        created: dict[str, str] = {}  # the created object's key -> the tool that created it
        for result, _, call in self._writes:
            if (own := _RESULT_ID.match(result)) and own["id"] and compact(own["id"]) not in {
                    compact(v) for v in call.arguments.values() if isinstance(v, str)}:
                created[compact(own["id"])] = call.name
        if not created:
            return []
        tool = next(iter(created.values()))
        return [(tool, m[1]) for m in _NEW_NAMED.finditer(content.replace("*", "").replace("`", ""))
                if compact(m[1]) not in created]

    def _about_last_write(self, content: str) -> str:
        """``content`` up to the first identifier of another object of the last write's kind (an
        identifier of the same shape as one of its own, that an observation shows). Of a recap's
        list whose line names the write's object, after other writes, that line only (and the lines
        outside the list):
        "- Exchange requested for your trail shoes, $5.45 back to your Visa." is an earlier write's."""
        call = self._writes[-1][2]
        roles = self.info(call.name).meta.arg_roles
        own = [v for a, v in call.arguments.items() if roles.get(a) == "identifier" and isinstance(v, str)]
        shapes = {id_shape(compact(v)) for v in own}
        # (where no earlier write went through, every line reports this one: "- Paid $60 with ...")
        if "\n" in content and own and (len(self._writes) > 1 or self._past_writes):
            lines = content.split("\n")
            listed = [LIST_MARK.match(line) is not None for line in lines]
            mine = [is_item and any(v.lower().lstrip("#") in line.lower() for v in own) for line, is_item in zip(lines, listed, strict=True)]
            if sum(listed) > 1 and any(mine):
                # (and the lines after its own that name no other object: "- BVO68R now starts on HAT280\n-
                # Refund of $58 to your gift card"; a recap tells the last write last)
                first = mine.index(True)
                content = "\n".join(line for k, (line, is_item, m) in enumerate(zip(lines, listed, mine, strict=True))
                                     if m or not is_item or (k > first and not identifiers_in(line)))
        raw = self.call_key(call)[1].lower()  # every value the call sends (a flight it keeps is its own)
        # (a flight number has a reservation code's shape, but is no reservation: "Your outbound is now HAT131")
        others = [tok for tok in chunks_with_digits(content)
                  if looks_like_identifier(tok) and id_shape(key := compact(tok)) in shapes and key.encode() not in raw
                  and tok.lower().encode() not in raw  # (its own, as sent: "gift_card_8058702")
                  and self.index.has_string(tok) and not self._flight_listed(key)]
        if not others:
            return content
        first = content.find(others[0])
        # Named after another object's part: its own clause, up to the next other object ("D0DBNX now
        # has 5 bags ..., and your WC6WVH return is now on 05/24, with $126 refunded").
        at = min((i for v in own if (i := content.lower().find(v.lower().lstrip("#"))) > first), default=-1)
        if at < 0:
            return content[:first]
        start = max(content.rfind(c, 0, at) for c in ",;.\n") + 1
        end = min((i for tok in others if (i := content.find(tok, at)) > at), default=len(content))
        return content[start:end]

    def certify_decision(self, i: int, msg: Message, after_error: bool) -> tuple[dict[str, Any], bool]:
        """One decision as a ``DecisionRecord`` dict, and whether any of its calls saw an error."""
        content = msg.content
        calls = msg.tool_calls
        reasons, privileged = self._text_reasons(content, not calls) if content and self.cfg.check_text \
            else ([], False)
        if (calculated := self._calculated) is not None and content and self.cfg.check_text:
            # "Refund $155.10", right after the calculator gave -156.1: a digit miscopied (that a
            # loose pair of amounts happens to make it is no derivation of it); not a step of the
            # sum ("$231 + $30 = $261" of 113 + 118 + 30), nor one the text works out right, nor an
            # amount taken back
            result, steps, terms = calculated
            stated = money_numbers_in(content)
            # (where the text states the result itself, an amount a digit off it that the history
            # derives is another: "$207 ... HAT164 + HAT172: $247")
            result_said = any(abs(c) == abs(result) for _, c in stated)
            for written, cents in stated:
                if (miscopied(abs(cents), result) and abs(cents) not in self.index.amounts and abs(cents) not in steps
                        and written.lstrip("$") not in _taken_back_amounts(content)
                        and all(abs(cents) != total for total, _ in worked(content))  # "2 x $115 = $230"
                        and not (result_said and (self._amount_ok(cents, content) or (
                            "+" in content and abs(cents) in row_totals(content, self.prices))))):
                    reasons.append(reason("text_miscalculated", value=written, detail=f"the calculator gave {result / 100:.2f}"))
            if "total" in content and "HAT" in content and (fares := self._fares_as_total(content, result, terms)):
                # "Business on all four flights ... would cost $670 more in total", the calculator's difference
                # of the flights' fares per passenger, for 3 passengers
                reasons.append(reason("text_miscalculated", value=f"${abs(result) / 100:,.0f}", detail=fares))
            if self._calc_heads > 1 and not result_said and abs(result) % self._calc_heads == 0:
                # "so the upgrade comes to $600", where the calculator gave 1200 for "2 * (...)": the share of one
                share = abs(result) // self._calc_heads
                for written, cents in stated:
                    at = content.find(written)
                    if abs(cents) == share and _SAID_AS_TOTAL.search(content, max(0, at - 16), at) \
                            and not _EACH_AFTER.match(content, at + len(written)):
                        reasons.append(reason("text_miscalculated", value=written, detail=(
                            f"the calculator gave {abs(result) / 100:.2f} for {self._calc_heads}, {written} each")))
            if content.count("$") < 3 and "variants" in self.index.compacts and (way := exchange_way(content)) \
                    and way[1] == abs(result):
                # "534.84 - 545.68" gave -10.84, then "would cost you an extra $10.84": the new variant
                # is the cheaper one (a text that states the prices itself is read in _text_reasons)
                net = self._book(ItemPriceBook).exchange_net(terms)
                if net is not None and abs(net) == way[1] and (net < 0) != (way[2] == "refunded"):
                    reasons.append(reason("text_reversed_charge", value=way[0], detail="refunded" if net < 0 else "charged"))
        self._calculated = None
        # A text's reasons are of what it states, but for a step it asks out of the policy's order.
        out_of_order = sum(reason_check(reason_kind(r)) == "workflow" for r in reasons) if reasons else 0
        visibility = len(reasons) == out_of_order
        if not calls:
            return {
                "message_index": i, "kind": "text", "eligible": not reasons,
                "checks": {"execution": True, "visibility": visibility, "workflow": not out_of_order, "novelty": True},
                "reasons": reasons, "after_error": after_error, "privileged": privileged, "calls": [],
            }, False
        execution = novelty = True
        workflow = not out_of_order
        facts: list[dict[str, Any]] = []
        keys: list[tuple[str, bytes]] = []
        any_error = handoff = False
        index = self.index
        infos = self.infos
        epoch = self.epoch
        constants = self._constants
        for call in calls:
            function = call.function
            name = function.name
            arguments = function.arguments
            info = infos.get(name) or self.info(name)
            meta = info.meta
            entry = self.observations.get(call.id)
            shape = entry[2] if entry is not None else "missing"
            # Plain dicts, shared per tool and shape: the record is JSON-ready as built.
            facts.append(info.call_facts(tuple(arguments), shape))
            # 1. execution
            if not info.known:
                execution = False
                reasons.append(reason("unknown_tool", tool=name))
            elif function.raw_arguments is not None:
                execution = False
                reasons.append(reason("unparsable_arguments", tool=name))
            elif info.checker is not None:
                errs = info.checker(arguments, "")
                if errs:
                    execution = False
                    reasons.append(reason("invalid_arguments", tool=name, detail="; ".join(errs[:3])))
            if shape == "error" and entry is not None:
                any_error = True
                execution = False
                shown = (entry[1].content or "").strip()
                reasons.append(reason("error_observation", tool=name, detail=repr(shown[:100])))
            elif shape == "missing":
                execution = False
                reasons.append(reason("missing_observation", tool=name))
            # 2. visibility
            if name not in self.visible_specs:
                visibility = False
                reasons.append(reason("tool_not_visible", tool=name))
            misses: list[tuple[str, Any, str | None]] = []
            roles = meta.arg_roles
            origin, destination = arguments.get("origin"), arguments.get("destination")
            self._call_origin = origin.upper() if isinstance(origin, str) else None
            self._call_route = (name, origin.upper(), destination.upper()) \
                if isinstance(origin, str) and isinstance(destination, str) else None
            for arg, value in arguments.items():
                role = roles.get(arg, "other")
                if (type(value) is str and role not in _FREE_TEXT_ROLES and index.has_string(value)
                        and value not in constants):
                    continue  # the common case, without the general walk
                schema = info.properties.get(arg)
                missed = len(misses)
                self._value_misses(value, role, schema if isinstance(schema, dict) else {}, arg, misses)
                if len(misses) == missed:  # grounded by a derivation: "one day later" gives 2024-05-20,
                    self._keep_derived_days(value)  # which a later text may then say ("May 20")
            # 3. workflow (its reasons follow the visibility ones)
            access = meta.access
            flow: list[str] = []
            offer = None
            if self._identify_first and not self._identified and name not in self._identity_tools() \
                    and access != "handoff" and name not in _NO_OBJECT_TOOLS:
                # "Identify the customer first ...": an order looked up before any user id was found
                workflow = False
                flow.append(reason("before_identification", tool=name, detail=self._identify_first))
                self._unidentified_calls.add(self.call_key(call))  # may be made again once identified
            if self._own_only and execution and access != "handoff" and name not in _NO_OBJECT_TOOLS and (
                    other := self._not_own(call)) is not None:
                # "my wife's order #W8668939", where the customer's profile lists #W5797164, #W5061109, ...
                # (not a code that found nothing: a mistyped one is an error, no other customer's)
                workflow = False
                flow.append(reason("not_own_object", tool=name, arg=other[0], value=other[1], detail=other[2]))
            if self._own_only and self._account and execution and entry is not None and _ACCOUNT_LOOKUP.match(name) and (
                    reached := _account_of(call, entry[1].content or "")) and reached != self._account \
                    and not _IDENTITY_FIXED.search(self._user_text()):
                # "my friend Sarah, 555-123-1002: can you check her data?", once the caller's account was found
                workflow = False
                arg, value = next(((a, v) for a, v in arguments.items() if isinstance(v, str)), ("", ""))
                flow.append(reason("not_own_object", tool=name, arg=arg, value=value, detail="account"))
            if access in self.confirm_access:
                passed, offer = self._workflow(i, call, meta, flow)
                workflow &= passed
                if shape == "error":
                    self._failed_writes.append((i, call))  # the user's yes before it may carry to a retry
                if misses and offer is not None and not _RANGE.search(offer[0]):
                    offered = action_amounts(*offer, True)  # only now: most calls miss nothing
                    if len(offered) > 1 and (picked := self._picked(offer[0])) is not None:
                        offered = {picked}  # "Option 2 please" to "1. 2 GB ... 2. 3 GB ..."
                    if len(offered) == 1:
                        misses = [m for m in misses if not self._offered(m[1], offered)]
            if self.inter.private and (choices := info.enums if info.enums is not None else info.enum_options()):
                misses += self._private_choices(arguments, choices)
            if misses and any(is_data(m[0]) for m in misses) and (said := self._user_data()):
                # An amount of data the user said in another unit: "500 MB" grounds gb_amount=0.5.
                misses = [m for m in misses if not (is_data(m[0]) and to_cents(m[1]) in said)]
            if misses and any(roles.get(m[0]) == "expression" for m in misses):
                self._unfounded.add(call.id)  # a calculation of numbers never shown: its result grounds nothing
            for path, value, special in misses:
                visibility = False
                if special == "free_text_too_long":
                    reasons.append(reason(special, tool=name, arg=path, detail=self.cfg.max_free_text_chars))
                elif self._is_private(value):
                    privileged = True
                    reasons.append(reason("privileged", tool=name, arg=path, value=value))
                else:
                    reasons.append(reason("not_visible", tool=name, arg=path, value=value))
            reasons += flow
            handoff |= access == "handoff"
            # 4. novelty
            key = self.call_key(call)
            if key in keys:
                novelty = False
                reasons.append(reason("repeated_call", tool=name, index=i))
            else:
                earlier = self.seen_calls.get(key)
                if earlier is not None and (access == "read" or earlier[2] == self.told) and not (
                        access == "read" and self._failed_at > earlier[0]) and (
                        earlier[1] == epoch or self._write_done.get(key) == epoch - self.device_epochs
                        or (access == "read" and (phone := self._seen_phone.get(key)) is not None
                            and epoch - earlier[1] == self._phone_epochs - phone and not after_error)
                        or (access == "read" and self._changed_elsewhere(earlier[1], epoch, arguments))
                        or (access == "read" and self._kinds_untouched(earlier[1], epoch, _records_shown(
                            meta.records, entry[1].content if entry is not None else None)))) and not (
                        access == "read" and key in self._guessed_calls and (
                            self._user_gave_since(earlier[0], arguments) or self._shown_since(earlier[0], arguments))) and not (
                        access == "read" and self._identified and not flow and key in self._unidentified_calls) and not (
                        offer is not None and key in self._write_done and self._described_since(offer[0], earlier[0])):
                    novelty = False
                    reasons.append(reason("repeated_call", tool=name, index=earlier[0]))
            keys.append(key)
            if self._identified:
                self._unidentified_calls.discard(key)  # made again once the customer was identified
        one_call, no_reply = self._turn_rules
        if one_call and len(calls) > 1:  # "Make one tool call at a time"
            workflow = False
            reasons.append(reason("several_calls", index=len(calls), detail=one_call))
        if no_reply and content and not content.isspace():  # "... and do not answer the customer in the same turn"
            workflow = False
            reasons.append(reason("reply_with_call", detail=no_reply))
        for key in keys:
            self.seen_calls[key] = (i, epoch, self.told)
            self._seen_phone[key] = self._phone_epochs
            if visibility:
                self._guessed_calls.discard(key)
            else:
                self._guessed_calls.add(key)
        return {
            "message_index": i,
            "kind": "handoff" if handoff else "call" if len(calls) == 1 else "multi_call",
            "eligible": execution and visibility and workflow and novelty,
            "checks": {"execution": execution, "visibility": visibility, "workflow": workflow, "novelty": novelty},
            "reasons": reasons,
            "after_error": after_error,
            "privileged": privileged,
            "calls": facts,
        }, any_error

    def _policy_lacks(self, text: str, at: int) -> bool:
        """Whether the sentence of a fee named at ``at`` says the policy has none ("There is no
        cancellation fee in our policy", "Our policy has no change fee to waive"), or that the records
        the agent sees show none ("no activation fee appears in your records"): true of a fee no
        policy names (not "There's no restocking fee on exchanges": a rule of the agent's own)."""
        start, end = _sentence_bounds(text, at)
        return (_NONE_OF.search(text, max(start, at - 40), at) is not None
                or _NOTHING_NAMES.search(text, start, at) is not None) and (
            "polic" in text[start:end].lower() or _LOOKED_IN.search(text, start, end) is not None)

    def _search_totals(self) -> set[int]:
        """Each itinerary's total, in cents, in any cabin with a seat left, of every flight search
        shown so far (read once per observation)."""
        shown = self.index.json_observations
        for low in shown[self._totals_read:]:
            if low[:1] == "[" and '"prices"' in low:
                with suppress(orjson.JSONDecodeError):
                    self._totals |= search_totals(orjson.loads(low))
        self._totals_read = len(shown)
        return self._totals

    def _refunds_for_one(self, text: str) -> list[tuple[str, str, int, int]]:
        """(amount as written, reservation, its passengers, the difference for all) for each line or
        sentence that names one reservation shown and one amount, refunded or back, which is its
        cabin change's difference for one passenger only, and says no "per passenger"."""
        out: list[tuple[str, str, int, int]] = []
        for part in SENTENCE_OR_LINE.split(text):
            if ("efund" not in part and " back" not in part) or _FOR_EACH.search(part):
                continue
            ids = {i for i in identifiers_in(part) if any(i.lower() == b[0] for b in self._rebooked.booked)}
            amounts = dollar_amounts(part)
            if len(amounts) > 1 and (refunded := _REFUND_OF.search(part)):
                # the one said refunded, after the fares it is worked out from: "$315 vs $3,024 -> refund $2,709"
                amounts = [a for a in amounts if a[0] == refunded[1]][:1]
            if len(ids) == 1 and len(amounts) == 1 and (
                    found := self._rebooked.for_one_passenger(next(iter(ids)).lower(), abs(amounts[0][1]))) is not None:
                out.append((amounts[0][0], next(iter(ids)), *found))
        return out

    def _rebooked_totals(self) -> set[int]:
        """Each reservation's flights together, in cents, per cabin, at the fares searches show them
        (``Rebooked``); each observation read once, the totals worked out again only once more are shown."""
        shown = self.index.json_observations
        # (not before both a booking and a search are shown: read from where the last reading stopped)
        if self._rebooked_read != len(shown) and self.index.json_has('"reservation_id"') and self.index.json_has('"prices"'):
            for low in shown[self._rebooked_read:]:
                if '"prices"' in low or '"reservation_id"' in low:
                    with suppress(orjson.JSONDecodeError):
                        self._rebooked.read(orjson.loads(low))
            self._rebooked_found = self._rebooked.totals()
            self._rebooked_read = len(shown)
        return self._rebooked_found

    def _searches_since_user(self) -> list[Any]:
        """The flight searches' results shown since the user last spoke, parsed."""
        found: list[Any] = []
        for low in self.index.json_observations[self._shown_at_user:]:
            if low[:1] == "[" and '"prices"' in low:
                with suppress(orjson.JSONDecodeError):
                    found.append(orjson.loads(low))
        return found

    def _keep_derived_days(self, value: Any) -> None:
        """Keep the ISO dates in a grounded argument that only a derivation gave, for the texts that
        name them. Not in the index: a day derived from a derived day would chain ("one day later"
        again and again)."""
        if isinstance(value, str):
            if ISO_DAY.fullmatch(value) and not self.index.has_string(value):
                self._derived_days.add(value)
        elif isinstance(value, list):
            for v in value:
                self._keep_derived_days(v)
        elif isinstance(value, dict):
            for v in value.values():
                self._keep_derived_days(v)

    def _charged(self) -> set[int]:
        """What the writes since the user's last message charged or refunded, in cents (each write's
        result read once, however many reports follow it)."""
        for write in self._writes[len(self._moved):]:
            self._moved.append(self._moved_by(write))
        return totals(self._moved)

    def _moved_before_arrival(self, content: str) -> list[str]:
        """The sentences that say the money of a return or exchange request has moved already ("$496.95
        has been refunded to your gift card", "the $99.33 is already on your card"): it moves only once
        the items arrive. Read of the writes since the user spoke, else of the latest before; each
        sentence must state that request's amount."""
        writes = self._writes or self._past_writes[-1:]
        if not (claims := moved_already(content)) or not any(_REQUESTED_RESULT.search(result) for result, _, _ in writes):
            return []  # (the cheap tests first: most texts say no money moved)
        # (of the requests only: a pending order's change beside a return moves its money at once)
        amounts = totals([self._moved_by(w) for w in writes if _REQUESTED_RESULT.search(w[0])]) - totals(
            [self._moved_by(w) for w in writes if not _REQUESTED_RESULT.search(w[0])])
        return [said for said in claims if any(c in amounts for _, c in dollar_amounts(said))]

    def _earlier_write_moved(self, content: str, written: str) -> bool:
        """Whether an amount a text says is one a write before the user's last message moved, in a
        sentence that names that write's object (by identifier, or a line by its phone number) and none
        the writes since name, or calls it the earlier or mistaken one."""
        cents = cents_of(written)
        sentence = _sentence_at(content, max(0, content.find(written)))
        if _EARLIER_WRITE.search(sentence):  # "The mistaken refuel ... was charged $10.00"
            return any(cents in self._moved_by(write) for write in self._past_writes)
        said = {compact(t) for t in chunks(sentence)}
        # (not a name the writes since share with it: the customer's id)
        now = {compact(v) for _, _, call in self._writes for v in call.arguments.values() if isinstance(v, str)}
        for write in self._past_writes:
            names = {compact(v) for v in write[2].arguments.values() if isinstance(v, str)} - now
            names |= {compact(phone) for v in names if isinstance(phone := self.index.field_of(v, "phone_number"), str)}
            if cents in self._moved_by(write) and not names.isdisjoint(said):
                return True
        return False

    def _moved_by(self, write: tuple[str, int, ToolCall]) -> list[int]:
        """What one write (its result, the observations shown before it, its call) charged or refunded."""
        result = write[0]
        # (a return request's refund first: its result's payment rows are the order's own, all of them
        # "new" where the order was not looked up before)
        return returned(result) or row_amounts(self._rows_by(write)) or fee_charged(result)

    def _card_net(self, writes: list[tuple[str, int, ToolCall]], method: str) -> int | None:
        """``charges.method_net`` on one method of those of these writes that moved money (not a
        request's, whose refund moves later; only writes that may change a stored balance), where each
        one's object was looked up before it (else its result's rows from before count as new: an
        order never looked up)."""
        writes = [w for w in writes if not _REQUESTED_RESULT.search(w[0]) and self._moves_balances(w[2])
                  and self._moved_by(w)]
        shown = self.index.json_observations
        if not all(any(ident.lower() in seen.lower() for seen in shown[:w[1]] for ident in self._changed_ids(w[2]))
                   for w in writes):
            return None
        return method_net([self._rows_by(w) for w in writes], method)

    def _rows_by(self, write: tuple[str, int, ToolCall]) -> list[dict[str, Any]]:
        """The payment rows one write added (``charges.new_rows``: against the latest observation of its
        object before it)."""
        result, shown, call = write
        return new_rows(result, self.index.json_observations[:shown], [v.lower() for v in self._changed_ids(call)])

    def _changed_ids(self, call: ToolCall) -> list[str]:
        """The identifiers of the object a write changes, the arguments named by a word of its tool's
        name: reservation_id of update_reservation_flights (not its payment_id, which a profile gives
        as a method's own id)."""
        roles, parts = self.info(call.name).meta.arg_roles, call.name.split("_")
        return [v for a, v in call.arguments.items()
                if roles.get(a) == "identifier" and isinstance(v, str) and v and a.split("_")[0] in parts]

    def _offered(self, value: Any, offered: set[int]) -> bool:
        """Whether a value is the quantity of data the confirmed description offered (``_workflow``),
        and not one only the private part knew (an offer must not launder it)."""
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return False
        return to_cents(value) in offered and not self._is_private(value)

    def _workflow(self, i: int, call: ToolCall, meta: ToolMeta,
                  reasons: list[str]) -> tuple[bool, tuple[str, Anchors] | None]:
        """The workflow check of one consequential call: whether it passes (else reasons say why), and
        the description the user confirmed with the call's anchors, for the quantities of data its
        action's sentences offer (``agreement.action_amounts``: "You've used 3.2 GB. I can add 2 GB
        for $10" offers 2 GB). How much to buy is the user's to choose, and their yes to one offer
        chose it; a yes to "1 to 3 GB" or to "2 GB or 3 GB" chose none. Not money: an amount the
        agent offers (a $387 certificate) must follow from what it could see, whatever the user says."""
        ok = True
        enums = self.info(call.name).enum_options()
        choices = tuple((arg, value, enums[arg]) for arg, value in call.arguments.items()
                        if arg in enums and isinstance(value, str)) if enums else ()
        anchors = call_anchors(call.name, call.arguments, meta.arg_roles, self.index, self.tool_args, choices)
        anchors.route = self._route(call.arguments)
        if self._constants:
            anchors.place_spans = self._domain_tools.place_spans
            anchors.place_vocab = self._domain_tools.place_vocab
        verdict = None
        judge = self.cert.judge
        if judge is not None:
            from trajectory2gym.certify.judge import JudgeError

            lo = max(0, i - self.cfg.judge.context_messages)
            context = [self._judge_view(m) for m in self.inter.messages[lo:i]]
            try:
                judged, why = judge.judge(context, {"name": call.name, "arguments": call.arguments})
                if not judged:
                    ok = False
                    reasons.append(reason("judge", tool=call.name, detail=why or "not confirmed"))
                verdict = judged
            except JudgeError:
                self.judge_errors += 1
        offer = None
        if verdict is None:
            rule = check_confirmation(self.turns, anchors, self.index)
            if rule.described:
                offer = (rule.described, anchors)
            if not rule.ok and rule.kind in ("not_described", "not_confirmed", "confirmation_not_covering") and (
                    self._redo_asked(i, call, meta) or self._retry_as_confirmed(call, meta, anchors)):
                rule = ConfirmVerdict(True)  # the write done again with the values the user put right or confirmed
            if not rule.ok:
                ok = False
                reasons.append(reason(rule.kind, tool=call.name, detail=rule.detail, arg=rule.arg, value=rule.value))
            elif rule.described and (unsaid_why := self._detail_unsaid(call, rule.described)):
                ok = False
                reasons.append(unsaid_why)
        if self.cfg.require_lookup_before_write:
            observed = self.index.observed
            parts = call.name.split("_")
            roles = meta.arg_roles
            sole: str | None = ""  # "": not worked out yet
            for arg, value in call.arguments.items():
                if roles.get(arg) != "identifier":
                    continue
                # The object the write changes (order_id of cancel_pending_order), not the account's:
                # a list that shows its id (a profile's orders) shows not its state.
                own = (head := arg.split("_")[0]) in parts and head not in _NOT_OBJECTS
                if not own and head not in _NOT_OBJECTS:
                    if sole == "":  # where the name says no object, its one identifier besides the
                        sole = _sole_object(call.arguments, roles, parts)  # account's (a bill to pay)
                    own = arg == sole
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str) and ((key := compact(v)) not in observed or own and key not in self.index.looked_up
                                               and not self._shown_whole(arg, v)):
                        ok = False
                        reasons.append(reason("order_violation", tool=call.name, arg=arg, value=v))
        if self._cancel_rule and self._today is not None and call.name.startswith("cancel") and isinstance(
                booking := call.arguments.get("reservation_id"), str) and self._cancel_unowed(booking, self._today):
            # a cancellation the policy does not allow: the record meets none of its conditions, whatever
            # the user said yes to ("it includes travel insurance, so it qualifies", where it has none)
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="reservation_id", value=booking,
                                  detail=self._cancel_rule))
        if self._flight_cases and "certificate" in call.name and isinstance(amount := call.arguments.get("amount"), (int, float)) \
                and (owed := self._certificate_due("")) is not None and to_cents(amount) not in (owed[0], owed[0] * owed[1]):
            # a $100 certificate sent for one passenger's delay, where the policy gives $50 per passenger
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="amount", value=amount,
                                  detail=f"{self._flight_cases} ({owed[1]} passenger(s))"))
        if self._offer_first and "certificate" in call.name and not complained(self._user_text()):
            # a certificate sent where the user complained of nothing ("worked out fine, no complaints")
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="user_id", value=call.arguments.get("user_id"),
                                  detail=self._offer_first))
        elif self._flight_cases and "certificate" in call.name and not flight_trouble_said(self._user_text()):
            # a certificate sent where the user spoke of no cancelled or delayed flight
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="user_id", value=call.arguments.get("user_id"),
                                  detail=self._flight_cases))
        if self._delay_rule and "certificate" in call.name and (promised := next(
                (t.text for t in reversed(self.turns) if t.role == "assistant" and certificates_promised(t.text)), None)) \
                is not None and (booking := self._uncompensable_delay(promised)):
            # a certificate sent for a delay on a reservation neither changed nor cancelled
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="reservation", value=booking,
                                  detail=self._delay_rule))
        if self._difference_rule and call.name == "update_reservation_flights" and isinstance(
                method := call.arguments.get("payment_id"), str) and method.startswith("certificate"):
            # a change's fare difference put on a certificate, where the policy says never
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="payment_id", value=method,
                                  detail=self._difference_rule))
        if self._one_certificate:
            # a booking paid with two certificates, where the policy allows one ("at most one certificate")
            for arg, value in call.arguments.items():
                paid = [p["payment_id"] for p in value if isinstance(p, dict) and isinstance(p.get("payment_id"), str)
                        and p["payment_id"].startswith("certificate")] if isinstance(value, list) else []
                if len(paid) > 1:
                    ok = False
                    reasons.append(reason("against_policy", tool=call.name, arg=arg, value=paid[1],
                                          detail=self._one_certificate))
        if self._resume_rule and "resume" in call.name and (bill := overdue_bill(
                dict.fromkeys(self.index.values_of("bill_id")), self._status_of, lambda b: b.lower() in self._user_touched)):
            # a line resumed while its bill still shows Overdue ("B1002 ... Overdue", no payment since)
            ok = False
            reasons.append(reason("against_policy", tool=call.name, arg="bill", value=bill.upper(), detail=self._resume_rule))
        return ok, offer

    def _redo_asked(self, i: int, call: ToolCall, meta: ToolMeta) -> bool:
        """Whether a write repeats one that went through on the same object with values put right since:
        the user restates them ("thats wrong!! i said 1980-03-01") or says yes to the agent's question
        that states them ("Shall I correct it to 4410 Birch Ln, ..., TX 78209?" ... "yes fix it")."""
        roles = meta.arg_roles
        ids = {a: v for a, v in call.arguments.items() if roles.get(a) == "identifier"}
        earlier = next((made for _, _, made in reversed(self._past_writes + self._writes) if made.name == call.name
                        and {a: made.arguments.get(a) for a in ids} == ids), None)
        if earlier is None or not ids:
            return False
        new = {v.lower() for v in str_leaves(call.arguments)} - {v.lower() for v in str_leaves(earlier.arguments)}
        at = next((k for k in range(i - 1, -1, -1) if any(c is earlier for c in self.inter.messages[k].tool_calls or [])),
                  -1)
        after = [t for t in self.turns if t.index > at]
        if not new or at < 0 or not after or after[-1].role != "user" or not any(_PUT_RIGHT.search(t.text) for t in after):
            return False  # (a write put right, not a new change to the object: "oh and the dob of Evelyn is ...")
        reply = after[-1].text.lower()
        asked = next((t for t in reversed(after[:-1]) if t.role == "assistant"), None)
        return all(v in reply for v in new) or (
            asked is not None and ASKS.search(asked.text) is not None and AFFIRM.search(reply) is not None
            and all(v in asked.text.lower() for v in new))

    def _retry_as_confirmed(self, call: ToolCall, meta: ToolMeta, anchors: Anchors) -> bool:
        """Whether a write does again, on the same object, one that failed, where the agent's latest
        message says it does it as the user confirmed ("the tablet exchange did not go through (I
        mistyped the new item id) ... I'll resubmit exactly what you confirmed: Tablet 3788616824 ->
        6948061616") and asks nothing, or asks and the user's reply is a plain yes ("Shall I retry with
        $39 + $67 as we agreed?" "Yes, fix it."); and the user's yes before the failed call confirms
        this call."""
        if not self._failed_writes:
            return False
        latest = next((t for t in reversed(self.turns) if t.role == "assistant"), None)
        if latest is None or ("onfirmed" not in latest.text and "agreed" not in latest.text) \
                or not _AS_CONFIRMED.search(latest.text):
            return False
        if "?" in latest.text and not (  # asked: "Shall I retry with $39 + $67 as we agreed?", then "Yes, fix it."
                (reply := self.turns[-1]).role == "user" and AFFIRM.search(reply.text)
                and not _NO_OR_WAIT.search(reply.text)):
            return False
        roles = meta.arg_roles
        for at, failed in reversed(self._failed_writes):
            if failed.name == call.name and latest.index > at and any(
                    roles.get(a) == "identifier" and isinstance(v, str) and failed.arguments.get(a) == v
                    for a, v in call.arguments.items()):
                return check_confirmation([t for t in self.turns if t.index < at], anchors, self.index).ok
        return False

    def _detail_unsaid(self, call: ToolCall, described: str) -> str | None:
        """Why a confirmed call's address or passenger detail is not the one confirmed, else None:
        a postal code other than the one the assistant wrote from the description on (a later message
        may restate the action: "I'll restore your profile address to: ..."), or a date of birth or
        an address unit other than the one the user's replies since the description gave. The
        description's place is found once for all three."""
        k = self._described_at(described)
        args = call.arguments
        if not POSTCODE_ARGS.isdisjoint(args) and (unsaid := postcode_unsaid(args, described if k < 0 else "\n".join(
                t.text for t in self.turns[k:] if t.role == "assistant"))):
            # the address confirmed, with another postal code
            return reason("not_described", tool=call.name,
                          detail=f" as called (the description gives another {unsaid[0]} than {unsaid[1]!r})")
        replies = [t.text for t in self.turns[k + 1:] if t.role == "user"] if k >= 0 else []
        if born := birthday_unsaid(args, replies):  # "His birthday is actually August 21 ... Otherwise yes"
            return reason("not_described", tool=call.name,
                          detail=f" as called (the user's reply gives the date of birth {born})")
        if unit := unit_unsaid(args, replies):  # "yes, and it's Unit 21, not 12", and the call sends Unit 12
            return reason("argument_not_confirmed", tool=call.name, arg=unit[0], value=unit[1],
                          detail="the user's reply gives another unit")
        if "address1" in args and (dropped := unit_dropped(args, described, replies)):  # "455 Grove St, Apt 12", sent without it
            return reason("argument_not_confirmed", tool=call.name, arg=dropped[0], value=dropped[1],
                          detail="the description gives the address a unit")
        if "address2" in args and args["address2"] and (added := unit_added(
                args, described, [t.text for t in self.turns if t.role == "user"])):  # the old "Suite 687" carried over
            return reason("argument_not_confirmed", tool=call.name, arg=added[0], value=added[1],
                          detail="the description gives the new address without it")
        if stale := taken_back(args, replies):  # "Oops, the zip is 95818, not 95816", and the call sends 95816
            return reason("argument_not_confirmed", tool=call.name, arg=stale[0], value=stale[1],
                          detail="the user's reply takes it back")
        if "reason" in args and "reason" not in self.info(call.name).enum_options() and (
                other := reason_unsaid(args, described)):  # "reason: traveling overseas", and the call says "device lost"
            return reason("argument_not_confirmed", tool=call.name, arg=other[0], value=other[1],
                          detail="the description gives another reason")
        return None

    @staticmethod
    def _judge_view(m: Message) -> dict[str, Any]:
        view: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.tool_calls:
            view["tool_calls"] = [{"name": c.name, "arguments": c.arguments} for c in m.tool_calls]
        return view

    # ------------------------------------------------------------------ the pass

    def run(self) -> dict[str, Any]:
        decisions: list[dict[str, Any]] = []
        after_error = False
        user_calls: dict[str, tuple[str, ...]] = {}  # the user's tool calls: id -> the records they touch
        user_reads: set[str] = set()  # those that only read ("You have a payment request for bill B1002")
        phone_only: set[str] = set()  # of them, the ones on the phone alone (not a payment)
        user_actions: list[dict[str, Any]] = []
        agent_calls: dict[str, ToolCall] = {}
        index = self.index
        observations = self.observations
        turns = self.turns
        for i, msg in enumerate(self.inter.messages):
            self.at = i
            role = msg.role
            if role == "assistant":
                self._phone_told = False
                self._told_records.clear()
                record, after_error = self.certify_decision(i, msg, after_error)
                decisions.append(record)
                if msg.tool_calls:
                    for call in msg.tool_calls:
                        agent_calls[call.id] = call
                        self._called.add(call.name)
                if msg.content:
                    turns.append(Turn(i, "assistant", msg.content))
                    if self._writes:  # a report: what it says moved, the writes before it moved
                        self._reported[i] = tuple(self._writes)
            elif role == "tool":
                cid = msg.tool_call_id
                seen = observations.get(cid) if cid is not None else None
                # The shape computed in __init__ (when this message is the call's observation).
                ok = seen[2] != "error" if seen is not None and seen[0] == i else not msg.is_error_observation
                shown = len(index.json_observations)
                if ok and cid in agent_calls and isinstance(uid := agent_calls[cid].arguments.get("user_id"), str):
                    self._users.add(uid.lower())
                if ok and not self._account and cid in agent_calls and _ACCOUNT_LOOKUP.match(agent_calls[cid].name):
                    self._account = _account_of(agent_calls[cid], msg.content or "")
                if ok and not self._identified and cid in agent_calls and \
                        agent_calls[cid].name in self._identity_tools() and (msg.content or "").strip() not in _FOUND_NONE:
                    self._identified = True  # the customer's user id found: other calls may follow
                if ok and not self._handed_off and cid in agent_calls and \
                        self.info(agent_calls[cid].name).meta.access == "handoff":
                    self._handed_off = True  # what the human agent does next, no tool shows
                    self._handoff_asked = " ".join(v for v in agent_calls[cid].arguments.values() if isinstance(v, str))
                if cid not in self._unfounded:
                    index.add_observation(msg.content, ok)
                    if msg.content and "GB" in msg.content and msg.content.lstrip()[:1] not in "{[":
                        self._data_amounts |= stated_amounts(msg.content, data=True)  # JSON: DataAmountBook
                if msg.content and "Mbps (" in msg.content:  # a speed test's rating, for texts that restate it
                    self._read_speeds(msg.content)
                if msg.content and "Data " in msg.content:
                    self._read_status_bar(msg.content)
                if msg.content and ("reboot" in msg.content or "Restarting" in msg.content):
                    # "APN settings will reset at reboot.": pending until "Restarting network services..."
                    self._reboot_pending = "Restarting" not in msg.content and _AT_REBOOT.search(msg.content) is not None
                if msg.content and ("Signal" in msg.content or "SIM" in msg.content or "Mode" in msg.content
                                    or "server_performance" in msg.content or "has permission for" in msg.content
                                    or "MMS" in msg.content or "Restarting" in msg.content or "reset" in msg.content
                                    or "granted" in msg.content or "Calling" in msg.content or "Saver" in msg.content):
                    self._phone.read(msg.content)
                if cid in user_calls:
                    if msg.content and cid not in user_reads:  # "Payment of 50.0 USD has been made for bill B1029."
                        for ident in identifiers_in(msg.content):
                            self._user_touched[ident.lstrip("#").lower()] = len(index.json_observations)
                    self.epoch += 1  # the user changed something on their side
                    self._epoch_records.append(user_calls[cid])
                    self.device_epochs += 1
                    if cid in phone_only:
                        self._phone_epochs += 1
                    continue
                made = agent_calls.get(cid or "")
                if made is None:
                    continue
                if len(index.json_observations) > shown and isinstance(day := made.arguments.get("date"), str):
                    self._obs_days[shown] = day  # a search's answer is about its day
                if ok and (msg.content or "").strip() == "[]" and made.name.startswith("search") and isinstance(
                        day := made.arguments.get("date"), str) and isinstance(o := made.arguments.get("origin"), str) \
                        and isinstance(d := made.arguments.get("destination"), str) and cid not in self._unfounded:
                    self._empty_searches[(made.name, o.upper(), d.upper(), _day_after(day))] = len(self.turns)
                meta = self.info(made.name).meta
                if ok and meta.access == "read" and msg.content and '"source"' in msg.content and (
                        "gift_card" in msg.content or "certificate" in msg.content):
                    self._balance_kinds.update(meta.records)
                if made.name == "calculate" and ok and (result := to_cents((msg.content or "").strip().lstrip("-"))):
                    # the result the next text should copy ("-156.1"), and what its terms make on the way
                    terms = [abs(c) for _, c in numbers_in(str(made.arguments.get("expression", "")))][:6]
                    nets = {0}
                    for term in terms:
                        nets |= {n + sign * term for n in nets for sign in (1, -1)}
                    self._calculated = (result, {abs(n) for n in nets}, terms)
                    # the count the whole expression is multiplied by: "2 * ((350 - 122) + (499 - 127))", for two
                    self._calc_heads = _times_all(str(made.arguments.get("expression", "")))
                    if cid not in self._unfounded:  # its grounded terms' brackets: "(871 - 500 - 198 - 129)" is 44
                        self._derived.update(abs(c) for c in bracket_sums(str(made.arguments.get("expression", ""))))
                if not ok:
                    # A report of it as done is then no grounded statement; unless the same call
                    # already went through since the user spoke (the error is the repeat's), not
                    # one on another object (a second bill's payment request).
                    failed = self.call_key(made)
                    if meta.access != "read" and not any(self.call_key(w[2]) == failed for w in self._writes):
                        self._failed_write = (made.name, msg.content or "")
                    if meta.access != "read":
                        self._failed_at = i  # new information: a lookup after it may check what stands
                    continue
                # A successful call by an identifier establishes that object's state (a lookup), or
                # acted on it (a write); an object a write returns is its result's own.
                roles = meta.arg_roles
                own = compact(m["id"]) if (m := _RESULT_ID.match(msg.content or "")) and m["id"] else None  # its object's id
                for arg, value in made.arguments.items():
                    if roles.get(arg) == "identifier":
                        for v in value if isinstance(value, list) else [value]:
                            if isinstance(v, str):
                                taken = compact(v)
                                self.index.looked_up.add(taken)
                                if meta.access == "read":
                                    index.observed.add(taken)
                                    if own == taken:
                                        self._objects_read.add(taken)  # the object it returned: {"order_id": ...
                if meta.access != "read":
                    if own is not None:
                        self.index.looked_up.add(own)
                    # "Roaming was already enabled": it went through and changed nothing; a report of
                    # the change as made is then no more grounded than one after an error.
                    noop = msg.content is not None and "already" in msg.content and msg.content[:1] not in "{["
                    # A state change; but not new evidence for repeating this very call, nor, where it
                    # changed nothing, for a lookup of any kind of record.
                    self.epoch += 1
                    self._epoch_records.append(_NOTHING_CHANGED if noop else meta.records)
                    self._epoch_writes.append((self.epoch, made))
                    self._failed_write = None
                    self._noop_write = (made.name, msg.content or "") if noop else None
                    if not noop:  # "I enabled roaming" in a later recap is then no report of a change made
                        self._did(made)
                    self._written_ids.update(compact(v) for v in made.arguments.values() if isinstance(v, str))
                    # (a return's refund, or an exchange's difference, moves nothing until the items arrive)
                    if not returned(msg.content or "") and not _REQUESTED_RESULT.search(msg.content or ""):
                        self._methods_used.update(map(compact, payment_ids(made.arguments)))
                    self._writes.append((msg.content or "", shown, made))  # for a report of what it charged
                    made_key = self.call_key(made)
                    last = self.seen_calls.get(made_key)
                    if last is not None:
                        self.seen_calls[made_key] = (last[0], self.epoch, self.told)
                    self._write_done[made_key] = self.epoch - self.device_epochs
            else:  # system or user
                if msg.content:
                    if role == "system":
                        if self._today is None:
                            self._today = index.today = today_in(msg.content)
                        if self._now is None and "current time" in msg.content:
                            self._now = now_in(msg.content)
                        self._instant_kinds |= instant_kinds(msg.content)
                        self._once_only |= once_only(msg.content)
                        self._span_topics |= span_topics(msg.content)
                        self._late_insurance = self._late_insurance or late_insurance_rule(msg.content)
                        self._no_bag_removal = self._no_bag_removal or bag_removal_rule(msg.content)
                        self._one_cabin = self._one_cabin or one_cabin_rule(msg.content)
                        self._cancel_rule = self._cancel_rule or cancellation_rule(msg.content)
                        self._insurance_rule = self._insurance_rule or insurance_rule(msg.content)
                        self._identify_first = self._identify_first or identify_first(msg.content)
                        if not any(self._turn_rules):
                            self._turn_rules = turn_rules(msg.content)
                        self._own_only = self._own_only or own_only(msg.content)
                        self._certificate_rule = self._certificate_rule or compensation_rule(msg.content)
                        self._delay_rule = self._delay_rule or delay_rule(msg.content)
                        self._flight_cases = self._flight_cases or flight_cases_rule(msg.content)
                        self._basic_rule = self._basic_rule or no_change_rule(msg.content)
                        self._route_rule = self._route_rule or same_route_rule(msg.content)
                        self._one_certificate = self._one_certificate or one_certificate_rule(msg.content)
                        self._difference_rule = self._difference_rule or difference_rule(msg.content)
                        self._refuel_rule = self._refuel_rule or next_bill_rule(msg.content)
                        self._return_rule = self._return_rule or return_refund_rule(msg.content)
                        self._pending_rule = self._pending_rule or pending_only_rule(msg.content)
                        self._resume_rule = self._resume_rule or resume_after_payment_rule(msg.content)
                        self._offer_first = self._offer_first or offer_first_rule(msg.content)
                        self._in_order = self._in_order or ORDERED.search(msg.content) is not None
                        if "bag" in msg.content and not self._free_bags[0]:
                            self._free_bags = free_bags(msg.content)
                            self._bag_fee = bag_fee(msg.content)
                        if "GB" in msg.content:
                            self._data_amounts |= stated_amounts(msg.content, data=True)
                    if role == "user" and self._identify_first and not self._identified and "_" in msg.content \
                            and _USER_ID_SAID.search(msg.content) and "get_user_details" in self._identity_tools():
                        self._identified = True  # "I'm chen_nguyen_6691": the policy asks for the user id, given
                    # New evidence: what the user says that was not visible, or that something changed;
                    # not "anything cheaper in the morning?" about what a lookup already showed.
                    news = role == "user" and _brings_news(msg.content, index)
                    index.add_text(msg.content)
                    if role == "user" and (shifts := self._day_shifts_taken(msg.content)):
                        index.add_text(shifts)  # "Would you like me to look at the next day?" "Yes.": the user's ask now
                    if news == 2:
                        self.epoch += 1
                        # what the user says changed may be anything; after their own tool calls, what
                        # those may change ("It says 5G now", after setting the network mode: no plan)
                        # (none of their tools since the agent spoke: what their tools may change, any tool's where they have none)
                        self._epoch_records.append(() if "*" in self._told_records else tuple(sorted(self._told_records))
                                                   if self._told_records else self.cert.tools.domain(self.domain).user_changeable)
                        if self._phone_told and not _USER_DID.search(msg.content):
                            # "MMS still cannot send ...": the phone's results read out, after only its own
                            # tools since the agent spoke; no news of the carrier's records
                            self._phone_epochs += 1
                        # What the user says they did ("Payment of 71.0 USD has been made for bill B2021")
                        # may be shown stale by lookups before it, as after their own tools.
                        for ident in identifiers_in(msg.content) if _USER_DID.search(msg.content) else ():
                            self._user_touched[ident.lstrip("#").lower()] = len(index.json_observations)
                        if not _UNDONE.search(msg.content):  # "data roaming is on now": no reason to redo a write
                            self.device_epochs += 1
                    elif news:
                        self.told += 1
                    if role == "user":
                        self.turns.append(Turn(i, "user", msg.content))
                        if "Data " in msg.content:
                            self._read_status_bar(msg.content)  # pasted from the phone
                        if "Signal:" in msg.content or "SIM Card Status:" in msg.content or "Mode Pref" in msg.content:
                            self._phone.read(msg.content)
                        elif "G" in msg.content or "bar" in msg.content or "Bar" in msg.content or "ervice" in msg.content or "ignal" in msg.content:
                            self._phone.read_words(msg.content)  # the bar in the user's own words: "Now 5G, full bars"
                        if "Mbps (" in msg.content:  # a speed test the user ran and read out
                            self._read_speeds(msg.content)
                        self._past_writes += self._writes
                        self._writes, self._moved, self._failed_write, self._noop_write = [], [], None, None
                        self._shown_at_user = len(index.json_observations)
                for call in msg.calls:  # dual control: the user ran a tool; its inputs are visible
                    user_calls[call.id] = records = self.info(call.name).meta.records
                    if self.info(call.name).meta.access == "read":
                        user_reads.add(call.id)
                    self._told_records.update(records or ("*",))  # (undeclared: any kind)
                    self._called.add(call.name)
                    self._did(call)
                    index.add_json(call.arguments)
                    self.epoch += 1
                    self._epoch_records.append(records)
                    self.device_epochs += 1
                    if call.name not in _CARRIER_USER_TOOLS:
                        self._phone_epochs += 1
                        self._phone_told = True
                        phone_only.add(call.id)
                    meta = self.info(call.name).meta
                    # Never a decision; the selector marks the hand-off of control (paths.py).
                    user_actions.append({"message_index": i, "name": call.name, "access": meta.access,
                                         "object_class": meta.object_class})
        eligible = sum(d["eligible"] for d in decisions)
        metadata: dict[str, Any] = {}
        inferred = sorted({f["name"] for d in decisions for f in d["calls"] if f["inferred"]})
        if inferred:
            metadata["inferred_tools"] = inferred
        if self.judge_errors:
            metadata["judge_errors"] = self.judge_errors
        if user_actions:
            metadata["user_actions"] = user_actions
        path: list[str] | None = None
        key: str | None = None
        paths = self.cert._paths
        if paths is not None:
            path, key = paths(decisions, metadata)
        reward = self.inter.reward
        # Keys in CertifiedInteraction's field order, values JSON-ready: this dict is exactly
        # that model's ``model_dump(mode="json")`` (tests/certify/test_record_dict.py holds it to that).
        return {
            "id": self.inter.id,
            "task_id": self.inter.task_id,
            "domain": self.domain,
            "reward": float(reward) if reward is not None else None,
            "decisions": decisions,
            "summary": {"decisions": len(decisions), "eligible": eligible},
            "path": path,
            "path_key": key,
            "metadata": metadata,
        }


def _part_of(text: str, call: ToolCall) -> str:
    """The part of a report of several objects that names the call's: from its identifier up to the
    next identifier of its kind ("#W6975922 (no longer needed) and #W5663445 (ordered by mistake)"
    for the second's cancellation); the whole text where it names one object or none of the call's."""
    ids = identifiers_in(text)
    if len(ids) < 2:
        return text
    own = {compact(v) for v in call.arguments.values() if isinstance(v, str)}
    for k, ident in enumerate(ids):
        if (key := compact(ident)) in own:
            start = text.find(ident)
            ends = [p for other in ids[k + 1:] if id_shape(compact(other)) == id_shape(key)
                    and (p := text.find(other, start + len(ident))) > 0]
            return text[start:min(ends)] if ends else text[start:]
    return text


def _own_status(result: str, key: str) -> str | None:
    """The ``status`` a write's result (JSON text) gives the object it shows as its own, with this
    identifier key (``ident.lstrip("#").lower()``); None where it gives none."""
    if '"status"' not in result or not result.startswith("{"):
        return None
    try:
        obj = orjson.loads(result)
    except orjson.JSONDecodeError:
        return None
    status = obj.get("status") if isinstance(obj, dict) else None
    if not isinstance(status, str) or not any(
            isinstance(v, str) and v.lstrip("#").lower() == key for k, v in obj.items() if k.endswith("id")):
        return None
    return status


def _ids_shown(keys: set[str]) -> set[str]:
    """The identifier-like ones of these shown keys: letters with digits, five characters or more,
    or nine digits or more (fewer may be an amount: "96361" is "$963.61" without its separators)."""
    return {k for k in keys if len(k) >= 5 and not k.isalpha() and (len(k) >= 9 or not k.isdigit())}


def _sole_object(arguments: dict[str, Any], roles: Mapping[str, str], parts: list[str]) -> str | None:
    """The one identifier argument of a write besides the account's, where the tool's name names
    none of its arguments' objects: the bill of send_payment_request, the line of refuel_data."""
    ids = [a for a, v in arguments.items() if roles.get(a) == "identifier" and isinstance(v, str)
           and a.split("_")[0] not in _NOT_OBJECTS]
    return ids[0] if len(ids) == 1 and ids[0].split("_")[0] not in parts else None


def _ratio_of(written: str, text: str, amounts: list[tuple[str, int]]) -> bool:
    """Whether a number said as a multiple ("2.5×", "2.5 times") is the ratio of two of the text's
    money amounts ($5.00 and $2.00), to the two decimals it may be rounded to."""
    if not re.search(rf"(?<![\d.]){re.escape(written)}\s*(?:×|times\b)", text):
        return False
    with suppress(ValueError):
        said = float(written.replace(",", ""))
        money = {abs(c) for w, c in amounts if "$" in w and c}
        return any(abs(a / b - said) < 0.005 for a in money for b in money if a > b)
    return False


_COMBINED = re.compile(r"\b(?:combined|between them|together|altogether)\b", re.I)


# A round amount said as a bound: "still over $2,700", "under $50", "nearly $3,000".
_BOUND_BEFORE = re.compile(r"\b(?:(?P<up>over|above|more than|at least)|(?P<down>under|below|less than|nearly|almost))\s+\**$",
                           re.I)


def _bound_held(written: str, cents: int, found: list[tuple[str, int]], text: str) -> bool:
    """Whether a round amount is said as a bound ("over $2,700") that an amount the text states
    keeps, within a tenth of it: the table's cheapest at $2,709.83."""
    at = text.find(written)
    if at < 0 or (m := _BOUND_BEFORE.search(text, max(0, at - 14), at)) is None:
        return False
    others = [abs(c) for w, c in found if "$" in w and abs(c) != cents]
    if m["up"]:
        return any(cents < c <= cents * 11 // 10 for c in others)
    return any(cents * 9 // 10 <= c < cents for c in others)


def _share_of(written: str, text: str) -> bool:
    """Whether a percentage with decimals ("100.7%") is one amount of data the text states over
    another (15.1 GB of 15.0 GB), or one amount of money over another ($4.00 of $65.00 is 6.2%), to
    the decimals written."""
    if not re.search(rf"(?<![\d.]){re.escape(written)}\**\s*%", text) or "." not in written:
        return False
    places = len(written.split(".")[1])
    plain = text.replace("**", "")
    data = {float(m[1]) for m in ANY_GB.finditer(plain)}
    money = {c / 100 for w, c in money_numbers_in(plain) if "$" in w}  # "$4.00 is about 6.2% of $65.00"
    return any(round(100 * a / b, places) == float(written) for amounts in (data, money) for a in amounts
               for b in amounts if b > 0 and a != b)


# A count of hours said of a trip's time: "13 hours door to door", "a 2-hour connection", "5 h 30 in LGA".
_DURATION_SAID = re.compile(r"(?<![\d.:])(?:(\d{1,2}(?:\.\d)?)|(\d{1,2})\s?h\s?(\d{2}))\**[\s-]*(?:hours?\**[\s-]+|h\s+)?"
                            r"(connection|layover|wait|stop(?:over)?|door to door|in total|total travel time|(?-i:in [A-Z]{3}))\b",
                            re.I)
_TRIP_WORDS = frozenset({"door to door", "in total", "total travel time"})  # the whole trip's, no wait
# ... or the wait named first: "The connection in Phoenix is **2 hours**", "a layover of 3.5 hours".
_WAIT_IS = re.compile(r"\b(?:connection|layover)(?:\s+(?:in|at)\s+[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)?\s+(?:is|of|will be|would be)\s+"
                      r"(?:about\s+|around\s+|roughly\s+|just\s+)?\**(?P<n>\d{1,2}(?:\.\d)?)\**\s*(?:hours?|h)\b"
                      r"(?:\s+(?:and\s+)?(?P<min>\d{1,2})\s*(?:minutes?|min)\b)?")  # ("6 hours 30 minutes")


def _sentence_bounds(text: str, at: int) -> tuple[int, int]:
    """Where the sentence or line of a text that holds position ``at`` starts and ends."""
    start = max(text.rfind(". ", 0, at), text.rfind("\n", 0, at)) + 1
    return start, min((k for k in (text.find(". ", at), text.find("\n", at)) if k >= 0), default=len(text))


# The amount a line says is refunded: "-> refund $2,709 to the Visa ending 7803".
_REFUND_OF = re.compile(r"\brefund(?:ed)?(?:\s+of)?\s*\**(\$\d[\d,]*(?:\.\d+)?)")
# A calculation multiplied as a whole by a count: "2 * ((350 - 122) + (499 - 127))", "(...) * 3".
_TIMES_ALL = re.compile(r"\s*(?:([2-9])\s*\*\s*\((.*)\)|\((.*)\)\s*\*\s*([2-9]))\s*", re.S)


def _times_all(expression: str) -> int:
    """The count a calculation's whole expression is multiplied by; 1 where none is, or the bracket
    closes before the end ("2 * (350 - 122) + (499 - 127)" doubles only its first term)."""
    if (m := _TIMES_ALL.fullmatch(expression)) is None:
        return 1
    depth = 0
    for ch in m[2] if m[2] is not None else m[3]:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return 1
    return int(m[1] or m[4]) if depth == 0 else 1
# An amount said as what it all comes to: "the upgrade comes to $600", "would cost $600", "$600 in total".
_SAID_AS_TOTAL = re.compile(r"\b(?:comes?\s+to|costs?|total(?:s|\s+of|\s+is)?|would\s+be|will\s+be|in\s+all)\s*\**$", re.I)
# ... not a share: "$600 per passenger", "$600 each".
_EACH_AFTER = re.compile(r"\**\s*(?:per\s+(?:person|passenger|head|traveller|traveler)|each|a\s+head)\b", re.I)


def _sentence_at(text: str, at: int) -> str:
    """The sentence or line of a text that holds position ``at``."""
    start, end = _sentence_bounds(text, at)
    return text[start:end]


def _may_switch(text: str) -> bool:
    """Whether a text may say a feature is on or off: plain substring tests before any search."""
    return ("abled" in text or " off" in text or "activ" in text or " is on" in text or " are on" in text
            or "turned on" in text or "switched on" in text) and (" is " in text or " are " in text or "n't " in text or "n’t " in text
                                                                   or " stays " in text or " remains " in text
                                                                   or ": " in text  # ("International roaming: disabled")
                                                                   # ("Your line shows roaming disabled")
                                                                   or ("abled" in text and ("show" in text or " has " in text
                                                                                            or " with " in text)))


def _day_after(day: str) -> str:
    """The ISO day after an ISO day ("2024-05-23": "2024-05-24"); "" for anything else."""
    if ISO_DAY.fullmatch(day):
        with suppress(ValueError):
            return (date.fromisoformat(day) + timedelta(days=1)).isoformat()
    return ""


def _flag_set(call: ToolCall, obj: dict[str, Any], feature: str) -> bool | None:
    """The state a write sets this object's feature to: on for an ``enable_<feature>`` call whose
    argument names the object by its own field (``line_id``), off for a ``disable_<feature>`` one;
    None for any other write (it may have changed the flag, or not)."""
    verb, _, named = call.name.partition("_")
    if named != feature or verb not in ("enable", "disable") \
            or not any(isinstance(v, str) and isinstance(field := obj.get(k), str) and compact(field) == compact(v)
                       for k, v in call.arguments.items()):
        return None
    return verb == "enable"


def _may_set_flag(tool: str) -> bool:
    """Whether a write may turn a feature of its object on or off: not one that only adds data or
    bills ("refuel_data" leaves a line's roaming as its record showed; a resume may not)."""
    low = tool.lower()
    return not any(word in low for word in ("refuel", "payment", "charge"))


class Certifier:
    """Certifies interactions; caches domain metadata, compiled schemas and the judge client."""

    def __init__(self, config: CertifyConfig | None = None, *, attach_paths: bool = True):
        self.config = config or CertifyConfig()
        self.tools = ToolResolver()
        self._judge: Any = None
        self._paths = _selector_paths() if attach_paths else None

    @property
    def judge(self) -> Any:
        if self._judge is None and self.config.judge.enabled:
            from trajectory2gym.certify.judge import WorkflowJudge

            self._judge = WorkflowJudge(self.config.judge)
        return self._judge

    def certify(self, inter: Interaction, *, metadata: dict[str, ToolMeta] | None = None) -> CertifiedInteraction:
        return CertifiedInteraction.model_validate(self.certify_record(inter, metadata=metadata))

    def certify_record(self, inter: Interaction, *, metadata: dict[str, ToolMeta] | None = None) -> dict[str, Any]:
        """The certified record as the JSON-ready dict ``certify(inter).model_dump(mode="json")``
        gives, without building the model: what a writer streaming records to a file wants.
        Treat it as read-only: its per-call facts are shared with later records."""
        run = _Run(self, inter, metadata)
        try:
            return run.run()
        except (RecursionError, orjson.JSONEncodeError) as exc:
            # JSON nested deeper than Python (or orjson: 255 levels) walks, or an integer past 64 bits.
            raise UncertifiableRecord(f"messages[{run.at}]", f"holds a JSON value the certifier cannot walk "
                                      f"({type(exc).__name__}: {exc})") from None


def certify_interaction(
    inter: Interaction,
    *,
    metadata: dict[str, ToolMeta] | None = None,
    config: CertifyConfig | None = None,
) -> CertifiedInteraction:
    """Certify one interaction (for many, reuse a ``Certifier``: it caches per domain)."""
    return Certifier(config).certify(inter, metadata=metadata)

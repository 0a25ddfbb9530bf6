"""Reason texts: human-readable, naming the argument and value, and countable by kind.

Every reason comes from one template below. ``reason_kind`` maps a reason
string back to its template name, so corpus reports can histogram reasons from
the certified records alone.
"""

from __future__ import annotations

import re
from typing import Any

from trajectory2gym.certify.normalize import format_value

# kind -> (check, template). Placeholders: {tool} {arg} {value} {detail} {index}.
TEMPLATES: dict[str, tuple[str, str]] = {
    "unknown_tool": ("execution", "unknown tool {tool!r}"),
    "invalid_arguments": ("execution", "{tool}: arguments do not match the schema: {detail}"),
    "unparsable_arguments": ("execution", "{tool}: arguments are not a JSON object"),
    "error_observation": ("execution", "{tool}: error observation {detail}"),
    "missing_observation": ("execution", "{tool}: no observation"),
    "tool_not_visible": ("visibility", "tool {tool!r} not in the visible tool list"),
    "not_visible": ("visibility", "{tool}: {arg}={value} not in visible history"),
    "privileged": ("visibility", "{tool}: {arg}={value} found only in private (privileged)"),
    "free_text_too_long": ("visibility", "{tool}: {arg} free text longer than {detail} characters"),
    "text_not_visible": ("visibility", "text states {value} not in visible history"),
    "text_misattributed": ("visibility", "text states {value} for {arg}, which the observations price at {detail}"),
    "text_misplanned_line": ("visibility", "text puts {arg} on {value}, where its records show {detail}"),
    "text_misowned": ("visibility", "text gives {value} to {arg}, where the observations show it only for {detail}"),
    "text_misaddressed": ("visibility", "text gives {arg} the address {value}, where its newest record shows {detail}"),
    "text_misbranded_card": ("visibility", "text calls the card ending {value} a {arg}, where the observations show "
                                           "a {detail}"),
    "text_mismeasured": ("visibility", "text states {value} for {arg}, another object's {detail}"),
    "text_misstated_charge": ("visibility", "text states {value} as charged or refunded, which the call's result "
                                            "records as {detail}"),
    "text_misstated_refund_method": ("visibility", "text names {value} as where a refund goes, where the call's "
                                                   "result refunds {detail}"),
    "text_misstated_payer": ("visibility", "text says {arg} was paid with {value}, where its payment history "
                                           "shows {detail}"),
    "text_misstated_charge_method": ("visibility", "text names {value} as what a charge goes to, where the call "
                                                   "charged {detail}"),
    "text_misstated_past_refund": ("visibility", "text says {arg} was refunded to {value}, where its payment "
                                                 "history shows refunds to {detail}"),
    "text_misdirected_cancel_refund": ("visibility", "text sends the refund of cancelling {arg} to {value}, where "
                                                     "it was paid with {detail}, which a cancellation refunds"),
    "text_card_id_as_last_four": ("visibility", "text gives a card the last four digits {value}, which end its "
                                                "identifier; its card shows {detail}"),
    "text_misnamed_card": ("visibility", "text names the card ending {value} for what the write moved, where it "
                                         "used {detail}"),
    "text_miscounted_days": ("visibility", "text counts {value} since {arg}, where the current date the "
                                           "conversation states makes it {detail} days"),
    "text_misdated": ("visibility", "text gives {arg} the date {value}, where the observations show {detail}"),
    "text_misplaced_amount": ("visibility", "text puts {value} on the card ending {arg}, where the payment histories "
                                            "shown record it with {detail}"),
    "text_misplaced_brand_amount": ("visibility", "text puts {value} on a {arg} card, where the payment histories "
                                                  "shown record it with {detail}"),
    "text_misplaced_method_amount": ("visibility", "text gives {arg} the amount {value}, where the payment histories "
                                                   "shown record that amount with {detail}"),
    "text_not_within_a_day": ("visibility", "text says a booking at {value} was within the last 24 hours, where the "
                                            "current time the conversation states is {detail} hours after it"),
    "text_reversed_charge": ("visibility", "text states {value} as moving the other way than the conversation "
                                           "gave it ({detail})"),
    "text_unshown_field": ("visibility", "text gives {arg} the {detail} {value}, which no record of it shown gives"),
    "text_misdescribed_item": ("visibility", "text gives the item it prices at {value} the {arg} {detail}"),
    "text_misstated_device": ("visibility", "text says the phone's {arg} is {value}, where the latest check shows "
                                            "{detail}"),
    "text_contradicts_policy": ("visibility", "text states {value} ({arg}), against the policy: {detail!r}"),
    "text_contradicts_status": ("visibility", "text gives {arg} another status than the observation shows: {detail}"),
    "text_misstated_balance": ("visibility", "text states {value} as a balance after the change, which the balances "
                                             "shown and what the write moved do not give ({detail})"),
    "text_stale_value": ("visibility", "text states {value} of {arg}, where a write since shows {detail}"),
    "text_miscalculated": ("visibility", "text states {value}, which its own terms refute: {detail}"),
    "text_claims_failed_write": ("visibility", "text reports {tool} as done, but its result was an error or a change "
                                                "already made: {detail}"),
    "text_claims_other_object": ("visibility", "text reports {tool} as done on {value}, another object than the "
                                               "call's"),
    "text_claims_other_amount": ("visibility", "text reports {tool} as done with {detail}, where the call sent "
                                               "{arg}={value}"),
    "text_claims_other_choice": ("visibility", "text reports {tool} as done with the option {detail}, where the "
                                               "call chose {arg}={value}"),
    "text_mistimed": ("visibility", "text gives {arg} the time {value}, where the observations show {detail}"),
    "text_time_not_visible": ("visibility", "text gives {arg} the time {value}, where no observation "
                              "shows its schedule and the user never said it"),
    "text_not_cheapest": ("visibility", "text calls {value} the cheapest, where the search shows {detail}"),
    "text_miscounted": ("visibility", "text says {value}, where the observation lists {detail}"),
    "text_status_not_visible": ("visibility", "text gives {arg} a status no observation shows it with"),
    "text_contradicts_booking_date": ("visibility", "text states {value} as when it was booked, where the "
                                                    "observation shows {detail}"),
    "text_claims_unmade_action": ("visibility", "text says the agent did what no call that went through did: "
                                                "{detail!r}"),
    "text_promises_for_others": ("visibility", "text promises what {arg} will do, which nothing visible says: {value}"),
    "text_privileged": ("visibility", "text states {value} found only in private (privileged)"),
    "not_confirmed": ("workflow", "{tool}: no explicit user confirmation after the assistant last described it"),
    # {detail} says what a description needs; empty in records certified before it was added.
    "not_described": ("workflow", "{tool}: the assistant never described this action before it{detail}"),
    "confirmation_not_covering": ("workflow", "{tool}: the user's confirmation does not cover this action ({detail})"),
    "amount_not_confirmed": ("workflow", "{tool}: {arg}={value} is not the amount stated when the user confirmed ({detail})"),
    "argument_not_confirmed": ("workflow", "{tool}: {arg}={value} is not the choice stated when the user confirmed ({detail})"),
    "payment_not_named": ("workflow", "{tool}: {arg}={value}: no message names a payment method; the user never chose it"),
    "confirmation_withdrawn": ("workflow", "{tool}: the user withdrew the confirmation before the call"),
    "order_violation": ("workflow", "{tool}: {arg}={value} not established by an earlier successful lookup"),
    "before_identification": ("workflow", "{tool}: called before the customer was identified, which the policy puts "
                                          "first: {detail!r}"),
    "not_own_object": ("workflow", "{tool}: {arg}={value} is none of the identified customer's own {detail}, and "
                                   "the policy acts only for them"),
    "text_offers_not_own": ("workflow", "text offers to act on {value}, none of the identified customer's own "
                                        "{detail}, whose record shows another customer's"),
    "against_policy": ("workflow", "{tool}: {arg}={value}: the record meets no condition the policy sets: {detail!r}"),
    "condition_not_met": ("workflow", "{tool}: the description put it off ({detail}), and nothing since says so"),
    "judge": ("workflow", "{tool}: judge: {detail}"),
    "text_out_of_order": ("workflow", "text asks for {value} ({arg} step) while {detail}, an earlier stage, is unresolved"),
    "several_calls": ("workflow", "{index} tool calls in one turn, where the policy says {detail!r}"),
    "reply_with_call": ("workflow", "a reply to the customer in the same turn as a tool call, where the policy says "
                                    "{detail!r}"),
    "repeated_call": ("novelty", "{tool}: identical to the call at message {index} with no new evidence in between"),
}


def reason(kind: str, *, tool: str = "", arg: str = "", value: Any = None, detail: Any = "", index: int = -1) -> str:
    """The reason text of ``kind``."""
    _, template = TEMPLATES[kind]
    shown = format_value(value) if value is not None else ""
    return template.format(tool=tool, arg=arg, value=shown, detail=detail, index=index)


def _pattern(template: str) -> str:
    # Each placeholder matches anything; literal text must match exactly.
    parts = re.split(r"\{\w+(?:!r)?\}", template)
    return "(?:.*)".join(re.escape(p) for p in parts)


# One alternation, most literal text first: the first alternative that matches is the most
# specific template, as if each were tried in turn, in one pass of the regex engine.
_KINDS_BY_SPECIFICITY = sorted(TEMPLATES, key=lambda k: -len(re.sub(r"\{\w+(?:!r)?\}", "", TEMPLATES[k][1])))
_ANY_TEMPLATE = re.compile(
    "|".join(f"(?P<{k}>^{_pattern(TEMPLATES[k][1])}$)" for k in _KINDS_BY_SPECIFICITY), re.S
)


def reason_kind(text: str) -> str:
    """The template kind a reason was made from (``other`` for foreign text)."""
    m = _ANY_TEMPLATE.match(text)
    return (m.lastgroup or "other") if m else "other"


def reason_check(kind: str) -> str | None:
    entry = TEMPLATES.get(kind)
    return entry[0] if entry else None

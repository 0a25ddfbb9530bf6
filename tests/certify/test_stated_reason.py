"""A reason the text puts on the user for an action, which only the user can give
(certify/stated_reason.py)."""

from __future__ import annotations

from typing import Any

import pytest

from trajectory2gym.certify import certify_interaction
from trajectory2gym.certify.reasons import reason_kind
from trajectory2gym.certify.stated_reason import (
    may_put_place,
    may_put_saying,
    places_put_on_user,
    reasons_put_on_user,
    sayings_put_on_user,
)


@pytest.mark.parametrize(("text", "user", "found"), [
    # blind sets 80 and 81: r80_07 48, r81_04 12
    ("It holds an E-Reader, which I'll cancel for you since you ordered it by mistake.", "the one with the e-reader",
     ["since you ordered it by mistake"]),
    ("Since it was ordered by mistake, would you like me to cancel it?", "I don't remember ordering half of it",
     ["Since it was ordered by mistake"]),
    ("Since it was ordered by mistake, would you like me to cancel it?", "I ordered it by accident", []),
    ("I'll cancel it, as you no longer need it.", "I don't need it anymore", []),
    ("I'll cancel it, as you no longer need it.", "cancel the e-reader order", ["as you no longer need"]),
    ("Which reason: no longer needed or ordered by mistake?", "cancel it", []),  # asked, not put on the user
])
def test_a_reason_put_on_the_user(text: str, user: str, found: list[str]) -> None:
    assert reasons_put_on_user(text, user.lower()) == found


@pytest.mark.parametrize(("user", "kinds"), [
    ("Remind me what's in #W123? I don't remember ordering half of it.", ["text_not_visible"]),
    ("Remind me what's in #W123? I ordered it by mistake.", []),
])
def test_a_reason_in_a_reply(convo: Any, at: Any, order_w123: dict[str, Any], user: str, kinds: list[str]) -> None:
    c = convo()
    c.user(user)
    c.call("get_order_details", {"order_id": "#W123"}, {**order_w123, "status": "pending"})
    i = c.say("Order #W123 is pending. Since it was ordered by mistake, would you like me to cancel it?")
    assert [k for k in map(reason_kind, at(certify_interaction(c.build()), i).reasons) if k == "text_not_visible"] == kinds


HIDDEN_REASON = {"instruction": "Cancel order #W123 because ordered by mistake."}


@pytest.mark.parametrize(("user", "text", "privileged"), [
    # blind set 89, r89_09 16: the user gave no reason, the hidden task holds it
    ("Cancel #W123.", "Here's the cancellation:\n- **Order:** #W123\n- **Reason:** ordered by mistake\nShall I proceed?",
     True),
    ("Cancel #W123, it was a mistake.", "Here's the cancellation:\n- **Reason:** ordered by mistake\nShall I proceed?",
     False),  # the user gave it in other words
    ("Cancel #W123.", "What's the reason: no longer needed, or ordered by mistake?", False),  # the options asked
    ("Cancel #W123.", "I'll cancel #W123 with the reason 'no longer needed'. Shall I?", False),  # not the hidden one
])
def test_a_choice_of_reason_only_the_hidden_task_gives(convo: Any, at: Any, order_w123: dict[str, Any], user: str,
                                                      text: str, privileged: bool) -> None:
    c = convo(private=HIDDEN_REASON)
    c.user(user)
    c.call("get_order_details", {"order_id": "#W123"}, {**order_w123, "status": "pending"})
    i = c.say(text)
    d = at(certify_interaction(c.build()), i)
    assert d.privileged is privileged
    assert ("text_privileged" in map(reason_kind, d.reasons)) is privileged


def test_a_choice_of_reason_the_agent_said_before_is_seen(convo: Any, at: Any, order_w123: dict[str, Any]) -> None:
    c = convo(private=HIDDEN_REASON)
    c.user("Cancel #W123.")
    c.call("get_order_details", {"order_id": "#W123"}, {**order_w123, "status": "pending"})
    first = c.say("I'll cancel #W123 (reason: ordered by mistake). Shall I?")
    c.user("That is indeed the reason. How does the refund work?")
    second = c.say("It goes back to the original payment method. Shall I cancel #W123 (reason: ordered by mistake)?")
    cert = certify_interaction(c.build())
    assert at(cert, first).privileged and not at(cert, second).privileged


@pytest.mark.parametrize(("text", "user", "found"), [
    # blind set 80, t80_07 28: the user never spoke of a plan
    ("Since you mentioned you don't want to change your plan, the best option is a data refuel.",
     "MMS doesn't work. I'm at home in the US.", ["Since you mentioned you don't want to change your plan"]),
    ("Since you mentioned you don't want to change your plan, the best option is a data refuel.",
     "I definitely don't want to switch plans.", []),  # "plans": the user's word
    ("As you said, the kettle arrived broken.", "the kettle came broken", []),
    ("It's $4.00, charged to your next bill.", "no plan change please", []),  # nothing said to be the user's
    # a wish the text says it sees (blind set 82, a82_05 40)
    ("I'll book it, and I see you don't want travel insurance on this one.", "book the cheapest nonstop",
     ["I see you don't want travel insurance on this one"]),
    ("I'll book it, and I see you don't want travel insurance on this one.", "no insurance please", []),
    # "you've already said" (blind set 85, t85_02 36)
    ("Since you've already said you don't want to change your plan, the simplest fix is a data refuel.",
     "my data stopped working", ["Since you've already said you don't want to change your plan"]),
    ("Since you've already said you don't want to change your plan, the simplest fix is a data refuel.",
     "I won't change my plan", []),
    # "As you mentioned earlier," (blind set 89, r89_05 30: the user named no card for the refund)
    ("Switching makes the order $13.15 cheaper. As you mentioned earlier, you'd like that difference refunded to "
     "your Visa ending in 5768. Shall I go ahead?", "just the mat.", ["As you mentioned earlier, you'd like that "
                                                                      "difference refunded to your Visa ending in 5768"]),
    ("As you mentioned earlier, you'd like the refund on your Visa.", "refund it to my visa please", []),
    # a wish given as the reason (blind set 89, r89_12 15: the user had said only "my system")
    ("Yes, it can be exchanged. Since you want the **Amazon Alexa** version, the stainless steel one is in stock.",
     "it doesn't work with my system. can it be changed?", ["Since you want the **Amazon Alexa** version"]),
    ("Since you want the Amazon Alexa version, the stainless steel one is in stock.", "I need the alexa one", []),
    ("Since you want to return it, I'll need the order number.", "something", []),  # one word of its own
])
def test_what_the_text_says_the_user_said(text: str, user: str, found: list[str]) -> None:
    assert sayings_put_on_user(text, user.lower()) == found


@pytest.mark.parametrize(("text", "user", "found"), [
    # blind set 80, t80_06 14: the user never said where they are
    ("Since you're at home in the US, roaming isn't a factor here.", "MMS doesn't work. 555-123-2002.",
     ["you're at home"]),
    ("Since you're at home in the US, roaming isn't a factor here.", "I'm at home in the US.", []),
    ("Now that you're in France, roaming matters.", "i'm in france", []),
    ("Now that you're in France, roaming matters.", "no data since this morning", ["you're in France"]),
    ("Could you tell me whether you're at home in the US or travelling?", "mms broken", []),  # asked
])
def test_where_the_text_says_the_user_is(text: str, user: str, found: list[str]) -> None:
    assert places_put_on_user(text, user.lower()) == found


def test_the_gates_let_through_what_the_readers_read() -> None:
    assert may_put_place("Since you're at home in the US, roaming isn't a factor.")
    assert may_put_place("Now that you're in France, roaming matters.")
    assert not may_put_place("You're right, the data is off.")
    assert may_put_saying("Since you mentioned you don't want to change your plan, ...")
    assert may_put_saying("I'll book it, and I see you don't want travel insurance.")
    assert not may_put_saying("As I said, the refund takes 5-7 business days.")


@pytest.mark.parametrize(("text", "user", "observed", "found"), [
    # blind sets 79, 82, 83, 85 (t79_01 32, t82_05 11, t83_01 21, t85_06 6): only the hidden task says so
    ("Since you don't have Wi-Fi access where you are, we'll focus on mobile data.", "my data doesn't work", set(),
     ["Since you don't have Wi-Fi access where you are"]),
    ("Since you don't have Wi-Fi access where you are, we'll focus on mobile data.", "there's no wifi here", set(), []),
    ("Since you don't have Wi-Fi access where you are, we'll focus on mobile data.", "my data doesn't work",
     {"wifi", "radio", "off"}, []),  # a status shown: "Wi-Fi Radio: OFF"
    ("As you don't need it anymore, I'll cancel it.", "cancel it", set(), []),  # a reason: reasons_put_on_user's
])
def test_what_the_text_says_the_user_lacks(text: str, user: str, observed: set[str], found: list[str]) -> None:
    from trajectory2gym.certify.stated_reason import lacks_put_on_user

    assert lacks_put_on_user(text, user, observed) == found


@pytest.mark.parametrize(("text", "user", "found"), [
    # blind set 84, a84_01 22: only the hidden task says she is unwell
    ("Given that you're feeling unwell, the simplest route is to cancel with your insurance.",
     "so what are my options?", ["Given that you're feeling unwell"]),
    ("Given that you're feeling unwell, the simplest route is to cancel with your insurance.",
     "i'm sick and can't fly", []),
    ("Since you're a gold member, bags are free.", "so what are my options?", []),  # no feeling said
])
def test_how_the_text_says_the_user_feels(text: str, user: str, found: list[str]) -> None:
    from trajectory2gym.certify.stated_reason import feelings_put_on_user

    assert feelings_put_on_user(text, user) == found

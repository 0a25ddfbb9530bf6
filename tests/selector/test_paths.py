"""Canonical paths: what changes the key and what does not; the retail failed-lookup example."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

from selector_helpers import call, cert, decision

from trajectory2gym.selector.paths import (
    atoms,
    canonical_path,
    descriptor,
    error_flags,
    horizon_bucket,
    path_facts,
)


def user_lookup(obs: str = "ok"):
    return call("get_user_details", "read", "identity", ["identifier"], obs)


def order_lookup(obs: str = "ok", name: str = "get_order_details"):
    return call(name, "read", "commerce", ["identifier"], obs)


def cancel():
    return call("cancel_pending_order", "write", "commerce", ["identifier", "enum"])


def retail_episode(**kw):
    """Decision 1 is a failed order lookup; decision 2 retries with the right id."""
    return cert(
        kw.pop("cid", "r1"),
        [
            decision(2, "call", [user_lookup()]),
            decision(4, "call", [order_lookup("error")], eligible=False),
            decision(6, "call", [order_lookup()], after_error=True),
            decision(8, "text"),
            decision(10, "call", [cancel()]),
            decision(12, "text"),
        ],
        **kw,
    )


def test_retail_failed_lookup_is_excluded_and_flags_next():
    rec = retail_episode()
    descs, key = canonical_path(rec)
    d = rec.decisions
    assert descs == [
        descriptor(d[0], False),
        descriptor(d[2], True),
        descriptor(d[3], False),
        descriptor(d[4], False),
        descriptor(d[5], False),
    ]
    assert descs[1] == "call|read.commerce(identifier)->ok.commerce|after_error"
    assert not any("->error" in x for x in descs)  # the failed call is not in the path
    assert len(key) == 32 and int(key, 16) >= 0


def test_error_flag_comes_from_the_observation_even_without_after_error():
    rec = retail_episode()
    rec.decisions[2].after_error = False  # a producer that forgot the flag
    assert canonical_path(rec)[0][1].endswith("|after_error")
    assert error_flags(rec.decisions) == [False, False, True, False, False, False]


def test_error_feedback_reaches_past_ineligible_decisions_and_clears_after_supervised():
    rec = cert(
        "x",
        [
            decision(2, "call", [order_lookup("error")], eligible=False),
            decision(4, "text", eligible=False),  # still no supervised decision since the error
            decision(6, "call", [order_lookup()]),
            decision(8, "text"),
        ],
    )
    descs, _ = canonical_path(rec)
    assert [x.rsplit("|", 1)[1] for x in descs] == ["after_error", "clean"]


def test_supervised_failed_call_flags_the_next_supervised_decision():
    rec = cert("x", [decision(2, "call", [order_lookup("error")]), decision(4, "text")])
    descs, _ = canonical_path(rec)
    assert descs[0].endswith("->error|clean") and descs[1].endswith("|after_error")


def test_values_and_names_do_not_enter_the_key():
    base = retail_episode()
    other = cert(
        "completely-different-id",
        [
            decision(1, "call", [call("find_user_id_by_id", "read", "identity", ["identifier"])]),
            decision(3, "call", [order_lookup("error", "get_product_details")], eligible=False),
            decision(9, "call", [order_lookup(name="get_product_details")], after_error=True),
            decision(10, "text"),
            decision(20, "call", [call("cancel_order", "write", "commerce", ["enum", "identifier"])]),
            decision(21, "text"),
        ],
        task_id="another-task",
        domain="airline",
        reward=0.0,
        metadata={"seed": 7},
    )
    other.decisions[0].reasons.append("some reason text")
    assert canonical_path(other) == canonical_path(base)


def test_repeated_roles_collapse_into_one_composite_class():
    one = cert("a", [decision(2, "call", [call("f", "write", "commerce", ["identifier", "amount"])])])
    two = cert("b", [decision(2, "call", [call("f", "write", "commerce", ["amount", "identifier", "identifier"])])])
    assert canonical_path(one)[0] == ["call|write.commerce(amount+identifier)->ok.commerce|clean"]
    assert canonical_path(one) == canonical_path(two)
    assert "args_per_call:2" in atoms(one) and "args_per_call:3" in atoms(two)


def test_order_shape_and_recovery_context_change_the_key():
    key = canonical_path(retail_episode())[1]
    swapped = retail_episode()
    swapped.decisions[3].message_index, swapped.decisions[4].message_index = 10, 8
    assert canonical_path(swapped)[1] != key

    empty = retail_episode()
    empty.decisions[2].calls[0].observation = "empty"
    assert canonical_path(empty)[1] != key

    no_failure = retail_episode()
    del no_failure.decisions[1]
    no_failure.decisions[1].after_error = False
    assert canonical_path(no_failure)[1] != key
    # ... and it differs only in the recovery flag of the retry.
    assert [x.replace("|after_error", "|clean") for x in canonical_path(retail_episode())[0]] == canonical_path(
        no_failure
    )[0]

    eligible_failure = retail_episode()
    eligible_failure.decisions[1].eligible = True
    assert canonical_path(eligible_failure)[1] != key


def test_decision_kind_changes_the_key():
    a = cert("a", [decision(2, "call", [order_lookup()])])
    b = cert("b", [decision(2, "multi_call", [order_lookup()])])
    assert canonical_path(a)[1] != canonical_path(b)[1]


def test_key_is_blake2b_of_the_documented_serialization():
    descs, key = canonical_path(retail_episode())
    payload = json.dumps(["t2g-path/1", *descs], separators=(",", ":"), ensure_ascii=False).encode()
    assert key == hashlib.blake2b(payload, digest_size=16).hexdigest()


def test_key_is_the_same_in_other_interpreters_with_other_hash_seeds():
    code = (
        "import sys; sys.path.insert(0, {p!r}); from test_paths import retail_episode;"
        "from trajectory2gym.selector.paths import canonical_path; print(canonical_path(retail_episode())[1])"
    ).format(p=str(__import__("pathlib").Path(__file__).parent))
    keys = set()
    for seed in ("1", "12345"):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        )
        keys.add(out.stdout.strip())
    assert keys == {canonical_path(retail_episode())[1]}


def test_unsorted_message_indices_are_read_in_order():
    rec = retail_episode()
    shuffled = rec.model_copy(update={"decisions": list(reversed(rec.decisions))})
    assert canonical_path(shuffled) == canonical_path(rec)


def test_atoms():
    a = atoms(retail_episode())
    assert "recovery:yes" in a
    assert "horizon:8" in a  # 5 supervised decisions
    assert {"trans:read>read", "trans:read>text", "trans:text>write", "trans:write>text"} <= a
    assert not any(x.startswith("trans:") and "error" in x for x in a)
    assert {"calls_per_decision:0", "calls_per_decision:1"} <= a
    assert {f"desc:{x}" for x in canonical_path(retail_episode())[0]} <= a
    plain = cert("p", [decision(2, "multi_call", [user_lookup(), order_lookup()])])
    assert {"recovery:no", "horizon:1", "calls_per_decision:2"} <= atoms(plain)


def test_horizon_buckets():
    assert [horizon_bucket(n) for n in (0, 1, 2, 3, 4, 5, 16, 17, 32, 33, 100)] == [
        "0", "1", "2", "4", "4", "8", "16", "32", "32", "overflow", "overflow",
    ]


def test_no_supervised_decision_gives_an_empty_path():
    facts = path_facts(cert("e", [decision(2, "text", eligible=False)]))
    assert facts.descriptors == () and "horizon:0" in facts.atoms

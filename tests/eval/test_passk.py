"""pass^k against hand-computed values and a brute force over trial subsets."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajectory2gym.launch.eval.passk import (
    pass_hat_k,
    pass_k_by_domain,
    pass_k_curve,
    success_counts,
)


@pytest.mark.parametrize(
    ("c", "n", "k", "expected"),
    [
        (4, 4, 1, 1.0),
        (4, 4, 4, 1.0),
        (0, 4, 1, 0.0),
        (2, 4, 1, 0.5),
        (2, 4, 2, 1 / 6),  # C(2,2)/C(4,2)
        (2, 4, 3, 0.0),
        (3, 4, 2, 0.5),  # 3/6
        (3, 5, 3, 0.1),  # 1/10
        (7, 8, 4, 0.5),  # 35/70
    ],
)
def test_known_values(c: int, n: int, k: int, expected: float) -> None:
    assert pass_hat_k(c, n, k) == pytest.approx(expected)


def brute_force(outcomes: list[bool], k: int) -> float:
    """Share of k-subsets of the trials in which every trial succeeded."""
    subsets = list(itertools.combinations(outcomes, k))
    return sum(all(s) for s in subsets) / len(subsets)


@given(st.lists(st.booleans(), min_size=1, max_size=8), st.data())
def test_matches_brute_force(outcomes: list[bool], data: st.DataObject) -> None:
    k = data.draw(st.integers(1, len(outcomes)))
    assert pass_hat_k(sum(outcomes), len(outcomes), k) == pytest.approx(brute_force(outcomes, k))


@given(st.integers(1, 10), st.data())
def test_nonincreasing_in_k_and_pass1_is_success_rate(n: int, data: st.DataObject) -> None:
    c = data.draw(st.integers(0, n))
    values = [pass_hat_k(c, n, k) for k in range(1, n + 1)]
    assert values[0] == pytest.approx(c / n)
    assert all(a >= b - 1e-12 for a, b in zip(values, values[1:], strict=False))


def test_curve_averages_over_tasks() -> None:
    counts = {"a": (3, 3), "b": (2, 3), "c": (0, 3)}
    curve = pass_k_curve(counts)
    assert curve[1] == pytest.approx(5 / 9)
    assert curve[2] == pytest.approx((1 + 1 / 3 + 0) / 3)
    assert curve[3] == pytest.approx(1 / 3)
    assert pass_k_curve(counts, max_k=2).keys() == {1, 2}


def test_outcomes_per_domain() -> None:
    outcomes = [("retail", "t1", 1.0), ("retail", "t1", 0.0), ("airline", "t9", 1.0), ("airline", "t9", 1.0),
                ("retail", "t2", 0.9999999), ("retail", "t2", None)]
    counts = success_counts(outcomes)
    assert counts == {"retail": {"t1": (1, 2), "t2": (1, 2)}, "airline": {"t9": (2, 2)}}
    by_domain = pass_k_by_domain(outcomes)
    assert by_domain["airline"] == {1: 1.0, 2: 1.0}
    assert by_domain["retail"][1] == pytest.approx(0.5)
    assert by_domain["retail"][2] == pytest.approx(0.0)


@pytest.mark.parametrize(("c", "n", "k"), [(1, 0, 1), (5, 4, 1), (-1, 4, 1), (2, 4, 0), (2, 4, 5)])
def test_invalid_arguments_are_errors(c: int, n: int, k: int) -> None:
    with pytest.raises(ValueError, match="pass\\^k"):
        pass_hat_k(c, n, k)


def test_mixed_trial_counts_are_an_error() -> None:
    with pytest.raises(ValueError, match="same number of trials"):
        pass_k_curve({"a": (1, 2), "b": (1, 3)})

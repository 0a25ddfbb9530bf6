"""The calculate tool's parser: arithmetic only, never eval."""

from __future__ import annotations

import pytest

from trajectory2gym.envs.calculator import CalculationError, calculate


@pytest.mark.parametrize(("expr", "value"), [
    ("2 + 2", "4.0"), ("2 + 3 * 4", "14.0"), ("(2 + 3) * 4", "20.0"), ("-3 + +5", "2.0"),
    ("10 / 4", "2.5"), ("1 / 3", "0.33"), ("100 - 20.555", "79.44"), (" .5 * 4 ", "2.0"),
    ("((1))", "1.0"),
])
def test_arithmetic(expr, value):
    assert calculate(expr) == value


@pytest.mark.parametrize(("expr", "message"), [
    ("__import__('os').system('x')", "invalid characters"),
    ("2 ** 10", "unsupported expression"),
    ("7 // 2", "unsupported expression"),
    ("1 / 0", "division by zero"),
    ("1 / (2 - 2)", "division by zero"),
    ("2 +", "invalid syntax"),
    ("", "invalid syntax"),
    ("(" * 5000 + "1" + ")" * 5000, "longer than"),
    ("(" * 600 + "1" + ")" * 600, "nested too deeply"),
    ("9" * 400 + ".0 * 10", "out of range"),
])
def test_rejected(expr, message):
    with pytest.raises(CalculationError, match=message):
        calculate(expr)


def test_never_calls_eval(monkeypatch):
    import builtins

    def no_eval(*a, **k):
        raise AssertionError("eval called")

    monkeypatch.setattr(builtins, "eval", no_eval)
    assert calculate("6 * 7") == "42.0"

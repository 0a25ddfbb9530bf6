"""Safe arithmetic for the ``calculate`` tool.

The expression is parsed with ``ast`` and walked by hand; only numbers, the
four operators, unary signs and parentheses are accepted. Nothing a model
writes ever reaches ``eval``. The result is formatted as tau-bench does:
``str(round(float(value), 2))``.
"""

from __future__ import annotations

import ast
import math
import operator

_ALLOWED_CHARS = frozenset("0123456789+-*/(). ")
MAX_LENGTH = 2000
MAX_DEPTH = 100

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg}


class CalculationError(ValueError):
    pass


def _walk(node: ast.AST) -> float | int:
    if isinstance(node, ast.Expression):
        return _walk(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _walk(node.left), _walk(node.right)
        if isinstance(node.op, ast.Div) and right == 0:
            raise CalculationError("division by zero")
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_walk(node.operand))
    raise CalculationError("unsupported expression: only numbers, + - * / and parentheses are allowed")


def calculate(expression: str) -> str:
    """The value of ``expression`` rounded to 2 decimals, as text; raises ``CalculationError``."""
    if not all(ch in _ALLOWED_CHARS for ch in expression):
        raise CalculationError("invalid characters in expression")
    if len(expression) > MAX_LENGTH:
        raise CalculationError(f"expression longer than {MAX_LENGTH} characters")
    depth = deepest = 0
    for ch in expression:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise CalculationError("expression nested too deeply")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise CalculationError("invalid syntax") from None
    except (RecursionError, MemoryError):
        raise CalculationError("expression nested too deeply") from None
    try:
        value = float(_walk(tree))
        if not math.isfinite(value):
            raise OverflowError
        return str(round(value, 2))
    except RecursionError:
        raise CalculationError("expression nested too deeply") from None
    except OverflowError:
        raise CalculationError("numerical result out of range") from None

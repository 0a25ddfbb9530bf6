"""Tools every customer-service domain shares: calculate, think, transfer_to_human_agents."""

from __future__ import annotations

from trajectory2gym.envs.calculator import CalculationError
from trajectory2gym.envs.calculator import calculate as evaluate
from trajectory2gym.envs.domain import Context
from trajectory2gym.envs.tooling import ToolError, Toolkit, string

shared = Toolkit()


@shared.tool(
    "Evaluate an arithmetic expression and return the result rounded to two decimals. "
    "Allowed: numbers, +, -, *, /, parentheses and spaces (for example '(120.5 - 20) * 2').",
    access="read",
    object_class="generic",
    params={"expression": string("The arithmetic expression, such as '19.99 + 5 * 2'.", "expression")},
)
def calculate(ctx: Context, expression: str) -> str:
    try:
        return evaluate(expression)
    except CalculationError as exc:
        raise ToolError(str(exc)) from None


@shared.tool(
    "Write down a thought for complex reasoning. It reads nothing new and changes nothing; "
    "the thought only goes to the log.",
    access="read",
    object_class="generic",
    params={"thought": string("The thought to note.", "free_text")},
)
def think(ctx: Context, thought: str) -> str:
    return ""


@shared.tool(
    "Hand the customer over to a human agent together with a summary of their issue. Use it only "
    "when the customer explicitly asks for a human, or when the request cannot be handled with "
    "the available tools.",
    access="handoff",
    object_class="communication",
    params={"summary": string("A short summary of the customer's issue.", "free_text")},
)
def transfer_to_human_agents(ctx: Context, summary: str) -> str:
    return "Transfer successful"

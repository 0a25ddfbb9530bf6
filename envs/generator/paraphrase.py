"""Optional LLM paraphrase of a generated request, kept only when it keeps every fact.

The scripted teacher's plan relies on what the request states (an order id, the
options of a variant, an address). A paraphrase is accepted only if every such
value of the original request still occurs in it verbatim; otherwise the
original request stays and the rejection is recorded in the task's metadata.
"""

from __future__ import annotations

import re

from trajectory2gym.envs.generator.llm import ChatClient
from trajectory2gym.envs.tasks import TaskSpec
from trajectory2gym.interaction import Message

# Values the plan depends on: ids (#W1234567, HAT001, gift_card_123), numbers, dates, codes.
_VALUE = re.compile(r"#?\w*\d[\w\-.]*|\b[A-Z]{3}\b")


def kept_values(original: str, paraphrase: str) -> list[str]:
    """The values of ``original`` missing from ``paraphrase`` (empty: the paraphrase is safe)."""
    return [v for v in dict.fromkeys(_VALUE.findall(original)) if v not in paraphrase]


def paraphrase_request(task: TaskSpec, client: ChatClient) -> TaskSpec:
    prompt = [
        Message(role="system", content=(
            "Rewrite the customer's message in different words, as the customer would say it. Keep "
            "every identifier, number, date, code, product name and option exactly as written. "
            "Answer with the rewritten message only.")),
        Message(role="user", content=task.request),
    ]
    text = (client.chat(prompt).content or "").strip()
    missing = kept_values(task.request, text) if text else ["(empty answer)"]
    out = task.model_copy(deep=True)
    if missing:
        out.metadata["paraphrase_rejected"] = missing
        return out
    out.metadata["original_request"] = task.request
    out.request = text
    return out

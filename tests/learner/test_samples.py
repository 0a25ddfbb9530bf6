"""The tiny sample data: certified by the real certifier, grounded where it is meant to train."""

from __future__ import annotations

import json
from pathlib import Path

from trajectory2gym.cli import main
from trajectory2gym.learner.samples import sample_set, write_samples


def test_written_certificates_are_what_t2g_certify_writes(tmp_path: Path) -> None:
    paths = write_samples(tmp_path / "s", 8)
    out = tmp_path / "recertified.jsonl"
    assert main(["certify", str(paths["interactions"]), "-o", str(out), "--workers", "1", "-q"]) == 0
    written = [json.loads(line) for line in paths["certified"].read_text().splitlines()]
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(written) == 8 and written == again


def test_supervised_decisions_are_grounded_and_a_failed_call_is_masked() -> None:
    inters, certs = sample_set(8)
    for inter, cert in zip(inters, certs, strict=True):
        assert cert.reward == inter.reward == 1.0
        by_index = {d.message_index: d for d in cert.decisions}
        # 2: lookup with a mistyped id (error observation); 4 retry, 6 text, 8 cancel, 10 text.
        assert not by_index[2].eligible and not by_index[2].checks["execution"]
        assert cert.eligible_indices == [4, 6, 8, 10], [d.reasons for d in cert.decisions]
        assert by_index[4].after_error
    # The samples differ in more than ids: orders, items, reasons, wording.
    assert len({i.messages[1].content.split("#W")[0] for i in inters}) > 1
    assert len({i.messages[8].tool_calls[0].function.arguments["reason"] for i in inters}) == 2

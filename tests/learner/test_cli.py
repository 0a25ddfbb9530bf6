"""The CLI end to end: make-tiny, export-rows (TRL parquet), train with overrides and resume."""

from __future__ import annotations

from pathlib import Path

from trajectory2gym.cli import main
from trajectory2gym.config import CONFIG_HOME

TINY = str(CONFIG_HOME / "configs" / "learner_tiny.yaml")


def test_make_tiny_export_train_resume(tmp_path: Path) -> None:
    import datasets
    from transformers import AutoModelForCausalLM, AutoTokenizer

    out = tmp_path / "tiny"
    assert main(["learner", "make-tiny", "-o", str(out), "--samples", "4"]) == 0
    for arch in ("qwen3", "qwen3_moe"):
        AutoModelForCausalLM.from_pretrained(out / arch)
        assert AutoTokenizer.from_pretrained(out / arch).chat_template
    over = [f"model_path={out}/qwen3", f"data.interactions={out}/interactions.jsonl",
            f"data.certified={out}/certified.jsonl", f"data.selected={out}/selected.jsonl",
            f"checkpoint_dir={tmp_path}/ck", "wandb_mode=disabled", "progress=false", "steps=2",
            "checkpoint_interval=1", "keep_checkpoints=3"]
    rc = main(["learner", "export-rows", TINY, *over, "-o", str(tmp_path / "rows.parquet"),
               "--interactions-out", str(tmp_path / "inter.parquet")])
    assert rc == 0
    ds = datasets.Dataset.from_parquet(str(tmp_path / "rows.parquet"))
    assert {"input_ids", "assistant_masks", "parent_id", "weights"} <= set(ds.column_names)
    # 4 samples x 4 certified-eligible decisions (the failed lookup is masked)
    assert len(ds) == 16 and abs(sum(sum(w) for w in ds["weights"]) - 1.0) < 1e-4
    assert all(len(a) == len(b) for a, b in zip(ds["input_ids"], ds["assistant_masks"], strict=True))
    inter = datasets.Dataset.from_parquet(str(tmp_path / "inter.parquet"))
    assert {"messages", "tools"} <= set(inter.column_names) and len(inter) == 4
    assert main(["train", TINY, *over]) == 0
    assert (tmp_path / "ck" / "latest").read_text() == "step-00000002"
    assert main(["train", TINY, *over, "steps=3", "--resume",
                 str(tmp_path / "ck" / "step-00000002")]) == 0
    assert (tmp_path / "ck" / "latest").read_text() == "step-00000003"
    # Resuming with a different loss, batch shape or rendering is a clear error, not a silent run.
    assert main(["train", TINY, *over, "steps=4", "checkpoint_dir=" + str(tmp_path / "ck2"), "loss=token",
                 "micro_batch=1", "rendering=conversation", "--resume", str(tmp_path / "ck")]) == 2
    assert not (tmp_path / "ck2").exists()
    assert main(["train", TINY, *over, "loss=mean"]) == 2  # clear config error

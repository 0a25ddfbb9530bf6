"""``t2g train`` and ``t2g learner {make-tiny,export-rows,presets}``."""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape

from trajectory2gym.console import make_console

console = make_console()


def register(sub: Any) -> None:
    p = sub.add_parser(
        "train", help="train a model on selected, certified interactions (DeepSpeed; CPU or GPU)",
        description="Supervised fine-tuning with the parent-normalized loss. CONFIG is a learner YAML "
        "(configs/learner_tiny.yaml, configs/scales/*.yaml); overrides are dotted key=value pairs, e.g. "
        "`loss=row data.selected=sel.jsonl steps=10`. Launch several processes with torchrun; on CPU "
        "set DS_ACCELERATOR=cpu (done automatically when no GPU is visible).")
    p.add_argument("config", help="learner config YAML; a file whose top-level `learner:` section holds learner "
                   "keys works too (not a `t2g run` config: its learner section is resolved by the run)")
    p.add_argument("overrides", nargs="*", help="dotted overrides key.sub=value")
    p.add_argument("--resume", metavar="DIR", help="checkpoint directory, or a checkpoint root with `latest`")
    p.set_defaults(handler=cmd_train)

    lp = sub.add_parser("learner", help="learner utilities: tiny models, row export, scale presets",
                        description="Learner utilities.")
    lsub = lp.add_subparsers(dest="learner_command", metavar="SUBCOMMAND")
    mt = lsub.add_parser(
        "make-tiny", help="write tiny random Qwen3 and Qwen3-MoE models, a trained tokenizer and sample data",
        description="Writes DIR/qwen3 and DIR/qwen3_moe (loadable with from_pretrained), each with a byte-level "
        "BPE tokenizer trained here and a Qwen3/Hermes-style chat template, plus DIR/interactions.jsonl, "
        "DIR/certified.jsonl and DIR/selected.jsonl with synthetic interactions for a smoke run.")
    mt.add_argument("-o", "--output", required=True, metavar="DIR")
    mt.add_argument("--seed", type=int, default=0)
    mt.add_argument("--samples", type=int, default=8, help="synthetic interactions to write (0: none)")
    mt.set_defaults(handler=cmd_make_tiny)

    ex = lsub.add_parser(
        "export-rows", help="render the selected set and write rows as Hugging Face parquet (TRL form)",
        description="Columns: input_ids, assistant_masks (1 on eligible decision targets), parent_id, weights "
        "(per-token weight of the configured loss over the whole set; sums to 1), decisions.")
    ex.add_argument("config")
    ex.add_argument("overrides", nargs="*")
    ex.add_argument("-o", "--output", required=True, help="rows parquet path")
    ex.add_argument("--interactions-out", metavar="PATH",
                    help="also write the selected interactions as messages/tools parquet")
    ex.set_defaults(handler=cmd_export_rows)

    pr = lsub.add_parser("presets", help="validate and list the scale presets in configs/scales/",
                         description="Loads every preset (validation errors name the file and key).")
    pr.set_defaults(handler=cmd_presets)
    lp.set_defaults(handler=lambda a: (lp.print_help(), 2)[1])


def _print_report(report: Any, max_issues: int = 30) -> None:
    console.print(f"rendered {report.parents_rendered}/{report.parents_in} parents into {report.rows} rows, "
                  f"{report.target_tokens} target tokens")
    for kind, n in sorted(report.by_kind().items()):
        console.print(f"  [yellow]{kind}[/yellow]: {n}")
    for issue in report.issues[:max_issues]:
        console.print(f"  {issue}", markup=False, highlight=False)
    if len(report.issues) > max_issues:
        console.print(f"  ... and {len(report.issues) - max_issues} more")


def cmd_train(args: argparse.Namespace) -> int:
    from trajectory2gym.learner.config import load_learner_config
    from trajectory2gym.learner.trainer import train

    config = load_learner_config(args.config, args.overrides)
    result = train(config, resume=args.resume)
    import torch.distributed as dist

    if not dist.is_initialized() or dist.get_rank() == 0:
        _print_report(result.render_report)
        first = f"{result.losses[0]:.4f}" if result.losses else "-"
        last = f"{result.losses[-1]:.4f}" if result.losses else "-"
        console.print(f"trained steps {result.start_step}..{result.steps}: loss {first} -> {last}; "
                      f"checkpoint {result.checkpoint}")
    return 0


def cmd_make_tiny(args: argparse.Namespace) -> int:
    from trajectory2gym.learner.samples import write_samples
    from trajectory2gym.learner.tiny import make_tiny_pair

    paths = make_tiny_pair(args.output, seed=args.seed)
    for arch, path in paths.items():
        console.print(f"{arch}: {path}")
    if args.samples:
        written = write_samples(args.output, args.samples, seed=args.seed)
        console.print(f"samples ({args.samples}, certified by the certifier): "
                      + ", ".join(str(p) for p in written.values()))
    return 0


def cmd_export_rows(args: argparse.Namespace) -> int:
    from transformers import AutoTokenizer

    from trajectory2gym.learner.config import load_learner_config
    from trajectory2gym.learner.export import export_rows
    from trajectory2gym.learner.render import Renderer, render_all
    from trajectory2gym.learner.selected import as_selected
    from trajectory2gym.learner.trainer import check_input_paths, load_inputs
    from trajectory2gym.outputs import check_output

    config = load_learner_config(args.config, args.overrides)
    if not config.data.interactions or not config.data.certified:
        raise ValueError("export-rows needs data.interactions and data.certified in the config")
    # Before any work: parquet names, never over a file being read (nor each other).
    reads = [str(v) for v in config.data.model_dump().values() if isinstance(v, str) and v]
    check_output(args.output, inputs=reads, suffixes=(".parquet",))
    if args.interactions_out:
        check_output(args.interactions_out, inputs=[*reads, args.output], suffixes=(".parquet",))
    check_input_paths({f"data.{k}": v for k, v in config.data.model_dump().items()})
    config.check_max_length()  # exported rows are training rows: the same limit holds
    inters, certs, problems = load_inputs(config.data.interactions, config.data.certified)
    sel = as_selected(config.data.selected)
    for p in problems + (sel.problems if sel else []):
        console.print(f"  [red]bad[/red] {escape(str(p))}", highlight=False)
    tok = AutoTokenizer.from_pretrained(config.tokenizer)
    renderer = Renderer(tok, config.rendering, config.max_length, config.verify_render)
    rows, report = render_all(renderer, inters, certs, sel.weights if sel else None, progress=True)
    _print_report(report)
    if not rows:
        console.print("[red]error:[/red] no rows to export: every interaction was skipped (see above)")
        return 1
    n = export_rows(rows, args.output, config.loss)
    console.print(f"wrote {n} rows to {args.output}")
    if args.interactions_out:
        from trajectory2gym.hf_export import export_parquet

        keep = {r.parent_id for r in rows}
        m = export_parquet([i for i in inters if i.id in keep], args.interactions_out)
        console.print(f"wrote {m} interactions to {args.interactions_out}")
    return 0


def cmd_presets(args: argparse.Namespace) -> int:
    from trajectory2gym.learner.config import load_preset, preset_paths

    bad = 0
    for path in preset_paths():
        try:
            cfg = load_preset(str(path))
        except ValueError as exc:
            console.print(f"[red]invalid[/red] {exc}")
            bad += 1
            continue
        s = cfg.scale
        assert s is not None
        console.print(f"{path.stem}: {cfg.model_path} zero={cfg.zero_stage} offload={cfg.offload_optimizer} "
                      f"micro={cfg.micro_batch} ga={cfg.grad_accum} gpus={s.gpus_per_node}x{s.nodes} "
                      f"global={cfg.global_batch(s.world_size)} lr={cfg.lr} d={s.support_depth}"
                      f"{' moe' if cfg.moe else ''}")
    return 1 if bad else 0

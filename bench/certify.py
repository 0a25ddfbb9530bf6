"""Benchmark: certification time vs plain decode time of the same file.

Generates N retail-style interactions of about 20 assistant decisions each
(lookups with realistic JSON observations, stated amounts, confirmations,
writes, a failed lookup and its recovery), writes them as JSONL, then times
(a) decoding the file into ``Interaction`` objects with the project's reader
(``codecs.read_interactions``, what ``t2g certify`` reads JSONL with) and (b) what
``t2g certify`` runs: the same decoding plus certifying, tallying and writing the
certified records, in one process. Goal: (b)/(a) <= 3. With more than one core it
also times (c) ``t2g certify --workers N`` (what ``t2g certify`` runs by default, one
process per core); its wall ratio uses N processes against a decoding in one, and says
so. ``--profile K`` also prints where certification time goes (cProfile, K interactions
streamed once, as in a real run). ``--instructions K`` also counts CPU instructions with
callgrind (valgrind) for decoding and for certifying the first K interactions, less a
run that only imports: a ratio that, unlike time, repeats exactly on a busy machine
(about 80 s for K=300: callgrind runs code about 50x slower). It times whichever certifier is
installed: the Python modules, or the mypyc-compiled ones of ``T2G_MYPYC=1 pip install .``.

    python bench/certify.py [--n 5000] [--decisions 20] [--seed 0] [--workers 0] [--profile 1000]
                            [--instructions 300]
"""

from __future__ import annotations

import os
import sys

# Sibling bench scripts (bench/select.py) would shadow standard modules: drop this folder.
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    sys.path.pop(0)

import argparse  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import orjson  # noqa: E402

from trajectory2gym.certify import NATIVE, Certifier, CertifyConfig, CorpusReport  # noqa: E402
from trajectory2gym.certify.stream import certified_lines, resolve_workers  # noqa: E402
from trajectory2gym.codecs import JsonlWriter, read_interactions  # noqa: E402
from trajectory2gym.validation import ReadReport  # noqa: E402

PRODUCTS = ["Water Bottle", "Desk Lamp", "Office Chair", "Hiking Boots", "Electric Kettle", "Bookshelf",
            "Action Camera", "T-Shirt", "Backpack", "Smart Thermostat"]
OPTIONS = {"color": ["black", "blue", "red", "white"], "size": ["S", "M", "L", "XL"],
           "material": ["glass", "plastic", "steel", "cotton"]}


def _tool(name: str, props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": name.replace("_", " "), "parameters": {
        "type": "object", "properties": props, "required": list(props)}}}


S, L = {"type": "string"}, {"type": "array", "items": {"type": "string"}}
TOOLS = [
    _tool("find_user_id_by_email", {"email": S}), _tool("get_user_details", {"user_id": S}),
    _tool("get_order_details", {"order_id": S}), _tool("get_product_details", {"product_id": S}),
    _tool("exchange_delivered_order_items", {"order_id": S, "item_ids": L, "new_item_ids": L,
                                             "payment_method_id": S}),
    _tool("return_delivered_order_items", {"order_id": S, "item_ids": L, "payment_method_id": S}),
    _tool("calculate", {"expression": S}), _tool("transfer_to_human_agents", {"summary": S}),
]


def make_interaction(rng: random.Random, n: int, decisions: int) -> dict[str, Any]:
    ids = iter(range(1, 10_000))
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a retail agent. Follow the policy."}]

    def call(name: str, args: dict[str, Any], obs: Any) -> None:
        cid = f"c{next(ids)}"
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": orjson.dumps(args).decode()}}]})
        msgs.append({"role": "tool", "tool_call_id": cid, "name": name,
                     "content": obs if isinstance(obs, str) else orjson.dumps(obs).decode()})

    uid, email, pay = f"user_{n}_{rng.randrange(9999)}", f"user{n}@example.com", f"credit_card_{rng.randrange(10**7)}"
    msgs.append({"role": "user", "content": f"Hi, my email is {email}. I need help with my orders."})
    call("find_user_id_by_email", {"email": email}, uid)
    orders = [f"#W{rng.randrange(10**7):07d}" for _ in range(3)]
    call("get_user_details", {"user_id": uid}, {"name": {"first_name": "Ava", "last_name": "Moore"},
                                                "email": email, "orders": orders,
                                                "payment_methods": {pay: {"source": "credit_card", "id": pay}}})
    made = 2
    while made < decisions:
        oid = rng.choice(orders)
        items = []
        for _ in range(rng.randint(2, 4)):
            items.append({"name": rng.choice(PRODUCTS), "product_id": str(rng.randrange(10**10)),
                          "item_id": str(rng.randrange(10**10)), "price": round(rng.uniform(10, 500), 2),
                          "options": {k: rng.choice(v) for k, v in OPTIONS.items()}})
        order = {"order_id": oid, "user_id": uid, "status": "delivered", "items": items,
                 "payment_history": [{"transaction_type": "payment",
                                      "amount": round(sum(i["price"] for i in items), 2),
                                      "payment_method_id": pay}]}
        msgs.append({"role": "user", "content": f"What about order {oid}?"})
        if rng.random() < 0.2:
            call("get_order_details", {"order_id": oid + "9"}, "Error: order not found")
            made += 1
        call("get_order_details", {"order_id": oid}, order)
        item = items[0]
        variants = {str(rng.randrange(10**10)): {"item_id": "", "options": {k: rng.choice(v) for k, v in
                                                                             OPTIONS.items()},
                                                  "available": True, "price": round(rng.uniform(10, 500), 2)}
                    for _ in range(8)}
        for vid, v in variants.items():
            v["item_id"] = vid
        call("get_product_details", {"product_id": item["product_id"]},
             {"name": item["name"], "product_id": item["product_id"], "variants": variants})
        new = next(iter(variants))
        msgs.append({"role": "assistant", "content": (
            f"Order {oid} has {len(items)} items totalling ${order['payment_history'][0]['amount']}. I can exchange "
            f"the {item['name']} (item {item['item_id']}) for item {new} at ${variants[new]['price']}, "
            f"paying the difference with {pay}. Shall I proceed?")})
        msgs.append({"role": "user", "content": rng.choice(["Yes, go ahead.", "yes please", "Not now, thanks."])})
        call("exchange_delivered_order_items", {"order_id": oid, "item_ids": [item["item_id"]],
                                                "new_item_ids": [new], "payment_method_id": pay},
             {**order, "status": "exchange requested"})
        msgs.append({"role": "assistant", "content": f"Done. The exchange for {oid} is requested."})
        made += 5
    msgs.append({"role": "user", "content": "Thanks! ###STOP###"})
    return {"id": f"bench-{n}", "task_id": str(n), "domain": "retail", "tools": TOOLS, "messages": msgs,
            "private": {"task": {"user_id": uid, "instruction": "exchange items"}}, "reward": 1.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--decisions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=2, help="alternating passes; the best of each is kept")
    ap.add_argument("--workers", type=int, default=0, metavar="N",
                    help="also time t2g certify --workers N (0: one per core; 1: skip)")
    ap.add_argument("--profile", type=int, default=0, metavar="K",
                    help="then profile certifying the first K interactions (top functions by own time)")
    ap.add_argument("--instructions", type=int, default=0, metavar="K",
                    help="then count instructions (callgrind) decoding and certifying the first K interactions")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "bench.jsonl", Path(tmp) / "certified.jsonl"
        with open(src, "wb") as fh:
            for n in range(args.n):
                fh.write(orjson.dumps(make_interaction(rng, n, args.decisions), option=orjson.OPT_APPEND_NEWLINE))
        size = src.stat().st_size

        # Alternate the passes and keep each one's best: other processes on the machine then
        # bias none of them. CPU time counts this process and its finished worker processes.
        workers = resolve_workers(args.workers)
        passes = ["decode", "certify"] + ([f"certify x{workers}"] if workers > 1 else [])
        best: dict[str, tuple[float, float]] = {}
        decoded = decisions = eligible = 0
        for _ in range(args.repeats):
            for name in passes:
                w0, c0 = time.perf_counter(), _cpu()
                if name == "decode":
                    decoded = sum(1 for _ in read_interactions(src))
                else:  # exactly what t2g certify runs: read, validate, certify, tally, write
                    corpus = CorpusReport()
                    with JsonlWriter(out) as writer:
                        for line in certified_lines(str(src), "jsonl", ReadReport(), corpus, CertifyConfig(),
                                                    workers=1 if name == "certify" else workers):
                            writer.write_line(line)
                    overall = corpus.to_dict()["overall"]
                    decisions, eligible = overall["decisions"], overall["eligible"]
                _keep_best(best, name, time.perf_counter() - w0, _cpu() - c0)
        profile = _profile(src, args.profile) if args.profile else ""
        instructions = _instructions(src, args.instructions, Path(tmp)) if args.instructions else ""

    (dw, dc), (cw, cc) = best["decode"], best["certify"]
    print(f"interactions: {decoded}  decisions: {decisions} ({decisions / max(decoded, 1):.1f} each, "
          f"{eligible / max(decisions, 1):.1%} eligible)  file: {size / 1e6:.1f} MB  best of {args.repeats}")
    print("certifier: " + ("compiled with mypyc (T2G_MYPYC=1)" if NATIVE else
                           "Python modules (T2G_MYPYC=1 pip install --no-build-isolation . compiles them)"))
    print(f"plain decode:          wall {dw:7.2f} s   cpu {dc:7.2f} s")
    print(f"decode+certify+write:  wall {cw:7.2f} s   cpu {cc:7.2f} s  ({cc / max(decoded, 1) * 1e3:.2f} ms cpu each)")
    print(f"ratio certify/decode:  wall {cw / dw:7.2f}x   cpu {cc / dc:7.2f}x  (goal <= 3x; one process)")
    if workers > 1:
        pw, pc = best[f"certify x{workers}"]
        print(f"with {workers} workers:        wall {pw:7.2f} s   cpu {pc:7.2f} s  (all processes)")
        print(f"ratio x{workers}/decode:        wall {pw / dw:7.2f}x   cpu {pc / dc:7.2f}x  "
              f"(wall: {workers} processes against one decoding)")
    if profile:
        print(f"\nwhere certification time goes (first {args.profile} interactions, own time):\n{profile}")
    if instructions:
        print(f"\n{instructions}")


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (the worker pool)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _profile(src: Path, k: int) -> str:
    import cProfile
    import io
    import itertools
    import pstats

    inters = list(itertools.islice(read_interactions(src), k))
    certifier = Certifier()
    prof = cProfile.Profile()
    prof.enable()
    for inter in inters:
        certifier.certify_record(inter)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


# What each callgrind run executes: the same imports (the certifier's lazy ones included), then
# nothing, the decoding, or what ``t2g certify`` runs in one process.
_CALLGRIND_CHILD = """
import sys
from trajectory2gym.certify import CertifyConfig, CorpusReport
from trajectory2gym.certify.stream import certified_lines
from trajectory2gym.codecs import read_interactions
from trajectory2gym.validation import ReadReport
import trajectory2gym.envs.registry, trajectory2gym.selector.paths
mode, src = sys.argv[1], sys.argv[2]
if mode == "decode":
    sum(1 for _ in read_interactions(src))
elif mode == "certify":
    report = ReadReport()
    n = sum(1 for _ in certified_lines(src, "jsonl", report, CorpusReport(), CertifyConfig()))
    if report.bad_records or n != report.records:  # a count of failures would be no count of certifying
        sys.exit(f"{report.bad_records} of {report.records} records not certified: {report.errors[:1]}")
"""


def _instructions(src: Path, k: int, tmp: Path) -> str:
    """Instructions to decode and to certify the first ``k`` interactions, each less an import-only run."""
    import itertools
    import re
    import shutil
    import subprocess

    if shutil.which("valgrind") is None:
        return "instruction counts skipped: valgrind is not installed"
    head = tmp / "head.jsonl"
    with open(src, "rb") as fh, open(head, "wb") as out:
        out.writelines(itertools.islice(fh, k))
    counts: dict[str, int] = {}
    for mode in ("imports", "decode", "certify"):
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp / 'callgrind.out'}",
             sys.executable, "-c", _CALLGRIND_CHILD, mode, str(head)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
        if proc.returncode != 0 or found is None:
            return f"instruction counts failed ({mode}): {proc.stderr.strip()[-500:]}"
        counts[mode] = int(found.group(1))
    decode, certify = counts["decode"] - counts["imports"], counts["certify"] - counts["imports"]
    return (f"instructions (callgrind, first {k} interactions, imports subtracted):\n"
            f"plain decode:                {decode / 1e6:9.1f} M\n"
            f"decode+certify+tally+encode: {certify / 1e6:9.1f} M\n"
            f"ratio certify/decode:        {certify / decode:9.2f}x  (repeats exactly; goal <= 3x)")


def _keep_best(best: dict[str, tuple[float, float]], key: str, wall: float, cpu: float) -> None:
    if key not in best or cpu < best[key][1]:
        best[key] = (wall, cpu)


if __name__ == "__main__":
    main()

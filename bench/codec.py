"""Codec benchmark: encode/decode 10,000 generated interactions (~20 messages each).

Prints times for JSONL (orjson) and msgpack, raw decode and decode into validated
``Interaction`` objects, and the decode ratio msgpack / JSONL.

    python bench/codec.py [--n 10000]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import msgpack
import orjson

from trajectory2gym.codecs import iter_jsonl, iter_msgpack, read_interactions, write_records
from trajectory2gym.interaction import Interaction

TOOLS = ["get_user_details", "get_order_details", "get_product_details", "cancel_pending_order"]


def make_interaction(i: int, rng: random.Random) -> Interaction:
    msgs: list[dict] = [{"role": "system", "content": "You are a retail agent. " * 20}]
    call = 0
    while len(msgs) < 20:
        msgs.append({"role": "user", "content": f"Please help with order #W{rng.randrange(10**7)}."})
        call += 1
        name = rng.choice(TOOLS)
        args = {"order_id": f"#W{rng.randrange(10**7)}", "user_id": f"user_{rng.randrange(1000)}"}
        msgs.append({"role": "assistant", "tool_calls": [{"id": f"c{call}", "function": {"name": name, "arguments": orjson.dumps(args).decode()}}]})
        obs = {"order_id": args["order_id"], "status": "pending", "items": [{"item_id": str(rng.randrange(10**10)), "price": round(rng.random() * 500, 2)} for _ in range(3)]}
        msgs.append({"role": "tool", "tool_call_id": f"c{call}", "name": name, "content": orjson.dumps(obs).decode()})
        msgs.append({"role": "assistant", "content": "Here is what I found about your order."})
    return Interaction.model_validate({"task_id": str(i % 500), "domain": "retail", "messages": msgs, "reward": 1.0})


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10_000)
    args = ap.parse_args()
    rng = random.Random(0)
    items = [make_interaction(i, rng) for i in range(args.n)]
    with tempfile.TemporaryDirectory() as tmp:
        jl, mp = Path(tmp) / "a.jsonl", Path(tmp) / "a.msgpack"
        enc_j = timed(lambda: write_records(jl, items))
        enc_m = timed(lambda: write_records(mp, items))
        raw_j = timed(lambda: sum(1 for _ in iter_jsonl(jl)))
        raw_m = timed(lambda: sum(1 for _ in iter_msgpack(mp)))
        full_j = timed(lambda: sum(1 for _ in read_interactions(jl)))
        full_m = timed(lambda: sum(1 for _ in read_interactions(mp)))
        size_j, size_m = jl.stat().st_size, mp.stat().st_size
    # Plain library baseline, same data, no files: what the formats cost by themselves.
    dicts = [i.to_dict() for i in items]
    blobs_j = [orjson.dumps(d) for d in dicts]
    blobs_m = [msgpack.packb(d) for d in dicts]
    lib_j = timed(lambda: [orjson.loads(b) for b in blobs_j])
    lib_m = timed(lambda: [msgpack.unpackb(b) for b in blobs_m])
    print(f"{args.n} interactions, {sum(len(i.messages) for i in items) / args.n:.1f} messages each")
    print(f"size        jsonl {size_j / 1e6:8.1f} MB   msgpack {size_m / 1e6:8.1f} MB")
    print(f"encode      jsonl {enc_j:8.3f} s    msgpack {enc_m:8.3f} s")
    print(f"decode raw  jsonl {raw_j:8.3f} s    msgpack {raw_m:8.3f} s    ratio msgpack/jsonl {raw_m / raw_j:.2f}")
    print(f"decode+val  jsonl {full_j:8.3f} s    msgpack {full_m:8.3f} s    ratio msgpack/jsonl {full_m / full_j:.2f}")
    print(f"library     orjson {lib_j:7.3f} s    msgpack {lib_m:8.3f} s    ratio msgpack/orjson {lib_m / lib_j:.2f}")


if __name__ == "__main__":
    main()

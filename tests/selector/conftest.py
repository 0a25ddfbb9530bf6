from __future__ import annotations

import sys
from pathlib import Path

# Test helpers live next to the tests (import mode is importlib, so add the folder explicitly).
sys.path.insert(0, str(Path(__file__).parent))

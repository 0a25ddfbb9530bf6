import sys
from pathlib import Path

# Lets the tests here import their shared hypothesis strategies (importlib mode adds no path).
sys.path.insert(0, str(Path(__file__).resolve().parent))

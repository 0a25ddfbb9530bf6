"""Certification: decision-grounded supervision for any interaction log (issue 4).

``certify_interaction(inter)`` or a reusable ``Certifier(config).certify(inter)``
turns an ``Interaction`` into a ``CertifiedInteraction``: per assistant decision
the execution, visibility, workflow and novelty verdicts, human-readable reasons,
the after-error flag and type-level call facts. ``Certifier.certify_record`` gives
the same record as its JSON-ready dict (what a writer streams), and
``stream.certified_lines`` certifies a whole file, in one process or several
(``t2g certify --workers``).

Reading order: ``certifier.py`` (the pass and the four checks), ``evidence.py`` (what
the policy could see), ``tools.py`` (tool metadata), then the workflow check:
``confirmation.py`` (did the user say yes to this call), built on ``turns.py``
(messages and clauses), ``action_words.py`` (words for actions and objects),
``anchors.py`` (what identifies a call) and ``agreement.py`` (whether the call's
arguments are the ones confirmed, with ``dates.py``); ``prices.py`` checks what a
text says something costs; ``reasons.py`` holds every reason's template.
"""

from importlib.machinery import EXTENSION_SUFFIXES

from trajectory2gym.certify import certifier as _certifier
from trajectory2gym.certify.certifier import Certifier, certify_interaction, observation_shape
from trajectory2gym.certify.config import CertifyConfig, JudgeConfig
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.report import CorpusReport, build_report

# True where this install's certification was compiled with mypyc (setup.py, T2G_MYPYC=1).
NATIVE: bool = (_certifier.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "NATIVE",
    "Certifier",
    "CertifyConfig",
    "CorpusReport",
    "EvidenceIndex",
    "JudgeConfig",
    "build_report",
    "certify_interaction",
    "observation_shape",
]

"""Certification: decision-grounded supervision for any interaction log (issue 4).

``certify_interaction(inter)`` or a reusable ``Certifier(config).certify(inter)``
turns an ``Interaction`` into a ``CertifiedInteraction``: per assistant decision
the execution, visibility, workflow and novelty verdicts, human-readable reasons,
the after-error flag and type-level call facts. ``Certifier.certify_record`` gives
the same record as its JSON-ready dict (what a writer streams), and
``stream.certified_lines`` certifies a whole file, in one process or several
(``t2g certify --workers``).
"""

from trajectory2gym.certify.certifier import Certifier, certify_interaction, observation_shape
from trajectory2gym.certify.config import CertifyConfig, JudgeConfig
from trajectory2gym.certify.evidence import EvidenceIndex
from trajectory2gym.certify.report import CorpusReport, build_report

__all__ = [
    "Certifier",
    "CertifyConfig",
    "CorpusReport",
    "EvidenceIndex",
    "JudgeConfig",
    "build_report",
    "certify_interaction",
    "observation_shape",
]

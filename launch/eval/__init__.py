"""Evaluation (issue 9): pass^k on held-out tasks, BFCL conversion, decontamination.

Modules: ``passk`` (the estimator), ``runner`` (``run_eval``: episodes with a policy and a user
simulator), ``tasks_io`` (tau-bench or TaskSpec task files), ``decontam`` (overlap of training
data with held-out tasks, and the exclusion list for selection), ``bfcl`` (BFCL multi-turn data
in the interchange format; needs the optional ``bfcl-eval``), ``cli`` (the commands).
Kept import-free so ``t2g --help`` stays fast.
"""

"""Canonical paths and structural-support selection.

paths: descriptors, canonical path and stable key, atoms. inventory: support
counts and deficits. select: core/exemplar/coverage/deficit selection and the
random baseline. targets: under-supported paths for the generator. synthetic:
generated candidate pools. cli: ``t2g select``.
"""

"""``t2g report``: a self-contained HTML report of a run directory (issue 9)."""

from trajectory2gym.launch.report_html.collect import RunData, Section, collect
from trajectory2gym.launch.report_html.render import render, write_report

__all__ = ["RunData", "Section", "collect", "render", "write_report"]

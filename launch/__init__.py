"""The round driver (``t2g run``), run directories and resume, W&B, reports, ``t2g submit``."""

"""The telecom domain with dual control: the agent's account tools and the customer's phone.

Modelled on tau2-bench's telecom domain (semantics learned from its sources,
code written here). Both sides live in one copy-on-write ``State``: account
records (customers, lines, devices, plans, bills) and the phone (kind
``phone``: records ``device`` and ``surroundings``), synchronized after every
call (see ``sync.py``).
"""

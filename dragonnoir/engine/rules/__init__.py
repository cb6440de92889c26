"""Rules modules: each judges and carries out some action types and decisions, and does
the work of some moments of the turn. None registers itself: `engine/standard_rules.py`
assembles them into the `RuleSet` a `Game` is given.
"""

"""The rules engine: game state, actions, events, phases, and the rules data they read.

Pure Python: never imports pygame (docs/architecture.md, tests/test_architecture.py).
The rules' numbers (combat, infiltration and jump tables, counter values) are data:
`dragonnoir.engine.tables.load_rules_data` (docs/rules-tables.md).
"""

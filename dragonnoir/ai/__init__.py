"""Players that are programs: the side's view, the agents, the tactical AI, simulations.

A pure layer (no pygame): it reads a `SideView` built from a `Game` for one side (what that
side may know, nothing more) and answers with an `Action` that the engine's one door,
`Game.apply`, accepts. docs/ai.md describes the agents, the view, the tactical layer and
the behaviours.
"""

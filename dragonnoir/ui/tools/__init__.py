"""The game screen's tools: one small class per thing the player does on the map
(selecting, moving, firing, attacking and planning combats, casting, placing, answering a
decision), each saying what it highlights, what a click does and what it previews.
`ui.controller.Controller` holds the game and the selection and picks the tool; see
docs/client-controller.md, "Tools"."""

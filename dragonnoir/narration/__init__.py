"""Every word a player reads about a game, from one narrator (issue 41).

`phrase` (what there is to say, as things: characters, hexes, counts), `events` (what
each event of the engine says), `names` (what players call the characters) and
`narrator` (says it all to one reader, in the language in use: `dragonnoir.i18n`).
Below the client: the engine's callers (the client, the CLI, the campaign, the AI's
intent lines) all narrate through it; it imports nothing of ui/ or render/.
"""

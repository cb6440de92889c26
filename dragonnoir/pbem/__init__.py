"""Play by e-mail: turn files two players exchange (docs/pbem.md).

A turn file holds a whole game: the map and set-up it started from, then one *link*
per hand-over, each written and signed by the side that played it. The links form a
hash chain, so nothing the other player has seen can be changed, dropped or reordered;
the dice of each link come from secrets both sides fixed before either could know the
other's, so neither player can steer them.

- `canonical`: the one way a turn file is written out, byte for byte;
- `keys`: each installation's signing key (Ed25519);
- `coins`: the secrets, their commitments and the dice seeds made from them;
- `turnfile`: reading and writing `.dnturn` files;
- `chain`: checking a file: its chain, signatures, secrets and every action replayed;
- `records`: what this installation keeps of its own games (secrets not yet revealed,
  the last file it sent);
- `turns`: starting a game and playing one's links;
- `session`: a received file as the client plays it, one action at a time;
- `words`: how play by e-mail names a side to its player.
"""

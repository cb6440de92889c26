"""Dragon Noir 2: L'Epreuve — a rules-enforcing computer version of the hex wargame."""

import os

# pygame prints a banner on import (pytmx imports it too); a command-line tool should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"

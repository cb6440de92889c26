"""Dragon Noir 2: L'Epreuve — a rules-enforcing computer version of the hex wargame."""

__version__ = "0.1.0"

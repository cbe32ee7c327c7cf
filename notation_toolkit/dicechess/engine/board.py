"""Moved to :mod:`notation_toolkit.dicechess.display` (the one place that draws Dice Chess).

Kept so that existing imports keep working; import from ``notation_toolkit.dicechess.display``.
"""

from notation_toolkit.dicechess.display import board_text, dice_text, moves_table, squares_of

__all__ = ["board_text", "dice_text", "moves_table", "squares_of"]

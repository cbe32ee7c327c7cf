"""Dice Chess engine: expectimax over whole turns, baselines, matches and the terminal game."""

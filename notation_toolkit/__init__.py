"""notation-toolkit: grammar-driven parsers for the notations of chess variants.

The notations live in their own packages (``notation_toolkit.feen``, ``notation_toolkit.dfen``,
``notation_toolkit.fbr`` ...) over a small shared core (``notation_toolkit.core``). Importing
this package is cheap: nothing heavy is loaded until a notation is used.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]

"""``python -m notation_toolkit.lsp``: the same as ``ntk lsp``."""

from __future__ import annotations

from notation_toolkit.lsp.cli import lsp_command

if __name__ == "__main__":
    lsp_command()

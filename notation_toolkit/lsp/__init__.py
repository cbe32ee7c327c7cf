"""The language server of the toolkit (``ntk lsp``), for FBR rule files and FEEN/FEN/DFEN files.

Needs the ``lsp`` extra (``pip install 'notation-toolkit[lsp]'``: pygls, lsprotocol). The
protocol-free parts (checks, hover text, completions, symbols, formatting) are in
``notation_toolkit.lsp.analysis``; ``notation_toolkit.lsp.server.create_server`` wires them to pygls.
"""

from __future__ import annotations

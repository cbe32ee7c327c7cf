"""The variant studio (``ntk studio``): a rule file in an editor with live diagnostics, its board to
play on against an opponent, its pieces, perft, FEEN/FEN, PGN and the ``variants.ini`` export, in
the browser.

``notation_toolkit.studio.api`` is the JSON API as plain functions (no web library needed);
``notation_toolkit.studio.server`` serves it and the page (``static/``) with Starlette and uvicorn
(the ``studio`` extra). docs/studio.md describes the panes and every endpoint.
"""

from notation_toolkit.studio import codes as _codes  # noqa: F401  (registers the STU codes for `ntk explain`)

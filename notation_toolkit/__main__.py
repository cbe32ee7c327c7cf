"""``python -m notation_toolkit``: the ``ntk`` command line."""

from notation_toolkit.cli import main

raise SystemExit(main())

"""The generic ``ntk`` commands, one module each: ``parse``, ``check``, ``fmt``, ``explain``,
``notations``, ``convert``, ``tour``.

They work on any notation in the registry (``notation_toolkit.core.registry``) and import only
``core`` at module level; each is registered in ``pyproject.toml`` under
``[project.entry-points."notation_toolkit.commands"]`` like every other command, so the root
``ntk`` group imports a command's module only when that command runs.
"""

"""``ntk lsp`` without the ``lsp`` extra: the install command is printed whole."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from notation_toolkit.lsp.cli import lsp_command


def test_without_the_lsp_extra_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "notation_toolkit.lsp.server", None)  # as if pygls were missing
    result = CliRunner().invoke(lsp_command, [])
    assert result.exit_code == 2
    assert "pip install 'notation-toolkit[lsp]'" in result.output

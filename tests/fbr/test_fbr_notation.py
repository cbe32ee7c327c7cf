"""The fbr and mbn notations as the registry (and so the `ntk` CLI) sees them."""

from __future__ import annotations

from pathlib import Path

from notation_toolkit.cli import main
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.registry import get_notation, notation_for_path

EXAMPLES = Path(__file__).parents[2] / "examples" / "fbr"


def test_registry() -> None:
    notation = get_notation("fbr")
    assert notation.extensions == (".fbr",) and not notation.per_line
    assert notation_for_path("x.fbr") is notation
    assert notation.format("royal  K\tQ=R+B") == "royal\nK\nQ=R+B"
    assert notation.canonicalize is not None
    canonical, fixes = notation.canonicalize("royal K")
    assert canonical == "royal\nK" and fixes and fixes[0].code == "FBR001"
    assert notation.check("royl K")[0].code == "FBR201"
    custom = str(EXAMPLES / "custom_catalog.json")
    assert notation.check("duck{D}=mustmove royal K D", catalog=custom) == []
    mbn = get_notation("mbn")
    assert mbn.format("P|Pawn|=mfW+cefF+[1-2]mefW02") == "P|Pawn|=mfW+cefF+[1-2]mefW02"
    assert mbn.check("N=ffN")[0].code == "MBN201"


def test_every_code_is_explained() -> None:
    import notation_toolkit.fbr  # noqa: F401  (registers the codes)
    from notation_toolkit.fbr import codes as f
    from notation_toolkit.mbn import codes as m

    for module in (f, m):
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, str) and value[:3] in ("FBR", "MBN"):
                info = get_code(value)
                assert info is not None and len(info.explanation) > 40, value


def test_cli_check_and_fmt(capsys: object) -> None:
    assert main(["check", str(EXAMPLES / "chess.fbr")]) == 0
    assert main(["check", str(EXAMPLES / "invalid.fbr")]) != 0
    assert main(["check", "--grammar", str(EXAMPLES / "leap3d.lark"), str(EXAMPLES / "extended.fbr")]) == 0
    assert main(["explain", "FBR201"]) == 0

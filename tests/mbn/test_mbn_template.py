"""fbr and mbn follow the notation template of docs/architecture.md: the same modules, the same
public names, the transformer built on Lark's own tools, and no MBN -> FBR import."""

from __future__ import annotations

import ast as pyast
import importlib
from pathlib import Path

import pytest
from lark import Transformer_NonRecursive

from notation_toolkit import fbr, mbn
from notation_toolkit.fbr.transform import FbrTransformer
from notation_toolkit.mbn.transform import MbnTransformer

PACKAGE = Path(__file__).parents[2] / "notation_toolkit"
MODULES = ("grammar", "transform", "ast", "validate", "format", "codes", "parser", "notation")


@pytest.mark.parametrize("package", ["fbr", "mbn"])
def test_template_modules_exist(package: str) -> None:
    for module in MODULES:
        importlib.import_module(f"notation_toolkit.{package}.{module}")
    assert not (PACKAGE / package / "handlers.py").exists()


def test_public_names() -> None:
    for module in (fbr, mbn):
        for name in ("parse", "check", "validate", "dumps", "canonicalize", "is_valid"):
            assert callable(getattr(module, name)), (module.__name__, name)
    # Former names stay as aliases of the template names.
    assert mbn.parse is mbn.parse_item


def test_the_former_format_names_are_deprecated() -> None:
    # Documented aliases that never warn are a trap: fbr.format (it shadowed the builtin) and
    # mbn.format_item still work, and say what replaces them.
    with pytest.warns(DeprecationWarning, match=r"fbr\.dumps"):
        assert fbr.format("royal  K") == fbr.dumps("royal  K")
    item = mbn.parse("Q=R+N")
    with pytest.warns(DeprecationWarning, match=r"mbn\.dumps"):
        assert mbn.format_item(item) == mbn.dumps(item) == "Q=R+N"


def test_transformers_are_lark_transformers() -> None:
    assert issubclass(MbnTransformer, Transformer_NonRecursive)
    assert issubclass(FbrTransformer, MbnTransformer)


def test_mbn_never_imports_fbr() -> None:
    for path in (PACKAGE / "mbn").glob("*.py"):
        tree = pyast.parse(path.read_text("utf-8"))
        for node in pyast.walk(tree):
            if isinstance(node, pyast.ImportFrom) and node.module:
                assert not node.module.startswith("notation_toolkit.fbr"), path.name
            elif isinstance(node, pyast.Import):
                assert not any(a.name.startswith("notation_toolkit.fbr") for a in node.names), path.name


def test_the_same_transformer_converts_a_tree() -> None:
    # The inline path (used by parse) and the tree path (Transformer_NonRecursive) agree.
    from notation_toolkit.core.grammar import load_parser
    from notation_toolkit.fbr.transform import transform

    text = "royal promotion+[8]=enter K Q=R+N N=(fs)N+{Q}{R}K P=mfW+cefF+[1-2]mefW02 +P==QRBN"
    tree = load_parser("rulefile", "rule_file", keep_all_tokens=True).parse(text)
    from_tree, inline = transform(tree), fbr.parse(text)
    assert from_tree == inline
    spans = [[getattr(n, "span", None) for n in item.walk()] for item in inline.items]  # type: ignore[attr-defined]
    assert [[getattr(n, "span", None) for n in item.walk()] for item in from_tree.items] == spans
    assert all(s is not None for row in spans for s in row)

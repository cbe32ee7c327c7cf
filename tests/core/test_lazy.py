"""Lazy package re-exports (core.lazy): cheap imports, the same public names."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "package", ["notation_toolkit.fbr", "notation_toolkit.fbr.expand", "notation_toolkit.mbn"]
)
def test_importing_a_package_loads_no_parser(package: str) -> None:
    code = (
        f"import sys, {package}\n"
        "heavy = ('.parser', '.api', '.compare', '.engine')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.endswith(heavy))))\n"
        "print('lark' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    heavy, lark = out.splitlines()
    assert heavy == ""
    assert lark == "False"


@pytest.mark.parametrize(
    "package", ["notation_toolkit.fbr", "notation_toolkit.fbr.expand", "notation_toolkit.mbn"]
)
def test_every_public_name_resolves_and_is_listed(package: str) -> None:
    import importlib

    module = importlib.import_module(package)
    for name in module.__all__:
        assert getattr(module, name) is not None
        assert name in dir(module)
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


def test_a_function_named_like_a_submodule_stays_the_function() -> None:
    # fbr.format / fbr.validate / mbn.validate are functions and also submodule names: importing
    # the submodule must not rebind the package attribute to the module (as the eager __init__).
    code = (
        "import warnings; warnings.simplefilter('ignore', DeprecationWarning)  # fbr.format\n"
        "import notation_toolkit.fbr as fbr, notation_toolkit.mbn as mbn\n"
        "import notation_toolkit.fbr.format, notation_toolkit.fbr.validate, notation_toolkit.mbn.validate\n"
        "print(callable(fbr.format), callable(fbr.validate), callable(mbn.validate))\n"
        "print(fbr.dumps(fbr.parse('royal K')).strip() == fbr.format(fbr.parse('royal K')).strip())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True", "True"]

"""MkDocs hook: the reST habits of the docstrings render well in the Markdown API reference.

The package's docstrings hold doctests in plain reST style, outside any fence; read as Markdown,
``>>> [x for x in y]`` followed by its ``[...]`` output is a reference link. This hook adds a
Markdown preprocessor that fences each run of doctest lines, so the API reference shows them as
Python console code, and turns Sphinx roles (:class:`Node`, :func:`~pkg.f`) into code spans.
It only reaches the rendering; the docstrings stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

_PROMPT = re.compile(r"^(\s*)>>> ")
_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj):`~?([^`]+)`")


class _DoctestFence(Preprocessor):
    """Wrap each doctest run (from a ``>>>`` line to the next blank line) in a ```pycon fence."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        in_fence = False
        in_doctest = False
        indent = ""
        for line in lines:
            if line.lstrip().startswith(("```", "~~~")):
                in_fence = not in_fence
            prompt = _PROMPT.match(line)
            if not in_fence and not in_doctest and prompt is not None:
                indent = prompt.group(1)
                if out and out[-1].strip():
                    out.append("")
                out.append(indent + "```pycon")
                in_doctest = True
            elif in_doctest and not line.strip():
                out.append(indent + "```")
                in_doctest = False
            if not in_fence and not in_doctest:
                line = _ROLE.sub(r"`\1`", line)
            out.append(line)
        if in_doctest:
            out.append(indent + "```")
        return out


class DoctestFenceExtension(Extension):
    """The Markdown extension registering :class:`_DoctestFence` before the fenced-code step."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestFence(md), "ntk_doctest_fence", 40)


def on_config(config: Any) -> Any:
    """Add the extension to the list mkdocstrings also renders docstrings with (the same list)."""
    config.markdown_extensions.append(DoctestFenceExtension())
    return config

"""FBR7xx messages (the FBR expander) are written from one template per code and never stutter.

The corpus: the inputs the expansion templates cannot expand (the FBR page's composite rules with
attributes they have no variant for, exclusive attributes, a missing or empty piece set, a piece
no table knows, a promotion the alice expansion cannot copy, bad and huge board sizes, two
composite rules redefining a macro), and broken template files, one per mistake the template
reader names.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fbr_expand_helpers import BEROLINA
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fbr.expand import expand, load_templates
from notation_toolkit.fbr.expand.codes import BAD_TEMPLATE, INFO
from notation_toolkit.fbr.expand.templates import Letters, fill

PIECES = "K Q=R+N R B N P +P"
INPUTS = [
    "royal alice=5D K",
    "royal alice=classic K<*>",
    "royal switching=notincheck,excluderoyals K",
    "royal cheshire K",
    f"royal cheshire{{}} {PIECES}",
    "royal spacious K :FD:",
    "royal alice K Q *Q==(wwO--:QD:)+D",
    'boardsize="eight" royal bouncing K B',
    f'boardsize="{"9" * 5000}x8" royal bouncing K B',
    f"royal alice atomic {PIECES}",
]
VARIANT = "[[rule.x.variant]]\nname = 'v'\nmatch = ['']\n"
# One broken template file per mistake the reader names (FBR705's templates).
BROKEN_FILES = [
    "schema = 2",
    "rule = 3",
    "rule = { x = 3 }",
    "[rule.x]\ntitle = 'no variant'",
    "[rule.x]\nvariant = [3]",
    "[rule.x]\nexclusive = 3\n" + VARIANT,
    VARIANT + "pieces = 3",
    VARIANT + "pieces = { letter = 3 }",
    VARIANT + "pieces = { castling_part = 3 }",
    VARIANT + "pieces = { king = ['K'] }",
    VARIANT + "tables = 3",
    VARIANT + "board_ids = 3",
    VARIANT + "rules = 3",
    "[[default]]\nkind = 'sometimes'\nrule = 'x'\nadd = 'y'",
    "[[default]]\nkind = 'absent'\nrule = 3\nadd = 'y'",
    "this is not toml =",
]


def _calls(tmp_path: Path) -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = [functools.partial(expand, text) for text in INPUTS]
    for i, content in enumerate(BROKEN_FILES):
        path = tmp_path / f"broken{i}.toml"
        path.write_text(content, encoding="utf-8")
        calls.append(functools.partial(load_templates, path))
    values = {"nonroyal": Letters(("Q",)), "letter": "K"}
    for template in ("{{nope}}", "{{letter|set}}", "{{nonroyal|bold}}"):
        calls.append(functools.partial(fill, template, values, "t"))
    unparsable = tmp_path / "unparsable.toml"
    unparsable.write_text(BEROLINA.replace('"{{head}}=S"', '"{{head}}=S=="'), encoding="utf-8")
    not_rule = tmp_path / "not_rule.toml"
    not_rule.write_text(BEROLINA.replace('match = [""]', 'match = [""]\nrules = ["K"]'), encoding="utf-8")
    loop = tmp_path / "loop.toml"
    loop.write_text(BEROLINA.replace('match = [""]', 'match = [""]\nrules = ["berolina"]'), encoding="utf-8")
    for path in (unparsable, not_rule, loop):
        calls.append(functools.partial(expand, "berolina K P", templates=path))
    missing = tmp_path / "missing.toml"
    calls.append(lambda: load_templates(missing))
    return calls


@pytest.fixture
def diagnostics(tmp_path: Path) -> list[Diagnostic]:
    return [d for call in _calls(tmp_path) for d in diagnostics_of(call)]


def test_every_expander_code_has_a_template() -> None:
    assert codes_without_template(INFO) == []


def test_the_corpus_reaches_every_expander_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(INFO, {d.code for d in diagnostics}, {}) == []


def test_the_corpus_reaches_every_template_file_mistake(diagnostics: list[Diagnostic]) -> None:
    # FBR705 words each mistake of a template file by its own template: all of them are rendered.
    rendered = {d.message for d in diagnostics if d.code == BAD_TEMPLATE}
    patterns = INFO[BAD_TEMPLATE].messages
    unmatched = [
        name
        for name, pattern in patterns.items()
        if not any(_matches(pattern, message) for message in rendered)
    ]
    # "not one item": the template text parses as a rule file with several items; the
    # expander parses each filled-in item on its own first (does_not_parse wins).
    assert unmatched == ["not_one_item"]


def _matches(pattern: str, message: str) -> bool:
    # The literal words of a template (the text between its fields) all appear in the message.
    words = [w for w in re.split(r"\{[^{}]*\}", pattern.replace("{{", "").replace("}}", "")) if w.strip()]
    return all(w.strip() in message for w in words)


def test_no_expander_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 25
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))

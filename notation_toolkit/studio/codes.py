"""Diagnostic codes of the studio's JSON API (registered for ``ntk explain``).

STU1xx a request the API cannot read (size, JSON, fields), STU2xx a request it cannot carry out
(time, a missing file, an opponent or a feature that is not available).
"""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

TOO_LARGE = "STU101"
NOT_JSON = "STU102"
BAD_FIELD = "STU103"
NOT_FOUND = "STU104"
TOO_SLOW = "STU201"
NO_FILE = "STU202"
NO_PLAYER = "STU203"
NOT_AVAILABLE = "STU204"
SAVE_FAILED = "STU205"
INTERNAL = "STU206"

register_code(
    TOO_LARGE,
    "request too large",
    """
The studio reads request bodies of at most 1 MiB and rule files of at most 64 KiB (the largest
rule file a person writes is a few KiB); a larger request is refused before it is read whole.
""",
    messages={"": "{what} has {size} {unit}; the studio reads at most {limit}"},
    hints={"": "make {what} smaller"},
)
register_code(
    NOT_JSON,
    "request is not a JSON object",
    """
Every request of the studio's API is a JSON object sent with POST (see docs/studio.md for the
fields of each endpoint).
""",
    messages={"": "the request body is not a JSON object: {reason}"},
    hints={"": 'send a JSON object, e.g. {{"rules": "..."}}'},
)
register_code(
    BAD_FIELD,
    "request field missing or of the wrong type",
    """
A field of the request is missing, of the wrong JSON type, or out of range (a perft depth above
the limit, a move list that is not a list of strings).
""",
    messages={"": "field {name!r}: {reason}"},
)
register_code(
    NOT_FOUND,
    "no such endpoint",
    """
The studio's API has the endpoints listed in docs/studio.md, all under /api/.
""",
    messages={"": "no endpoint {path}"},
    hints={"": "endpoints: {known}"},
)
register_code(
    TOO_SLOW,
    "request took too long",
    """
Each request has a time budget (perft a node budget); a request that would take longer is
stopped and answered with this diagnostic, so that the studio stays responsive.
""",
    messages={"": "{what} stopped after {limit}"},
    hints={"": "{hint}"},
)
register_code(
    NO_FILE,
    "no rule file to save to",
    """
The studio saves the editor's text back to the rule file it was started with (`ntk studio
FILE.fbr`); started without a file, it has nowhere to save.
""",
    messages={"": "the studio was started without a rule file"},
    hints={"": "start it as: ntk studio FILE.fbr (the file is created when it does not exist)"},
)
register_code(
    NO_PLAYER,
    "unknown opponent",
    """
The opponents the studio offers are listed by `GET /api/players`; a request named another one.
""",
    messages={"": "no opponent {spec!r}"},
    hints={"": "opponents: {known}"},
)
register_code(
    NOT_AVAILABLE,
    "rule file cannot be read at all",
    """
The rule file made the toolkit's readers fail in a way their own diagnostics do not cover (a
guard behind their bounds: recursion, memory, a number out of range). The studio answers with
this diagnostic and goes on; please report the rule file.
""",
    messages={"": "{what} cannot be read: {reason}"},
)
register_code(
    SAVE_FAILED,
    "rule file not saved",
    """
Writing the editor's text back to the rule file failed (permissions, a full disk); the text is
still in the editor.
""",
    messages={"": "cannot write {path}: {reason}"},
)
register_code(
    INTERNAL,
    "internal error",
    """
The studio met a bug while answering a request. It answered with this diagnostic instead of
stopping; the request's other answers are not affected. Please report it with the request.
""",
    messages={"": "internal error while answering {path}: {error}"},
)

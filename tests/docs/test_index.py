"""The site lists every page: docs/index.md links each page of docs/, and mkdocs.yml's nav has it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if p.name != "index.md")


def test_the_index_links_every_page() -> None:
    linked = set(re.findall(r"\]\(([\w/.-]+\.md)(?:#[\w-]*)?\)", (DOCS / "index.md").read_text("utf-8")))
    missing = [page for page in PAGES if page not in linked]
    assert not missing, f"docs/index.md does not link {missing}"


def test_the_navigation_has_every_page() -> None:
    nav = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text("utf-8"), re.M))
    missing = [page for page in ["index.md", *PAGES] if page not in nav]
    assert not missing, f"mkdocs.yml's nav does not list {missing}"

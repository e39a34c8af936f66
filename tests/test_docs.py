"""The README and the docs pages: every command block works (doc_commands.py: run where it can run offline, its
flags checked where it cannot), every relative link points at a file and a heading there, every page is listed by
docs/index.md, and the README stays short."""

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from support import REPO

README = REPO / "README.md"
PAGES = [README, *sorted((REPO / "docs").rglob("*.md"))]
# the pages with command blocks, each a test of its own (its blocks share one copy of the repository, in order)
COMMAND_PAGES = [page for page in PAGES if "```bash" in page.read_text(encoding="utf-8")]
# the README's commands run in every session; the docs pages' (about half a minute of CPU) with the slow checks, as CI
# runs them: the README's test command stays within its time
COMMAND_PARAMS = [pytest.param(page, marks=() if page == README else pytest.mark.slow) for page in COMMAND_PAGES]
README_LINES = 300


def test_the_readme_is_at_most_300_lines():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= README_LINES


def test_docs_index_lists_every_docs_page():
    index = REPO / "docs" / "index.md"
    linked = {(index.parent / target).resolve() for target, _ in links(index)}
    pages = set((REPO / "docs").rglob("*.md")) - {index}
    assert sorted(str(page.relative_to(REPO)) for page in pages - linked) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(REPO)))
def test_relative_links_point_at_a_file_and_a_heading_there(page):
    broken = []
    for target, anchor in links(page):
        path = (page.parent / target).resolve() if target else page
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}#{anchor}: no such heading")
    assert broken == []


# clem processes run by the pages' commands, the same on either Python: CI runs them on 3.12 only
@pytest.mark.one_python
@pytest.mark.parametrize("page", COMMAND_PARAMS, ids=lambda page: str(page.relative_to(REPO)))
def test_the_command_blocks_of_a_page_work(page, tmp_path):
    from doc_commands import Page

    commands = Page(page, tmp_path)
    commands.run()
    # a page whose blocks are all marked not run is still checked; one with none would be a wrong parametrization
    assert commands.ran + commands.checked >= 1


_MARKDOWN = MarkdownIt("commonmark")


def links(page: Path) -> list[tuple[str, str]]:
    """(path, anchor) of every relative link of a page (outside code, as a Markdown renderer finds them)."""
    found = []
    for token in _MARKDOWN.parse(page.read_text(encoding="utf-8")):
        for child in token.children or ():
            href = child.attrGet("href") if child.type == "link_open" else None
            if href and not re.match(r"[a-z]+:", href):
                target, _, anchor = href.partition("#")
                found.append((target, anchor))
    return found


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, a repeated
    heading numbered."""
    seen: dict[str, int] = {}
    tokens = _MARKDOWN.parse(page.read_text(encoding="utf-8"))
    for opening, inline in zip(tokens, tokens[1:]):
        if opening.type == "heading_open":
            text = "".join(child.content for child in inline.children if child.type in ("text", "code_inline"))
            slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
            seen[slug] = seen.get(slug, -1) + 1
            if seen[slug]:
                seen[f"{slug}-{seen[slug]}"] = 0
    return set(seen)

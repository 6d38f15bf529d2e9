"""Markdown extension for the engine's docstrings, which are written for doctest and Sphinx.

- A doctest block (``>>>`` lines up to the next blank line, as doctest reads it) becomes a
  ``pycon`` code block. Plain Markdown would read ``>>>`` as a quote and ``[2, 2, 2]`` in the
  output as a link.
- A Sphinx role (``:class:`Game```, ``:attr:`~Player.A```) becomes a code span.

Fenced code is left alone. Enabled in ``mkdocs.yml`` as ``rulesite.pages.docstring_markup``.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

FENCE_RE = re.compile(r"^\s*(`{3,}|~{3,})")
PROMPT_RE = re.compile(r"^( {0,3})>>>( |$)")  # 4 spaces would already be code
ROLE_RE = re.compile(r":(?:py:)?(?:class|meth|func|attr|mod|data|exc|obj|const):`~?([^`]+)`")


class DocstringPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        block_indent: str | None = None
        for line in lines:
            if block_indent is not None:  # inside a doctest block
                if line.strip():
                    out.append(line.removeprefix(block_indent))
                    continue
                out.extend([f"{block_indent}```", line])
                block_indent = None
                continue
            opening = FENCE_RE.match(line)
            if opening and fence is None:
                fence = opening.group(1)[0] * 3
            elif opening and fence is not None and opening.group(1).startswith(fence):
                fence = None
            elif fence is None:
                prompt = PROMPT_RE.match(line)
                if prompt:
                    block_indent = prompt.group(1)
                    out.extend([f"{block_indent}```pycon", line.removeprefix(block_indent)])
                    continue
                line = ROLE_RE.sub(r"`\1`", line)
            out.append(line)
        if block_indent is not None:
            out.append(f"{block_indent}```")
        return out


class DocstringMarkupExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # name required by Markdown
        # Above the fenced-code preprocessors (priority 25), so they see our fences.
        md.preprocessors.register(DocstringPreprocessor(md), "hk_docstring_markup", 40)


def makeExtension(**kwargs: Any) -> DocstringMarkupExtension:  # name required by Markdown
    return DocstringMarkupExtension(**kwargs)

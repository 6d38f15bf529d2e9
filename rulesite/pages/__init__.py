"""Rendering the checked model: every page's Markdown, the rulebook, side-by-side pages, search,
the site root and the MkDocs configuration of each language."""

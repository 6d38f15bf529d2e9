"""The rules site builder: reads ``locales/`` and the engine, writes ``site/``.

``python -m rulesite build`` builds, ``serve`` builds and serves on 127.0.0.1, ``coverage``
reports translation coverage. One job per module:

- :mod:`~rulesite.structure`, :mod:`~rulesite.locales`, :mod:`~rulesite.yamlio`: load and
  check the locale data; :mod:`~rulesite.coverage`: the translation report.
- :mod:`~rulesite.placeholders`: ``{n:}``, ``{ref:}``, ``{term:}``.
- :mod:`~rulesite.pages`, :mod:`~rulesite.tables`: the Markdown of every page;
  :mod:`~rulesite.examples`: the seam for live examples.
- :mod:`~rulesite.config`: the MkDocs configuration of one language;
  :mod:`~rulesite.docstring_markup`: a Markdown extension for the engine's docstrings.
- :mod:`~rulesite.assets`: compiled engine and Pyodide runtime; :mod:`~rulesite.root`: the
  pages at the site root; :mod:`~rulesite.build`, :mod:`~rulesite.serve`, ``__main__``.
"""

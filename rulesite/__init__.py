"""The rules site builder: reads ``locales/`` and the engines, writes ``site/``.

``python -m rulesite build`` builds, ``serve`` builds and serves on 127.0.0.1, ``coverage``
reports translation coverage, ``publish`` freezes a rules version. What flows where:

- :mod:`rulesite.sources`: reading and checking the locale data into a checked model
  (``structure``, ``locales``, ``yamlio``, ``markup``, ``placeholders``, ``numbering``,
  ``published``, ``runtime_keys``, ``words``), and the translation report (``coverage``).
- :mod:`rulesite.pages`: rendering that model: the Markdown of every page (``writer``,
  ``tables``, ``figures``, ``examples``, ``play``), the whole rulebook (``book``), two
  languages side by side (``compare``), search, the site root, and the MkDocs configuration
  of one language (``config``, ``docstring_markup``).
- :mod:`rulesite.runtime`: what the browser runs besides the pages: the compiled engines and
  ``gamekit`` with a reduced standard library (``stdlib``), Pyodide's reduced wasm
  (``wasm``), content-named assets (``assets``), the Content Security Policy (``csp``).
- At the top: :mod:`~rulesite.build` (the whole site), :mod:`~rulesite.serve` (the dev
  server), ``__main__`` (the command line), :mod:`~rulesite.errors`, :mod:`~rulesite.cachelock`.
"""

"""Reading and checking the locale data (``locales/``): the checked model the pages are
rendered from, and the translation report."""

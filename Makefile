# Thin wrappers: `make serve` builds, serves and live-reloads the site, `make test` runs every test.
# Each target installs what it needs (venv, npm packages, Debian's chromium) and is safe to rerun.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: setup node browser check test site serve bench bench-players bench-browser icons clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,docs]'
	touch $@

node: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's chromium, its headless shell (what the browser tests drive: tests/browser/conftest.py)
# and a CJK font (Playwright's own download does not work here). Installing needs root (CI runs
# `sudo make browser` in a step of its own); with them already there this is a no-op for any user.
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 \
	    && fc-list | grep -qi 'cjk\|ipa'; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-headless-shell fonts-noto-cjk >/dev/null; \
	elif command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1; then \
	  echo "note: no CJK font, Japanese shows as boxes in screenshots (sudo make browser)"; \
	else echo "chromium or chromium-headless-shell is missing: run sudo make browser" >&2; exit 1; fi

# Lint, types, declared dependencies (deptry) and the GitHub workflows (zizmor, offline);
# the JavaScript: Biome's lint (biome.jsonc) and TypeScript over its JSDoc types
# (tsconfig.json for the pages, tsconfig.worker.json for the engine's worker, tsconfig.sw.json
# for the service worker, tsconfig.node.json for the build's Node scripts).
check: setup node
	$(VENV)/bin/ruff check hanamikoji loveletter gamekit rulesite tests benchmarks scripts
	$(VENV)/bin/mypy hanamikoji loveletter gamekit rulesite
	$(VENV)/bin/deptry .
	$(VENV)/bin/zizmor --offline --quiet .github/workflows/
	node_modules/.bin/biome lint --error-on-warnings
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.worker.json
	node_modules/.bin/tsc -p tsconfig.sw.json
	node_modules/.bin/tsc -p tsconfig.node.json

# Four worker processes (pytest-xdist) on two cores: many browser tests wait (a Play page's
# pause between moves, an emulated slow connection). In a work tree on the idle machine the
# cores sat idle 30% of the run with two (654 s for the suite), 13% with three (567 to 584 s),
# 5% with four (517 and 523 s). A clean clone, which also fills build/'s caches, took 546 to
# 564 s with three and 501 to 565 s with four.
# Each site is still built once per run (tests/run_once.py); a module with a module-scoped
# fixture runs whole in one worker (loadgroup, tests/conftest.py).
TEST_WORKERS ?= 4
test: setup node browser check
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup

# SITE_URL=https://example.org/hanamikoji-rules/ make site: canonical links, hreflang and the
# sitemap carry that address (the Pages workflow passes the one GitHub reports).
site: setup node
	$(PY) -m rulesite build

# Builds, serves, and rebuilds on every saved change to locales/ or the engine (pages reload).
serve: setup node
	$(PY) -m rulesite serve --port $(PORT)

# The home-screen icons (PNG) drawn from favicon.svg by Chromium (tests/browser/test_icons.py).
icons: setup browser
	$(PY) scripts/draw_icons.py

bench: setup node
	$(PY) benchmarks/run.py
	$(PY) benchmarks/loveletter_speed.py

# MCTSPlayer's strength and decision times: seeded, seat-balanced matches (players.json);
# Love Letter's players likewise (loveletter_players.json: 10 matches of 360 games; 180 games a
# match took 27 minutes with --jobs 2 on 2 cores loaded by other work, load average 5 to 12).
bench-players: setup node
	$(PY) benchmarks/players.py
	$(PY) benchmarks/loveletter_players.py

# Live examples in headless Chromium: click to first step computed in the page (browser_results.json).
bench-browser: setup node browser
	$(PY) benchmarks/browser_examples.py

clean:
	rm -rf site build dist .pytest_cache .mypy_cache .ruff_cache

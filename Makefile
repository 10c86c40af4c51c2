# Qin in the browser: build, serve and test.      make help  lists the targets.
#
# Everything installs itself on first use and is skipped when up to date:
#   .venv/         Python dev tools: pip install -e '.[dev]' (re-run when pyproject.toml changes)
#   node_modules/  pinned PyScript + Pyodide: npm ci (re-run when package*.json change)
#   chromium       Debian's, for the browser tests, unless a Playwright-managed one exists

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.dev-installed
NPM_STAMP := node_modules/.package-lock.json
PW_BROWSERS := $(or $(PLAYWRIGHT_BROWSERS_PATH),$(HOME)/.cache/ms-playwright)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Folders that do not exist (git keeps no empty ones) would make ruff fail.
LINT_PATHS := $(wildcard qin tests e2e bench tools web)

.PHONY: help deps site play test lint typecheck unit e2e browser screenshots train-ai clean distclean

help:
	@echo "make play   build the site and serve it on http://127.0.0.1:$(PORT)/ (PORT=9000 to change)"
	@echo "make test   ruff, mypy, unit tests, then browser tests against the built site"
	@echo "make site   build the deployable static site into build/site/"
	@echo "make lint | typecheck | unit | e2e   one step of make test"
	@echo "make screenshots  every mode at every screen class: build/screenshots/index.html"
	@echo "make train-ai  retrain the Son of Heaven's weights (qin/ai/weights.json; 1-1.5 h of CPU)"
	@echo "make clean  remove build output   make distclean  also .venv/ and node_modules/"

# ---------------------------------------------------------------- installs

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

deps: $(VENV_STAMP) $(NPM_STAMP)

# Debian's chromium, unless some browser for Playwright is already there.
browser:
	@if [ -n "$${QIN_CHROMIUM:-}" ] || [ -x /usr/bin/chromium ] \
	    || compgen -G '$(PW_BROWSERS)/chromium-*' >/dev/null; then :; else \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -q; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; \
	fi

# ---------------------------------------------------------------- site

site: deps
	$(PY) tools/build_site.py

play: site
	$(PY) tools/serve.py --port $(PORT) --dir build/site

# ---------------------------------------------------------------- tests

# Runs every step even when one fails, then fails if any did.
test: deps
	@failed=""; \
	for step in lint typecheck unit e2e; do \
	  echo "==> make $$step"; \
	  $(MAKE) $$step || failed="$$failed $$step"; \
	done; \
	if [ -n "$$failed" ]; then echo "==> make test FAILED in:$$failed"; exit 1; fi; \
	echo "==> make test: lint, typecheck, unit and e2e all succeeded"

lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check $(LINT_PATHS)

typecheck: $(VENV_STAMP)
	$(VENV)/bin/mypy

unit: $(VENV_STAMP)
	$(VENV)/bin/pytest tests

# A test whose Chromium renderer crashed (seen rarely on a loaded 2-core machine) gets
# one more try; any other failure fails at once.
E2E_RERUN := --reruns 1 --only-rerun 'Target crashed' --only-rerun 'Page crashed'

e2e: site browser
	$(VENV)/bin/pytest e2e $(E2E_RERUN)

# Every mode of the game page at every screen class, for a person to look at (not committed).
screenshots: site browser
	$(PY) -m tools.screenshots build/screenshots

# ---------------------------------------------------------------- the learned level

# Self-play from a fixed seed, the learning curve against the Emperor, the weights file.
train-ai: $(VENV_STAMP)
	nice -n 19 $(PY) tools/train_ai.py --workers 2

# ---------------------------------------------------------------- cleaning

clean:
	rm -rf build e2e-artifacts test-results .pytest_cache .mypy_cache .ruff_cache

distclean: clean
	rm -rf $(VENV) node_modules bench/node_modules

# Two entry points: `make demo` installs everything and starts JupyterLab on examples/,
# `make test` installs what the tests need and runs every test. Both work on a fresh machine.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
export PATH := $(BIN):$(CURDIR)/node_modules/.bin:$(PATH)

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_PORT ?= 8888
ML_STACK := pandas numpy scikit-learn scipy matplotlib seaborn

.PHONY: demo install build lint lint-ts lint-py test test-unit test-integration test-python test-package test-ui \
	chromium docs-screenshots bench bench-real clean

demo: install
	@echo "Starting JupyterLab on examples/ — open the URL printed below."
	cd examples && $(BIN)/jupyter lab --no-browser --port=$(LAB_PORT) $(ROOT_FLAG)

install: $(VENV)/.installed build

$(VENV)/.created:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	touch $@

$(VENV)/.installed: $(VENV)/.created pyproject.toml
	$(BIN)/pip install --quiet "jupyterlab>=4.6,<4.7" "jupyter-builder>=1.2" ipykernel $(ML_STACK) \
	  hatchling editables hatch-jupyter-builder hatch-nodejs-version build
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: $(VENV)/.installed node_modules/.installed
	npm run build
	$(BIN)/pip install --quiet --no-build-isolation -e ".[test]"
	$(BIN)/jupyter-builder develop --overwrite .

lint: lint-ts lint-py

lint-ts: node_modules/.installed
	npm run lint

lint-py: $(VENV)/.installed
	$(BIN)/pip install --quiet ruff
	$(BIN)/ruff check jupyterlab_modernizer tests benchmarks
	$(BIN)/ruff format --check jupyterlab_modernizer tests benchmarks

test-unit: node_modules/.installed
	npm run test:unit

# Jupyter Enterprise Gateway pins an older jupyter-server and jupyter-client than JupyterLab's,
# so it lives in a venv of its own; its kernels still run on .venv's Python (see the gateway test).
GATEWAY_VENV := .venv-gateway

$(GATEWAY_VENV)/.installed:
	$(PYTHON) -m venv $(GATEWAY_VENV)
	$(GATEWAY_VENV)/bin/pip install --quiet --upgrade pip
	$(GATEWAY_VENV)/bin/pip install --quiet "jupyter_enterprise_gateway>=3.2,<4"
	touch $@

test-integration: install $(GATEWAY_VENV)/.installed
	npm run test:integration

test-python: install
	$(BIN)/python -m pytest -q tests --ignore=tests/package

# The wheel and the npm package, built from a copy of the tree (the checkout stays as it is)
# and installed as users install them: the wheel into a fresh venv from the package index.
test-package: install
	$(BIN)/python -m pytest -q tests/package

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else echo "Chromium is missing: install Debian's chromium package (sudo apt-get install chromium)"; exit 1; fi; \
	fi

ui-tests/node_modules/.installed: ui-tests/package.json ui-tests/package-lock.json
	cd ui-tests && npm ci --no-audit --no-fund
	touch $@

test-ui: install chromium ui-tests/node_modules/.installed
	cd ui-tests && npx playwright test

# The README's pictures (docs/*.png), taken again by their UI test.
docs-screenshots: install chromium ui-tests/node_modules/.installed
	cd ui-tests && UPDATE_DOCS=1 npx playwright test tests/docs-screenshots.spec.ts

test: install lint test-unit test-integration test-python test-package test-ui

bench: install
	$(BIN)/python benchmarks/bench_check.py
	$(BIN)/python benchmarks/bench_llm_proxy.py
	$(BIN)/python benchmarks/bench_llm_prompts.py
	$(BIN)/python benchmarks/bench_inline_diff.py
	$(BIN)/python benchmarks/bench_jobs.py

# Not part of bench: hours of runs. REAL_CORPUS is a folder laid out by benchmarks/real/layout.py.
REAL_SPLIT ?= dev
bench-real: install
	@test -n "$(REAL_CORPUS)" || { echo "Usage: make bench-real REAL_CORPUS=DIR [REAL_SPLIT=dev|heldout|all]"; exit 2; }
	$(BIN)/python benchmarks/bench_real.py --corpus $(REAL_CORPUS) --split $(REAL_SPLIT) --jobs 2

clean:
	npm run clean
	rm -rf node_modules ui-tests/node_modules $(VENV) $(GATEWAY_VENV)

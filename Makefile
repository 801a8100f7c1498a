# The two commands of the README: `make run` and `make test`.
# Both install what is missing first (a virtual environment in .venv, reinstalled
# only when pyproject.toml changes; the system packages the tests need, through
# tools/install-system-deps.sh).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: run test lint venv system-deps firmware clean

$(VPY):
	$(PY) -m venv $(VENV) || (sh tools/install-system-deps.sh venv && $(PY) -m venv $(VENV))
	$(VPY) -m pip install --quiet --upgrade pip

$(INSTALLED): pyproject.toml | $(VPY)
	$(VPY) -m pip install --quiet -e '.[test]'
	touch $@

venv: $(INSTALLED)

run: venv
	$(VPY) -m game

system-deps:
	sh tools/install-system-deps.sh test

firmware: system-deps
	$(MAKE) -C firmware all test sim

lint: venv
	$(VPY) -m ruff check game tests tools
	$(VPY) -m ruff format --check game tests tools
	$(VPY) -m mypy
	$(VENV)/bin/lint-imports

# Two cores: the tests run in parallel, then the timing-sensitive ones alone.
# worksteal: a worker left idle takes tests queued for the other, so one long
# test does not hold back a queue behind it; the slowest 15 are printed.
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE):
# then every process of the run (both workers, the real-time pass, the arcades, servers
# and bot workers the tests start) reads what the first one compiled, instead of each
# compiling game/ and rewriting the tests' asserts again.
test: venv firmware lint
	env -u PYTHONDONTWRITEBYTECODE $(VPY) -m pytest -q -n 2 --dist worksteal --durations=15 -m "not realtime"
	env -u PYTHONDONTWRITEBYTECODE $(VPY) -m pytest -q -m realtime

clean:
	rm -rf $(VENV) build *.egg-info
	$(MAKE) -C firmware clean

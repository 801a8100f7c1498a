# The two commands of the README: `make run` and `make test`.
# Both install what is missing first (a virtual environment in .venv; the
# system packages the tests need, through tools/install-system-deps.sh).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python

.PHONY: run test venv system-deps firmware clean

$(VPY):
	$(PY) -m venv $(VENV) || (sh tools/install-system-deps.sh venv && $(PY) -m venv $(VENV))
	$(VPY) -m pip install --quiet --upgrade pip

venv: $(VPY)
	$(VPY) -m pip install --quiet -e '.[test]'

run: venv
	$(VPY) -m game

system-deps:
	sh tools/install-system-deps.sh test

firmware: system-deps
	$(MAKE) -C firmware all test sim

test: venv firmware
	$(VPY) -m pytest -q

clean:
	rm -rf $(VENV) build *.egg-info
	$(MAKE) -C firmware clean

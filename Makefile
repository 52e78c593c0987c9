# Pasyans: `make lab` opens the edition in JupyterLab; `make test` runs every test.
# Both create .venv and install on first use; nothing but Python 3.11+ is needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PYTEST := $(PY) -m pytest -p no:cacheprovider

.PHONY: install lab test test-unit test-notebooks test-browser bench notebooks stats clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[test,browser,lab,dask]"
	touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.allow_root=True --ServerApp.root_dir=. notebooks/index.ipynb

test: $(STAMP)
	$(PYTEST) tests
	$(PYTEST) --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg notebooks

test-unit: $(STAMP)
	$(PYTEST) -m "not browser" tests

test-notebooks: $(STAMP)
	$(PYTEST) --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg notebooks

test-browser: $(STAMP)
	$(PYTEST) -m browser tests

bench: $(STAMP)
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/widget.py
	$(PY) benchmarks/notebooks.py

notebooks: $(STAMP)
	cd notebooks && ../$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace *.ipynb

# The committed win-rate tables (texts/stats/), each game at the state budget its table records.
# Only what changed is computed again (pasyans.stats.refresh): a reading whose rules play
# differently, whole (about forty minutes on 2 cores for every table); under a new solver, the
# unknown rows and a sample of decided ones (a contradiction stops with an error); under a new
# blind player, his column. `pasyans campaign GAME --whole` recomputes a table from scratch.
STATS_BUDGETS = clock:2000 spouses:2000 village:2000 brunette_blonde:2000 go_no_go:20000 favorite:20000 \
	indian_empress:5000 besieged_city:5000 octagon:5000 braid:5000 parterre:5000
stats: $(STAMP)
	for gb in $(STATS_BUDGETS); do $(PY) -m pasyans campaign $${gb%%:*} --budget $${gb##*:} --seconds 30 || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts

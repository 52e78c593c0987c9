# Pasyans: `make lab` opens the edition in JupyterLab; `make test` runs every test and the linters.
# Both create .venv and install on first use: `lab` only what a reader needs, `test` the rest.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
LAB_STAMP := $(VENV)/.lab-stamp
STAMP := $(VENV)/.installed-stamp
PYTEST := $(PY) -m pytest -p no:cacheprovider
TYPECHECK := build/typecheck

.PHONY: install lab lint test test-unit test-notebooks test-browser test-wheel bench notebooks stats vendor site play clean

$(LAB_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[lab]"
	touch $(LAB_STAMP)

$(STAMP): $(LAB_STAMP)
	$(PY) -m pip install -q -c constraints.txt -e ".[test,browser,lab,dask]"
	touch $(STAMP)

install: $(STAMP)

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab --ServerApp.allow_root=True --ServerApp.root_dir=. notebooks/index.ipynb

test: $(STAMP)
	$(PYTEST) tests
	$(PYTEST) --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg notebooks
	$(MAKE) lint

# ruff on the source, tests, benchmarks and tools; mypy on the source as the package `pasyans` (kernel/ and
# widgets/ linked into the layout setuptools' package-dir mapping installs; the settings are in pyproject.toml).
lint: $(STAMP)
	rm -rf $(TYPECHECK) && mkdir -p $(TYPECHECK)/pasyans
	for f in kernel/*; do case $$f in *__pycache__) ;; *) ln -s "$(CURDIR)/$$f" $(TYPECHECK)/pasyans/ ;; esac; done
	ln -s "$(CURDIR)/widgets" $(TYPECHECK)/pasyans/widgets
	status=0; $(VENV)/bin/ruff check kernel widgets tests benchmarks tools || status=1; $(PY) -m mypy || status=1; exit $$status

test-unit: $(STAMP)
	$(PYTEST) -m "not browser and not wheel" tests

test-notebooks: $(STAMP)
	$(PYTEST) --nbval --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg notebooks

test-browser: $(STAMP)
	$(PYTEST) -m browser tests

test-wheel: $(STAMP)
	$(PYTEST) -m wheel tests

bench: $(STAMP)
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/solver_time.py
	$(PY) benchmarks/widget.py
	$(PY) benchmarks/site.py
	$(PY) benchmarks/notebooks.py

# The stored notebooks keep no widget state: every export of them (nbconvert, a repository's web
# view, JupyterLab before a kernel runs) then shows each table's stored picture. `make site`
# keeps the state, in its own copies.
notebooks: $(STAMP)
	cd notebooks && ../$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False *.ipynb

# The committed win-rate tables (texts/stats/), each game at the state budget its table records.
# Only what changed is computed again (pasyans.stats.refresh): a reading whose rules play
# differently, whole; under a solver that searches differently (pasyans.fingerprint.solver_version:
# a refactor that spends the same states on the same lines is no new solver) or a larger budget, the unknown rows and a sample of
# decided ones (a contradiction stops with an error); under a new blind player, his column.
# `pasyans campaign GAME --whole` recomputes a table from scratch (every table at the small
# budgets of 2,000-20,000 states: about forty minutes on 2 cores). Raising clock, favorite,
# indian_empress, village and braid from those to 200,000 states re-solved only their unknown
# rows: 104 minutes on one core (70 of them CPU), under a load of 3-8 (README: on a Dask cluster).
# Raising besieged_city from 5,000 to 200,000 (484 unknown rows) took 72 minutes on one core,
# and octagon (577) 62 minutes on two, under a load of 2-4. Raising parterre from 5,000 to 200,000
# (861 unknown rows in its three readings) took 124 minutes on one core, under a load of 4-5.
# Bringing besieged_city (223 unknown rows) and braid (226) up to new solvers at 200,000 took 56 and
# 62 minutes, side by side on one core each, under a load of 3-5.
# Then the Empress under its couples orders (74 unknown rows) took 13 minutes and braid again under its
# waste-twin rule (223 unknown rows) 41 minutes, one core each, under a load of 2-4.
# Single runs brought up to new solvers, one core each, under a load of 3-6: parterre's bases=any and
# transfer=sequence (157 unknown rows) 16 minutes, besieged_city's six runs (94) 17, braid's at_once and
# redeals=2 (126) 20, octagon's default (159) 27. Later, braid's default (68: 53 unknown, 15 re-proofs)
# 10-11 minutes twice, octagon's default (164) 28, one core each under a load of 2-3. The runs left
# alone keep their older solver's rows, which `make stats` brings up to date.
# The safety cap is 60 CPU s a deal (it was 10): a deal then spends its state budget first on any
# machine, so its row is the same everywhere ("U", not "T"). Under it, one core each under a load
# of 2-4: braid's default run (53 unknown rows, 15 re-proofs) took 40 minutes and its redeals=2
# (61) 53; octagon's packets=any under its new streamliner (76) 31; brunette_blonde's runs raised
# from 2,000 to 200,000 states (36 unknown rows, 35 re-proofs) 3, but for_a_change=two_places
# (274), stopped after 72 minutes (`make stats` raises it); parterre's bases=any and
# transfer=sequence (13 rows at the old cap) 9; village's two, favorite's default and
# besieged_city's two (41) 17. The other runs keep rows cut by the old cap: under a newer solver
# (octagon's relays=2 and middle=turned) `make stats` solves them again to the state budget (an
# estimate for their 223: four hours on one core; README: a Dask cluster); under today's
# `campaign GAME --seconds 60 --retry-capped` does.
# Then, one core each under a load of 2-3: braid's at_once (58 cut rows, 15 re-proofs) 36 minutes,
# octagon's packets=any under its second in-suit share (34, 15) 32, octagon's default (149 cut, 15)
# 110, parterre's default (221 cut) 65. That change of octagon's solver leaves its
# other runs' rows to an older one: `make stats` solves their unknown rows again (about two hours
# on one core for the default's, whose search did not change, nor will its verdicts).
# Then the rows cut by the old cap, solved again at the 60-s cap, one core each under a load of 2-3:
# braid's ends=4, braid_first=advice, wrap=False and redeals=2 (40 rows: 9 decided) 30 minutes;
# indian_empress's two runs (31: 3 decided) 38. Still cut at 60 s: braid redeals=2's deal 257, 19
# of the Empress's default rows and all 6 of pairing=couples (her search needs more than a minute for
# 200,000 states there).
# Parterre's portfolio then changed (two weighted streamliners, the complete best-first search on
# 66%) and its search ran faster: its three runs' unknown rows (221, with 30 re-proofs) were solved
# again in 32 minutes on two cores (--jobs 2), idle.
STATS_BUDGETS = clock:200000 spouses:2000 village:200000 brunette_blonde:200000 go_no_go:20000 favorite:200000 \
	indian_empress:200000 besieged_city:200000 octagon:200000 braid:200000 parterre:200000
stats: $(STAMP)
	for gb in $(STATS_BUDGETS); do $(PY) -m pasyans campaign $${gb%%:*} --budget $${gb##*:} --seconds 60 \
		--out-dir texts/stats || exit 1; done

# The static site (build/site/index.html, from file:// with no network and no kernel): every
# notebook run with its widget state kept, each table stepping through its recorded line. The
# front-end files come from the npm registry at pinned versions (tools/static_site.py, which
# runs nbconvert with --HTMLExporter.require_js_url/widget_renderer_url pointed at them).
SITE := build/site
VENDOR := build/vendor
vendor: $(STAMP)
	$(PY) tools/static_site.py vendor $(VENDOR)

site: $(STAMP)
	$(PY) tools/static_site.py build $(SITE)
	$(PY) tools/play_site.py build $(SITE)/play

# The playing site (build/play/, served over http: `pasyans site build/play --serve`): every table
# played by the engine in the page (Pyodide from npm at a pinned version, the project's wheel built
# here); see tools/play_site.py.
PLAY := build/play
play: $(STAMP)
	$(PY) tools/play_site.py build $(PLAY)

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts

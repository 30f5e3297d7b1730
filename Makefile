# Brume: `make run` serves the site with demo data; `make test` runs the whole test suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-fast lint format bench check-deploy clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

var:
	mkdir -p var

## run: the whole site on http://127.0.0.1:8000 (SQLite in var/, tasks in-process, demo data),
## served as ASGI by uvicorn (live pushes in-process; static files by whitenoise)
run: $(STAMP) var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py check
	$(PY) -m uvicorn config.asgi:application --host 127.0.0.1 --port 8000 --reload --no-server-header --no-proxy-headers

## test: every test, slow, browser and worker ones included (-m "" lifts the default filter), on
## every core (pytest-xdist: one test database per worker; a file's tests stay on one worker)
TEST_WORKERS ?= auto
test: $(STAMP) var
	$(PY) -m pytest -m "" -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

## test-fast: the quick tests only (no slow, browser or worker tests)
test-fast: $(STAMP) var
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

## bench: every benchmark in bench/ (figures printed)
BENCHES ?= carnac menhirs brouillard fog mists pairing ranking logs live_page live_push
bench: $(STAMP)
	for module in $(BENCHES); do echo "== bench.$$module"; $(PY) -m bench.$$module || exit 1; done

## check-deploy: Django's production checks with production settings
check-deploy: $(STAMP)
	BRUME_EMBEDDED=false SECRET_KEY=check-deploy-$$(date +%s)-0123456789abcdefghijklmnopqrstuvwxyz ALLOWED_HOSTS=brume.example.org \
		$(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf var .pytest_cache .ruff_cache

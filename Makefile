# Brume: `make run` serves the site with demo data; `make test` runs the whole test suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-fast lint format bench check-deploy clean messages catalogues

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

var:
	mkdir -p var

## catalogues: the French and Dutch translations compiled (.mo files are built, not committed)
catalogues: $(STAMP)
	if command -v msgfmt >/dev/null; then \
		$(PY) manage.py compilemessages --ignore=.venv --ignore=var --ignore=node_modules -v 0; \
	else $(PY) -m config.compile_catalogues; fi

## messages: extract marked strings into the .po catalogues. Each app keeps its own (games/locale,
## tournament/locale, ...); locale/ holds the project's templates, config/ and the site's JavaScript.
## MESSAGE_DIRS=games limits it to some of them (helpers working side by side).
APP_CATALOGUES := accounts games notifications ranking tournament webhooks games/engines
MESSAGE_DIRS ?= . $(APP_CATALOGUES)
MAKEMESSAGES := makemessages -l fr -l nl --add-location=file --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=node_modules
messages: $(STAMP)
	mkdir -p locale $(addsuffix /locale,$(APP_CATALOGUES))
	for dir in $(MESSAGE_DIRS); do \
		if [ "$$dir" = "." ]; then \
			$(PY) manage.py $(MAKEMESSAGES) $(foreach app,$(APP_CATALOGUES),'--ignore=$(app)/*.py') && \
			$(PY) manage.py $(MAKEMESSAGES) -d djangojs $(foreach app,$(APP_CATALOGUES),--ignore=$(app)) || exit 1; \
		else \
			mkdir -p $$dir/locale && (cd $$dir && $(CURDIR)/$(PY) $(CURDIR)/manage.py $(MAKEMESSAGES)) || exit 1; \
		fi; \
	done

## run: the whole site on http://127.0.0.1:8000 (SQLite in var/, tasks in-process, demo data),
## served as ASGI by uvicorn (live pushes in-process; static files by whitenoise)
run: $(STAMP) var catalogues
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py check
	$(PY) -m uvicorn config.asgi:application --host 127.0.0.1 --port 8000 --reload --no-server-header --no-proxy-headers

## test: every test, slow, browser and worker ones included (-m "" lifts the default filter), on
## every core (pytest-xdist: one test database per worker; a file's tests stay on one worker)
TEST_WORKERS ?= auto
test: $(STAMP) var catalogues
	$(PY) -m pytest -m "" -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

## test-fast: the quick tests only (no slow, browser or worker tests)
test-fast: $(STAMP) var catalogues
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

# Brume: `make run` serves the site with demo data; `make test` runs the whole test suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run cluster backup restore test test-fast test-prerequisites lint format bench check-deploy clean messages catalogues

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
APP_CATALOGUES := accounts games notifications ranking tournament webhooks outbox games/engines
MESSAGE_DIRS ?= . $(APP_CATALOGUES)
MAKEMESSAGES := makemessages -l fr -l nl --add-location=file --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=node_modules
messages: $(STAMP)
	mkdir -p locale $(addsuffix /locale,$(APP_CATALOGUES))
	for dir in $(MESSAGE_DIRS); do \
		if [ "$$dir" = "." ]; then \
			$(PY) manage.py $(MAKEMESSAGES) $(foreach app,$(APP_CATALOGUES),'--ignore=$(app)/*.*') && \
			$(PY) manage.py $(MAKEMESSAGES) -d djangojs $(foreach app,$(APP_CATALOGUES),'--ignore=$(app)/*.*') || exit 1; \
		else \
			mkdir -p $$dir/locale && (cd $$dir && $(CURDIR)/$(PY) $(CURDIR)/manage.py $(MAKEMESSAGES)) || exit 1; \
		fi; \
	done

## run: the whole site on http://127.0.0.1:8000 (SQLite in var/, tasks in-process, demo data),
## served as ASGI by uvicorn (live pushes in-process; static files by whitenoise). It restarts when
## the site's own Python changes: watchfiles (inotify, nothing polled) watches RELOAD_DIRS only, never
## .venv or var/ (templates are read afresh in embedded mode, no restart needed).
RELOAD_DIRS := config accounts games notifications ranking tournament webhooks outbox
run: $(STAMP) var catalogues
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py check
	$(PY) -m uvicorn config.asgi:application --host 127.0.0.1 --port 8000 --reload $(addprefix --reload-dir ,$(RELOAD_DIRS)) --no-server-header --no-proxy-headers

## cluster: the multi-node layout on this machine (tools/cluster.py, docs/deploy-multinode.md):
## PostgreSQL (DATABASE_URL, else brume_cluster on 127.0.0.1:5432), Redis (REDIS_URL, else a
## private one), a Celery worker, two web nodes on 127.0.0.2 and 127.0.0.3, HAProxy in front on
## http://127.0.0.1:8080 (CLUSTER_ARGS="--port 9000", "--check"...). Ctrl-C stops everything.
cluster: $(STAMP) var catalogues
	$(PY) -m tools.cluster $(CLUSTER_ARGS)

## backup: the site's database into one file (var/backups/ unless BACKUP=path); restore: from
## BACKUP=path, into an empty database (FORCE=1 replaces a database that is not empty). docs/deploy.md
backup: $(STAMP)
	$(PY) manage.py brume_backup $(if $(BACKUP),--output $(BACKUP))

restore: $(STAMP)
	@test -n "$(BACKUP)" || { echo "make restore BACKUP=path/to/backup [FORCE=1]"; exit 2; }
	$(PY) manage.py brume_restore $(BACKUP) $(if $(FORCE),--force)

## test-prerequisites: Chromium, gettext and redis-server, installed when missing (as root on
## Debian) or named with the one command to run (tools/test-prerequisites.sh)
test-prerequisites:
	tools/test-prerequisites.sh

## test: every test, slow, browser and worker ones included (-m "" lifts the default filter), on
## every core (pytest-xdist: one test database per worker; a file's tests stay on one worker).
## With no DATABASE_URL and no REDIS_URL (a newcomer's machine) it runs on SQLite with a private
## redis-server on a free port (tests/private_redis.py); CI runs it that way and on PostgreSQL + Redis.
TEST_WORKERS ?= auto
test: test-prerequisites $(STAMP) var catalogues
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

## check-deploy: Django's production checks with production settings. Production names its Redis
## (shared sign-in limits, cache, broker); where none is set, the local one stands in for it, so that
## the check judges the settings and not the shell it runs from (nothing is connected to).
check-deploy: $(STAMP)
	BRUME_EMBEDDED=false REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} SECRET_KEY=check-deploy-$$(date +%s)-0123456789abcdefghijklmnopqrstuvwxyz ALLOWED_HOSTS=brume.example.org \
		$(PY) manage.py check --deploy --fail-level WARNING

clean:
	rm -rf var .pytest_cache .ruff_cache

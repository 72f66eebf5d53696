# Muster: `make run` serves the site, `make test` runs every test. Both install what they need.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
CHROMIUM := /usr/bin/chromium
FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run prod test lint format bench browser fonts poppler migrate clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

install: $(STAMP)

migrate: install fonts
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalogue

run: migrate
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# The production topology on this machine's loopback PostgreSQL and Redis (started when
# down): gunicorn with 2 uvicorn workers and a Celery worker, DEBUG=0, no TLS. Ctrl-C stops.
prod: install fonts
	HOST=$(HOST) PORT=$(PORT) deploy/run_prod.sh

APT = if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq

# Fonts for printed cards and for names embossed on STL bases (Debian's DejaVu).
fonts:
	@test -f $(FONT) || { echo "Installing Debian's DejaVu fonts"; $(APT) fonts-dejavu-core >/dev/null; }

# poppler-utils (pdftocairo) to compare print pages as pictures in the tests and the bench.
poppler:
	@command -v pdftocairo >/dev/null || { echo "Installing Debian's poppler-utils"; \
	  $(APT) poppler-utils >/dev/null; }

# Debian's chromium for the browser tests; installed once, never a browser download.
browser:
	@test -x $(CHROMIUM) || { echo "Installing Debian's chromium for the browser tests"; \
	  $(APT) chromium >/dev/null; }

test: install fonts poppler browser
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	# Browser tests run apart: Playwright's sync API keeps an event loop on its thread,
	# which the asyncio tests of the live table cannot share.
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider -m "not browser and not fault"
	# The fault suite (a killed worker, a dead Redis, a burst through the production server)
	# runs alone: it starts and kills processes of its own. Skipped without PostgreSQL + Redis.
	$(BIN)/python -m pytest -p no:cacheprovider -m fault
	$(BIN)/python -m pytest -p no:cacheprovider -m browser

lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install fonts poppler
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 media

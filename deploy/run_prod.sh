#!/usr/bin/env bash
# `make prod`: the production topology on this machine's loopback PostgreSQL and Redis.
#
#   web     gunicorn, WEB_CONCURRENCY (2) uvicorn workers: HTTP and WebSockets on HOST:PORT
#   worker  one Celery worker (--pool=solo) for print and STL jobs
#
# with DEBUG=0 and HTTPS=0 (loopback, no TLS proxy in front). PostgreSQL and Redis are
# started when they are down; the database `muster_prod` is created when missing; the
# site is migrated, the catalogues loaded and the static files collected. Both processes
# run in the foreground: Ctrl-C (or either one dying) stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
. deploy/services.sh

BIN=.venv/bin
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
PROD_DB=${PROD_DB:-muster_prod}
PROD_REDIS_DB=${PROD_REDIS_DB:-3}

ensure_postgres
ensure_redis
ensure_database "$PROD_DB"

# A secret key of this checkout's own, made once and kept in a git-ignored file.
KEY_FILE=deploy/.secret_key
if [ -z "${SECRET_KEY:-}" ]; then
  if [ ! -s "$KEY_FILE" ]; then
    (umask 077 && "$BIN/python" -c 'import secrets; print(secrets.token_urlsafe(50))' \
      > "$KEY_FILE")
  fi
  SECRET_KEY=$(cat "$KEY_FILE")
fi

export SECRET_KEY
export DJANGO_SETTINGS_MODULE=companion.settings
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$PROD_DB"
export REDIS_URL="redis://127.0.0.1:6379/$PROD_REDIS_DB"
export DEBUG=0 HTTPS=0
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost}"
export WEB_CONCURRENCY="${WEB_CONCURRENCY:-2}"
export BIND="$HOST:$PORT"
export LOG_LEVEL="${LOG_LEVEL:-WARNING}"
export ACCESS_LOG="${ACCESS_LOG:-}"

# The release steps (the Procfile's `release` line).
"$BIN/python" manage.py migrate --noinput
"$BIN/python" manage.py load_catalogue
"$BIN/python" manage.py collectstatic --noinput --verbosity 0

PIDS=()
stop() {
  trap - INT TERM EXIT
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

"$BIN/gunicorn" -c deploy/gunicorn.conf.py companion.asgi:application &
PIDS+=($!)
"$BIN/celery" -A companion worker --pool=solo --loglevel=info &
PIDS+=($!)

echo "Muster (production topology): http://$HOST:$PORT/  ($WEB_CONCURRENCY web workers," \
  "a Celery worker, PostgreSQL $PROD_DB, Redis db $PROD_REDIS_DB). Ctrl-C stops it."
# Whichever process ends first (a crash, or Ctrl-C) ends the other.
set +e
wait -n
status=$?
stop
exit "$status"

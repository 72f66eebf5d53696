# Start this machine's loopback PostgreSQL and Redis when they are down (sourced by
# deploy/run_prod.sh; the same steps as .ci/run). Needs root, or a user who may run them.

ensure_postgres() {
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    echo "Starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL did not start" >&2; return 1; }
}

ensure_redis() {
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "Starting Redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" \
      --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 1; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { echo "Redis did not start" >&2; return 1; }
}

# ensure_database NAME: create the database on the loopback PostgreSQL if it is missing.
ensure_database() {
  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$1'" \
    | grep -q 1 || psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE \"$1\""
}

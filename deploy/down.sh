#!/usr/bin/env bash
# Takes the deployment of deploy/up.sh down: nginx, then each instance (SIGTERM: they drain).
#   deploy/down.sh           keeps the database and DEPLOY_STATE (certificate, secret, logs)
#   deploy/down.sh --drop    drops the database and removes DEPLOY_STATE too
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"

if [ -f "$STATE/nginx.pid" ]; then
  pid="$(cat "$STATE/nginx.pid")"
  kill -QUIT "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$STATE/nginx.pid"
fi
stop_instance 1 30
stop_instance 2 30
if [ "${1:-}" = --drop ]; then
  psql "$DEPLOY_PG/postgres" -qc "drop database if exists $DEPLOY_DATABASE with (force)" >/dev/null
  rm -rf "$STATE"
fi
echo "Campus Portal deployment is down"

#!/usr/bin/env bash
# Brings up the reference deployment on this machine without systemd (decision record 0030): a
# PostgreSQL database, two portal instances on it and nginx in front with TLS (a certificate made
# here, for localhost). Then: https://localhost:38443/ (the certificate is self-made).
#
#   deploy/up.sh                 DEPLOY_FRESH=1 drops and recreates the database first
#   deploy/down.sh [--drop]      stops everything (and drops the database)
#   deploy/restart.sh N          restarts instance N (SIGTERM, it drains, then starts again)
#
# Settings: DEPLOY_STATE (/tmp/campus-deploy), DEPLOY_DATABASE (campus_deploy), DEPLOY_PG
# (postgres://postgres@127.0.0.1:5432), DEPLOY_HTTPS_PORT (38443), DEPLOY_HTTP_PORT (38080),
# DEPLOY_PORT_1/2 (38401/38402), DEPLOY_ENV_EXTRA (more KEY=VALUE lines for the instances).
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"

command -v nginx >/dev/null || { echo "nginx is missing: apt-get install -y nginx" >&2; exit 1; }
[ -f "$MAIN" ] || { echo "no build at $MAIN: npm run build" >&2; exit 1; }
if [ -f "$STATE/nginx.pid" ] || [ -f "$STATE/instance-1.pid" ]; then
  echo "a deployment is already up in $STATE: deploy/down.sh first" >&2
  exit 1
fi
mkdir -p "$STATE/nginx-tmp"
chmod 755 "$STATE"

# The database: created when missing (DEPLOY_FRESH=1: dropped first).
case "$DEPLOY_DATABASE" in *[!a-z0-9_]*) echo "DEPLOY_DATABASE: letters, digits and _ only" >&2; exit 1 ;; esac
if [ "${DEPLOY_FRESH:-0}" = 1 ]; then
  psql "$DEPLOY_PG/postgres" -qc "drop database if exists $DEPLOY_DATABASE with (force)" >/dev/null
fi
if [ -z "$(psql "$DEPLOY_PG/postgres" -tAc "select 1 from pg_database where datname = '$DEPLOY_DATABASE'")" ]; then
  psql "$DEPLOY_PG/postgres" -qc "create database $DEPLOY_DATABASE" >/dev/null
fi

# What both instances share: the database, the token secret, and the proxy they believe.
if [ ! -f "$STATE/env" ]; then
  umask 077
  {
    echo "DATABASE_URL=$DEPLOY_PG/$DEPLOY_DATABASE"
    echo "JWT_SECRET=$(openssl rand -base64 48 | tr -d '\n')"
    echo "SEED=demo"
    echo "TRUST_PROXY=127.0.0.1"
    echo "LOG_LEVEL=${DEPLOY_LOG_LEVEL:-warn}"
    echo "DRAIN_SECONDS=${DEPLOY_DRAIN_SECONDS:-20}"
    [ -n "${DEPLOY_ENV_EXTRA:-}" ] && printf '%s\n' "$DEPLOY_ENV_EXTRA"
  } >"$STATE/env"
  umask 022
fi

# A certificate for localhost, made here (a real one: README "Deploy").
if [ ! -f "$STATE/tls.crt" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$STATE/tls.key" -out "$STATE/tls.crt" 2>/dev/null
  chmod 600 "$STATE/tls.key"
fi

# Instance 1 migrates (and creates the demo campus on a new database); instance 2 then finds it done.
start_instance 1
wait_ready 1 90
start_instance 2
wait_ready 2 60

sed -e "s|@SERVER_NAME@|localhost|g" -e "s|@HTTPS_PORT@|$HTTPS_PORT|g" -e "s|@HTTP_PORT@|$HTTP_PORT|g" -e "s|@HTTPS_PORT_SUFFIX@|:$HTTPS_PORT|g" \
  -e "s|@CERT@|$STATE/tls.crt|g" -e "s|@KEY@|$STATE/tls.key|g" \
  -e "s|@INSTANCE_1@|127.0.0.1:$(port_of 1)|g" -e "s|@INSTANCE_2@|127.0.0.1:$(port_of 2)|g" \
  "$ROOT/deploy/nginx/campus-portal.conf" >"$STATE/campus-portal.conf"
# nginx binds IPv6 too where the machine has it; without, only IPv4.
[ -f /proc/net/if_inet6 ] || sed -i '/listen \[::\]/d' "$STATE/campus-portal.conf"
sed -e "s|@STATE@|$STATE|g" "$ROOT/deploy/nginx/local.conf" >"$STATE/nginx.conf"
nginx -t -q -c "$STATE/nginx.conf" -p "$STATE"
setsid nginx -c "$STATE/nginx.conf" -p "$STATE" >>"$STATE/nginx-error.log" 2>&1 </dev/null &
for _ in $(seq 1 50); do
  curl -fsS -o /dev/null --cacert "$STATE/tls.crt" "https://localhost:$HTTPS_PORT/api/health/ready" 2>/dev/null && break
  sleep 0.2
done
curl -fsS -o /dev/null --cacert "$STATE/tls.crt" "https://localhost:$HTTPS_PORT/api/health/ready"
echo "Campus Portal is up at https://localhost:$HTTPS_PORT/ (instances on $(port_of 1) and $(port_of 2), database $DEPLOY_DATABASE, files in $STATE)"

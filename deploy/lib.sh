# Shared by up.sh, down.sh and restart.sh: where the local deployment keeps its files and how an
# instance is started and stopped without systemd.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="${DEPLOY_STATE:-/tmp/campus-deploy}"
DEPLOY_DATABASE="${DEPLOY_DATABASE:-campus_deploy}"
DEPLOY_PG="${DEPLOY_PG:-postgres://postgres@127.0.0.1:5432}"
HTTPS_PORT="${DEPLOY_HTTPS_PORT:-38443}"
HTTP_PORT="${DEPLOY_HTTP_PORT:-38080}"
INSTANCE_PORTS=("${DEPLOY_PORT_1:-38401}" "${DEPLOY_PORT_2:-38402}")
MAIN="$ROOT/apps/server/dist/main.js"
# As `npm run serve` and the systemd unit start it (decision record 0043).
NODE_ARGS=(--max-old-space-size=1024)

port_of() { echo "${INSTANCE_PORTS[$(($1 - 1))]}"; }

# Waits until instance N answers ready (200 on /api/health/ready), at most $2 seconds.
wait_ready() {
  local port
  port="$(port_of "$1")"
  for _ in $(seq 1 $((${2:-60} * 5))); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health/ready" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "instance $1 (port $port) is not ready; its log:" >&2
  tail -n 20 "$STATE/instance-$1.log" >&2
  return 1
}

# Starts instance N in the background with the shared env file, as systemd would.
start_instance() {
  local n="$1" port
  port="$(port_of "$n")"
  mkdir -p -m 700 "$STATE/data-$n"
  (
    set -a
    # shellcheck disable=SC1091
    . "$STATE/env"
    set +a
    PORT="$port" HOST=127.0.0.1 DATA_DIR="$STATE/data-$n" exec setsid node "${NODE_ARGS[@]}" "$MAIN"
  ) >>"$STATE/instance-$n.log" 2>&1 </dev/null &
  echo $! >"$STATE/instance-$n.pid"
}

# Sends SIGTERM to instance N and waits for it to exit (it drains first), at most $2 seconds.
stop_instance() {
  local n="$1" pid
  [ -f "$STATE/instance-$n.pid" ] || return 0
  pid="$(cat "$STATE/instance-$n.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 $((${2:-30} * 10))); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "instance $n did not stop in time: killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$STATE/instance-$n.pid"
}

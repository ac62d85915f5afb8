#!/usr/bin/env bash
# Restarts instance N of deploy/up.sh's deployment: SIGTERM (it drains: not ready, streams told to
# reconnect, requests finish), then starts it again and waits until it is ready.
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"
n="${1:?which instance: 1 or 2}"
stop_instance "$n" 30
start_instance "$n"
wait_ready "$n" 60

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
# nginx keeps an instance it saw fail out of rotation for fail_timeout (3 s, campus-portal.conf),
# even once it is ready again: wait that out, so that the next instance to restart is never the
# only one nginx will send to.
sleep 4

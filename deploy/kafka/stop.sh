#!/usr/bin/env bash
# Stops the broker started by start.sh: SIGTERM (controlled shutdown), then SIGKILL after
# KAFKA_STOP_TIMEOUT seconds (default 30). Idempotent: not running -> says so and exits 0.
set -euo pipefail

KAFKA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=common.sh
source "$KAFKA_DIR/common.sh"

stop_timeout="${KAFKA_STOP_TIMEOUT:-30}"

wait_for_exit() {
  local pid="$1" deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  ! kill -0 "$pid" 2>/dev/null
}

main() {
  acquire_lock
  local pid
  if ! pid="$(running_pid)"; then
    rm -f "$PID_FILE"
    log "not running"
    exit 0
  fi
  local started_at=$SECONDS
  log "stopping broker (pid $pid)"
  resolve_java
  local cds_archive
  cds_archive="$(cds_archive_path)"
  kill -TERM "$pid" 2>/dev/null || true
  if wait_for_exit "$pid" "$stop_timeout"; then
    # A clean exit finished writing the class-data archive the first run records (see start.sh).
    if [[ -s "$cds_archive.new" ]]; then mv -f "$cds_archive.new" "$cds_archive"; fi
  else
    log "still running after ${stop_timeout}s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    wait_for_exit "$pid" 10 || die "pid $pid survived SIGKILL"
    rm -f "$cds_archive.new"
  fi
  rm -f "$PID_FILE"
  log "stopped in $((SECONDS - started_at))s"
}

main "$@"

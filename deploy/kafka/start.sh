#!/usr/bin/env bash
# Starts a single-node Apache Kafka (KRaft, broker+controller) on 127.0.0.1 for CI and development.
# Idempotent: already running -> reports and exits 0. Jars are fetched once by Maven into .cache/libs.
# Env: KAFKA_PORT (9092), KAFKA_CONTROLLER_PORT (KAFKA_PORT+1), KAFKA_HEAP (-Xmx512m -Xms256m),
#      KAFKA_DATA_DIR (deploy/kafka/.cache/data), KAFKA_START_TIMEOUT seconds (90), KAFKA_JVM_OPTS (extra),
#      KAFKA_CDS=0 (do not use the class-data-sharing archive). See README.md.
set -euo pipefail

KAFKA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=common.sh
source "$KAFKA_DIR/common.sh"

start_timeout="${KAFKA_START_TIMEOUT:-90}"
heap="${KAFKA_HEAP:--Xmx512m -Xms256m}"
started_at=$SECONDS

# Classpath is complete when the stamp matches the current pom.xml and every jar it lists exists.
libs_complete() {
  [[ -f "$LIBS_STAMP" ]] || return 1
  local pom_hash jar
  pom_hash="$(sha256sum "$KAFKA_DIR/pom.xml" | cut -d' ' -f1)"
  [[ "$(head -n1 "$LIBS_STAMP")" == "$pom_hash" ]] || return 1
  while IFS= read -r jar; do
    [[ -f "$LIBS_DIR/$jar" ]] || return 1
  done < <(tail -n +2 "$LIBS_STAMP")
}

fetch_libs() {
  log "fetching Kafka jars with Maven (first run only)"
  command -v mvn >/dev/null || die "mvn not found on PATH (needed once to fetch the Kafka jars)"
  local staging="$CACHE_DIR/libs.staging"
  rm -rf "$staging"
  # Offline first: a warm ~/.m2 needs no network. Fall back to Maven Central.
  if ! mvn -q -B -o -f "$KAFKA_DIR/pom.xml" package "-Dkafka.libs.dir=$staging" >/dev/null 2>&1; then
    rm -rf "$staging"
    mvn -q -B -f "$KAFKA_DIR/pom.xml" package "-Dkafka.libs.dir=$staging" ||
      die "Maven could not fetch the Kafka jars (see output above)"
  fi
  compgen -G "$staging/kafka_2.13-*.jar" >/dev/null || die "Maven ran but $staging has no kafka_2.13 jar"
  # Swap in whole so an old version's jars never linger on the classpath.
  rm -rf "$LIBS_DIR"
  mv "$staging" "$LIBS_DIR"
  {
    sha256sum "$KAFKA_DIR/pom.xml" | cut -d' ' -f1
    (cd "$LIBS_DIR" && ls -1 -- *.jar)
  } >"$LIBS_STAMP.tmp"
  mv "$LIBS_STAMP.tmp" "$LIBS_STAMP"
}


format_storage() {
  if [[ -f "$DATA_DIR/meta.properties" ]]; then
    return 0
  fi
  local cluster_id
  cluster_id="$(new_cluster_id </dev/urandom)"
  log "formatting storage in $DATA_DIR (cluster id $cluster_id)"
  "$JAVA" -Xmx256m -cp "$LIBS_DIR/*" "-Dlog4j.configuration=file:$LOG4J_FILE" \
    kafka.tools.StorageTool format -t "$cluster_id" -c "$CONFIG_FILE" --ignore-formatted >>"$LOG_FILE" 2>&1 ||
    die "kafka-storage format failed; see $LOG_FILE"
}

launch_broker() {
  local cds_archive cds_opt
  cds_archive="$(cds_archive_path)"
  if [[ "${KAFKA_CDS:-1}" == "0" ]]; then
    cds_opt="-Xshare:auto"
  elif [[ -f "$cds_archive" ]]; then
    cds_opt="-XX:SharedArchiveFile=$cds_archive"
  else
    # Written when the JVM exits; stop.sh promotes it only after a clean (SIGTERM) exit.
    rm -f "$cds_archive.new"
    cds_opt="-XX:ArchiveClassesAtExit=$cds_archive.new"
  fi
  log "starting broker on 127.0.0.1:$PORT (controller 127.0.0.1:$CONTROLLER_PORT), data in $DATA_DIR"
  # shellcheck disable=SC2086 # heap and extra JVM options are intentionally word-split
  # setsid: own session, so a CI step or terminal closing does not take the broker down.
  # 9>&-: the broker must not inherit (and hold forever) the start/stop lock.
  nohup setsid "$JAVA" $heap "${BROKER_JVM_FLAGS[@]}" \
    "$cds_opt" "-Dlog4j.configuration=file:$LOG4J_FILE" ${KAFKA_JVM_OPTS:-} \
    -cp "$LIBS_DIR/*" kafka.Kafka "$CONFIG_FILE" \
    </dev/null >>"$LOG_FILE" 2>&1 9>&- &
  echo $! >"$PID_FILE"
}

# Returns 2 when the broker process died, so main can retry once without the CDS archive.
wait_until_ready() {
  local pid="$1" deadline=$((SECONDS + start_timeout))
  while ((SECONDS < deadline)); do
    if ! kill -0 "$pid" 2>/dev/null; then
      rm -f "$PID_FILE"
      return 2
    fi
    if port_open "$PORT" && broker_answers_metadata "$PORT"; then
      return 0
    fi
    sleep 0.5
  done
  tail -n 30 "$LOG_FILE" >&2 || true
  die "broker (pid $pid) not ready after ${start_timeout}s; it is left running, see $LOG_FILE or run stop.sh"
}

main() {
  resolve_java
  acquire_lock

  local pid
  if pid="$(running_pid)"; then
    # One broker per checkout: a different KAFKA_PORT must not be reported as "running".
    local running_port
    running_port="$(sed -n 's|^advertised.listeners=PLAINTEXT://127.0.0.1:||p' "$CONFIG_FILE" 2>/dev/null || true)"
    if [[ -n "$running_port" && "$running_port" != "$PORT" ]]; then
      die "already running (pid $pid) on port $running_port, not $PORT; run stop.sh first"
    fi
    wait_until_ready "$pid" || die "broker (pid $pid) exited while starting; see $LOG_FILE"
    log "already running (pid $pid) on 127.0.0.1:$PORT"
    exit 0
  fi
  if port_open "$PORT"; then
    if broker_answers_metadata "$PORT"; then
      log "a Kafka broker not started by this script already answers on 127.0.0.1:$PORT; leaving it as is"
      exit 0
    fi
    die "port $PORT is taken by another process; set KAFKA_PORT or free the port"
  fi

  libs_complete || fetch_libs
  mkdir -p "$DATA_DIR"
  # Keep the previous run's log for post-mortems (e.g. after a broker-down test).
  if [[ -f "$LOG_FILE" ]]; then mv -f "$LOG_FILE" "$LOG_FILE.1"; fi
  write_config "$CONFIG_FILE" "$LOG4J_FILE"
  format_storage
  launch_broker
  pid="$(cat "$PID_FILE")"
  local status=0
  wait_until_ready "$pid" || status=$?
  if ((status == 2)) && [[ -f "$(cds_archive_path)" ]]; then
    log "broker exited during start-up; retrying once without the class-data archive"
    rm -f "$(cds_archive_path)"
    KAFKA_CDS=0 launch_broker
    pid="$(cat "$PID_FILE")"
    status=0
    wait_until_ready "$pid" || status=$?
  fi
  if ((status == 2)); then
    tail -n 30 "$LOG_FILE" >&2 || true
    die "broker exited during start-up; full log: $LOG_FILE"
  fi
  log "ready on 127.0.0.1:$PORT (pid $pid) in $((SECONDS - started_at))s; log: $LOG_FILE"
}

main "$@"

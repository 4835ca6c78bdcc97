# Sourced by .ci/run: `step`, which runs one CI step quietly. Needs ROOT, REPORTS and LOGS set (and
# node on PATH for a step with a report). Tested by .ci/step.test.mjs.
step_no=0

# step TITLE NAME [REPORT]: runs the function NAME with its output in its own log (errexit holds inside
# it: it runs as a background job, not in a condition), then says how it went, with the counts of its
# report (.ci-reports/REPORT.json, NAME's by default).
step() {
  local title=$1 name=$2 report="$REPORTS/${3:-$2}.json" rc=0 started=$SECONDS log tail_pid=
  step_no=$((step_no + 1))
  log=$(printf '%s/%02d-%s.log' "$LOGS" "$step_no" "$name")
  printf '\n=== %s (%ss)\n' "$title" "$SECONDS"
  : >"$log"
  if [ "${CI_VERBOSE:-}" = true ]; then
    tail -n +1 -f "$log" &
    tail_pid=$!
  fi
  "$name" >"$log" 2>&1 &
  wait $! || rc=$?
  [ -z "$tail_pid" ] || kill "$tail_pid" 2>/dev/null || true
  if [ "$rc" -ne 0 ]; then
    printf -- '--- the last 200 lines of %s\n' "${log#"$ROOT"/}"
    tail -n 200 "$log"
    printf -- '--- %s stopped the run (exit %s, after %ss)\n' "$title" "$rc" "$((SECONDS - started))"
    exit "$rc"
  fi
  local counts=''
  [ ! -f "$report" ] || counts="; $(node "$ROOT/.ci/summary.mjs" --counts "$report")"
  printf '    %ss%s; log: %s\n' "$((SECONDS - started))" "$counts" "${log#"$ROOT"/}"
}

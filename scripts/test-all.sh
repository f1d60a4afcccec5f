#!/usr/bin/env bash
# `npm test`: every check, in order; each suite's counts go to reports/ and are summed at the end.
# A failed typecheck or build stops the run (what follows would test something else than the
# code); every failed step counts as a failure in the closing line, whatever its reports say.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf reports && mkdir -p reports
failed_steps=()

step() {
  local name=$1; shift
  local started=$SECONDS
  echo; echo "=== $name"
  if ! "$@"; then failed_steps+=("$name"); echo "=== $name: failed after $((SECONDS - started)) s"; return 1; fi
  echo "=== $name: passed in $((SECONDS - started)) s"
}

finish() {
  FAILED_STEPS="${#failed_steps[@]}" node scripts/test-summary.mjs
  if [ ${#failed_steps[@]} -gt 0 ]; then
    echo "Failed steps: ${failed_steps[*]}"
    exit 1
  fi
  exit 0
}

# A step that must pass for the rest to mean anything: the run stops when this step itself fails
# (an earlier, non-gating failure is reported at the end with the others, not blamed on this one).
gate() {
  if ! step "$@"; then
    echo "Stopping: '$1' failed."
    finish
  fi
}

# A step run in the background beside another: `beside_start LOG command...` starts it with its
# output kept in LOG (a mktemp file) and its pid in beside_pid; `beside_result LOG PID WHAT`,
# given to step() once the foreground work is done, waits for it, prints what it wrote and how
# long it took, and fails as it did.
beside_start() {
  local log=$1; shift
  local started; started=$(date +%s)
  ( "$@" > "$log" 2>&1; echo $? > "$log.rc"; echo $(($(date +%s) - started)) > "$log.secs" ) &
  beside_pid=$!
}
beside_result() {
  local log=$1 pid=$2 what=$3
  wait "$pid"
  cat "$log"
  echo "(ran beside $what, in $(cat "$log.secs") s)"
  local rc; rc=$(cat "$log.rc")
  rm -f "$log" "$log.rc" "$log.secs"
  return "$rc"
}

# Typecheck and lint each keep one core busy: side by side on two cores (about 40 s saved).
# Lint's output waits in a file and is printed as its own step once typecheck has passed.
lint_log=$(mktemp)
beside_start "$lint_log" npm run --silent lint
lint_pid=$beside_pid
if ! step "typecheck" npm run --silent typecheck; then
  kill "$lint_pid" 2>/dev/null
  echo "Stopping: 'typecheck' failed."
  finish
fi
step "lint (ESLint, Prettier)" beside_result "$lint_log" "$lint_pid" typecheck
# One run, two projects (vitest.config.ts): every test on the embedded database and, with
# TEST_DATABASE_URL set, the integration tests again on that PostgreSQL, sharing the run's workers.
step "unit and integration tests (embedded PostgreSQL${TEST_DATABASE_URL:+, and PostgreSQL at TEST_DATABASE_URL})" npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json
# The same unit and integration tests on Node 24 LTS (Node 20, the machine's, ended its life in April
# 2026; production runs 24, see the Dockerfile): the npm registry's `node` package brings it, and its
# bin folder goes first on PATH so that every process a test starts runs on it too. The embedded
# project only: the PostgreSQL run above already checks the SQL, this checks the runtime.
node24_bin=$(npx -y node@24 -p 'require("node:path").dirname(process.execPath)' 2>/dev/null)
if [ -n "$node24_bin" ] && [ -x "$node24_bin/node" ]; then
  step "unit and integration tests on Node $("$node24_bin/node" --version) (embedded PostgreSQL)" env PATH="$node24_bin:$PATH" \
    "$node24_bin/node" node_modules/vitest/vitest.mjs run --project embedded --reporter=default --reporter=json --outputFile=reports/vitest-node24.json
else
  failed_steps+=("Node 24 (npx -y node@24 brought no node binary)"); echo "=== Node 24: npx -y node@24 brought no node binary"
fi
# With NODE_ENV=development in the environment, as a shell that loaded an old .env would have it:
# `npm run build` makes a production build all the same (journeys.spec.ts checks the bundle).
gate "build" env NODE_ENV=development npm run --silent build
step "browser tests" npx playwright test
# The walk of every page that hydrates (tests/e2e/journeys.spec.ts) once more, on a development
# build: React's development checks in the browser find what the production build lets pass
# (issue 39: an effect's Promise taken for its cleanup failed there straight after paying).
# On Node 24, so that the built site is served by the LTS in CI as well (when it was found above).
step "browser walk on a development build" env BUILD_DIR=build-dev PATH="${node24_bin:+$node24_bin:}$PATH" bash -c \
  'NODE_ENV=development npx react-router build >/dev/null &&
   E2E_DEVELOPMENT=1 E2E_PORT=3600 E2E_REPORT=reports/playwright-development.json npx playwright test tests/e2e/journeys.spec.ts'
# Two built servers on one PostgreSQL (shared rate limit, outbox, webhooks, SIGKILL, SIGTERM), on their
# own before Lighthouse. They ran beside it until 2026-11-28: on a slower day's machine Lighthouse's
# simulated LCP, which scales with the CPU time it observes, went over 1.0 s on a page untouched
# (the project's CI at 9f3dc68: /about 1.17 s, the median of three; alone the same page is 0.7-0.8 s).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "two servers on one PostgreSQL" npx vitest run --config vitest.multi.config.ts --reporter=default --reporter=json --outputFile=reports/vitest-multi.json
fi
# Lighthouse budgets of issue #5 for every route, against the build above (reports/lighthouse.json).
# One run per route; a route over a budget is measured again three times and the median decides.
step "lighthouse budgets" env LIGHTHOUSE_TIMING=report LIGHTHOUSE_RUNS=1 LIGHTHOUSE_CONFIRM_RUNS=3 npm run --silent lighthouse

finish

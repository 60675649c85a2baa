#!/usr/bin/env bash
# scripts/test-slurm.sh — `make test-slurm`: the Slurm array script of
# deploy/slurm, unchanged, on a single-node Slurm started on localhost
# (scripts/slurm-local.sh), then polytile merge, compared with the
# single-process count of the same puzzle.
#
# Installs slurm-wlm and munge with apt-get when root and they are missing.
# When the cluster cannot start here it prints "test-slurm: SKIPPED:" and
# the exact reason, and exits 0; a count that differs exits 1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
skip() { echo "test-slurm: SKIPPED: $*"; exit 0; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
	if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
		echo "test-slurm: installing slurm-wlm and munge with apt-get"
		export DEBIAN_FRONTEND=noninteractive
		apt-get install -y -q --no-install-recommends slurm-wlm munge >/tmp/polytile-slurm-apt.log 2>&1 ||
			{ apt-get update -q >>/tmp/polytile-slurm-apt.log 2>&1 &&
				apt-get install -y -q --no-install-recommends slurm-wlm munge >>/tmp/polytile-slurm-apt.log 2>&1; } ||
			skip "apt-get install slurm-wlm munge failed (see /tmp/polytile-slurm-apt.log)"
	else
		skip "slurm-wlm and munge are not installed and we are not root to install them"
	fi
fi
work="$(mktemp -d /tmp/polytile-slurm.XXXXXX)"
# Cleaning up never decides the verdict (a daemon's late write must not
# turn a passed test into a failure).
trap 'bash scripts/slurm-local.sh stop "$work/cluster" || true; rm -rf "$work" 2>/dev/null || true' EXIT
go build -o "$work/polytile" ./cmd/polytile
if ! env_line="$(bash scripts/slurm-local.sh start "$work/cluster" 2>"$work/start.err")"; then
	skip "the single-node cluster did not start: $(cat "$work/start.err")"
fi
export "${env_line?}"
# TEST_SLURM_PUZZLE, TEST_SLURM_SHARDS and TEST_SLURM_TIMEOUT (seconds) run
# another puzzle the same way (the 18x5 acceptance run of docs/cluster.md);
# TEST_SLURM_EXPECT="ALL UNIQUE" compares with known counts instead of
# counting the puzzle again in one process.
puzzle="${TEST_SLURM_PUZZLE:-$root/examples/pentomino-10x6.yaml}"
n="${TEST_SLURM_SHARDS:-8}"
echo "test-slurm: sbatch --array=0-$((n - 1)) deploy/slurm/polytile-array.sh ($(basename "$puzzle"), $n shards)"
mkdir -p "$work/run"
POLYTILE="$work/polytile" timeout "${TEST_SLURM_TIMEOUT:-150}" sbatch --wait --quiet --export=ALL --array=0-$((n - 1)) --chdir="$work/run" \
	deploy/slurm/polytile-array.sh "$puzzle" "$work/run/out" --redundancy auto ||
	{ echo "test-slurm: the array job failed:"; tail -n 5 "$work"/run/*.log; exit 1; }
merged="$("$work/polytile" merge --json --puzzle "$puzzle" "$work/run/out")" || { echo "$merged"; exit 1; }
get() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d['solutions'], d['unique'])"; }
m="$(get <<<"$merged")"
against="the single-process count"
if [[ -n "${TEST_SLURM_EXPECT:-}" ]]; then
	w="$TEST_SLURM_EXPECT" against="the expected counts $TEST_SLURM_EXPECT"
else
	w="$(get <<<"$("$work/polytile" solve "$puzzle" --count --json --redundancy auto)")"
fi
echo "test-slurm: merge: $(python3 -c "import json,sys; d=json.load(sys.stdin); print({k: v for k, v in d.items() if 'seconds' in k or k.startswith('subproblems')})" <<<"$merged" 2>/dev/null || true)"
if [[ "$m" != "$w" ]]; then
	echo "test-slurm: FAIL: merged $m, single process $w"
	exit 1
fi
echo "test-slurm: ok: $n Slurm array tasks merged to $m (all, unique), equal to $against"

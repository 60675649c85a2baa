#!/usr/bin/env bash
# scripts/cluster-acceptance.sh — the acceptance run of docs/cluster.md:
# a puzzle counted as N shards through deploy/parallel/count.sh (GNU
# parallel, one job at a time, nice 10), with two shards SIGKILLed while
# they run (parallel's --retries reruns them, from their checkpoints), then
# merged; the balance of other shard counts after it.
#
#   scripts/cluster-acceptance.sh POLYTILE PUZZLE OUTDIR N [N2 N3 ...]
#
# Long: the one-sided 18x5 pentominoes take minutes per full count.
set -euo pipefail
bin="$1" puzzle="$2" out="$3"
shift 3
n="$1"
shift
mkdir -p "$out"
log="$out/acceptance.log"
: >"$log"
say() { printf '%s %s\n' "$(date -u +%T)" "$*" | tee -a "$log"; }

# ere_quote: $1 with every character special to an extended regular
# expression (pgrep's patterns) escaped, so that it matches itself.
ere_quote() { printf '%s' "$1" | sed -e 's/[][\\.*^$+?(){}|]/\\&/g'; }

# kill_running: SIGKILL the polytile shard running now, once it has
# written a checkpoint.
kill_running() {
	local pid
	for _ in $(seq 600); do
		pid="$(pgrep -f -n -- "$(ere_quote "$bin") --quiet solve $(ere_quote "$puzzle") --count --shard [0-9]+/$n" || true)"
		if [[ -n "$pid" ]]; then
			local sh
			sh="$(tr '\0' ' ' </proc/"$pid"/cmdline | grep -o -- '--shard [0-9]*' | cut -d' ' -f2)"
			for _ in $(seq 120); do
				[[ -s "$out/n$n/shard-$sh.ckpt" ]] && break
				sleep 1
			done
			if kill -0 "$pid" 2>/dev/null; then
				kill -9 "$pid" && say "SIGKILLed shard $sh (pid $pid)"
				return 0
			fi
		fi
		sleep 1
	done
}

say "N=$n: start"
(
	sleep 60; kill_running
	sleep 120; kill_running
) &
killer=$!
start=$(date +%s)
POLYTILE="$bin" JOBS=1 nice -n 10 bash "$(dirname "$0")/../deploy/parallel/count.sh" "$puzzle" "$n" "$out/n$n" 2>&1 | tee -a "$log" || true
say "N=$n: done in $(($(date +%s) - start)) s"
kill "$killer" 2>/dev/null || true
"$bin" merge --json --puzzle "$puzzle" "$out/n$n" >"$out/merge-$n.json" || true
for m in "$@"; do
	say "N=$m: start"
	start=$(date +%s)
	POLYTILE="$bin" JOBS=1 nice -n 10 bash "$(dirname "$0")/../deploy/parallel/count.sh" "$puzzle" "$m" "$out/n$m" 2>&1 | tee -a "$log" || true
	say "N=$m: done in $(($(date +%s) - start)) s"
	"$bin" merge --json --puzzle "$puzzle" "$out/n$m" >"$out/merge-$m.json" || true
done

#!/usr/bin/env bash
# deploy/parallel/count.sh — a sharded count run by GNU parallel, then merged.
#
#   deploy/parallel/count.sh PUZZLE N OUTDIR [extra solve flags...]
#
# Runs `polytile solve PUZZLE --count --shard I/N` for I = 0..N-1 as GNU
# parallel jobs (the input {} is the shard index; {#}, the job number, is
# {}+1 here, and {%}, the job slot, is NOT a shard index), each writing
# OUTDIR/shard-I.json and checkpointing to OUTDIR/shard-I.ckpt, then
# `polytile merge OUTDIR`. Re-running the same command after a crash, a
# kill or a reboot resumes: --resume-failed skips the shards the joblog
# records as done and reruns the failed ones, each from its checkpoint;
# --retries reruns a failing shard up to 3 times.
#
# Environment: POLYTILE (the binary; default polytile on PATH, else this
# checkout's bin/polytile), JOBS
# (parallel jobs; default one per core), PARALLEL_EXTRA (more options for
# parallel, e.g. "--sshloginfile nodes.txt" to spread over workstations:
# polytile, the puzzle file and OUTDIR must then be at the same path on
# each, e.g. on a shared file system).
set -euo pipefail
if (($# < 3)); then
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
fi
puzzle="$1" n="$2" out="$3"
shift 3
# The binary: $POLYTILE, else polytile on PATH, else this checkout's
# bin/polytile (what `make build` makes).
polytile="${POLYTILE:-}"
if [[ -z $polytile ]]; then
	if command -v polytile >/dev/null; then
		polytile=polytile
	elif [[ -x "$(dirname "$0")/../../bin/polytile" ]]; then
		polytile="$(cd "$(dirname "$0")/../.." && pwd)/bin/polytile"
	else
		echo "count.sh: no polytile on PATH and no bin/polytile here: run make build, or set POLYTILE=/path/to/polytile" >&2
		exit 2
	fi
fi
command -v "$polytile" >/dev/null || { echo "count.sh: POLYTILE=$polytile is not an executable" >&2; exit 2; }
command -v parallel >/dev/null || { echo "count.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }
mkdir -p "$out"
# shellcheck disable=SC2086
seq 0 $((n - 1)) | parallel --will-cite --jobs "${JOBS:-100%}" \
	--joblog "$out/joblog" --resume-failed --retries 3 ${PARALLEL_EXTRA:-} \
	"$polytile" --quiet solve "$puzzle" --count --shard "{}/$n" \
	--json -o "$out/shard-{}.json" --checkpoint "$out/shard-{}.ckpt" "$@" || true
"$polytile" merge "$out"

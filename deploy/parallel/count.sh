#!/usr/bin/env bash
# deploy/parallel/count.sh — a sharded count run by GNU parallel, then merged.
#
#   deploy/parallel/count.sh PUZZLE N OUTDIR [extra solve flags...]
#
# Runs `polytile solve PUZZLE --count --shard I/N` for I = 0..N-1 as GNU
# parallel jobs (the input {} is the shard index; {#}, the job number, is
# {}+1 here, and {%}, the job slot, is NOT a shard index), each writing
# OUTDIR/shard-I.json and checkpointing to OUTDIR/shard-I.ckpt, then
# `polytile merge --puzzle PUZZLE OUTDIR`. Re-running the same command
# after a crash, a kill or a reboot resumes: --resume-failed skips the
# shards the joblog records as done and reruns the failed ones, each from
# its checkpoint; --retries reruns a failing shard up to 3 times.
#
# OUTDIR belongs to one count: OUTDIR/count.key, written by polytile once
# the flags and the puzzle have been read (a run that cannot start writes
# nothing), records the SHA-256 and fingerprint of the puzzle file, N and
# the extra flags in solve's canonical form (--redundancy X and
# --redundancy=X, flags in any order, a default given or left out: one
# key; -j, --time-limit and --stats are not part of it). A run whose
# puzzle file (edited since), N or flags differ is refused (exit 2,
# saying what changed) before any shard runs, as is an OUTDIR holding a
# joblog or results but no count.key: the joblog would skip shards
# done for another count. Use a new OUTDIR, or remove the old one. merge
# --puzzle then refuses any result whose puzzle fingerprint is not the
# file's as it is at the end (edited while the shards ran).
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
# N is a decimal integer from 1 to 100000 (never evaluated as an
# expression: bash arithmetic on an unchecked string runs its $(...)).
if ! [[ $n =~ ^[0-9]{1,6}$ ]] || ((10#$n < 1 || 10#$n > 100000)); then
	echo "count.sh: N must be an integer from 1 to 100000, not '$n'" >&2
	exit 2
fi
n=$((10#$n))
# A PUZZLE or OUTDIR starting with - gets ./ in front, so that it is not
# read as an option (nor an OUTDIR starting with + by --joblog, as "append").
case $puzzle in -*) puzzle="./$puzzle" ;; esac
case $out in [-+]*) out="./$out" ;; esac
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
[[ -f $puzzle ]] || { echo "count.sh: PUZZLE '$puzzle' is not a file" >&2; exit 2; }
for a in "$@"; do
	case $a in --count-key*)
		echo "count.sh: do not give $a: the script gives the key's flags" >&2
		exit 2
		;;
	esac
done
made=""
[[ -e $out ]] || made=1
mkdir -p -- "$out"
# The key of this count (OUTDIR/count.key: the puzzle file's SHA-256 and
# fingerprint, N and the extra flags in solve's canonical form) is written,
# or compared with the one there, by polytile itself: shard 0 is set up as
# it will run (flags and puzzle read, outputs and checkpoint checked) and
# stops before the search. A run that cannot start writes no key (and
# removes the OUTDIR it made); one of another count is refused, exit 2.
"$polytile" --quiet solve "$puzzle" --count --shard "0/$n" --json -o "$out/shard-0.json" \
	--checkpoint "$out/shard-0.ckpt" --count-key "$out/count.key" --count-key-recipe count.sh --count-key-only "$@" || {
	rc=$?
	[[ -z $made ]] || rmdir -- "$out" 2>/dev/null || true
	echo "count.sh: nothing was run" >&2
	exit "$rc"
}
# The puzzle, OUTDIR, the binary and the extra flags never go into
# parallel's command template: parallel would hand them to a shell ($(...),
# quotes, spaces) and expand its replacement strings in them ({}, and
# {= perl =}, which runs Perl). They go through the environment (--env
# carries them to ssh logins), the extra flags quoted by printf %q; the
# template is this fixed text and the shard index {}.
export POLYTILE_COUNT_BIN="$polytile" POLYTILE_COUNT_PUZZLE="$puzzle" POLYTILE_COUNT_N="$n" POLYTILE_COUNT_OUT="$out"
POLYTILE_COUNT_EXTRA=""
if (($# > 0)); then
	POLYTILE_COUNT_EXTRA="$(printf '%q ' "$@")"
fi
export POLYTILE_COUNT_EXTRA
# shellcheck disable=SC2016 # expanded by the job's bash, not here
job='eval "set -- $POLYTILE_COUNT_EXTRA"; i="$0"; exec "$POLYTILE_COUNT_BIN" --quiet solve "$POLYTILE_COUNT_PUZZLE" --count --shard "$i/$POLYTILE_COUNT_N" --json -o "$POLYTILE_COUNT_OUT/shard-$i.json" --checkpoint "$POLYTILE_COUNT_OUT/shard-$i.ckpt" --count-key "$POLYTILE_COUNT_OUT/count.key" --count-key-recipe count.sh "$@"'
# shellcheck disable=SC2086 # PARALLEL_EXTRA is options for parallel, split on purpose
seq 0 $((n - 1)) | parallel --will-cite -q --jobs "${JOBS:-100%}" \
	--joblog "$out/joblog" --resume-failed --retries 3 \
	--env POLYTILE_COUNT_BIN --env POLYTILE_COUNT_PUZZLE --env POLYTILE_COUNT_N \
	--env POLYTILE_COUNT_OUT --env POLYTILE_COUNT_EXTRA ${PARALLEL_EXTRA:-} \
	bash -c "$job" {} || true
# --from, if among the extra flags, is how merge reads the puzzle too.
from=()
while (($# > 0)); do
	case $1 in
	--from) (($# > 1)) && from=(--from "$2") && shift ;;
	--from=*) from=("$1") ;;
	esac
	shift
done
"$polytile" merge --puzzle "$puzzle" "${from[@]}" "$out"

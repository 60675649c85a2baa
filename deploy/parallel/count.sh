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
# OUTDIR belongs to one count: OUTDIR/count.key records the SHA-256 of
# the puzzle file, N and the extra flags of the run that made it. A run
# whose puzzle file (edited since), N or flags differ is refused (exit 2,
# saying what changed) before any shard runs, as is an OUTDIR holding a
# joblog or shard files but no count.key: the joblog would skip shards
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
command -v sha256sum >/dev/null || { echo "count.sh: sha256sum is not installed (GNU coreutils)" >&2; exit 2; }
mkdir -p -- "$out"
# The key of this count: the puzzle file's bytes, N and the extra flags
# (printf %q: one line whatever they hold).
sum="$(sha256sum <"$puzzle")" || { echo "count.sh: cannot read PUZZLE '$puzzle'" >&2; exit 2; }
flags=""
if (($# > 0)); then
	flags="$(printf '%q ' "$@")"
fi
key="$(printf 'polytile count.sh 1\npuzzle-sha256 %s\nshards %d\nflags %s\n' "${sum%% *}" "$n" "$flags")"
if [[ ! -e $out/count.key ]]; then
	for f in "$out"/joblog "$out"/shard-*.json "$out"/shard-*.ckpt; do
		if [[ -e $f ]]; then
			echo "count.sh: $out holds $f but no count.key (made by an older count.sh, or by hand): it may be another count's. Use another OUTDIR, or remove $out to start again." >&2
			exit 2
		fi
	done
	# A new file (mktemp: it follows no link planted in OUTDIR) linked
	# into place: the first link wins, so of two counts started together
	# into one OUTDIR the later compares below and is refused (a rename
	# would replace the other's key, and both would run).
	tmp="$(mktemp -- "$out/.count.key.XXXXXX")" && chmod 644 -- "$tmp" && printf '%s\n' "$key" >"$tmp" ||
		{ echo "count.sh: cannot write $out/count.key" >&2; exit 2; }
	ln -- "$tmp" "$out/count.key" 2>/dev/null || [[ -e $out/count.key ]] ||
		{ rm -f -- "$tmp"; echo "count.sh: cannot link $out/count.key (a file system without hard links?)" >&2; exit 2; }
	rm -f -- "$tmp"
fi
old="$(cat -- "$out/count.key")" || { echo "count.sh: cannot read $out/count.key" >&2; exit 2; }
if [[ $old != "$key" ]]; then
	what=()
	[[ $(sed -n 2p <<<"$old") == "$(sed -n 2p <<<"$key")" ]] || what+=("the puzzle file (its contents changed since, or it is another puzzle)")
	[[ $(sed -n 3p <<<"$old") == "$(sed -n 3p <<<"$key")" ]] || what+=("N ($(sed -n 's/^shards //p' <<<"$old") then, $n now)")
	[[ $(sed -n 4p <<<"$old") == "$(sed -n 4p <<<"$key")" ]] || what+=("the extra solve flags ('$(sed -n 's/^flags //p' <<<"$old")' then, '$flags' now)")
	((${#what[@]} > 0)) || what+=("its key file")
	{
		echo "count.sh: $out holds another count: it differs in"
		printf '  %s\n' "${what[@]}"
		echo "its joblog would skip shards done for that count. Use another OUTDIR, or remove $out to start again."
	} >&2
	exit 2
fi
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
job='eval "set -- $POLYTILE_COUNT_EXTRA"; i="$0"; exec "$POLYTILE_COUNT_BIN" --quiet solve "$POLYTILE_COUNT_PUZZLE" --count --shard "$i/$POLYTILE_COUNT_N" --json -o "$POLYTILE_COUNT_OUT/shard-$i.json" --checkpoint "$POLYTILE_COUNT_OUT/shard-$i.ckpt" "$@"'
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

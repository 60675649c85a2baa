#!/usr/bin/env bash
# deploy/slurm/polytile-array.sh — one shard of a polytile count per task
# of a Slurm job array.
#
#   sbatch --array=0-63 deploy/slurm/polytile-array.sh PUZZLE OUTDIR [solve flags...]
#   polytile merge --puzzle PUZZLE OUTDIR
#
# Shard I writes OUTDIR/shard-I.json (and checkpoints to OUTDIR/shard-I.ckpt,
# so a requeued or resubmitted task resumes). The shard comes from the
# array (--shard auto: index SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN,
# count SLURM_ARRAY_TASK_COUNT). To rerun a few shards, give the total:
#
#   POLYTILE_SHARD_COUNT=64 sbatch --array=3,17 deploy/slurm/polytile-array.sh PUZZLE OUTDIR
#
# (the task ids are then the shard indices). POLYTILE is the binary
# (default: polytile on PATH). OUTDIR must be on a file system the
# compute nodes share with you.
#
# OUTDIR belongs to one count: the first task that can start writes
# OUTDIR/count.key (polytile writes it: the SHA-256 and fingerprint of the
# puzzle file, N and the solve flags in a canonical form), and a task whose
# puzzle file (edited since), N or flags differ refuses to run (exit 2,
# saying what changed), as does one finding shard files but no count.key:
# the old results would stay and be merged as this count's. A task that
# made OUTDIR and cannot start removes it (rmdir). Merge with
# `polytile merge --puzzle PUZZLE OUTDIR`: it refuses results whose puzzle
# fingerprint is not the file's as it is now.
#SBATCH --job-name=polytile
#SBATCH --cpus-per-task=1
#SBATCH --requeue
#SBATCH --output=polytile-%A_%a.log
set -euo pipefail
if (($# < 2)); then
	echo "usage: sbatch --array=0-N-1 $0 PUZZLE OUTDIR [solve flags...]" >&2
	exit 2
fi
puzzle="$1" out="$2"
shift 2
# A PUZZLE or OUTDIR starting with - gets ./ in front, so that it is not
# read as an option.
case $puzzle in -*) puzzle="./$puzzle" ;; esac
case $out in -*) out="./$out" ;; esac
i="${SLURM_ARRAY_TASK_ID:?run me with sbatch --array=0-N-1}"
if ! [[ $i =~ ^[0-9]{1,7}$ ]]; then
	echo "polytile-array.sh: SLURM_ARRAY_TASK_ID='$i' is not a task id" >&2
	exit 2
fi
# The files are named by the shard index --shard auto takes: the task id
# less the array's first id, or the task id itself when
# POLYTILE_SHARD_COUNT gives the total (an --array=1-64 job writes
# shard-0.json .. shard-63.json, as merge's rerun command expects).
min="${SLURM_ARRAY_TASK_MIN:-0}"
if ! [[ $min =~ ^[0-9]{1,7}$ ]]; then
	echo "polytile-array.sh: SLURM_ARRAY_TASK_MIN='$min' is not a task id" >&2
	exit 2
fi
idx=$i
if [[ -z ${POLYTILE_SHARD_COUNT:-} ]]; then
	idx=$((10#$i - 10#$min))
fi
# The script gives --shard auto itself (a second --shard among the solve
# flags would be refused by polytile as given twice): the count comes
# from POLYTILE_SHARD_COUNT or the array.
for a in "$@"; do
	case $a in
	--shard | --shard=*)
		echo "polytile-array.sh: do not give --shard: the script gives --shard auto; set POLYTILE_SHARD_COUNT=N for the count (the task ids are then the shard indices)" >&2
		exit 2
		;;
	--count-key*)
		echo "polytile-array.sh: do not give $a: the script gives the key's flags" >&2
		exit 2
		;;
	esac
done
# N (POLYTILE_SHARD_COUNT, else the array's task count) is checked
# before anything is written.
count="${POLYTILE_SHARD_COUNT:-${SLURM_ARRAY_TASK_COUNT:-}}"
if [[ -z $count ]]; then
	echo "polytile-array.sh: no shard count: SLURM_ARRAY_TASK_COUNT is not set; set POLYTILE_SHARD_COUNT=N (the task ids are then the shard indices)" >&2
	exit 2
fi
if ! [[ $count =~ ^[0-9]{1,6}$ ]] || ((10#$count < 1 || 10#$count > 100000)); then
	echo "polytile-array.sh: the shard count '$count' (POLYTILE_SHARD_COUNT, else SLURM_ARRAY_TASK_COUNT) must be an integer from 1 to 100000" >&2
	exit 2
fi
[[ -f $puzzle ]] || { echo "polytile-array.sh: PUZZLE '$puzzle' is not a file" >&2; exit 2; }
# OUTDIR is made by the first task (mkdir is atomic: of tasks starting
# together one makes it); its parents are made as needed and left.
# Nothing else makes it: a task that found it there and then finds it
# removed (by the task that made it and could not start) fails naming the
# missing directory, as does one whose mkdir failed (polytile, exit 2).
made=""
if [[ ! -e $out ]]; then
	mkdir -p -- "$(dirname -- "$out")"
	mkdir -- "$out" 2>/dev/null && made=1
fi
# The key of this count (OUTDIR/count.key: the puzzle file's SHA-256 and
# fingerprint, N and the solve flags in solve's canonical form) is
# written, or compared with the one there, by polytile once this task
# can start (flags and puzzle read, outputs and checkpoint checked): a
# task that cannot start writes no key; one of another count exits 2.
run=("${POLYTILE:-polytile}" --quiet solve "$puzzle" --count --shard auto
	--json -o "$out/shard-$idx.json" --checkpoint "$out/shard-$idx.ckpt"
	--count-key "$out/count.key" --count-key-recipe polytile-array.sh "$@")
# The task that made OUTDIR first checks that it can start, as count.sh
# does (--count-key-only: everything but the search), and removes OUTDIR
# when it cannot: no empty OUTDIR is left by a run that never started.
# (A task of the same array that found OUTDIR made may already be
# running: rmdir leaves a directory it wrote into.)
if [[ -n $made ]]; then
	"${run[@]}" --count-key-only || {
		rc=$?
		rmdir -- "$out" 2>/dev/null || true
		echo "polytile-array.sh: nothing was run" >&2
		exit "$rc"
	}
fi
exec "${run[@]}"

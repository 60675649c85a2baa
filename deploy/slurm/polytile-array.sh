#!/usr/bin/env bash
# deploy/slurm/polytile-array.sh — one shard of a polytile count per task
# of a Slurm job array.
#
#   sbatch --array=0-63 deploy/slurm/polytile-array.sh PUZZLE OUTDIR [solve flags...]
#   polytile merge OUTDIR
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
mkdir -p -- "$out"
exec "${POLYTILE:-polytile}" --quiet solve "$puzzle" --count --shard auto \
	--json -o "$out/shard-$idx.json" --checkpoint "$out/shard-$idx.ckpt" "$@"

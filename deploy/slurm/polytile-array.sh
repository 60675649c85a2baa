#!/usr/bin/env bash
# deploy/slurm/polytile-array.sh — one shard of a polytile count per task
# of a Slurm job array.
#
#   sbatch --array=0-63 deploy/slurm/polytile-array.sh PUZZLE OUTDIR [solve flags...]
#   polytile merge OUTDIR
#
# Task I writes OUTDIR/shard-I.json (and checkpoints to OUTDIR/shard-I.ckpt,
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
mkdir -p -- "$out"
exec "${POLYTILE:-polytile}" --quiet solve "$puzzle" --count --shard auto \
	--json -o "$out/shard-$i.json" --checkpoint "$out/shard-$i.ckpt" "$@"

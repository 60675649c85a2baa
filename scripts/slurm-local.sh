#!/usr/bin/env bash
# scripts/slurm-local.sh — a single-node Slurm cluster on localhost, for
# `make test-slurm`: munged, slurmctld and slurmd started by hand (no
# systemd) with a configuration and state in a temporary directory.
#
#   scripts/slurm-local.sh start DIR    start the daemons; prints the
#                                       environment to use (SLURM_CONF=...)
#   scripts/slurm-local.sh stop DIR     stop the daemons started in DIR
#
# Needs root (slurmd runs jobs as the submitting user) and the Debian
# packages slurm-wlm and munge (slurmctld, slurmd, munged, sbatch).
# Exits 3 with the reason when the cluster cannot start here.
set -euo pipefail
cmd="${1:-}" dir="${2:-}"
[[ -n "$cmd" && -n "$dir" ]] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
fail() { echo "slurm-local: $*" >&2; exit 3; }

# stop: SIGTERM each daemon and wait for it to exit (slurmctld writes its
# state while it stops: removing DIR before it has exited races with it),
# SIGKILL after 10 s.
stop() {
	local d pid
	for d in slurmd slurmctld munged; do
		[[ -f "$dir/$d.pid" ]] || continue
		pid="$(cat "$dir/$d.pid")"
		kill "$pid" 2>/dev/null || true
		for _ in $(seq 100); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$pid" 2>/dev/null || true
		rm -f "$dir/$d.pid"
	done
}

if [[ "$cmd" == stop ]]; then
	stop
	exit 0
fi
[[ "$cmd" == start ]] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[[ "$(id -u)" == 0 ]] || fail "needs root (slurmd must be able to run jobs as their user)"
for b in munged slurmctld slurmd sbatch squeue; do
	command -v "$b" >/dev/null || fail "$b is not installed (Debian: apt-get install slurm-wlm munge)"
done
mkdir -p "$dir"/{munge,state,spool,log}
dir="$(cd "$dir" && pwd)"
chmod 700 "$dir/munge"
host="$(hostname -s)"
cpus="$(nproc)"
mem=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2))

# munge: a fresh key and socket of our own.
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
	--pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" ||
	fail "munged did not start: $(tail -n 3 "$dir/log/munged.log" 2>/dev/null)"

cat >"$dir/slurm.conf" <<CONF
ClusterName=polytile-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=100001
MpiDefault=none
SwitchType=switch/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF" -i || fail "slurmctld did not start: $(tail -n 5 "$dir/log/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start: $(tail -n 5 "$dir/log/slurmd.log" 2>/dev/null)"
for _ in $(seq 30); do
	if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
		echo "SLURM_CONF=$SLURM_CONF"
		exit 0
	fi
	sleep 1
done
state="$(sinfo -h -o '%T %E' 2>&1 || true)"
stop
fail "the node did not become idle in 30 s (sinfo: $state; slurmd log: $(tail -n 3 "$dir/log/slurmd.log" 2>/dev/null))"

#!/usr/bin/env bash
# Runs a command with the CPU time this machine would have at a slower `cpu-score` (../shared/tools/cpu-score, in
# seconds): a cgroup's CPU quota of (cores) x (this machine's score) / TARGET CPUs, which slows every process of the
# command alike, however many it starts (busy loops beside it take a share that depends on that number). The limits
# of docs/testing.md are given at cpu-score 0.6:
#   bash scripts/at_cpu_score.sh 0.6 bash .ci/run
# Needs root and the cgroup cpu controller (v2, or v1's cpu hierarchy); CPU_SCORE=<s> gives this machine's score
# where the cpu-score tool is not at hand.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET_CPU_SCORE COMMAND [ARG ...]" >&2
    exit 2
fi
target=$1
shift
score="${CPU_SCORE:-$("$(dirname "$0")/../../shared/tools/cpu-score" | awk '{print $2}')}"
period=100000
quota=$(awk -v cores="$(nproc)" -v score="$score" -v target="$target" -v period="$period" \
    'BEGIN { printf "%d", cores * period * score / target }')
group="at-cpu-score-$$"
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
    dir="/sys/fs/cgroup/$group"
    mkdir "$dir"
    echo "$quota $period" >"$dir/cpu.max"
else
    dir="/sys/fs/cgroup/cpu/$group"
    mkdir "$dir"
    echo "$period" >"$dir/cpu.cfs_period_us"
    echo "$quota" >"$dir/cpu.cfs_quota_us"
fi
echo "cpu-score $score s here, run as at $target s: $quota of every $period us of CPU time ($(nproc) cores)" >&2
# the command runs in a child that joins the group first; the group goes when it ends
status=0
bash -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' _ "$dir" "$@" || status=$?
rmdir "$dir" 2>/dev/null || true
exit "$status"

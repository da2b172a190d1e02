#!/bin/bash
# The VM runner must fail a failing command, a panic, a hang and a kernel
# WARNING, each with the right exit status and message. Prints KTAP.
# usage: vm-failures.sh <kernel-out-dir> <work-dir>
set -u
[ $# -eq 2 ] || { echo "usage: $0 <kernel-out-dir> <work-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") work=$(realpath -m "$2")
mkdir -p "$work"
n=0
# runner <name> <wanted exit status|any> <wanted message> <timeout-s> <command>...
runner() {
	local name=$1 want=$2 grep=$3 t=$4 rc=0
	shift 4
	"$top/scripts/host/vm.sh" -k "$out" -t "$t" -d "$work/$name" -- "$@" >"$work/$name.log" 2>&1 || rc=$?
	n=$((n + 1))
	if [ $rc -ne 0 ] && { [ "$want" = any ] || [ $rc -eq "$want" ]; } &&
	   grep -q -- "$grep" "$work/$name.log"; then
		echo "ok $n workbench vm: $name fails the run (exit $rc)"
	else
		tail -n 30 "$work/$name.log" | sed 's/^/#   /'
		echo "not ok $n workbench vm: $name fails the run # exit $rc, wanted ${want/any/non-zero} and '$grep'"
	fi
}
echo "TAP version 13"
echo "1..4"
runner command-fails 3 "exit status 3" 300 sh -c 'exit 3'
# A panic must end the guest at once (panic=-1, -no-reboot), not by the
# timeout, whose exit (124) and message differ.
runner panic 1 "the guest died before the command finished" 300 \
	sh -c 'echo c > /proc/sysrq-trigger; sleep 30'
runner hang 124 "TIMEOUT" 60 sleep 600
runner warning any "WARNING:" 300 sh -c \
	'modprobe lkdtm && echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT'

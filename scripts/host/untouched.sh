#!/bin/bash
# The io_uring kselftests, run the way a developer runs them on a laptop
# (no NVME_DEV, no NG_DEV), must not write to a device they did not make:
# boots with the usual emulated NVMe namespaces, fresh and sparse, runs
# them, and checks that no block of any namespace's image was written.
# Prints the kselftests' KTAP (counted like any run's: a runner that exits
# 0 with failed or skipped tests does not pass for one that ran them),
# then a second KTAP document, one result per image. Exits non-zero when
# the VM run fails.
# usage: untouched.sh <kernel-out-dir> <vm-dir> [timeout-s]
set -u
[ $# -ge 2 ] || { echo "usage: $0 <kernel-out-dir> <vm-dir> [timeout-s]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") vm=$(realpath -m "$2") timeout=${3:-900}
rc=0
"$top/scripts/host/kselftest.sh" -n "$out" "$vm" "$timeout" -c io_uring || rc=$?
echo "TAP version 13"
echo "1..3"
n=0
for img in nvme.img nvme2.img nvme3.img; do
	n=$((n + 1))
	blocks=$(stat -c %b "$vm/$img" 2>/dev/null || echo missing)
	if [ "$blocks" = 0 ]; then
		echo "ok $n untouched: no block of $img written"
	else
		echo "not ok $n untouched: no block of $img written # $blocks blocks allocated"
	fi
done
exit $rc

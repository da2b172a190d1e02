#!/bin/bash
# The io_uring kselftests, run the way a developer runs them on a laptop
# (no NVME_DEV, no NG_DEV), must not write to a device they did not make:
# boots with the usual emulated NVMe namespaces, fresh and sparse, runs
# them, and checks that no block of any namespace's image was written.
# Prints KTAP.
# usage: untouched.sh <kernel-out-dir> <vm-dir> [timeout-s]
set -u
[ $# -ge 2 ] || { echo "usage: $0 <kernel-out-dir> <vm-dir> [timeout-s]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") vm=$(realpath -m "$2") timeout=${3:-900}
inst=$out/kselftest_install
[ -x "$inst/run_kselftest.sh" ] || { echo "untouched: nothing installed in $inst; run 'make selftests'" >&2; exit 2; }
echo "TAP version 13"
echo "1..4"
rc=0
"$top/scripts/host/vm.sh" -k "$out" -t "$timeout" -d "$vm" -- \
	env -u NVME_DEV -u NG_DEV TMPDIR=/mnt/scratch "$inst/run_kselftest.sh" -c io_uring > "$vm.log" 2>&1 || rc=$?
if [ $rc = 0 ]; then
	echo "ok 1 untouched: the io_uring kselftests ran with no device named"
else
	tail -n 20 "$vm.log" | sed 's/^/#   /'
	echo "not ok 1 untouched: the io_uring kselftests ran with no device named # exit $rc"
fi
n=1
for img in nvme.img nvme2.img nvme3.img; do
	n=$((n + 1))
	blocks=$(stat -c %b "$vm/$img" 2>/dev/null || echo missing)
	if [ "$blocks" = 0 ]; then
		echo "ok $n untouched: no block of $img written"
	else
		echo "not ok $n untouched: no block of $img written # $blocks blocks allocated"
	fi
done

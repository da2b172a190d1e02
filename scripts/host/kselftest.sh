#!/bin/bash
# Boot a kernel build, run its installed kselftests, print every result and
# 'N passed, N failed, N skipped'. Fails on any failure: the 6.1 runner
# itself exits 0 when tests fail.
# usage: kselftest.sh <kernel-out-dir> [timeout-s] [run_kselftest.sh args...]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 <kernel-out-dir> [timeout-s] [run_kselftest.sh args...]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") timeout=${2:-900}
shift $(($# >= 2 ? 2 : 1))
inst=$out/kselftest_install
[ -x "$inst/run_kselftest.sh" ] || { echo "kselftest: nothing installed in $inst; run 'make selftests'" >&2; exit 2; }

rc=0
# The runner starts each test in its (read-only) install directory: the
# ublk tests put their backing files on the ext4 scratch disk instead.
"$top/scripts/host/vm.sh" -k "$out" -t "$timeout" -- \
	env UBLK_SCRATCH=/mnt/scratch "$inst/run_kselftest.sh" "$@" || rc=$?
"$top/scripts/host/ktap-count.sh" "$out/../vm/output.log" || rc=1
exit $rc

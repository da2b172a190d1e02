#!/bin/bash
# Boot a kernel build and run its installed kselftests; prints the runner's
# KTAP (count it with ktap-count.sh: the 6.1 runner exits 0 when tests
# fail). Fails when the VM run fails or the console shows a kernel report.
# The guest gets <timeout-s> plus the largest per-test timeout of the
# installed targets' 'settings': a test that hangs is ended by the runner
# at its own bound, and the tests after it still run.
# With -n, no device is named to the tests (NVME_DEV, NG_DEV unset).
# usage: kselftest.sh [-n] <kernel-out-dir> <vm-dir> [timeout-s] [run_kselftest.sh args...]
set -eu
named=1
[ "${1:-}" != -n ] || { named=0; shift; }
[ $# -ge 2 ] || { echo "usage: $0 [-n] <kernel-out-dir> <vm-dir> [timeout-s] [run_kselftest.sh args...]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") vm=$2 timeout=${3:-900}
shift $(($# >= 3 ? 3 : 2))
inst=$out/kselftest_install
[ -x "$inst/run_kselftest.sh" ] || { echo "kselftest: nothing installed in $inst; run 'make selftests'" >&2; exit 2; }
per_test=$(cat "$inst"/*/settings 2>/dev/null | sed -n 's/^timeout=//p' | sort -n | tail -n 1)
# The runner starts each test in its (read-only) install directory: the
# ublk tests put their backing files on the ext4 scratch disk instead, and
# the io_uring tests their files in TMPDIR, there too (user xattrs, which
# the guest's tmpfs on 6.1 lacks). The
# io_uring tests get the emulated NVMe namespaces they may overwrite, by
# name: the throttled one for passthrough, the large one for block I/O.
devices=(NG_DEV=/dev/ng0n3 NVME_DEV=/dev/nvme0n1)
[ $named = 1 ] || devices=()
exec "$top/scripts/host/vm.sh" -k "$out" -t "$((timeout + ${per_test:-45}))" -d "$vm" -- \
	env -u NG_DEV -u NVME_DEV UBLK_SCRATCH=/mnt/scratch TMPDIR=/mnt/scratch ${devices[@]+"${devices[@]}"} \
	KSFT_TIME_SCALE="${WB_TIME_SCALE:-1}" \
	"$inst/run_kselftest.sh" "$@"

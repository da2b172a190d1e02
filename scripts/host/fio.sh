#!/bin/bash
# The fio verify jobs in the guest on a kernel build (KTAP, see
# guest/fio.sh); fails when the VM run fails or the console shows a
# kernel report.
# usage: fio.sh <kernel-out-dir> <vm-dir> <job-file> [timeout-s]
set -eu
[ $# -ge 3 ] || { echo "usage: $0 <kernel-out-dir> <vm-dir> <job-file> [timeout-s]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
command -v fio >/dev/null || { echo "fio: not installed; run 'make deps'" >&2; exit 2; }
exec "$top/scripts/host/vm.sh" -k "$1" -t "${4:-900}" -d "$2" -- \
	"$top/scripts/guest/fio.sh" "$(realpath "$3")"

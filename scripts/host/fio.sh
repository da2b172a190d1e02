#!/bin/bash
# The fio verify jobs (fio/verify.fio) in the guest on a kernel build.
# Prints 'PASS|FAIL fio: <job>' per job; fails on a failed job, a failed
# VM run or a kernel report on the console.
# usage: fio.sh <kernel-out-dir> [timeout-s]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 <kernel-out-dir> [timeout-s]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") timeout=${2:-900}
log=$out/../fio.log
command -v fio >/dev/null || { echo "fio: not installed; run 'make deps'" >&2; exit 2; }

rc=0
"$top/scripts/host/vm.sh" -k "$out" -t "$timeout" -d "$out/../vm-fio" -- \
	"$top/scripts/guest/fio.sh" "$top/fio/verify.fio" > "$log" 2>&1 || rc=$?
grep -v '^FIO ' "$log" | grep -v '^vm: booting' || true
awk '$1 == "FIO" { n++; if ($2 != "pass") bad++; print ($2 == "pass" ? "PASS" : "FAIL") " fio: " $3 }
     END { if (!n) print "FAIL fio: no results"; exit !n || bad }' "$log" || rc=1
exit $rc

#!/bin/bash
# liburing's test suite on a kernel build, gated against the baseline of
# the unpatched base; with -b, write the baseline instead from this run
# (keeping the reasons of entries whose status did not change).
# usage: liburing.sh [-b] <kernel-out-dir> <src-dir> <baseline> [timeout-s]
set -eu
regen=0
[ "${1:-}" = -b ] && { regen=1; shift; }
[ $# -ge 3 ] || { echo "usage: $0 [-b] <kernel-out-dir> <src-dir> <baseline> [timeout-s]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") src=$2 baseline=$3 timeout=${4:-3600}
lu=$("$top/scripts/host/liburing-build.sh" "$src")
log=$out/../liburing.log

rc=0
"$top/scripts/host/vm.sh" -k "$out" -t "$timeout" -d "$out/../vm-liburing" -- \
	"$top/scripts/guest/liburing.sh" "$lu" > "$log" 2>&1 || rc=$?
grep -v '^LIBURING ' "$log" | tail -n 40
[ $rc = 0 ] || echo "liburing: the VM run failed (exit $rc), see $log"
if [ $regen = 1 ]; then
	[ $rc = 0 ] || exit 1
	awk 'FNR == NR { if ($1 !~ /^#/ && NF >= 3) { why[$1 " " $2] = $0 }; next }
	     $1 == "LIBURING" && $2 != "pass" {
		k = $3 " " $2
		print (k in why) ? why[k] : k " (reason not yet found)" }' \
		"$baseline" "$log" > "$baseline.new"
	{ sed -n '/^#/p' "$baseline"; cat "$baseline.new"; } > "$baseline.tmp"
	mv "$baseline.tmp" "$baseline"; rm -f "$baseline.new"
	echo "liburing: wrote $baseline from $(grep -c '^LIBURING ' "$log") tests"
	exit 0
fi
"$top/scripts/host/liburing-gate.sh" "$baseline" "$log" || rc=1
exit $rc

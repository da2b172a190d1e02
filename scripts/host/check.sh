#!/bin/bash
# The test gate: the workbench's own tests (series round trip, checkpatch,
# the result counter, the instruction profile's attribution, the VM
# runner's failure modes), the series'
# kselftests held against their expected results, the io_uring ones again
# with no device named, writing to none (with -m, the kselftests
# of a second build too, ublk as a module, marked [module]),
# liburing's test suite against the base's results, the fio verify jobs.
# Each part's results stream as they come (ktap-count.sh), its log and VM
# runs stay in the work directory; the last line is the count of them all,
# 'N passed, N failed, N skipped'.
# usage: check.sh -t <tree> -p <patch-dir> -k <kernel-out-dir> -w <work-dir>
#                 -s <src-dir> -b <liburing-baseline> -e <expected-dir>
#                 [-m <module-kernel-out-dir>] [-T timeout-s]
# <expected-dir> holds the kselftests' expected results (ktap-count.sh -e):
# 'kselftest' and, with -m, 'kselftest-module'.
set -u
usage() {
	echo "usage: $0 -t <tree> -p <patch-dir> -k <kernel-out-dir> -w <work-dir>" \
	     "-s <src-dir> -b <liburing-baseline> -e <expected-dir> [-m <module-kernel-out-dir>] [-T timeout-s]" >&2
	exit 2
}
top=$(realpath "$(dirname "$0")/../..")
tree= pdir= out= work= src= baseline= expected= mout= timeout=900
while getopts t:p:k:w:s:b:e:m:T: o; do
	case $o in
	t) tree=$OPTARG ;;
	p) pdir=$OPTARG ;;
	k) out=$OPTARG ;;
	w) work=$OPTARG ;;
	s) src=$OPTARG ;;
	b) baseline=$OPTARG ;;
	e) expected=$(realpath "$OPTARG") ;;
	m) mout=$OPTARG ;;
	T) timeout=$OPTARG ;;
	*) usage ;;
	esac
done
[ -n "$tree" ] && [ -n "$pdir" ] && [ -n "$out" ] && [ -n "$work" ] && [ -n "$src" ] &&
	[ -n "$baseline" ] && [ -n "$expected" ] || usage
host=$top/scripts/host
work=$(realpath -m "$work")
rm -rf "$work"
mkdir -p "$work"
results=$work/results.ktap
: > "$results"

# part <name> [ktap-count options] -- <command>...: one part of the gate,
# its results shown as they come; when it fails, its messages after them.
part() {
	local name=$1 log
	log=$work/$(tr -cs 'a-z0-9' - <<< "$name" | sed 's/-$//').log
	shift
	echo "== $name"
	"$host/ktap-count.sh" -l "$name" -o "$log" "$@" | tee -a "$results"
	[ "${PIPESTATUS[0]}" = 0 ] ||
		grep -E '^(vm|splat|series|liburing|fio|kselftest):|^  |^#   ' "$log" | tail -n 40
}

part "series round trip" -- "$host/roundtrip.sh" "$tree" "$pdir" "$work/roundtrip"
part checkpatch -- "$host/checkpatch.sh" "$tree" "$pdir"
part "result counter" -- "$host/ktap-count-test.sh" "$work/ktap-count-test"
part "instruction profile" -- "$host/insn-attribute-test.sh" "$work/insn-attribute-test"
part "VM runner" -- "$host/vm-failures.sh" "$out" "$work/vm-failures"
part kselftests -e "$expected/kselftest" -- "$host/kselftest.sh" "$out" "$work/kselftest" "$timeout"
part "no device named" -- "$host/untouched.sh" "$out" "$work/untouched" "$timeout"
[ -z "$mout" ] ||
	part "kselftests, ublk as a module" -p "[module] " -e "$expected/kselftest-module" -- \
		"$host/kselftest.sh" "$mout" "$work/kselftest-module" "$timeout"
# Suites the series must pass as well as the base does. liburing: 145
# tests of up to 60 s each, about 8 min on an idle machine, twice that
# beside another guest.
part liburing -- "$host/liburing.sh" "$out" "$work/liburing" "$src" "$baseline" \
	"$((timeout > 2700 ? timeout : 2700))"
part "fio verify" -- "$host/fio.sh" "$out" "$work/fio" "$top/fio/verify.fio" "$timeout"

"$host/ktap-count.sh" -q < "$results"

#!/bin/bash
# The test gate: the workbench's own tests (series round trip, checkpatch,
# the VM runner's failure modes), the series' kselftests, liburing's test
# suite against the base's results, and the fio verify jobs.
# Prints PASS/FAIL/SKIP lines and ends with 'N passed, N failed, N skipped'.
# With a second kernel build (the module profile), its kselftests run too,
# their results marked [module].
# usage: check.sh <tree> <kernel-out-dir> [timeout-s] [module-kernel-out-dir]
set -u
[ $# -ge 2 ] || { echo "usage: $0 <tree> <kernel-out-dir> [timeout-s] [module-kernel-out-dir]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") out=$(realpath "$2") timeout=${3:-900} mout=${4:-}
work=$(realpath -m "$out/../check")
rm -rf "$work"
mkdir -p "$work"
results=$work/results
: > "$results"
result() { echo "$1 $2" | tee -a "$results"; }

# 'make tree' then 'make export' must give back patches/ byte for byte. Done
# in a shared clone so the developer's tree is left alone.
roundtrip() {
	git clone -q --shared --no-checkout "$tree" "$work/tree" &&
	git -C "$work/tree" checkout -q -B series base &&
	{ [ ! -e "$tree/.git/unpinned-base" ] || touch "$work/tree/.git/unpinned-base"; } &&
	cp -r "$top/patches" "$work/patches" &&
	FORCE=1 "$top/scripts/host/series.sh" apply "$work/tree" "$work/patches" &&
	"$top/scripts/host/series.sh" export "$work/tree" "$work/patches" &&
	diff -ru "$top/patches" "$work/patches"
}
echo "== series round trip"
if roundtrip >"$work/roundtrip.log" 2>&1; then
	result PASS "workbench series: tree then export reproduces patches/"
else
	result FAIL "workbench series: tree then export reproduces patches/"
	sed 's/^/  /' "$work/roundtrip.log"
fi
rm -rf "$work/tree"

echo "== checkpatch --strict"
"$top/scripts/host/checkpatch.sh" "$tree" "$top/patches" | tee -a "$results" | grep -v '^PASS' || true

# The runner must fail a failing command, a panic, a hang and a WARNING.
runner() {
	local name=$1 want=$2 grep=$3 t=$4 rc=0
	shift 4
	"$top/scripts/host/vm.sh" -k "$out" -t "$t" -d "$work/vm-$name" -- "$@" >"$work/$name.log" 2>&1 || rc=$?
	if [ $rc -ne 0 ] && { [ "$want" = any ] || [ $rc -eq "$want" ]; } &&
	   grep -q -- "$grep" "$work/$name.log"; then
		result PASS "workbench vm: $name fails the run (exit $rc)"
	else
		result FAIL "workbench vm: $name fails the run (exit $rc, wanted ${want/any/non-zero} and '$grep')"
		tail -n 30 "$work/$name.log" | sed 's/^/  /'
	fi
}
echo "== VM runner failure modes"
runner command-fails 3 "exit status 3" 300 sh -c 'exit 3'
runner panic any "console tail" 300 sh -c 'echo c > /proc/sysrq-trigger; sleep 30'
runner hang 124 "TIMEOUT" 60 sleep 600
runner warning any "WARNING:" 300 sh -c \
	'modprobe lkdtm && echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT'

# kselftests <kernel-out-dir> <log name> [mark]
kselftests() {
	local log=$work/$2.log
	"$top/scripts/host/kselftest.sh" "$1" "$timeout" > "$log" 2>&1
	grep -vE '^(PASS|FAIL|SKIP) |passed, .* failed' "$log" | grep -E '^(vm|splat):|^  ' || true
	grep -E '^(PASS|FAIL|SKIP) ' "$log" | sed "s/^[A-Z]* /&${3:+$3 }/" | tee -a "$results"
	grep -q '^vm: command exit status 0' "$log" ||
		result FAIL "kselftest run${3:+ $3}: the guest did not finish cleanly (see $log)"
}
echo "== kselftests"
kselftests "$out" kselftest
if [ -n "$mout" ]; then
	echo "== kselftests, ublk as a module"
	kselftests "$(realpath "$mout")" kselftest-module "[module]"
fi

# Suites the series must pass as well as the base does: liburing's tests
# against liburing.baseline, fio verify. Their lines count like the others;
# a run that ended early fails once more.
suite() {
	local name=$1
	shift
	echo "== $name"
	"$@" > "$work/$name.log" 2>&1 ||
		echo "FAIL $name: the run failed (see $work/$name.log)" >> "$work/$name.log"
	grep -E '^(PASS|FAIL|SKIP) ' "$work/$name.log" | tee -a "$results" | grep -v '^PASS' || true
	grep -vE '^(PASS|FAIL|SKIP) ' "$work/$name.log" | tail -n 20
}
# 145 tests of up to 60 s each: about 8 min on an idle machine, twice that
# beside another guest.
suite liburing "$top/scripts/host/liburing.sh" "$out" "$(realpath -m "$out/../src")" \
	"$top/liburing.baseline" "$((timeout > 2700 ? timeout : 2700))"
suite fio "$top/scripts/host/fio.sh" "$out" "$timeout"

pass=$(grep -c '^PASS' "$results")
fail=$(grep -c '^FAIL' "$results")
skip=$(grep -c '^SKIP' "$results")
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]

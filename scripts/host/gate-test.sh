#!/bin/bash
# The gate must fail what it relies on its parts to fail. Each case feeds
# a deliberately broken input to the piece of the gate that must catch it
# and wants a failure with the message that names it:
#   - the result counter (ktap-count.sh): no results; a command that fails
#     without printing one, whose failure the gate's total (a count of
#     the parts' output alone) must still find; a plan the results do not
#     meet, at the top level or in a program; against an expected list, a
#     result that vanished, a new skip, an unknown result, a program that
#     turned into one skip, and a runner that exits 0 with all skipped;
#   - liburing's judge (liburing-judge.sh): the series' own test failing,
#     a skip or a failure where the base passed;
#   - the series round trip (roundtrip.sh): a tree whose branch 'series'
#     is not the patch directory, and a patch directory with uncommitted
#     changes;
#   - the work directories' wiper (fresh-dir.sh): an empty path, a path
#     with a space, a directory of someone else's files.
# The VM runner's own cases (a panic, a hang, ...) are vm-failures.sh's.
# Prints KTAP.
# usage: gate-test.sh <work-dir>
set -u
# Each case reads a pipe: it runs in this shell, to keep counting.
shopt -s lastpipe
[ $# -eq 1 ] || { echo "usage: $0 <work-dir>" >&2; exit 2; }
host=$(realpath "$(dirname "$0")")
count=$host/ktap-count.sh
work=$(realpath -m "$1")
work=$("$host/fresh-dir.sh" "$work") || exit 2
n=0

# The kselftest runner's output for one program with three subtests.
run() {
	echo "TAP version 13"
	echo "1..1"
	echo "# selftests: io_uring: t"
	echo "# 1..3"
	echo "# ok 1 a"
	echo "# ok 2 b # SKIP no device"
	echo "# ok 3 c"
	echo "ok 1 selftests: io_uring: t"
}
printf '%s\n' "# comment" "pass io_uring: t a" "skip io_uring: t b" "pass io_uring: t c" > "$work/list"

# check <name> <wanted exit: 0|1> <wanted message|-> <command...>: runs
# the command on standard input (the output of what is piped in).
check() {
	local name=$1 want=$2 msg=$3 rc=0
	shift 3
	"$@" > "$work/out" 2>&1 || rc=$?
	n=$((n + 1))
	if [ $((rc != 0)) = "$want" ] && { [ "$msg" = - ] || grep -qF -- "$msg" "$work/out"; }; then
		echo "ok $n workbench gate: $name"
	else
		sed 's/^/#   /' "$work/out"
		echo "not ok $n workbench gate: $name # exit $rc, wanted $( ((want)) && echo non-zero || echo 0) and '$msg'"
	fi
}
# The gate's total: a count of a part's output lines alone.
total() { "$count" "$@" | "$count" -q; }

echo "TAP version 13"
echo "1..31"
run | check "the expected results pass" 0 "2 passed, 0 failed, 1 skipped" "$count" -e "$work/list"
: | check "no result at all fails" 1 "not ok 1 the input: no results" "$count"
check "a command that fails without a result fails the gate's total" 1 "1 failed" \
	total -l part -- sh -c 'exit 3'
check "a command that fails after passing results fails the gate's total" 1 "1 passed, 1 failed" \
	total -l part -- sh -c 'echo "ok 1 a"; exit 3'
check "a command that fails after output without a final newline fails" 1 "the run failed (exit 3)" \
	"$count" -- sh -c 'printf "ok 1 a"; exit 3'
: | check "a part without its expected list fails (and still runs)" 1 "no expected list" \
	"$count" -e "$work/none" -- echo "ok 1 a"
: | check "a part that prints nothing fails the gate's total" 1 "0 passed, 1 failed" total -l part
printf '%s\n' "1..3" "ok 1 a" | check "a plan of 3 with one result fails" 1 \
	"planned 3 results, printed 1" "$count"
printf '%s\n' "1..1" "ok 1 a" "ok 2 b" | check "more results than planned fail" 1 \
	"planned 1 results, printed 2" "$count"
run | sed '$d' | sed 's/^1\.\.1$/1..2/' | { cat; run | sed -n '3,$p'; } |
	check "a run whose last program's line was lost fails" 1 "planned 2 results, printed 1" "$count"
run | sed '/# ok 3 c/d' | check "a program that printed fewer results than it planned fails" 1 \
	"io_uring: t (planned 3 results, printed 2)" "$count"
run | sed '/# ok [0-9]/d' | check "a program that planned results and printed none fails" 1 \
	"io_uring: t (planned 3 results, printed 0)" "$count"
run | grep -v 'ok 3 c' | sed 's/# 1\.\.3/# 1..2/' | check "a result that vanished fails, by name" 1 \
	"io_uring: t c (expected pass, did not run)" "$count" -e "$work/list"
run | sed 's/ok 1 a/ok 1 a # SKIP lacks it/' | check "a new skip fails, by name" 1 \
	"io_uring: t a (expected pass, got skip)" "$count" -e "$work/list"
run | sed 's/ok 3 c/ok 3 c\n# ok 4 d/; s/# 1\.\.3/# 1..4/' | check "a result not in the list fails, by name" 1 \
	"io_uring: t d (pass, not in $work/list)" "$count" -e "$work/list"
{ echo "1..1"; echo "# selftests: io_uring: t"; echo "ok 1 selftests: io_uring: t # SKIP kernel lacks it"; } |
	check "a program turned into one skip fails" 1 \
	"io_uring: t a (expected pass, did not run)" "$count" -e "$work/list"
run | sed 's/# ok \([13]\) \(.\)$/# ok \1 \2 # SKIP no device/' |
	check "a runner that exits 0 with every test skipped fails" 1 \
	"io_uring: t a (expected pass, got skip)" "$count" -e "$work/list" -- cat
run | check "a run writes its list" 0 "2 passed" "$count" -w "$work/written"
run | check "... which the same results then pass" 0 "0 failed" "$count" -e "$work/written"

# liburing: the base fails x.t and skips s.t; the series adds new.t.
printf '%s\n' "x.t fail why" "s.t skip why" > "$work/baseline"
judge() {
	printf '%s\n' "1..1" "$1" | "$host/liburing-judge.sh" "$work/baseline" new.t | "$count"
}
check "liburing: the series' own test failing fails, although it fails on the base" 1 \
	"new.t # fail here: the series adds this test" judge "not ok 1 liburing: new.t # fail"
check "liburing: a skip where the base passed fails" 1 "p.t # skip here, pass on base" \
	judge "ok 1 liburing: p.t # SKIP"
check "liburing: a timeout where the base skipped fails" 1 "s.t # timeout here, skip on base" \
	judge "not ok 1 liburing: s.t # timeout"
check "liburing: failing where the base fails passes" 0 "x.t # fail here, fail on base" \
	judge "not ok 1 liburing: x.t # fail"
empty() {
	printf '%s\n' "1..2" "ok 1 liburing: new.t" "not ok 2 liburing: p.t # fail" |
		"$host/liburing-judge.sh" /dev/null new.t | "$count"
}
check "liburing: with an empty baseline every result is judged" 1 "1 passed, 1 failed" empty
printf 'x.t fail\r\n' > "$work/baseline-crlf"
crlf() {
	printf '%s\n' "1..1" "not ok 1 liburing: x.t # fail" | "$host/liburing-judge.sh" "$work/baseline-crlf" | "$count"
}
check "liburing: a baseline with CRLF line ends is read as it says" 0 "x.t # fail here, fail on base" crlf

# The series round trip on a tree of one patch, its patch directory in a
# repository of its own.
g() { git -c user.name=wb -c user.email=wb@localhost "$@"; }
mkdir -p "$work/wb/tree"
(
	set -e
	cd "$work/wb/tree"
	g init -q
	echo one > f
	g add f
	g commit -q -m base
	g tag base
	g checkout -q -b series
	echo two > f
	g commit -q -am "f: two"
	g config branch.series.description "$(printf 'the series\n\nOne patch.')"
	"$host/series.sh" export . ../patches > /dev/null
	cd ..
	g init -q
	g add patches
	g commit -q -m patches
) > "$work/wb.log" 2>&1 || sed 's/^/# /' "$work/wb.log"
roundtrip() { "$host/roundtrip.sh" "$work/wb/tree" "$work/wb/patches" "$work/rt" | "$count"; }
echo three > "$work/wb/tree/f"
g -C "$work/wb/tree" commit -q -am "f: three"
check "series: a tree with a commit the patches lack fails" 1 \
	"not ok 2 workbench series: the tree under test is patches/ applied on base" roundtrip
g -C "$work/wb/tree" reset -q --hard HEAD~1
sed -i 's/^+two$/+TWO/' "$work/wb/patches/0001-f-two.patch"
check "series: uncommitted changes to the patches fail" 1 \
	"not ok 3 workbench series: patches/ is committed" roundtrip

# fresh-dir.sh: what it must never delete.
mkdir -p "$work/theirs"
echo precious > "$work/theirs/file"
check "fresh-dir: an empty path is refused" 1 "an empty path" "$host/fresh-dir.sh" ""
check "fresh-dir: a path with a space is refused" 1 "paths with spaces" "$host/fresh-dir.sh" "$work/a b"
check "fresh-dir: a directory of files it did not make is refused, and kept" 1 "was not made by the workbench" \
	sh -c '"$1" "$2"; rc=$?; [ -e "$2/file" ] || echo "deleted!"; exit $rc' - "$host/fresh-dir.sh" "$work/theirs"
check "fresh-dir: a directory it made is emptied" 0 - \
	sh -c 'd=$("$1" "$2") && touch "$d/x" && d=$("$1" "$2") && [ ! -e "$d/x" ]' - "$host/fresh-dir.sh" "$work/ours"

#!/bin/bash
# The result counter must fail what the gate relies on it to fail: no
# results, and, against an expected list, a result that vanished, a new
# skip, a result the list does not know, a program that turned into one
# skip. Runs ktap-count.sh on made-up runner output. Prints KTAP.
# usage: ktap-count-test.sh <work-dir>
set -u
# Each case reads a pipe: it runs in this shell, to keep counting.
shopt -s lastpipe
[ $# -eq 1 ] || { echo "usage: $0 <work-dir>" >&2; exit 2; }
count=$(realpath "$(dirname "$0")")/ktap-count.sh
work=$(realpath -m "$1")
mkdir -p "$work"
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

# case <name> <wanted exit: 0|1> <wanted message|-> <ktap-count args...>: feeds
# standard input (the output of the function piped in) to the counter.
case_() {
	local name=$1 want=$2 msg=$3 rc=0
	shift 3
	"$count" "$@" > "$work/out" 2>&1 || rc=$?
	n=$((n + 1))
	if [ $((rc != 0)) = "$want" ] && { [ "$msg" = - ] || grep -qF -- "$msg" "$work/out"; }; then
		echo "ok $n workbench counter: $name"
	else
		sed 's/^/#   /' "$work/out"
		echo "not ok $n workbench counter: $name # exit $rc, wanted $( ((want)) && echo non-zero || echo 0) and '$msg'"
	fi
}
echo "TAP version 13"
echo "1..8"
run | case_ "the expected results pass" 0 "2 passed, 0 failed, 1 skipped" -e "$work/list"
: | case_ "no result at all fails" 1 "0 passed, 0 failed, 0 skipped"
run | grep -v 'ok 3 c' | case_ "a result that vanished fails, by name" 1 \
	"io_uring: t c (expected pass, did not run)" -e "$work/list"
run | sed 's/ok 1 a/ok 1 a # SKIP lacks it/' | case_ "a new skip fails, by name" 1 \
	"io_uring: t a (expected pass, got skip)" -e "$work/list"
run | sed 's/ok 3 c/ok 3 c\n# ok 4 d/' | case_ "a result not in the list fails, by name" 1 \
	"io_uring: t d (pass, not in $work/list)" -e "$work/list"
{ echo "# selftests: io_uring: t"; echo "ok 1 selftests: io_uring: t # SKIP kernel lacks it"; } |
	case_ "a program turned into one skip fails" 1 \
	"io_uring: t a (expected pass, did not run)" -e "$work/list"
run | case_ "a run writes its list" 0 "2 passed" -w "$work/written"
sed 's/^/# /' "$work/written" >&2
run | case_ "... which the same results then pass" 0 "0 failed" -e "$work/written"

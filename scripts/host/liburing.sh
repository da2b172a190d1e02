#!/bin/bash
# liburing's test suite on a kernel build, its KTAP judged against the
# baseline of the unpatched base (liburing-judge.sh: the tests the liburing
# series adds must pass). The suite is liburing's pinned Debian source
# (liburing-build.sh) with the liburing series applied (its tests
# included). With -b, write the baseline instead from this run, keeping
# the reasons of entries whose status did not change. With -t, run only
# the tests named (e.g. -t "a.t b.t"), with -s only the series' own.
# usage: liburing.sh [-b] [-s | -t tests] <kernel-out-dir> <vm-dir> <src-dir> <liburing-pin>
#                    <liburing-patch-dir> <baseline> [timeout-s]
set -eu
regen=0 only= ours_only=0
while getopts bst: o; do
	case $o in
	b) regen=1 ;;
	s) ours_only=1 ;;
	t) only=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 6 ] || { echo "usage: $0 [-b] [-s | -t tests] <kernel-out-dir> <vm-dir> <src-dir> <liburing-pin> <liburing-patch-dir> <baseline> [timeout-s]" >&2; exit 2; }
[ $regen = 0 ] || { [ -z "$only" ] && [ $ours_only = 0 ]; } ||
	{ echo "$0: -b writes the baseline of the whole suite: no -t or -s" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
out=$(realpath "$1") vm=$(realpath -m "$2") src=$3 pin=$4 lpatches=$5 baseline=$(realpath "$6") timeout=${7:-3600}
lu=$("$top/scripts/host/liburing-build.sh" "$src" "$pin" "$lpatches")
[ $regen = 1 ] || [ -r "$baseline" ] || { echo "liburing: no baseline $baseline" >&2; exit 2; }
[ $regen = 0 ] || [ -e "$baseline" ] || : > "$baseline"

# The tests the liburing series adds or changes.
ours=$(git -C "$lu" diff --no-renames --name-only --diff-filter=AM base series -- 'test/*.c' 'test/*.cc') ||
	{ echo "liburing: cannot list the series' tests in $lu" >&2; exit 1; }
ours=$(sed 's|^test/||; s|\.cc*$|.t|' <<< "$ours")
if [ $ours_only = 1 ]; then
	[ -n "$ours" ] || { echo "liburing: the series of $lu adds no test" >&2; exit 1; }
	only=$ours
fi
run() {
	"$top/scripts/host/vm.sh" -k "$out" -t "$timeout" -d "$vm" -- "$top/scripts/guest/liburing.sh" "$lu" "$@"
}
if [ $regen = 0 ]; then
	set -o pipefail
	# shellcheck disable=SC2086 # test names, one word each
	run $only | "$top/scripts/host/liburing-judge.sh" "$baseline" $ours
	exit
fi
run
log=$vm/output.log
awk 'FNR == NR { if ($1 !~ /^#/ && NF >= 3) { why[$1 " " $2] = $0 }; next }
     /^(not )?ok [0-9]+ liburing: / {
	st = $0 ~ /^not ok/ ? $0 : $0 ~ / # SKIP/ ? "skip" : "pass"
	if (st == "pass") next
	if (st != "skip") sub(/.* # /, "", st)
	t = $0; sub(/^(not )?ok [0-9]+ liburing: /, "", t); sub(/ .*/, "", t)
	k = t " " st
	print (k in why) ? why[k] : k " (reason not yet found)" }' \
	"$baseline" "$log" > "$baseline.new"
{ sed -n '/^#/p' "$baseline"; cat "$baseline.new"; } > "$baseline.tmp"
mv "$baseline.tmp" "$baseline"
rm -f "$baseline.new"
echo "liburing: wrote $baseline from $(grep -cE '^(not )?ok [0-9]+ liburing: ' "$log") tests"

#!/bin/bash
# The test gate: the workbench's own tests (series round trip, the result
# counter, the instruction profile's attribution, the VM runner's failure
# modes, the send flow's refusal of the placeholder identity), the
# series' send dry run as a test identity (recipients, well-formed mails
# from and signed off by it, checkpatch), its kselftests held against
# their expected results, the io_uring ones again with no device named,
# writing to none (with -m, the kselftests of a second build too, ublk as
# a module, marked [module]),
# liburing's test suite with the liburing series (-l) against the base's
# results, the fio verify jobs. With -u, a series for upstream or stable
# too (7.3's, 6.12's; -V names it): its round trip and send dry run, a
# build of each of its patches, and the tests its liburing series adds
# (-S, -N, -M) on its last build. With -O, only that series' parts.
# Each part's results stream as they come (ktap-count.sh), its log and VM
# runs stay in the work directory; the last line is the count of them all,
# 'N passed, N failed, N skipped'.
# usage: check.sh -t <tree> -p <patch-dir> -k <kernel-out-dir> -w <work-dir>
#                 -s <liburing-src-dir> -L <liburing-pin> -l <liburing-patch-dir> -b <liburing-baseline>
#                 -e <expected-dir> [-m <module-kernel-out-dir>] [-T timeout-s]
#                 [-O] [-u <tree> -V <version> -P <patch-dir> -W <worktree>
#                  -K <kernel-out-dir> -F "<config fragments>" -S <liburing-src-dir>
#                  -N <liburing-pin> -M <liburing-patch-dir>]
# With -O, only -w, -e, -T and the -u group are needed. The -u series is
# built in a worktree of its own (-W), in -K. <expected-dir> holds the
# expected results of each part (ktap-count.sh -e), in a file named after
# the part: 'kselftests', 'kselftests-ublk-as-a-module',
# '7-3-liburing-series', ... ('make expected' writes them from the logs).
set -u
usage() {
	echo "usage: $0 -t <tree> -p <patch-dir> -k <kernel-out-dir> -w <work-dir>" \
	     "-s <liburing-src-dir> -L <liburing-pin> -l <liburing-patch-dir> -b <liburing-baseline> -e <expected-dir>" \
	     "[-m <module-kernel-out-dir>] [-T timeout-s] [-O] [-u <tree> -V <version> -P <patch-dir>" \
	     "-W <worktree> -K <kernel-out-dir> -F <fragments> -S <liburing-src-dir> -N <liburing-pin>" \
	     "-M <liburing-patch-dir>]" >&2
	exit 2
}
top=$(realpath "$(dirname "$0")/../..")
tree= pdir= out= work= src= lpin= lpdir= baseline= expected= mout= timeout=900
utree= updir= uwt= uout= ufrags= uver= usrc= upin= ulpdir= only=0
while getopts t:p:k:w:s:L:l:b:e:m:T:Ou:V:P:W:K:F:S:N:M: o; do
	case $o in
	O) only=1 ;;
	V) uver=$OPTARG ;;
	S) usrc=$OPTARG ;;
	N) upin=$(realpath "$OPTARG") ;;
	M) ulpdir=$(realpath "$OPTARG") ;;
	L) lpin=$(realpath "$OPTARG") ;;
	l) lpdir=$(realpath "$OPTARG") ;;
	u) utree=$OPTARG ;;
	P) updir=$OPTARG ;;
	W) uwt=$OPTARG ;;
	K) uout=$OPTARG ;;
	F) ufrags=$OPTARG ;;
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
[ -n "$work" ] && [ -n "$expected" ] || usage
[ $only = 1 ] || { [ -n "$tree" ] && [ -n "$pdir" ] && [ -n "$out" ] && [ -n "$src" ] &&
	[ -n "$lpin" ] && [ -n "$lpdir" ] && [ -n "$baseline" ]; } || usage
[ -z "$utree" ] || { [ -n "$updir" ] && [ -n "$uwt" ] && [ -n "$uout" ] && [ -n "$ufrags" ] &&
	[ -n "$uver" ] && [ -n "$usrc" ] && [ -n "$upin" ] && [ -n "$ulpdir" ]; } || usage
[ $only = 0 ] || [ -n "$utree" ] || usage
host=$top/scripts/host
work=$(realpath -m "$work")
work=$("$host/fresh-dir.sh" "$work") || exit 2
results=$work/results.ktap
: > "$results"

# part <name> [ktap-count options] -- <command>...: one part of the gate,
# its results shown as they come, held against its expected list
# (<expected-dir>/<slug of name>); when it fails, its messages after them.
# A part that fails without a 'not ok' of its own (the counter could not
# run) gets one, so that the total below counts it.
part() {
	local name=$1 slug rc
	slug=$(tr 'A-Z' 'a-z' <<< "$name" | tr -cs 'a-z0-9' - | sed 's/^-//; s/-$//')
	shift
	echo "== $name"
	"$host/ktap-count.sh" -l "$name" -o "$work/$slug.log" -e "$expected/$slug" "$@" | tee "$work/$slug.ktap"
	rc=${PIPESTATUS[0]}
	cat "$work/$slug.ktap" >> "$results"
	[ "$rc" = 0 ] && return
	grep -q '^not ok' "$work/$slug.ktap" ||
		echo "not ok 1 $name: the part failed (exit $rc)" | tee -a "$results"
	grep -E '^(vm|splat|series|liburing|fio|kselftest|send|build-each|realpath):|^  |^#   ' "$work/$slug.log" |
		tail -n 40
}

# The send dry runs' sender: a test identity, never the machine's git
# config (CI's may have none, or the placeholder). send.sh lets an
# example.org address dry-run only.
sender="Test Sender <sender@example.org>"
if [ $only = 0 ]; then
	part "series round trip" -- "$host/roundtrip.sh" "$tree" "$pdir" "$work/roundtrip"
	part "send dry run" -- env SENDER="$sender" "$host/send.sh" -n "$tree" "$pdir" "$work/send"
	part "send identity" -- "$host/send-identity-test.sh" "$tree" "$pdir" "$work/send-identity-test"
	# The liburing series' tree, built (liburing.sh builds it too; a failure
	# here shows in the parts that use it).
	"$host/liburing-build.sh" "$src" "$lpin" "$lpdir" > "$work/liburing-build.log" 2>&1 ||
		echo "check: liburing's tree did not build, see $work/liburing-build.log"
	part "liburing series round trip" -- "$host/roundtrip.sh" "$src/liburing" "$lpdir" "$work/roundtrip-liburing"
	part "gate self-tests" -- "$host/gate-test.sh" "$work/gate-test"
	part "instruction profile" -- "$host/insn-attribute-test.sh" "$work/insn-attribute-test"
	part "VM runner" -- "$host/vm-failures.sh" "$out" "$work/vm-failures"
	part kselftests -- "$host/kselftest.sh" "$out" "$work/kselftest" "$timeout"
	part "no device named" -- "$host/untouched.sh" "$out" "$work/untouched" "$timeout"
	[ -z "$mout" ] ||
		part "kselftests, ublk as a module" -p "[module] " -- \
			"$host/kselftest.sh" "$mout" "$work/kselftest-module" "$timeout"
	# Suites the series must pass as well as the base does. liburing: 145
	# tests of up to 60 s each, about 8 min on an idle machine, twice that
	# beside another guest.
	part liburing -- "$host/liburing.sh" "$out" "$work/liburing" "$src" "$lpin" "$lpdir" "$baseline" \
		"$((timeout > 2700 ? timeout : 2700))"
	part "fio verify" -- "$host/fio.sh" "$out" "$work/fio" "$top/fio/verify.fio" "$timeout"
fi

# The series for upstream or stable (-V: 7.3, 6.12): each patch is built,
# the last build is what its tests boot. Its tests are its liburing
# series' new ones, which must all pass there (no baseline; their list
# says which may skip, so none goes missing or turns into a skip).
if [ -n "$utree" ]; then
	"$host/liburing-build.sh" "$usrc" "$upin" "$ulpdir" > "$work/liburing-build-$uver.log" 2>&1 ||
		echo "check: liburing's tree for $uver did not build, see $work/liburing-build-$uver.log"
	part "$uver series round trip" -p "[$uver] " -- "$host/roundtrip.sh" "$utree" "$updir" \
		"$work/roundtrip-$uver"
	part "$uver send dry run" -p "[$uver] " -- env SENDER="$sender" "$host/send.sh" -n "$utree" "$updir" \
		"$work/send-$uver"
	part "$uver liburing series round trip" -p "[$uver] " -- "$host/roundtrip.sh" "$usrc/liburing" \
		"$ulpdir" "$work/roundtrip-liburing-$uver"
	# shellcheck disable=SC2086 # the fragments are a list
	part "$uver each patch builds" -p "[$uver] " -- "$host/build-each.sh" "$utree" "$uwt" "$uout" \
		"$work/build-each-$uver" $ufrags
	part "$uver liburing series" -p "[$uver] " -- "$host/liburing.sh" -s "$uout" "$work/liburing-$uver" "$usrc" "$upin" \
		"$ulpdir" /dev/null "$timeout"
fi

"$host/ktap-count.sh" -q < "$results"

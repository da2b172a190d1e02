#!/bin/bash
# In the guest: liburing's test suite, each test through the suite's own
# runtests.sh (60 s per test, its dmesg check through /dev/kmsg), from a
# copy on the ext4 scratch disk so that O_DIRECT works, with
# io_uring_passthrough.t on the emulated NVMe's second namespace. From
# liburing 2.15 on, the series' tests get their devices too: a null_blk
# disk whose reads complete 200 ms late for defer-lazy-deps.t, the NVMe
# namespace with a poll queue for iopoll-short-link.t's passthrough cases.
# Prints KTAP, one result per test, its status after '#' unless it passed
# (host/liburing.sh judges them against the base's):
#   ok 1 liburing: a.t                   passed
#   ok 2 liburing: b.t # SKIP            skipped (exit 77)
#   not ok 3 liburing: c.t # timeout     over runtests.sh's 60 s
#   not ok 4 liburing: d.t # fail        any other exit
# With test names, only those run.
# usage: guest/liburing.sh <liburing-dir> [test.t...]
set -u
[ $# -ge 1 ] || { echo "usage: $0 <liburing-dir> [test.t...]" >&2; exit 2; }
rm -rf /mnt/scratch/liburing-test
cp -a "$1/test" /mnt/scratch/liburing-test
cd /mnt/scratch/liburing-test || exit 1
version=$(sed -n 's/^Version:[[:space:]]*//p' "$1/liburing.spec")
{
	echo 'TEST_MAP[io_uring_passthrough.t]=/dev/ng0n2'
	if [ "$version" = 2.3 ]; then
		# A device with a poll queue, for its short reads (it only reads).
		echo 'TEST_MAP[iopoll-short-link.t]=/dev/nvme0n2'
	else
		# Its passthrough cases, and its short reads on nvme0n2 (it only reads).
		echo 'TEST_MAP[iopoll-short-link.t]=/dev/ng0n2'
		# Block reads completed by a timer 200 ms after their submission.
		modprobe null_blk nr_devices=1 queue_mode=2 irqmode=2 completion_nsec=200000000 &&
			echo 'TEST_MAP[defer-lazy-deps.t]=/dev/nullb0' ||
			echo "# liburing: no null_blk disk; defer-lazy-deps.t reads pipes only" >&2
	fi
} > config.local
export TEST_GNU_EXITCODE=1	# a skip exits 77
tests=(*.t)
# shellcheck disable=SC2206 # names, one word or several
[ $# -eq 1 ] || tests=(${@:2})
echo "TAP version 13"
echo "1..${#tests[@]}"
n=0
for t in "${tests[@]}"; do
	n=$((n + 1))
	out=$(./runtests.sh "$t" 2>&1)
	rc=$?
	if grep -q '^Tests timed out' <<< "$out"; then
		st=timeout
	elif [ $rc = 0 ]; then
		st=pass
	elif [ $rc = 77 ]; then
		st=skip
	else
		st=fail
	fi
	case $st in
	pass) echo "ok $n liburing: $t" ;;
	skip) echo "ok $n liburing: $t # SKIP" ;;
	*)
		sed 's/^/#   /' <<< "$out"
		echo "not ok $n liburing: $t # $st" ;;
	esac
done

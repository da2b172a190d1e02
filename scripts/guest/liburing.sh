#!/bin/bash
# In the guest: liburing's test suite, each test through the suite's own
# runtests.sh (60 s per test, its dmesg check through /dev/kmsg), from a
# copy on the ext4 scratch disk so that O_DIRECT works, with
# io_uring_passthrough.t on the emulated NVMe's second namespace.
# Prints 'LIBURING <pass|fail|skip|timeout> <test>' per test.
# usage: guest/liburing.sh <liburing-dir>
set -u
[ $# -eq 1 ] || { echo "usage: $0 <liburing-dir>" >&2; exit 2; }
rm -rf /mnt/scratch/liburing-test
cp -a "$1/test" /mnt/scratch/liburing-test
cd /mnt/scratch/liburing-test || exit 1
echo 'TEST_MAP[io_uring_passthrough.t]=/dev/ng0n2' > config.local
export TEST_GNU_EXITCODE=1	# a skip exits 77
for t in *.t; do
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
	[ $st = pass ] || [ $st = skip ] || sed 's/^/  /' <<< "$out"
	echo "LIBURING $st $t"
done

#!/bin/bash
# In the guest: the bio cache benchmark on null_blk (irqmode=1, softirq
# completions), with fio's t/io_uring, io_uring and libaio engines. Prints 'RESULT <case> <IOPS> <bio slab allocations per I/O>'.
# usage: bench-guest.sh <t/io_uring binary>
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <t/io_uring binary>" >&2; exit 2; }
tio=$1
dev=nullb0

# Allocations from the bio slabs: SLUB_STATS counters, first field is the total.
bio_allocs() {
	cat /sys/kernel/slab/bio-*/alloc_fastpath /sys/kernel/slab/bio-*/alloc_slowpath |
		awk '{ n += $1 } END { print n }'
}

ios() { awk '{ print $1 + $5 }' /sys/block/$dev/stat; }

# The median of the per-second IOPS samples, the first one dropped.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'; }

run() {
	local name=$1 a0 i0 out iops
	shift
	a0=$(bio_allocs) i0=$(ios)
	out=$("$@")
	echo "$out" | sed 's/^/  /' >&2
	iops=$(echo "$out" | sed -n 's/^IOPS=\([0-9.]*\)\([KM]\?\),.*/\1 \2/p' | tail -n +2 |
		awk '{ m = $2 == "M" ? 1e6 : $2 == "K" ? 1e3 : 1; printf "%d\n", $1 * m }' | median)
	echo "RESULT $name $iops $(awk -v a=$(($(bio_allocs) - a0)) -v i=$(($(ios) - i0)) \
		'BEGIN { printf "%.3f", i ? a / i : 0 }')"
}

modprobe null_blk nr_devices=1 queue_mode=2 irqmode=1 submit_queues=1 gb=16
run "t/io_uring-128/32/32" "$tio" -p0 -d128 -s32 -c32 -b512 -F1 -B1 -n1 -r6 /dev/$dev
run "t/io_uring-32/8/8" "$tio" -p0 -d32 -s8 -c8 -b512 -F1 -B1 -n1 -r6 /dev/$dev
# fio itself needs SysV shared memory, which the trimmed config leaves out;
# t/io_uring's libaio engine drives the same io_submit() path.
run "t/io_uring-libaio-32/8/8" "$tio" -a1 -p0 -d32 -s8 -c8 -b512 -n1 -r6 /dev/$dev
rmmod null_blk

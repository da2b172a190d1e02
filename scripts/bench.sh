#!/bin/bash
# Boot the base and the patched kernel in the deterministic icount mode
# (-icount shift=0 -smp 1), run the same benchmark in each, print a table.
# usage: bench.sh <base-kernel-out> <patched-kernel-out> <t/io_uring binary>
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <base-kernel-out> <patched-kernel-out> <t/io_uring binary>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/..")
base=$(realpath "$1") patched=$(realpath "$2") tio=$(realpath "$3")
res=$top/build/bench
mkdir -p "$res"

for k in base patched; do
	kout=${!k}
	echo "bench: $k ($kout)"
	"$top/scripts/vm.sh" -b -k "$kout" -t 1800 -d "$res/vm-$k" -- \
		"$top/scripts/bench-guest.sh" "$tio" > "$res/$k.log" 2>&1 ||
		{ tail -n 40 "$res/$k.log"; exit 1; }
	grep '^RESULT' "$res/$k.log" > "$res/$k.txt"
done

echo
echo "null_blk irqmode=1, QEMU TCG -icount shift=0 -smp 1 (IOPS in guest time)"
join <(sort "$res/base.txt" | cut -d' ' -f2-) <(sort "$res/patched.txt" | cut -d' ' -f2-) |
	awk 'BEGIN { printf "%-26s %10s %10s %7s %14s %14s\n", "case", "base", "patched",
		     "ratio", "bio allocs/IO", "(patched)" }
	     { printf "%-26s %10d %10d %7.3f %14.3f %14.3f\n", $1, $2, $4,
		      $2 ? $4 / $2 : 0, $3, $5 }' | tee "$res/table.txt"

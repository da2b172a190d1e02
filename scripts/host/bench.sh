#!/bin/bash
# Boot the base and the patched kernel in the deterministic icount mode
# (-icount shift=0 -smp 1), run the same benchmark suites in each (see
# scripts/guest/bench.sh), print a table per suite.
# usage: bench.sh <base-kernel-out> <patched-kernel-out> <t/io_uring binary> <suite>...
set -eu
[ $# -ge 4 ] || { echo "usage: $0 <base-kernel-out> <patched-kernel-out> <t/io_uring binary> <suite>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
base=$(realpath "$1") patched=$(realpath "$2") tio=$(realpath "$3")
shift 3
res=$top/build/bench
mkdir -p "$res"

for k in base patched; do
	kout=${!k}
	echo "bench: $k ($kout)"
	"$top/scripts/host/vm.sh" -b -k "$kout" -t 3600 -d "$res/vm-$k" -- \
		"$top/scripts/guest/bench.sh" "$tio" "$@" > "$res/$k.log" 2>&1 ||
		{ tail -n 40 "$res/$k.log"; exit 1; }
	grep -E '^(RESULT|HIST) ' "$res/$k.log" > "$res/$k.txt"
done

declare -A what=(
	[bio]="null_blk irqmode=1; metric: bio slab allocations per I/O"
	[lazy]="NVMe passthrough, DEFER_TASKRUN; metric: t/io_uring CPU us per I/O"
	[link]="chains of NOPs, submit and reap one chain at a time; NOPs/s, metric: CQEs per chain"
)
for suite; do
	echo
	echo "$suite: ${what[$suite]}; QEMU TCG -icount shift=0 -smp 1, IOPS in guest time"
	# Cases the base cannot run (a new ring flag) show 0 there.
	join -a 2 -e 0 -o 0,1.2,1.3,2.2,2.3 \
	     <(awk -v s="$suite" '$1 == "RESULT" && $2 == s { print $3, $4, $5 }' "$res/base.txt" | sort) \
	     <(awk -v s="$suite" '$1 == "RESULT" && $2 == s { print $3, $4, $5 }' "$res/patched.txt" | sort) |
		awk 'BEGIN { printf "%-26s %10s %10s %7s %10s %10s\n", "case", "base", "patched",
			     "ratio", "metric", "(patched)" }
		     { printf "%-26s %10d %10d %7.3f %10.3f %10.3f\n", $1, $2, $4,
			      $2 ? $4 / $2 : 0, $3, $5 }'
	[ "$suite" != link ] || echo "patched, ns per NOP:"
	[ "$suite" != link ] || awk '$1 == "RESULT" && $2 == "link" { print $3, $4 }' "$res/patched.txt" |
		awk '{ ns[$1] = 1e9 / $2 }
		     END { for (c in ns) if (c ~ /-plain$/) { b = c; sub(/-plain$/, "", b)
				printf "  %-14s plain %6.0f  skip %6.0f (%+.1f%%)  flag %6.0f (%+.1f%%)\n", b,
					ns[c], ns[b "-skip"], 100 * (ns[b "-skip"] / ns[c] - 1),
					ns[b "-flag"], 100 * (ns[b "-flag"] / ns[c] - 1) } }' | sort
	for k in base patched; do
		awk -v k=$k -v s="$suite" '$1 == "HIST" && s == "lazy" {
			printf "%-8s %-22s runs with count == wait count: %s; count:runs", k, $2, $3
			for (i = 4; i <= NF; i++) printf " %s", $i; printf "\n" }' "$res/$k.txt"
	done
done | tee "$res/table.txt"

#!/bin/bash
# Boot each kernel in the deterministic icount mode (-icount shift=0
# -smp 1), run the same benchmark suites in each (scripts/guest/bench.sh),
# print a table per suite with a column per kernel, the first one the
# reference of the ratios. A case a kernel cannot run (a ring flag it does
# not know) shows '-' there.
# usage: bench.sh <results-dir> <t/io_uring> <link_nops> "<suite>..." <name>=<kernel-out-dir>...
set -eu
[ $# -ge 5 ] || { echo "usage: $0 <results-dir> <t/io_uring> <link_nops> \"<suite>...\" <name>=<kernel-out-dir>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
res=$(realpath -m "$1") tio=$(realpath "$2") nops=$(realpath -m "$3") suites=$4
shift 4
names=()
for kv; do
	names+=("${kv%%=*}")
done
mkdir -p "$res"

for kv; do
	k=${kv%%=*} kout=$(realpath "${kv#*=}")
	echo "bench: $k ($kout)"
	# shellcheck disable=SC2086
	"$top/scripts/host/vm.sh" -b -k "$kout" -t 3600 -d "$res/vm-$k" -- \
		"$top/scripts/guest/bench.sh" -l "$nops" "$tio" $suites > "$res/$k.log" 2>&1 ||
		{ tail -n 40 "$res/$k.log"; exit 1; }
	grep -E '^(RESULT|HIST) ' "$res/$k.log" > "$res/$k.txt"
done

declare -A what=(
	[bio]="null_blk irqmode=1 and NVMe (nvme rows: CPU ns per I/O in place of IOPS); metric: bio slab allocations per I/O"
	[lazy]="NVMe reads (passthrough ng, block nvme), DEFER_TASKRUN; metric: t/io_uring CPU us per I/O"
	[link]="chains of NOPs, submit and reap one chain at a time; NOPs/s, metric: CQEs per chain"
)
files=()
for k in "${names[@]}"; do
	files+=("$res/$k.txt")
done
for suite in $suites; do
	echo
	echo "$suite: ${what[$suite]}; QEMU TCG -icount shift=0 -smp 1, IOPS in guest time"
	awk -v s="$suite" -v ks="${names[*]}" '
		BEGIN { nk = split(ks, kn, " ") }
		FNR == 1 { k = kn[++f] }
		$1 == "RESULT" && $2 == s { v[k, $3] = $4; m[k, $3] = $5; cases[$3] = 1 }
		function has(k, c) { return (k, c) in v }
		END {
			printf "%-26s", "case"
			for (i = 1; i <= nk; i++) printf " %10s", kn[i]
			for (i = 2; i <= nk; i++) printf " %11s", kn[i] "/" kn[1]
			for (i = 1; i <= nk; i++) printf " %10s", "(" kn[i] ")"
			printf "\n"
			for (c in cases) {
				l = sprintf("%-26s", c)
				for (i = 1; i <= nk; i++)
					l = l sprintf(" %10s", has(kn[i], c) ? v[kn[i], c] : "-")
				for (i = 2; i <= nk; i++) {
					r = has(kn[i], c) && has(kn[1], c) && v[kn[1], c] ? sprintf("%.3f", v[kn[i], c] / v[kn[1], c]) : "-"
					l = l sprintf(" %11s", r)
				}
				for (i = 1; i <= nk; i++)
					l = l sprintf(" %10s", has(kn[i], c) ? sprintf("%.3f", m[kn[i], c]) : "-")
				print l | "sort"
			}
			close("sort")
		}' "${files[@]}"
	# The link suite again, in ns per NOP, the modes of a case side by side.
	[ "$suite" != link ] || awk -v ks="${names[*]}" '
		BEGIN { nk = split(ks, kn, " "); nm = split("plain skip flag", md, " ") }
		FNR == 1 { k = kn[++f] }
		$1 == "RESULT" && $2 == "link" {
			c = $3; sub(/-[a-z]+$/, "", c); mode = substr($3, length(c) + 2)
			ns[k, c, mode] = 1e9 / $4; cases[c] = 1
		}
		END {
			printf "%-14s", "ns per NOP"
			for (i = 1; i <= nk; i++) printf "%7s %6s %6s %6s       ", kn[i], "plain", "skip", "flag"
			printf "\n"
			for (c in cases) {
				l = sprintf("%-14s", c)
				for (i = 1; i <= nk; i++) {
					l = l "       "
					for (j = 1; j <= nm; j++) {
						if (!((kn[i], c, md[j]) in ns)) { l = l sprintf(j < 3 ? " %6s" : " %6s     ", "-"); continue }
						x = ns[kn[i], c, md[j]]; p = ns[kn[i], c, "plain"]
						if (j < 3) l = l sprintf(" %6.0f", x)
						else l = l sprintf(" %6.0f (%+3.0f%%)", x, p ? 100 * (x / p - 1) : 0)
					}
				}
				print l | "sort"
			}
			close("sort")
		}' "${files[@]}"
	[ "$suite" != lazy ] || for k in "${names[@]}"; do
		awk -v k="$k" '$1 == "HIST" {
			printf "%-8s %-22s runs with count == wait count: %s; count:runs", k, $2, $3
			for (i = 4; i <= NF; i++) printf " %s", $i; printf "\n" }' "$res/$k.txt"
	done
done | sed 's/ *$//' | tee "$res/table.txt"

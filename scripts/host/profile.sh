#!/bin/bash
# Instructions per I/O by kernel function, two kernels side by side on one
# benchmark case. Boots each kernel in icount mode with the instruction
# counting plugin (bench/insn_profile.c), runs the case between two marks
# (guest/bench.sh -c -m; the guest writes its /proc/kallsyms to the run's
# writable share, /mnt/out) and attributes every executed block to the kernel
# function it starts in (the guest's /proc/kallsyms, modules included).
# Under -icount shift=0 an instruction is a nanosecond of guest time.
# Prints the functions whose instructions per I/O differ most, calls and
# atomics (locked instructions, the plugin's count) per I/O beside them,
# then those whose atomics per I/O differ; results in <results-dir>/<case>.
# usage: profile.sh <results-dir> <plugin.so> <mark> <t/io_uring> <link_nops> <ublk_server>
#                   <suite> <case> <rows> <name>=<kernel-out-dir> <name>=<kernel-out-dir>
set -eu
[ $# -eq 11 ] || { echo "usage: $0 <results-dir> <plugin.so> <mark> <t/io_uring> <link_nops> <ublk_server> <suite> <case> <rows> <name>=<kernel-out-dir> <name>=<kernel-out-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
plugin=$(realpath "$2") mark=$(realpath "$3") tio=$(realpath "$4") nops=$(realpath -m "$5")
srv=$(realpath -m "$6") suite=$7 case=$8 rows=$9
res=$(realpath -m "$1")/$(echo "$case" | tr / _)
shift 9
mkdir -p "$res"

names=()
for kv; do
	k=${kv%%=*} kout=$(realpath "${kv#*=}")
	names+=("$k")
	addr=$(awk '$3 == "__x64_sys_sched_rr_get_interval" { print $1 }' "$kout/System.map")
	[ -n "$addr" ] || { echo "profile: no sched_rr_get_interval in $kout/System.map" >&2; exit 1; }
	echo "profile: $k ($kout), $suite case $case"
	rm -f "$res/$k.blocks".*
	"$top/scripts/host/vm.sh" -b -k "$kout" -t 3600 -d "$res/vm-$k" \
		-P "$plugin,mark=0x$addr,out=$res/$k.blocks" -- \
		"$top/scripts/guest/bench.sh" -l "$nops" -u "$srv" -c "$case" -m "$mark" \
		-k /mnt/out/kallsyms "$tio" "$suite" > "$res/$k.log" 2>&1 ||
		{ tail -n 40 "$res/$k.log"; exit 1; }
	units=$(awk '$1 == "UNITS" { print $4; n++ } END { if (n != 1) exit 1 }' "$res/$k.log") ||
		{ echo "profile: case '$case' must match exactly one case of suite $suite (see $res/$k.log)" >&2; exit 1; }
	[ "$units" -gt 0 ] && [ -s "$res/$k.blocks.2" ] ||
		{ echo "profile: nothing measured on $k (see $res/$k.log)" >&2; exit 1; }
	"$top/scripts/host/insn-attribute.sh" "$res/vm-$k/out/kallsyms" "$res/$k.blocks.2" "$units" \
		> "$res/$k.functions"
	echo "$units" > "$res/$k.units"
done

a=${names[0]} b=${names[1]}
row="%-40s %9s %9s %9s %9s %8s %9s %9s\n"
# The functions by the size of their difference in instructions per I/O
# (column 3 of the .functions) or, leaving out the equal ones, atomics per
# I/O (column 4), the largest first.
rows() {
	awk -v a="$a" -v b="$b" -v c="$1" '
		FNR == 1 { k = k == "" ? a : b }
		{ calls[k, $1] = $2; ins[k, $1] = $3; atom[k, $1] = $4; fn[$1] = 1 }
		END {
			for (f in fn) {
				d = ins[b, f] - ins[a, f]
				s = c == 3 ? d : atom[b, f] - atom[a, f]
				if (c == 4 && s == 0)
					continue
				printf "%.3f %-40s %9.3f %9.3f %9.1f %9.1f %+8.1f %9.3f %9.3f\n",
					s < 0 ? -s : s, substr(f, 1, 40), calls[a, f], calls[b, f],
					ins[a, f], ins[b, f], d, atom[a, f], atom[b, f]
			}
		}' "$res/$a.functions" "$res/$b.functions" | sort -k1,1gr -k2,2 | head -n "$rows" | cut -d' ' -f2-
}
{
	echo "$case ($suite), per I/O: instructions (= guest ns under -icount shift=0), calls and" \
		"atomics (locked instructions); $(cat "$res/$a.units") I/Os on $a, $(cat "$res/$b.units") on $b"
	# shellcheck disable=SC2059
	printf "$row" function "$a calls" "$b calls" "$a ns" "$b ns" diff "$a atom" "$b atom"
	# The totals: instructions and atomics per I/O.
	paste <(awk '{ n += $3; m += $4 } END { printf "%.1f %.3f", n, m }' "$res/$a.functions") \
		<(awk '{ n += $3; m += $4 } END { printf "%.1f %.3f", n, m }' "$res/$b.functions") |
		awk '{ printf "%-40s %9s %9s %9.1f %9.1f %+8.1f %9.3f %9.3f\n", "(all)", "", "", $1, $3,
			$3 - $1, $2, $4 }'
	rows 3
	echo
	echo "The functions whose atomics per I/O differ most:"
	# shellcheck disable=SC2059
	printf "$row" function "$a calls" "$b calls" "$a ns" "$b ns" diff "$a atom" "$b atom"
	rows 4
} | tee "$res/table.txt"

#!/bin/bash
# Attribute the instruction profile's blocks (bench/insn_profile.c:
# '<start address> <instructions> <executions> <atomics>' in hex, then
# decimal) to the kernel functions they start in, by a /proc/kallsyms of the
# same boot (text symbols), and divide by the units of the run (I/Os or NOPs).
# Prints '<function> <calls per unit> <instructions per unit> <atomics per
# unit>': calls are the executions of a function's first block, atomics its
# locked instructions executed. Blocks of user space (address 0) are
# '[user]', with no calls.
# usage: insn-attribute.sh <kallsyms> <blocks> <units>
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <kallsyms> <blocks> <units>" >&2; exit 2; }
{
	awk '$2 ~ /^[tTwW]$/ { print $1, "S", $3 }' "$1"
	awk '{ printf "%016s B %s %s %d\n", $1 == "0" ? "0000000000000000" : $1, $2, $3, $4 }' "$2"
} | LC_ALL=C sort -k1,1 -k2,2r | awk -v u="$3" '
	$2 == "S" { cur = $3; at = $1; next }
	{
		f = $1 ~ /^0+$/ ? "[user]" : cur == "" ? "[unknown]" : cur
		ins[f] += $3 * $4
		atom[f] += $5 * $4
		if ($1 == at && f != "[user]") calls[f] += $4
	}
	END { for (f in ins) printf "%s %.4f %.2f %.3f\n", f, calls[f] / u, ins[f] / u, atom[f] / u }'

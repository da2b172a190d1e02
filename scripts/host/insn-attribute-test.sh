#!/bin/bash
# The instruction profile's attribution (insn-attribute.sh) on made-up
# blocks: a block counts for the function it starts in, its instructions
# and atomics times its executions; a function's calls are the executions
# of its first block; user space is one '[user]' line; everything is per
# unit. Prints KTAP.
# usage: insn-attribute-test.sh <work-dir>
set -u
[ $# -eq 1 ] || { echo "usage: $0 <work-dir>" >&2; exit 2; }
attr=$(realpath "$(dirname "$0")")/insn-attribute.sh
work=$(realpath -m "$1")
mkdir -p "$work"

cat > "$work/kallsyms" <<SYMS
ffffffff81000000 T alpha
ffffffff81000100 t beta
ffffffff81000200 d some_data
ffffffff81000300 T gamma
ffffffffa0000000 t delta	[null_blk]
SYMS
# alpha: entered 10 times (4 insns, 1 atomic), a later block 20 times
# (3 insns, 2 atomics); beta: a block after its start only (1 atomic);
# the data symbol does not end beta; gamma, delta: entered (delta with 3
# atomics); user space twice (1 atomic once).
cat > "$work/blocks" <<BLOCKS
ffffffff81000000 4 10 1
ffffffff81000040 3 20 2
ffffffff81000180 5 2 0
ffffffff81000280 1 6 1
ffffffff81000300 2 10 0
ffffffffa0000000 7 10 3
0 100 1 0
0 50 2 1
BLOCKS
# per unit (10 units): function calls instructions atomics
cat > "$work/want" <<WANT
[user] 0.0000 20.00 0.200
alpha 1.0000 10.00 5.000
beta 0.0000 1.60 0.600
delta 1.0000 7.00 3.000
gamma 1.0000 2.00 0.000
WANT

echo "TAP version 13"
echo "1..2"
rc=0
if "$attr" "$work/kallsyms" "$work/blocks" 10 | LC_ALL=C sort > "$work/got" &&
	diff -u "$work/want" "$work/got" > "$work/diff"; then
	echo "ok 1 workbench profile: blocks and their atomics counted for the function they start in, per unit"
else
	sed 's/^/# /' "$work/diff"
	echo "not ok 1 workbench profile: blocks and their atomics counted for the function they start in, per unit"
	rc=1
fi
if ! "$attr" "$work/kallsyms" "$work/blocks" > /dev/null 2>&1; then
	echo "ok 2 workbench profile: refuses a run without its units"
else
	echo "not ok 2 workbench profile: refuses a run without its units"
	rc=1
fi
exit $rc

#!/bin/bash
# 'make tree' then 'make export' must give back the patch directory byte
# for byte, whatever git identity the machine has. Done in a shared clone
# of the tree, so the developer's tree is left alone. The tree's own
# branch 'series', which the gate builds and tests, must be what the
# patch directory applies to, with nothing uncommitted, and the patch
# directory must be committed as it is. Prints KTAP.
# usage: roundtrip.sh <tree> <patch-dir> <work-dir>
set -u
[ $# -eq 3 ] || { echo "usage: $0 <tree> <patch-dir> <work-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") pdir=$(realpath "$2") work=$(realpath -m "$3")
p=$(basename "$pdir")/
work=$("$top/scripts/host/fresh-dir.sh" "$work") || exit 2
roundtrip() {
	git clone -q --shared --no-checkout "$tree" "$work/tree" &&
	git -C "$work/tree" checkout -q -B series base &&
	{ [ ! -e "$tree/.git/unpinned-base" ] || touch "$work/tree/.git/unpinned-base"; } &&
	cp -r "$pdir" "$work/patches" &&
	FORCE=1 "$top/scripts/host/series.sh" apply "$work/tree" "$work/patches" &&
	"$top/scripts/host/series.sh" export "$work/tree" "$work/patches" &&
	diff -ru "$pdir" "$work/patches"
}
# The tree's checkout is branch 'series', clean, with the files of the
# series that $pdir applies to.
tested() {
	local head
	head=$(git -C "$tree" symbolic-ref -q --short HEAD)
	[ "$head" = series ] || { echo "$tree is on ${head:-a detached HEAD}, not on branch 'series'"; return 1; }
	[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
		{ echo "$tree has uncommitted changes:"; git -C "$tree" status --short --untracked-files=no; return 1; }
	[ "$(git -C "$tree" rev-parse 'series^{tree}')" = "$(git -C "$work/tree" rev-parse 'series^{tree}')" ] || {
		echo "branch 'series' of $tree differs from $p applied on base ('make export' or 'make tree'):"
		git -C "$work/tree" diff --stat series "$(git -C "$tree" rev-parse series)" 2>/dev/null ||
			git -C "$tree" diff --stat base series
		return 1
	}
}
# No change to $pdir is left out of the workbench's commits.
committed() {
	local repo
	repo=$(git -C "$pdir" rev-parse --show-toplevel 2>/dev/null) ||
		{ echo "$pdir is not in a git repository"; return 1; }
	[ -z "$(git -C "$repo" status --porcelain -- "$pdir")" ] ||
		{ echo "$p has changes that are not committed:"; git -C "$repo" status --short -- "$pdir"; return 1; }
}
# result <n> <name> <function>
result() {
	if "$3" > "$work/$3.log" 2>&1; then
		echo "ok $1 $2"
	else
		sed 's/^/#   /' "$work/$3.log"
		echo "not ok $1 $2"
	fi
}
echo "TAP version 13"
echo "1..3"
result 1 "workbench series: tree then export reproduces $p" roundtrip
result 2 "workbench series: the tree under test is $p applied on base" tested
result 3 "workbench series: $p is committed" committed
rm -rf "$work/tree"

#!/bin/bash
# 'make tree' then 'make export' must give back the patch directory byte
# for byte, whatever git identity the machine has. Done in a shared clone
# of the tree, so the developer's tree is left alone. Prints KTAP.
# usage: roundtrip.sh <tree> <patch-dir> <work-dir>
set -u
[ $# -eq 3 ] || { echo "usage: $0 <tree> <patch-dir> <work-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") pdir=$(realpath "$2") work=$(realpath -m "$3")
name="workbench series: tree then export reproduces $(basename "$pdir")/"
rm -rf "$work"
mkdir -p "$work"
roundtrip() {
	git clone -q --shared --no-checkout "$tree" "$work/tree" &&
	git -C "$work/tree" checkout -q -B series base &&
	{ [ ! -e "$tree/.git/unpinned-base" ] || touch "$work/tree/.git/unpinned-base"; } &&
	cp -r "$pdir" "$work/patches" &&
	FORCE=1 "$top/scripts/host/series.sh" apply "$work/tree" "$work/patches" &&
	"$top/scripts/host/series.sh" export "$work/tree" "$work/patches" &&
	diff -ru "$pdir" "$work/patches"
}
echo "TAP version 13"
echo "1..1"
if roundtrip > "$work/roundtrip.log" 2>&1; then
	echo "ok 1 $name"
else
	sed 's/^/#   /' "$work/roundtrip.log"
	echo "not ok 1 $name"
fi
rm -rf "$work/tree"

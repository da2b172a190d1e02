#!/bin/bash
# Use a git tree the user has (the io_uring or block maintainer tree, say)
# as the base instead of a Debian source package: a clone sharing its
# objects, the revision given (default: its HEAD) tagged 'base', branch
# 'series' there. Its history lets checkpatch look up Fixes: tags.
# usage: fetch-tree.sh <git-tree> <revision> <tree-dir>
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <git-tree> <revision> <tree-dir>" >&2; exit 2; }
src=$1 rev=$2 tree=$3
if [ -e "$tree/.git" ]; then
	echo "base: $tree already exists (remove it to fetch again)"
	exit 0
fi
git -C "$src" rev-parse -q --verify "$rev^{commit}" > /dev/null ||
	{ echo "base: $src has no commit $rev" >&2; exit 1; }
rm -rf "$tree.tmp"
git clone -q --shared --no-checkout "$src" "$tree.tmp"
git -C "$tree.tmp" checkout -q -b series "$(git -C "$src" rev-parse "$rev^{commit}")"
git -C "$tree.tmp" tag base
mv "$tree.tmp" "$tree"
echo "base: $tree is $(git -C "$tree" describe --always base) of $src, tagged 'base'"

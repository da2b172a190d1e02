#!/bin/bash
# Bisectability: build the tree at each commit of the series (base..series,
# oldest first), incrementally in one out dir, and end on the series' head.
# Prints KTAP, a result per commit: it fails on an error or a warning (the
# build compiles only what the commit made stale), and shows them.
# usage: build-each.sh <tree> <out-dir> <log-dir> <fragment>...
set -u
[ $# -ge 4 ] || { echo "usage: $0 <tree> <out-dir> <log-dir> <fragment>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") out=$2 logs=$(realpath -m "$3")
shift 3
mkdir -p "$logs"
cd "$tree" || exit 1
if [ "$(git symbolic-ref -q --short HEAD)" != series ] || [ -n "$(git status --porcelain)" ]; then
	echo "build-each: $tree is not on a clean branch 'series'" >&2
	exit 1
fi
# Whatever happens, the tree ends on its branch.
trap 'git -C "$tree" checkout -q series' EXIT
commits=$(git rev-list --reverse base..series)
echo "TAP version 13"
echo "1..$(wc -w <<< "$commits")"
n=0
for c in $commits; do
	n=$((n + 1))
	subject=$(git log -1 --format=%s "$c")
	log=$logs/$(printf %02d $n).log
	git checkout -q --detach "$c"
	start=$(date +%s)
	# A warning fails it too: only what the commit made rebuild is compiled.
	if "$top/scripts/host/build-kernel.sh" "$tree" "$out" "$@" > "$log" 2>&1 &&
	   ! grep -q 'warning:' "$log"; then
		echo "ok $n builds: $subject # $(($(date +%s) - start)) s"
	else
		grep -E 'error|Error|warning:' "$log" | tail -n 20 | sed 's/^/#   /'
		echo "not ok $n builds: $subject"
	fi
done

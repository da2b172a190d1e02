#!/bin/bash
# What sparse (C=2) and W=1 say about the files the series changes, on the
# series and on its base, building the C files it changes: a warning in a
# changed file (C or header) that the series' build has and the base's has
# not (compared without line and column numbers) fails that file. New
# files are held against nothing. Prints KTAP, a result per file.
# usage: lint.sh <tree> <out-dir> <base-tree> <base-out-dir> <work-dir>
set -u
[ $# -eq 5 ] || { echo "usage: $0 <tree> <out-dir> <base-tree> <base-out-dir> <work-dir>" >&2; exit 2; }
tree=$(realpath "$1") out=$(realpath "$2") btree=$(realpath "$3") bout=$(realpath "$4")
work=$(realpath -m "$5")
command -v sparse > /dev/null || { echo "lint: sparse is missing (Debian: sparse)" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work"
files=$(git -C "$tree" diff --name-only --diff-filter=AM base series -- '*.[ch]' ':!tools/' ':!scripts/')
objs=$(sed -n 's/\.c$/.o/p' <<< "$files")
# The warnings of one build, a line each, without line and column numbers;
# the objects are built again with W=1 flags (the next plain build
# rebuilds them as before).
warnings() {
	# shellcheck disable=SC2086 # objs is a list
	make -C "$1" O="$2" -k -j"$(nproc)" C=2 W=1 CC="ccache gcc" $objs > "$3.log" 2>&1
	grep -E '(warning|error):' "$3.log" | sed -E "s|^$1/||; s|^\.\./||; s|:[0-9]+:[0-9]+:|:|; s|:[0-9]+:|:|" |
		sort -u > "$3"
}
warnings "$tree" "$out" "$work/series"
warnings "$btree" "$bout" "$work/base"
echo "TAP version 13"
echo "1..$(wc -w <<< "$files")"
n=0
for f in $files; do
	n=$((n + 1))
	new=$(grep "^$f:" "$work/series" | comm -23 - <(grep "^$f:" "$work/base"))
	if [ -z "$new" ]; then
		echo "ok $n sparse and W=1: $f"
	else
		sed 's/^/#   /' <<< "$new"
		echo "not ok $n sparse and W=1: $f # $(wc -l <<< "$new") new"
	fi
done

#!/bin/bash
# What sparse (C=2) and W=1 say about the files the series changes, on the
# series and on its base, building the C files it changes: a warning in a
# changed file (C or header) that the series' build has and the base's has
# not (compared without line and column numbers) fails that file. New
# files are held against nothing; C files the configuration does not
# build are skipped. Prints KTAP, a result per file.
# usage: lint.sh <tree> <out-dir> <base-tree> <base-out-dir> <work-dir>
set -u
[ $# -eq 5 ] || { echo "usage: $0 <tree> <out-dir> <base-tree> <base-out-dir> <work-dir>" >&2; exit 2; }
tree=$(realpath "$1") out=$(realpath "$2") btree=$(realpath "$3") bout=$(realpath "$4")
work=$(realpath -m "$5")
command -v sparse > /dev/null || { echo "lint: sparse is missing (Debian: sparse)" >&2; exit 2; }
work=$("$(dirname "$0")/fresh-dir.sh" "$work") || exit 2
files=$(git -C "$tree" diff --name-only --diff-filter=AM base series -- '*.[ch]' ':!tools/' ':!scripts/')
# C files the configuration does not build (no object in <out-dir>) are skipped.
objs=$(sed -n 's/\.c$/.o/p' <<< "$files" | while read -r o; do [ ! -e "$out/$o" ] || echo "$o"; done)
# The warnings of one build, a line each, without line and column numbers.
# It builds in an out dir of its own under <work-dir>, with the .config of
# the build given, so that build is left as it is.
warnings() {
	local o=$work/$3-out
	mkdir -p "$o"
	cp "$2/.config" "$o/.config"
	make -s -C "$1" O="$o" CC="ccache gcc" HOSTCC="ccache gcc" olddefconfig prepare > "$work/$3.log" 2>&1
	# shellcheck disable=SC2086 # objs is a list
	make -C "$1" O="$o" -k -j"$(nproc)" C=2 W=1 CC="ccache gcc" HOSTCC="ccache gcc" $objs >> "$work/$3.log" 2>&1
	grep -E '(warning|error):' "$work/$3.log" |
		sed -E "s|^$1/||; s|^\.\./||; s|:[0-9]+:[0-9]+:|:|; s|:[0-9]+:|:|" | sort -u > "$work/$3"
}
warnings "$tree" "$out" series
warnings "$btree" "$bout" base
echo "TAP version 13"
echo "1..$(wc -w <<< "$files")"
n=0
for f in $files; do
	n=$((n + 1))
	case $f in
	*.c)
		if [ ! -e "$out/${f%.c}.o" ]; then
			echo "ok $n sparse and W=1: $f # SKIP not built in this configuration"
			continue
		fi ;;
	esac
	new=$(grep "^$f:" "$work/series" | comm -23 - <(grep "^$f:" "$work/base"))
	if [ -z "$new" ]; then
		echo "ok $n sparse and W=1: $f"
	else
		sed 's/^/#   /' <<< "$new"
		echo "not ok $n sparse and W=1: $f # $(wc -l <<< "$new") new"
	fi
done

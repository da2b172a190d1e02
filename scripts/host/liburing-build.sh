#!/bin/bash
# Fetch liburing's Debian source package (never committed), commit it as
# tag 'base' of a git tree, apply the liburing series on branch 'series'
# (series.sh), and build the library and its test programs against the
# installed kernel UAPI headers, as Debian does.
# usage: liburing-build.sh <src-dir> <patch-dir>   (prints the tree: <src-dir>/liburing)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 <src-dir> <patch-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
pdir=$(realpath "$2")
mkdir -p "$1"
cd "$1"
# One build at a time: 'make check' and 'make debug' may start together.
exec 9> .liburing.lock
flock 9
tree=$PWD/liburing
if [ ! -d "$tree/.git" ]; then
	dsc=$(ls liburing_*.dsc 2>/dev/null | head -n 1)
	if [ -z "$dsc" ]; then
		apt-get source -q --download-only liburing >&2
		dsc=$(ls liburing_*.dsc | head -n 1)
	fi
	rm -rf "$tree.tmp"
	dpkg-source -q -x "$dsc" "$tree.tmp" >&2
	rm -rf "$tree.tmp/.pc"
	git -C "$tree.tmp" init -q -b series
	git -C "$tree.tmp" add -A -f
	git -C "$tree.tmp" -c user.name=base -c user.email=base@localhost -c commit.gpgsign=false commit -q \
		-m "Debian liburing $(sed -n 's/^Version: //p' "$dsc")" \
		-m "Debian's patches applied." --date="2000-01-01T00:00:00Z"
	git -C "$tree.tmp" tag base
	mv "$tree.tmp" "$tree"
fi
# The series: applied unless it is already; refused when the tree has
# commits that the patch directory does not (series.sh).
"$top/scripts/host/series.sh" apply "$tree" "$pdir" >&2
cd "$tree"
# Up to date in a second when built: a build that failed halfway goes on.
[ -f config-host.mak ] || ./configure >&2
make -s -j"$(nproc)" -C src >&2
make -s -j"$(nproc)" -C test >&2
pwd

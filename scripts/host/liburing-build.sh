#!/bin/bash
# Fetch the pinned liburing Debian source package (never committed), commit
# it as tag 'base' of a git tree, apply the liburing series on branch
# 'series' (series.sh), and build the library and its test programs
# against the installed kernel UAPI headers, as Debian does.
# The pin names the .dsc and its sha256 ('<sha256>  liburing_2.15-1.dsc'):
# dpkg-source then checks the tarballs against the .dsc. A third field
# names the Debian suite to fetch it from (sid, say) through a source list
# of the workbench's own (apt.sh, its state in <src-dir>/apt); without it,
# the host's apt sources serve it. One <src-dir> per version.
# usage: liburing-build.sh <src-dir> <pin> <patch-dir>   (prints the tree: <src-dir>/liburing)
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <src-dir> <pin> <patch-dir>" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
read -r sum dsc suite < "$2"
pdir=$(realpath "$3")
version=${dsc#liburing_}
version=${version%.dsc}
mkdir -p "$1"
cd "$1"
# One build at a time: 'make check' and 'make debug' may start together.
exec 9> .liburing.lock
flock 9
tree=$PWD/liburing
if [ -d "$tree/.git" ]; then
	have=$(git -C "$tree" log -1 --format=%s base)
	[ "$have" = "Debian liburing $version" ] ||
		{ echo "liburing: $tree is '$have', the pin $2 is $version; remove the tree" >&2; exit 1; }
else
	if [ ! -f "$dsc" ]; then
		echo "liburing: fetching liburing $version${suite:+ from $suite}" >&2
		if [ -n "$suite" ]; then
			"$top/scripts/host/apt.sh" "$PWD/apt" "$suite" apt-get source -q --download-only "liburing=$version" >&2
		else
			apt-get source -q --download-only "liburing=$version" >&2
		fi
	fi
	echo "$sum  $dsc" | sha256sum --quiet -c - ||
		{ echo "liburing: $PWD/$dsc does not match $2; delete it and fetch again" >&2; exit 1; }
	rm -rf "$tree.tmp"
	dpkg-source -q -x "$dsc" "$tree.tmp" >&2
	rm -rf "$tree.tmp/.pc"
	git -C "$tree.tmp" init -q -b series
	git -C "$tree.tmp" add -A -f
	git -C "$tree.tmp" -c user.name=base -c user.email=base@localhost -c commit.gpgsign=false commit -q \
		-m "Debian liburing $version" \
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

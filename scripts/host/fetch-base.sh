#!/bin/bash
# Fetch a pinned Debian linux-source package and commit its source as the
# base of a git tree (tag 'base', branch 'series'). The pin file names the
# .deb and its sha256: 'linux-source-6.1_6.1.192-3_all.deb' is package
# linux-source-6.1, version 6.1.192-3. A third field names the Debian suite
# to fetch it from (experimental, say) through a source list of the
# workbench's own (apt.sh); without it, the host's apt sources serve it.
# usage: fetch-base.sh <pin-file> <download-dir> <tree-dir>
# Set ACCEPT_SERVED=1 to build on whatever version the archive serves instead.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <pin-file> <download-dir> <tree-dir>" >&2; exit 2; }
pin=$1 dl=$2 tree=$3
top=$(realpath "$(dirname "$0")/../..")
read -r sum deb suite < "$pin"
pkg=${deb%%_*}
pinned=${deb#"$pkg"_}
pinned=${pinned%_all.deb}

if [ -e "$tree/.git" ]; then
	echo "base: $tree already exists (remove it to fetch again)"
	exit 0
fi

mkdir -p "$dl"
dl=$(realpath "$dl")
cd "$dl"
apt() { if [ -n "$suite" ]; then "$top/scripts/host/apt.sh" "$dl/apt" "$suite" "$@"; else "$@"; fi; }
if [ ! -f "$deb" ]; then
	served=$(apt apt-cache madison "$pkg" | awk '$NF == "Packages" { print $3; exit }')
	if apt apt-cache madison "$pkg" | awk '{ print $3 }' | grep -qxF "$pinned"; then
		apt apt-get download "$pkg=$pinned"
	elif [ "${ACCEPT_SERVED:-0}" = 1 ] && [ -n "$served" ]; then
		echo "base: pinned $pinned is not served; ACCEPT_SERVED=1, using $served"
		apt apt-get download "$pkg=$served"
		deb=${pkg}_${served}_all.deb
		echo "base: sha256 of $served (not pinned): $(sha256sum "$deb" | cut -d' ' -f1)"
		touch "$deb.unpinned"
	else
		cat >&2 <<-MSG
		base: $pkg $pinned is no longer served${suite:+ by $suite}; it serves ${served:-nothing (run apt-get update)}.
		      To build on $served instead: make fetch ACCEPT_SERVED=1
		      (the series is then applied with 'git am -3').
		MSG
		exit 1
	fi
fi
if [ ! -e "$deb.unpinned" ]; then
	echo "$sum  $deb" | sha256sum --quiet -c - ||
		{ echo "base: $dl/$deb does not match $pin; delete it and fetch again" >&2; exit 1; }
fi

echo "base: unpacking $deb"
rm -rf "$tree.tmp"
mkdir -p "$tree.tmp"
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" |
	tar -xJ -C "$tree.tmp" --strip-components=1
version=${deb#"$pkg"_}
version=${version%_all.deb}
cd "$tree.tmp"
# Debian's .gitignore ignores everything at the top level, which would hide
# new files of the series from git: drop that block, keep upstream's rules.
sed -i '/^# Debian packaging/,$d' .gitignore
sed -i '${/^#$/d}' .gitignore
git init -q -b series
git add -A -f
git -c user.name=base -c user.email=base@localhost commit -q \
	-m "Debian $pkg $version" \
	-m "Without the block of .gitignore that ignores the top level." --date="2000-01-01T00:00:00Z"
git tag base
[ ! -e "$dl/$deb.unpinned" ] || touch .git/unpinned-base
cd - >/dev/null
mv "$tree.tmp" "$tree"
echo "base: $tree is Debian $pkg $version, tagged 'base'"

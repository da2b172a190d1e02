#!/bin/bash
# Build a QEMU TCG plugin against the plugin API header of Debian's qemu
# source package, the version of the qemu-system-x86 that runs it (only
# the header is unpacked), fetched through apt.sh's source lists of its
# own: bookworm's, then its updates' and security's, whichever has it.
# usage: build-plugin.sh <src-dir> <plugin.c> <plugin.so>
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <src-dir> <plugin.c> <plugin.so>" >&2; exit 2; }
src=$(realpath -m "$1") c=$(realpath "$2") so=$(realpath -m "$3")
apt=$(realpath "$(dirname "$0")")/apt.sh
inc=$src/qemu-plugin
if [ ! -f "$inc/qemu-plugin.h" ]; then
	ver=$(dpkg-query -W -f='${source:Version}' qemu-system-x86)
	mkdir -p "$src/qemu-dl" "$inc"
	for suite in bookworm bookworm-updates bookworm-security; do
		(cd "$src/qemu-dl" && "$apt" "$src/apt" $suite apt-get source -qq --download-only "qemu=$ver" 2>/dev/null) &&
			break
	done
	ls "$src"/qemu-dl/qemu_*.orig.tar.xz >/dev/null 2>&1 ||
		{ echo "plugin: no suite of bookworm serves the source of qemu $ver" >&2; exit 1; }
	tar -xJf "$src"/qemu-dl/qemu_*.orig.tar.xz -C "$inc" --strip-components=3 \
		--wildcards '*/include/qemu/qemu-plugin.h'
fi
gcc -Wall -O2 -shared -fPIC -I"$inc" -o "$so" "$c"

#!/bin/bash
# Build and install kselftest targets against the tree's own UAPI headers
# (without them they compile silently against the host's). WB_TIME_SCALE
# multiplies the runner timeout in each installed 'settings' file.
# usage: build-selftests.sh <tree> <kernel-out-dir> <target>...
set -eu
[ $# -ge 3 ] || { echo "usage: $0 <tree> <kernel-out-dir> <target>..." >&2; exit 2; }
tree=$(realpath "$1") out=$(realpath "$2")
shift 2
make -s -C "$tree" O="$out" headers
[ -f "$out/usr/include/linux/io_uring.h" ] || { echo "selftests: no headers in $out/usr/include" >&2; exit 1; }
rm -rf "$out/kselftest_install"
make -s -C "$tree/tools/testing/selftests" O="$out" TARGETS="$*" \
	INSTALL_PATH="$out/kselftest_install" install >"$out/kselftest-build.log" 2>&1 ||
	{ cat "$out/kselftest-build.log"; exit 1; }
scale=${WB_TIME_SCALE:-1}
for f in "$out"/kselftest_install/*/settings; do
	t=$(sed -n 's/^timeout=//p' "$f" 2>/dev/null)
	[ -z "$t" ] || sed -i "s/^timeout=.*/timeout=$((t * scale))/" "$f"
done
echo "selftests: $* installed in $out/kselftest_install"

#!/bin/bash
# Configure a kernel from fragments and build it out of tree with ccache.
# usage: build-kernel.sh <tree> <out-dir> <fragment>...
set -eu
[ $# -ge 3 ] || { echo "usage: $0 <tree> <out-dir> <fragment>..." >&2; exit 2; }
tree=$(realpath "$1") out=$(realpath -m "$2")
shift 2
frags=()
for f; do frags+=("$(realpath "$f")"); done
jobs=$(($(nproc) + 1))
# Paths relative to the parent of the tree, so that two trees side by side
# with their builds (the series and its base) share ccache entries.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$tree")}
# Depend mode: a miss costs one compile, not a preprocessor run on top.
export CCACHE_DEPEND=${CCACHE_DEPEND:-1}
mk() { make -s -C "$tree" O="$out" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

mkdir -p "$out"
# Reconfigure only when a fragment changed, so a rebuild stays incremental.
if [ ! -f "$out/.config" ] || [ -n "$(find "${frags[@]}" -newer "$out/.config")" ]; then
	echo "config: allnoconfig + ${*##*/}"
	(cd "$tree" && scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}" >"$out/merge_config.log") ||
		{ cat "$out/merge_config.log"; exit 1; }
	mk olddefconfig
fi

# Every option a fragment asks for must have survived olddefconfig; the
# last fragment naming an option wins, as in merge_config.sh.
missing=$(awk '
	FNR == NR { have[$0] = 1; next }
	/^CONFIG_[A-Za-z0-9_]+=/ { split($0, kv, "="); want[kv[1]] = $0; next }
	/^# CONFIG_[A-Za-z0-9_]+ is not set/ { want[$2] = $0 }
	END { for (k in want) if (!(want[k] in have)) print "  " want[k] }
	' "$out/.config" "${frags[@]}" | sort)
if [ -n "$missing" ]; then
	echo "config: $out/.config lacks options the fragments ask for (a dependency is missing):" >&2
	echo "$missing" >&2
	rm -f "$out/.config"
	exit 1
fi

[ -f "$out/vmlinux" ] || echo "build: cold build of $(basename "$out"), this takes several minutes"
mk -j"$jobs" bzImage modules
rm -rf "$out/mod"
mk INSTALL_MOD_PATH="$out/mod" INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install
echo "build: $out/arch/x86/boot/bzImage ($(cat "$out/include/config/kernel.release"))"

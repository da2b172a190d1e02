#!/bin/bash
# Configure a kernel from fragments and build it out of tree with ccache,
# printing progress every 30 s: objects built, and the share of the total
# when a finished build left its object count: in the out dir's
# .wb-objects, or in the file given with -n, which every finished build of
# the same family (tree version and profile) writes too, and which
# outlives 'make clean'.
# usage: build-kernel.sh [-n <object count file>] <tree> <out-dir> <fragment>...
set -eu
usage() { echo "usage: $0 [-n <object count file>] <tree> <out-dir> <fragment>..." >&2; exit 2; }
like=
while getopts n: o; do
	case $o in
	n) like=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || usage
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
# The compiler by its content, not its mtime: the same gcc installed anew
# (a fresh root sharing this cache, say) hits the same entries.
export CCACHE_COMPILERCHECK=${CCACHE_COMPILERCHECK:-content}
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

# Objects: what a build compiles, counted as it goes. A cold build's total
# is the count of an earlier finished build of this out dir or of its
# family; an incremental build only says how many it has rebuilt.
objects() { find "$out" -name '*.o' ${1:+-newer "$1"} | wc -l; }
total=
for f in "$out/.wb-objects" "$like"; do
	[ -n "$f" ] && [ -s "$f" ] && { total=$(cat "$f"); break; }
done
cold=0
[ -f "$out/vmlinux" ] || cold=1
start=$(date +%s)
touch "$out/.wb-start"
progress() {
	local n t
	# sleep's output away from ours: a pipe reading this build ends with it.
	while sleep 30 >/dev/null 2>&1; do
		t=$(($(date +%s) - start))
		if [ $cold = 1 ]; then
			n=$(objects)
			printf 'build: %dm%02ds, %d objects%s\n' $((t / 60)) $((t % 60)) "$n" \
				"${total:+ of ~$total ($((n * 100 / total))%)}"
		else
			printf 'build: %dm%02ds, %d objects rebuilt\n' $((t / 60)) $((t % 60)) \
				"$(objects "$out/.wb-start")"
		fi
	done
}
if [ $cold = 1 ]; then
	echo "build: cold build of $(basename "$out"), ${total:+~$total objects, }this takes several minutes"
fi
progress &
ticker=$!
trap 'kill $ticker 2>/dev/null || :' EXIT
mk -j"$jobs" bzImage modules
kill $ticker 2>/dev/null || :
rm -rf "$out/mod"
mk INSTALL_MOD_PATH="$out/mod" INSTALL_MOD_STRIP=1 DEPMOD=/sbin/depmod modules_install
objects > "$out/.wb-objects"
[ -z "$like" ] || cp "$out/.wb-objects" "$like"
echo "build: $out/arch/x86/boot/bzImage ($(cat "$out/include/config/kernel.release"), $(cat "$out/.wb-objects") objects)"

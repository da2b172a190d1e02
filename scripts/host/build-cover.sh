#!/bin/bash
# Build coverage of a series, as the kernel's build robots check it: each
# commit of base..series compiled in configurations other than the VM's,
# objects under the directories the series changes only (the whole tree
# once, at base, for what those objects need). A commit passes when it
# compiles and its warnings are no more than the base's in the same
# configuration (a warning is "file:line:col: warning: text", compared
# without its line and column, which patches move).
#   allmod  x86_64 allmodconfig
#   i386    i386 defconfig with io_uring and the block drivers it uses
#   up      x86_64 defconfig without SMP
# Prints KTAP, a result per commit and configuration, its time after '#'.
# The VM's own configuration is the default build, commit by commit, of
# build-each.sh.
# usage: build-cover.sh <tree> <work-dir> [config...]
set -u
[ $# -ge 2 ] || { echo "usage: $0 <tree> <work-dir> [allmod|i386|up...]" >&2; exit 2; }
tree=$(realpath "$1") work=$(realpath -m "$2")
shift 2
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(allmod i386 up)
git -C "$tree" rev-parse -q --verify series > /dev/null ||
	{ echo "build-cover: $tree has no branch 'series'" >&2; exit 2; }
commits=$(git -C "$tree" rev-list --reverse base..series)
[ -n "$commits" ] || { echo "build-cover: $tree has no commits above base" >&2; exit 2; }
# The directories of the .c files the series changes, each a make target.
dirs=$(git -C "$tree" diff --name-only base series -- '*.c' | xargs -r -n1 dirname | sort -u)
[ -n "$dirs" ] || { echo "build-cover: the series changes no .c file" >&2; exit 2; }
targets=$(sed 's,$,/,' <<< "$dirs")

export CCACHE_BASEDIR=$tree CCACHE_DEPEND=1 CCACHE_COMPILERCHECK=content
jobs=$(($(nproc) + 1))
wt=$work/tree
mkdir -p "$work"
if [ ! -e "$wt/.git" ]; then
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$wt" base || exit 2
fi

mk() { local cfg=$1; shift
	make -C "$wt" O="$work/$cfg" CC="ccache gcc" HOSTCC="ccache gcc" \
		$( [ "$cfg" = i386 ] && echo ARCH=i386 ) -j"$jobs" "$@"; }
configure() {
	local cfg=$1 out=$work/$1
	[ -f "$out/.config" ] && return 0
	mkdir -p "$out"
	case $cfg in
	allmod) mk "$cfg" -s allmodconfig ;;
	i386) mk "$cfg" -s defconfig && "$wt/scripts/config" --file "$out/.config" \
		-e IO_URING -e BLK_DEV_NVME -e BLK_DEV_UBLK -m BLK_DEV_NULL_BLK &&
		mk "$cfg" -s olddefconfig ;;
	up) mk "$cfg" -s defconfig && "$wt/scripts/config" --file "$out/.config" \
		-d SMP -e IO_URING -e BLK_DEV_UBLK && mk "$cfg" -s olddefconfig ;;
	*) echo "build-cover: unknown configuration $cfg" >&2; return 2 ;;
	esac
}
# Warnings of a build log, without line and column, with the source path
# relative to the tree.
warnings() { sed -n 's,^\(.*/\)\?\([^:]*\):[0-9]*:[0-9]*: warning: ,\2: warning: ,p' "$1" | sort -u; }

echo "TAP version 13"
echo "1..$(( $(wc -w <<< "$commits") * ${#configs[@]} ))"
n=0 failed=0
for cfg in "${configs[@]}"; do
	log=$work/$cfg-base.log
	git -C "$wt" checkout -q --detach base
	start=$(date +%s)
	# shellcheck disable=SC2086 # one target a directory
	if ! { configure "$cfg" && mk "$cfg" -s modules_prepare && mk "$cfg" $targets; } > "$log" 2>&1; then
		tail -n 20 "$log" | sed 's/^/#   /'
		echo "# build-cover: $cfg does not build at base ($log)"
	fi
	echo "# $cfg: base in $(($(date +%s) - start)) s, $(warnings "$log" | wc -l) warnings"
	warnings "$log" > "$work/$cfg-base.warnings"
	i=0
	for c in $commits; do
		i=$((i + 1))
		subject=$(git -C "$tree" log -1 --format=%s "$c")
		log=$work/$cfg-$(printf %02d $i).log
		name="builds in $cfg: $subject"
		start=$(date +%s)
		git -C "$wt" checkout -q --detach "$c" &&
			mk "$cfg" $targets > "$log" 2>&1
		rc=$?
		new=$(warnings "$log" | comm -23 - "$work/$cfg-base.warnings")
		if [ $rc = 0 ] && [ -z "$new" ]; then
			echo "ok $((n += 1)) $name # $(($(date +%s) - start)) s"
		else
			{ [ -z "$new" ] || echo "$new"; [ $rc = 0 ] || tail -n 20 "$log"; } | sed 's/^/#   /'
			echo "not ok $((n += 1)) $name"
			failed=$((failed + 1))
		fi
	done
done
git -C "$wt" checkout -q --detach series
[ $failed = 0 ]

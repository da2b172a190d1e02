#!/bin/bash
# Prove the README's first commands on a fresh Debian 12: a debootstrap
# minbase root with the apt sources of a Debian 12 install (main, updates,
# security), proc, sys and dev mounted, no git identity; the repo cloned
# in, './setup' as root, then the rest as an ordinary user ('wb', made
# here), each step timed. Too slow for CI: run it when the package list
# or what needs root changes. Needs debootstrap on the host, as root.
#
# usage: debootstrap-check.sh [-n] [-c <ccache-dir>] [-k <kernel-out-dir>] <new-root-dir> <repo>
#   default  ./setup as root; make all and make check as the user (builds
#            the 6.1 kernel twice and 7.3's: over an hour)
#   -c       the user's ccache starts as a copy of that directory (the
#            host's, say): the kernel builds then take minutes; the
#            packages are still the new root's own
#   -n       no kernel build: ./setup, make fetch tree, then what needs no
#            kernel: the kselftest build and install (against 'make
#            headers'), liburing's and t/io_uring's builds, checkpatch,
#            the send dry run, the series round trip; with -k, the kselftests of that
#            (host-built) kernel, booted from the new root
# The root stays for a look; its mounts are undone and checked with
# findmnt, and the command to remove it is printed only when none is left
# (one left behind would take the host's /dev or repository with it).
set -eu
usage() { echo "usage: $0 [-n] [-c <ccache-dir>] [-k <kernel-out-dir>] <new-root-dir> <repo>" >&2; exit 2; }
quick=0 kout= cache=
while getopts nc:k: o; do
	case $o in
	n) quick=1 ;;
	c) cache=$(realpath "$OPTARG") ;;
	k) kout=$(realpath "$OPTARG") ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
root=$(realpath -m "$1") repo=$(realpath "$2")
[ "$(id -u)" = 0 ] || { echo "debootstrap-check: run it as root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "debootstrap-check: apt-get install debootstrap" >&2; exit 1; }
[ ! -e "$root" ] || { echo "debootstrap-check: $root exists; remove it for a fresh root" >&2; exit 1; }
# The clone's place in the root: not below what the guest mounts tmpfs on.
wb=/work/wb

times=()
step() {
	local name=$1 start=$(date +%s) t
	shift
	echo "== debootstrap-check: $name"
	"$@"
	t=$(($(date +%s) - start))
	times+=("$(printf '%-40s %dm%02ds' "$name" $((t / 60)) $((t % 60)))")
}
# A login shell's environment and nothing of ours (no git identity), as
# root or as the user.
as() {
	local user=$1 home=/root
	[ "$user" = root ] || home=/home/$user
	chroot --userspec="$user:$user" "$root" /usr/bin/env -i HOME="$home" USER="$user" TERM=dumb \
		LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		bash -ec "$2"
}
in_root() { as root "$1"; }
in_wb() { as wb "cd $wb && $1"; }
quietly() { "$@" > /dev/null; }

step "debootstrap --variant=minbase bookworm" \
	quietly debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cat > "$root/etc/apt/sources.list" <<-SRC
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SRC
undo() {
	local m
	# Lazily: git's background gc may still hold the root's /dev/null.
	for m in srv/repo dev sys proc; do
		! mountpoint -q "$root/$m" || umount -R -l "$root/$m" || echo "debootstrap-check: cannot unmount $root/$m"
	done
	echo "== debootstrap-check: times"
	printf '  %s\n' "${times[@]}"
	m=$(findmnt -rn -o TARGET | grep -F "$root/" || true)
	if [ -n "$m" ]; then
		echo "debootstrap-check: still mounted, do not delete $root before unmounting them:"
		sed 's/^/  /' <<< "$m"
	else
		echo "debootstrap-check: nothing is mounted in $root; remove it with: rm -rf --one-file-system $root"
	fi
}
trap undo EXIT
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --rbind /dev "$root/dev"
mount --make-rslave "$root/dev"
mkdir -p "$root/srv/repo"
mount --bind -o ro "$repo" "$root/srv/repo"

# The README's commands on a fresh machine.
step "apt-get install git; git clone" in_root "apt-get update -qq &&
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git >/dev/null &&
	git clone -q /srv/repo $wb"
# The user's clone, as if cloned as that user; then './setup' as root,
# which must leave nothing of root's in it (the user's make would trip
# over it), and everything after it as the user.
in_root "useradd -m -s /bin/bash wb && chown -R wb:wb $wb"
step "./setup (root)" in_root "cd $wb && ./setup"
step "nothing of root's left in the clone" in_root \
	"left=\$(find $wb -user root | head); [ -z \"\$left\" ] || { echo \"root's: \$left\"; exit 1; }"
if [ -n "$cache" ]; then
	mkdir -p "$root/home/wb/.cache"
	cp -a "$cache" "$root/home/wb/.cache/ccache"
	in_root "chown -R wb:wb /home/wb/.cache"
fi
if [ $quick = 0 ]; then
	step "make all" in_wb "make all"
	step "make check" in_wb "make check"
else
	step "make fetch" in_wb "make fetch"
	step "make tree" in_wb "make tree"
	step "commands of the build, guest and tests" in_wb "
		for c in gcc g++ make flex bison bc perl ccache rsync python3 qemu-system-x86_64 \
			mkfs.ext4 modprobe depmod ip ps fio dpkg-source taskset flock; do
			command -v \$c >/dev/null || { echo \"missing: \$c\"; exit 1; }
		done"
	step "kselftest build and install (make headers)" in_wb "mkdir -p build/check-kernel &&
		scripts/host/build-selftests.sh build/linux build/check-kernel io_uring ublk"
	step "liburing's tests build" in_wb \
		"scripts/host/liburing-build.sh build/src/liburing-2.3 pins/liburing-2.3.sha256 patches-liburing-2.3"
	step "t/io_uring build" in_wb "scripts/host/build-tio.sh build/src"
	step "make checkpatch" in_wb "make checkpatch"
	step "send dry run, no git identity" in_wb \
		"SENDER='Test Sender <sender@example.org>' scripts/host/ktap-count.sh -- scripts/host/send.sh -n build/linux patches build/check-send"
	step "series round trip, no git identity" in_wb \
		"scripts/host/ktap-count.sh -- scripts/host/roundtrip.sh build/linux patches build/check-roundtrip"
	if [ -n "$kout" ]; then
		# The host's kernel beside the selftests built here.
		mkdir -p "$root$wb/build/check-kernel/arch/x86/boot" "$root$wb/build/check-kernel/include/config"
		cp "$kout/arch/x86/boot/bzImage" "$root$wb/build/check-kernel/arch/x86/boot/"
		cp "$kout/include/config/kernel.release" "$root$wb/build/check-kernel/include/config/"
		cp -a "$kout/mod" "$root$wb/build/check-kernel/"
		step "kselftests on $(cat "$kout/include/config/kernel.release")" in_wb \
			"scripts/host/ktap-count.sh -a -- scripts/host/kselftest.sh build/check-kernel build/check-vm 900"
	fi
fi

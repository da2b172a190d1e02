#!/bin/bash
# Install the Debian 12 packages the workbench uses; a no-op when all are
# there. The only step of the workbench that needs root: everything else
# runs as an ordinary user. The host's apt sources are not changed: the
# source packages the workbench builds (fio, liburing, qemu's plugin
# header) come through apt.sh's source lists of its own.
# usage: install-deps.sh   (as root)
set -eu
# By what needs them (the guest runs the host's programs: its root is the
# host's / over 9p). Debian's minbase has the rest: coreutils, util-linux,
# findutils, grep, sed, mawk, tar, diffutils, dpkg, apt.
pkgs="
	git make
	gcc libc6-dev flex bison bc libelf-dev libssl-dev cpio xz-utils perl ccache
	rsync
	python3 python3-ply python3-git
	qemu-system-x86 e2fsprogs
	kmod iproute2 procps fio
	dpkg-dev libaio-dev g++
	git-email libmailtools-perl libauthen-sasl-perl libio-socket-ssl-perl sparse"
# git, make: the workbench. gcc ... ccache: the kernel build (xz-utils also
# unpacks the source). rsync: the kselftest install. python3-ply and
# python3-git: checkpatch's spdxcheck.py; python3: the benchmarks in the
# guest. qemu-system-x86, e2fsprogs: the VM and its scratch disk. kmod,
# iproute2, procps, fio: what the guest and the tests run. dpkg-dev
# ('apt-get source'), libaio-dev, g++: fio's t/io_uring and liburing's
# tests, built from Debian's source packages. git-email, libmailtools-perl
# (its Mail::Address), libauthen-sasl-perl, libio-socket-ssl-perl (SMTP
# login and TLS): git send-email, make send. sparse: make lint.
missing=$(for p in $pkgs; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
	grep -q '^install ok installed' || echo "$p"; done)
if [ -z "$missing" ]; then
	echo "deps: all installed"
	exit 0
fi
[ "$(id -u)" = 0 ] || { echo "deps: missing:" $missing "- run 'make deps' as root" >&2; exit 1; }
echo "deps: installing" $missing
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null

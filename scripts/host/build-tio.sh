#!/bin/bash
# Build fio's t/io_uring, the seeds' benchmark tool, from Debian's fio source
# package, with its libaio engine (-a1) too (libaio-dev: 'make deps').
# The source comes from bookworm through apt.sh's source list of its own.
# usage: build-tio.sh <src-dir>
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <src-dir>" >&2; exit 2; }
apt=$(realpath "$(dirname "$0")")/apt.sh
mkdir -p "$1"
cd "$1"
ls -d fio-*/ >/dev/null 2>&1 || "$apt" "$PWD/apt" bookworm apt-get source -qq fio
cd fio-*/
# Not -march=native: the binary runs in the guest, on QEMU's emulated CPU.
[ -f config-host.mak ] || ./configure --disable-native >/dev/null
make -s -j"$(nproc)" t/io_uring
echo "t/io_uring: $PWD/t/io_uring"

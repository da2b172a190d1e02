#!/bin/bash
# Fetch liburing's Debian source package (never committed) and build its
# test programs, against the installed kernel UAPI headers as Debian does.
# usage: liburing-build.sh <src-dir>   (prints the liburing directory)
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <src-dir>" >&2; exit 2; }
mkdir -p "$1"
cd "$1"
# One build at a time: 'make check' and 'make debug' may start together.
exec 9> .liburing.lock
flock 9
dir=$(ls -d liburing-*/ 2>/dev/null | head -n 1)
if [ -z "$dir" ]; then
	apt-get source -q liburing >&2
	dir=$(ls -d liburing-*/ | head -n 1)
fi
cd "$dir"
# Up to date in a second when built: a build that failed halfway goes on.
[ -f config-host.mak ] || ./configure >&2
make -s -j"$(nproc)" -C src >&2
make -s -j"$(nproc)" -C test >&2
pwd

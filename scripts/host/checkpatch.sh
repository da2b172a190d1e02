#!/bin/bash
# checkpatch.pl --strict on every patch of the series (not the cover letter),
# and a MAINTAINERS entry for every selftest directory the series adds.
# checkpatch's own "does MAINTAINERS need updating?" fires for every new
# file, covered or not, so it is replaced by the second check. Prints KTAP.
# usage: checkpatch.sh <tree> <patch-dir>
set -eu
[ $# -eq 2 ] || { echo "usage: $0 <tree> <patch-dir>" >&2; exit 2; }
tree=$(realpath "$1") pdir=$(realpath "$2")
# spdxcheck.py needs Debian's python3 (python3-ply, python3-git), not a pyenv one.
export PATH=/usr/bin:$PATH
echo "TAP version 13"
n=0
for p in "$pdir"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch|*'[0-9]'*) continue ;; esac
	if out=$(cd "$tree" && perl scripts/checkpatch.pl --strict --terse --show-types \
			--ignore FILE_PATH_CHANGES "$p" 2>&1); then
		echo "ok $((n += 1)) checkpatch $(basename "$p")"
	else
		echo "$out" | sed 's/^/#   /'
		echo "not ok $((n += 1)) checkpatch $(basename "$p")"
	fi
done

# A selftest directory is new when the series adds its Makefile (6.1.192
# has a stray selftests/ublk/ script without one).
dirs=$(git -C "$tree" diff --name-only --diff-filter=A base series -- \
	'tools/testing/selftests/*/Makefile' | xargs -r -n1 dirname)
for d in $dirs; do
	if git -C "$tree" show series:MAINTAINERS | grep -q "^F:[[:space:]]*$d/\$"; then
		echo "ok $((n += 1)) maintainers $d"
	else
		echo "not ok $((n += 1)) maintainers $d # the series adds it without an F: entry in MAINTAINERS"
	fi
done
echo "1..$n"

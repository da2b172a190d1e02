#!/bin/bash
# checkpatch.pl --strict on every patch of the series (not the cover letter).
# usage: checkpatch.sh <tree> <patch-dir>
set -eu
[ $# -eq 2 ] || { echo "usage: $0 <tree> <patch-dir>" >&2; exit 2; }
tree=$(realpath "$1") pdir=$(realpath "$2")
# spdxcheck.py needs Debian's python3 (python3-ply, python3-git), not a pyenv one.
export PATH=/usr/bin:$PATH
rc=0
for p in "$pdir"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch|*'[0-9]'*) continue ;; esac
	if out=$(cd "$tree" && perl scripts/checkpatch.pl --strict --terse --show-types "$p" 2>&1); then
		echo "PASS checkpatch $(basename "$p")"
	else
		echo "FAIL checkpatch $(basename "$p")"
		echo "$out" | sed 's/^/  /'
		rc=1
	fi
done
exit $rc

#!/bin/bash
# Run one stage of the workbench: print its name, then its status and time.
# usage: stage.sh <name> <command>...
set -u
[ $# -ge 2 ] || { echo "usage: $0 <name> <command>..." >&2; exit 2; }
name=$1
shift
start=$(date +%s)
echo "== $name"
"$@"
rc=$?
t=$(($(date +%s) - start))
if [ $rc -eq 0 ]; then
	printf '== %s: done in %dm%02ds\n' "$name" $((t / 60)) $((t % 60))
else
	printf '== %s: FAILED (exit %d) after %dm%02ds\n' "$name" $rc $((t / 60)) $((t % 60))
fi
exit $rc

#!/bin/bash
# Run one stage of the workbench: print its name, then its status and time.
# With WB_LOCK_FILE set (the Makefile sets one per tree version and
# profile), the stage holds that lock while it runs (stages it starts
# run under it): a second target on the same build and VM directories (make
# kselftest during make check, which would delete each other's
# kselftest_install and mod/) is refused at once instead.
# usage: stage.sh <name> <command>...
set -u
[ $# -ge 2 ] || { echo "usage: $0 <name> <command>..." >&2; exit 2; }
name=$1
shift
if [ -n "${WB_LOCK_FILE:-}" ] && [ "${WB_LOCK_HELD:-}" != "$WB_LOCK_FILE" ]; then
	mkdir -p "$(dirname "$WB_LOCK_FILE")"
	exec 9>>"$WB_LOCK_FILE"
	if ! flock -n 9; then
		echo "== $name: refused: another make target is running on this build's profile" \
		     "($WB_LOCK_FILE is locked); targets of one KVER and PROFILE run one at a time" >&2
		exit 1
	fi
	export WB_LOCK_HELD=$WB_LOCK_FILE
fi
start=$(date +%s)
echo "== $name"
# The lock is this shell's alone: a child left behind (git's background
# gc, say) must not keep it after the stage.
"$@" 9>&-
rc=$?
t=$(($(date +%s) - start))
if [ $rc -eq 0 ]; then
	printf '== %s: done in %dm%02ds\n' "$name" $((t / 60)) $((t % 60))
else
	printf '== %s: FAILED (exit %d) after %dm%02ds\n' "$name" $rc $((t / 60)) $((t % 60))
fi
exit $rc

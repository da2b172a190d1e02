#!/bin/bash
# Run one stage of the workbench: print its name, then its status and time.
# WB_LOCK_FILE names the locks of the build and VM directories the stage
# uses (the Makefile sets them: one per tree version and profile, make
# check all three of its own). The stage holds them while it runs; stages
# it starts run under them (WB_LOCK_HELD). A lock held by another make
# (make kselftest during make check, which would delete each other's
# kselftest_install and mod/) refuses the stage at once; one held by a
# stage of the same make (WB_SESSION, make -j) is waited for.
# usage: stage.sh <name> <command>...
set -u
[ $# -ge 2 ] || { echo "usage: $0 <name> <command>..." >&2; exit 2; }
name=$1
shift
held=" ${WB_LOCK_HELD:-} "
for lock in ${WB_LOCK_FILE:-}; do
	case $held in *" $lock "*) continue ;; esac
	mkdir -p "$(dirname "$lock")"
	exec {fd}>>"$lock"
	if ! flock -n "$fd"; then
		if [ -n "${WB_SESSION:-}" ] && [ "$(cat "$lock.session" 2>/dev/null)" = "$WB_SESSION" ]; then
			flock "$fd"
		else
			echo "== $name: refused: another make is running on the same build ($lock is locked," \
			     "session $(cat "$lock.session" 2>/dev/null || echo unknown)); targets of one KVER and" \
			     "PROFILE run one make at a time" >&2
			exit 1
		fi
	fi
	echo "${WB_SESSION:-}" > "$lock.session"
	held+="$lock "
	fds+=" $fd"
done
export WB_LOCK_HELD=$held
start=$(date +%s)
echo "== $name"
# The locks are this shell's alone: a child left behind (git's background
# gc, the build's progress ticker) must not keep them after the stage.
(
	for fd in ${fds:-}; do exec {fd}>&-; done
	exec "$@"
)
rc=$?
t=$(($(date +%s) - start))
if [ $rc -eq 0 ]; then
	printf '== %s: done in %dm%02ds\n' "$name" $((t / 60)) $((t % 60))
else
	printf '== %s: FAILED (exit %d) after %dm%02ds\n' "$name" $rc $((t / 60)) $((t % 60))
fi
exit $rc

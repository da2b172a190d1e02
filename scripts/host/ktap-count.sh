#!/bin/bash
# Count the results in run_kselftest.sh output: every subtest of a program,
# or the program's own line when it printed none; a program that failed
# after passing subtests (a crash, a timeout), or never finished, counts as
# one more failure.
# usage: ktap-count.sh <output.log>
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <output.log>" >&2; exit 2; }
tr -d '\r' < "$1" | awk '
	function result(line, name,    skip) {
		skip = line ~ /# *[Ss][Kk][Ii][Pp]/
		if (line ~ /^not ok/ && !skip) { fail++; sub_fail++; print "FAIL " name }
		else if (skip) { skipped++; print "SKIP " name }
		else { pass++; print "PASS " name }
	}
	/^# selftests: / { prog = $3 " " $4; subs = 0; sub_fail = 0; running = 1; next }
	/^# (not )?ok [0-9]+/ {
		subs++
		line = substr($0, 3)
		name = line; sub(/^(not )?ok [0-9]+ */, "", name)
		result(line, prog " " name)
		next
	}
	/^(not )?ok [0-9]+ selftests: / {
		name = $0; sub(/^(not )?ok [0-9]+ selftests: */, "", name)
		if (!subs) result($0, name)
		else if ($0 ~ /^not ok/ && !sub_fail) result($0, name " (exited with an error after its subtests)")
		subs = 0
		running = 0
		next
	}
	END {
		if (running) { fail++; print "FAIL " prog " (did not finish: the guest died or hung)" }
		printf "%d passed, %d failed, %d skipped\n", pass, fail, skipped
		exit (fail > 0 || pass + fail + skipped == 0)
	}'

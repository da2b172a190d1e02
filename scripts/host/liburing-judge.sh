#!/bin/bash
# Judge liburing's results (guest/liburing.sh's KTAP, on standard input)
# against the base's: the baseline lists the tests that do not pass on the
# unpatched base ('<test> <status> <reason>': fail, timeout or skip).
#   - A test the liburing series adds or changes (named after the
#     baseline) must pass
#     (or skip, which the part's expected list then has to allow).
#   - Any other test passes, or does here what it does on the base: one
#     that fails or times out on both is ok ('fail here, fail on base'),
#     one that skips on both is a skip.
#   - Failing, timing out or skipping where the base passed fails; so
#     does failing where the base skipped.
# Prints the judged KTAP; every other line as it came.
#   ok 4 liburing: d.t # fixed: fail on base
#   not ok 5 liburing: e.t # fail here, pass on base
# usage: liburing-judge.sh <baseline> [series-test.t...]
set -u
[ $# -ge 1 ] || { echo "usage: $0 <baseline> [series-test.t...]" >&2; exit 2; }
[ -r "$1" ] || { echo "liburing: no baseline $1" >&2; exit 2; }
awk=(awk)
awk -W version 2>&1 | grep -q mawk && awk=(awk -W interactive)
"${awk[@]}" -v series="${*:2}" '
	# The baseline (which may be empty: FNR == NR would take the results
	# for it), then the results.
	FILENAME == ARGV[1] { sub(/\r$/, ""); if ($1 !~ /^#/ && NF >= 2) base[$1] = $2; next }
	!started { started = 1; n = split(series, s, " "); for (i = 1; i <= n; i++) ours[s[i]] = 1 }
	/^(not )?ok [0-9]+ liburing: / {
		num = $0; sub(/^(not )?ok /, "", num); sub(/ .*/, "", num)
		t = $0; sub(/^(not )?ok [0-9]+ liburing: /, "", t); sub(/ .*/, "", t)
		st = $0 ~ /^not ok/ ? $0 : $0 ~ / # SKIP/ ? "skip" : "pass"
		if (st !~ /^(pass|skip)$/) { sub(/.* # /, "", st); if (st !~ /^(fail|timeout)$/) st = "fail" }
		b = (t in base) ? base[t] : "pass"
		ok = 1; dir = ""
		if (st == "skip") { ok = b != "pass" || (t in ours); dir = ok ? "SKIP" : "skip here, pass on base" }
		else if (st == "pass") dir = b != "pass" ? "fixed: " b " on base" : ""
		else if (t in ours) { ok = 0; dir = st " here: the series adds this test, it must pass" }
		else { ok = b != "pass" && b != "skip"; dir = st " here, " b " on base" }
		print (ok ? "ok " : "not ok ") num " liburing: " t (dir != "" ? " # " dir : "")
		fflush()
		next
	}
	{ print; fflush() }' "$1" -

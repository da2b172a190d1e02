#!/bin/bash
# Compare a liburing run (LIBURING lines from guest/liburing.sh) with the
# baseline of the unpatched base: a test that passes or skips on base and
# fails or times out here is a regression; one that passes here but not on
# base is reported as fixed. Prints PASS/FAIL/SKIP per test and fails on
# any regression.
# usage: liburing-gate.sh <baseline> <run-output>
set -eu
[ $# -eq 2 ] || { echo "usage: $0 <baseline> <run-output>" >&2; exit 2; }
awk 'FNR == NR { if ($1 !~ /^#/ && NF >= 2) base[$1] = $2; next }
     $1 == "LIBURING" {
	t = $3; st = $2; b = (t in base) ? base[t] : "pass"; n++
	if (st == "pass" && b != "pass") { print "PASS liburing: " t " (fixed: " b " on base)"; fixed++ }
	else if (st == "pass") print "PASS liburing: " t
	else if (st == "skip") print "SKIP liburing: " t
	else if (b != "pass" && b != "skip") print "PASS liburing: " t " (" st " here, " b " on base)"
	else { print "FAIL liburing: " t " (" st ", " b " on base)"; bad++ }
     }
     END { if (!n) { print "FAIL liburing: no results"; exit 1 }
	   printf "liburing: %d tests, %d regressions, %d fixed\n", n, bad, fixed
	   exit bad > 0 }' "$1" "$2"

#!/bin/bash
# Print every kernel report in a console log (BUG, WARNING, Oops, KASAN,
# lockdep, hung task, soft lockup, RCU stall, kmemleak) and fail if any.
# usage: splats.sh <console.log>
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <console.log>" >&2; exit 2; }
awk '
	/(^|\] )(BUG:|WARNING:|Oops|kernel BUG at|general protection fault|Kernel panic|UBSAN:|unreferenced object|INFO: task .* blocked for more than|INFO: rcu_.* detected stall|rcu: INFO: rcu_[a-z]* (self-)?detected stall|watchdog: BUG: soft lockup|list_(add|del) corruption)/ {
		if (!n++) print "splat: kernel reports in " FILENAME ":"
		left = 40
	}
	left > 0 { print "  " $0; left-- }
	END { exit n > 0 }
' "$1"

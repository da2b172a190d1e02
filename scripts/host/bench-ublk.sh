#!/bin/bash
# The ublk suite of guest/bench.sh on several kernels, one table: the base
# and the series, each with ublk built in (default profile, '-y') and as a
# module (module profile, '-m'), and the peer. 'icount': one run each in
# the deterministic mode (-icount shift=0 -smp 1). 'smp': 2 vCPUs in
# wall-clock time, where the server and the submitter run on different
# CPUs; <rounds> rounds with the kernels interleaved, medians and min-max.
# Only 'smp' has the '-nocoop' cases (guest/bench.sh), a server whose rings
# leave COOP_TASKRUN off: every kernel but 6.1 with ublk built in delivers
# through io_uring and so interrupts it with an IPI.
# The ratios compare series-m with base-y and base-m; a kernel not given
# shows '-'.
# usage: bench-ublk.sh <results-dir> <t/io_uring> <ublk_server> icount|smp <rounds> <name>=<kernel-out-dir>...
set -eu
[ $# -ge 6 ] || { echo "usage: $0 <results-dir> <t/io_uring> <ublk_server> icount|smp <rounds> <name>=<kernel-out-dir>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
res=$(realpath -m "$1") tio=$(realpath "$2") srv=$(realpath "$3") mode=$4 rounds=$5
shift 5
declare -A kout
kernels=
for kv; do
	kernels+=" ${kv%%=*}"
	kout[${kv%%=*}]=$(realpath "${kv#*=}")
done
case $mode in
icount) vmopt=-b rounds=1 ;;
smp) vmopt="-s 2" ;;
*) echo "bench-ublk: mode is icount or smp" >&2; exit 2 ;;
esac
res=$("$(dirname "$0")/fresh-dir.sh" "$res")

for r in $(seq "$rounds"); do
	for k in $kernels; do
		echo "bench-ublk: $mode round $r, $k"
		log=$res/$k.$r.log
		# shellcheck disable=SC2086
		"$top/scripts/host/vm.sh" $vmopt -k "${kout[$k]}" -t 3600 -d "$res/vm" -- \
			"$top/scripts/guest/bench.sh" -u "$srv" "$tio" ublk > "$log" 2>&1 ||
			{ tail -n 40 "$log"; exit 1; }
		awk -v k=$k '$1 == "RESULT" && $2 == "ublk" { print k, $3, $4, $5, $6 }' "$log" >> "$res/all.txt"
	done
done

{
echo "ublk: $([ $mode = icount ] && echo 'QEMU TCG -icount shift=0 -smp 1, IOPS in guest time' ||
	echo "QEMU TCG 2 vCPUs, wall clock, median (min-max) of $rounds interleaved rounds")"
echo "y: ublk built in, m: module; per request: wake = server wake-ups, kick = deliveries (n/a: task_work_add)"
awk -v ks="$kernels" '
	{ v[$1, $2] = v[$1, $2] " " $3; w[$1, $2] = w[$1, $2] " " $4
	  q[$1, $2] = q[$1, $2] " " $5; cases[$2] = 1 }
	function med(s, out,   n, a, i, j, t) {
		n = split(s, a, " ")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		out[1] = a[int((n + 1) / 2)]; out[2] = a[1]; out[3] = a[n]
		return n
	}
	function ratio(a, b) { return a in m && b in m && m[b] ? sprintf("%.3f", m[a] / m[b]) : "-" }
	END {
		nk = split(ks, k, " ")
		printf "%-36s", "case"
		for (i = 1; i <= nk; i++) printf " %20s", k[i]
		printf " %8s %8s", "m/base-y", "m/base-m"
		for (i = 1; i <= nk; i++) printf " %9s", "wake " substr(k[i], 1, 1) substr(k[i], length(k[i]))
		for (i = 1; i <= nk; i++) printf " %9s", "kick " substr(k[i], 1, 1) substr(k[i], length(k[i]))
		printf "\n"
		for (c in cases) {
			l = sprintf("%-36s", c)
			split("", m)
			for (i = 1; i <= nk; i++) {
				n = med(v[k[i], c], o)
				if (n) m[k[i]] = o[1]
				l = l sprintf(" %20s", !n ? "-" : n > 1 ? sprintf("%d (%d-%d)", o[1], o[2], o[3]) : o[1])
			}
			l = l sprintf(" %8s %8s", ratio("series-m", "base-y"), ratio("series-m", "base-m"))
			for (i = 1; i <= nk; i++)
				l = l (med(w[k[i], c], o) ? sprintf(" %9.4f", o[1]) : sprintf(" %9s", "-"))
			for (i = 1; i <= nk; i++) {
				n = med(q[k[i], c], o)
				l = l (!n ? sprintf(" %9s", "-") : o[1] < 0 ? sprintf(" %9s", "n/a") : sprintf(" %9.4f", o[1]))
			}
			print l | "sort"
		}
		close("sort")
	}' "$res/all.txt"
echo "the scheduler a new ublk device gets with mq-deadline loaded (first device, first round):"
for k in $kernels; do
	printf '  %-10s %s\n' "$k" "$(sed -n 's/^SCHED [^ ]* //p' "$res/$k.1.log" | head -n 1)"
done
} | tee "$res/table.txt"

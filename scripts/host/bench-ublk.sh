#!/bin/bash
# The ublk suite of guest/bench.sh on four kernels, the base and the series,
# each with ublk built in (default profile) and as a module (module
# profile), one table. 'icount': one run each in the deterministic mode
# (-icount shift=0 -smp 1). 'smp': 2 vCPUs in wall-clock time, where the
# server and the submitter run on different CPUs; <rounds> rounds with the
# four kernels interleaved, medians and min-max.
# usage: bench-ublk.sh <build-dir> <t/io_uring binary> icount|smp [rounds]
set -eu
[ $# -ge 3 ] || { echo "usage: $0 <build-dir> <t/io_uring binary> icount|smp [rounds]" >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
build=$(realpath "$1") tio=$(realpath "$2") mode=$3 rounds=${4:-3}
res=$build/bench/ublk-$mode
kernels="base-y base-m series-y series-m"
declare -A kout=([base-y]=base/kernel-default [base-m]=base/kernel-module
		 [series-y]=kernel-default [series-m]=kernel-module)
case $mode in
icount) vmopt=-b rounds=1 ;;
smp) vmopt="-s 2" ;;
*) echo "bench-ublk: mode is icount or smp" >&2; exit 2 ;;
esac
rm -rf "$res"
mkdir -p "$res"

for r in $(seq "$rounds"); do
	for k in $kernels; do
		echo "bench-ublk: $mode round $r, $k"
		log=$res/$k.$r.log
		# shellcheck disable=SC2086
		"$top/scripts/host/vm.sh" $vmopt -k "$build/${kout[$k]}" -t 3600 -d "$res/vm" -- \
			"$top/scripts/guest/bench.sh" "$tio" ublk > "$log" 2>&1 ||
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
	END {
		nk = split(ks, k, " ")
		printf "%-26s", "case"
		for (i = 1; i <= nk; i++) printf " %20s", k[i]
		printf " %8s %8s", "m/base-y", "m/base-m"
		for (i = 1; i <= nk; i++) printf " %9s", "wake " substr(k[i], 1, 1) substr(k[i], length(k[i]))
		for (i = 1; i <= nk; i++) printf " %9s", "kick " substr(k[i], 1, 1) substr(k[i], length(k[i]))
		printf "\n"
		for (c in cases) {
			l = sprintf("%-26s", c)
			for (i = 1; i <= nk; i++) {
				n = med(v[k[i], c], o); m[i] = o[1]
				l = l sprintf(" %20s", n > 1 ? sprintf("%d (%d-%d)", o[1], o[2], o[3]) : o[1])
			}
			l = l sprintf(" %8.3f %8.3f", m[1] ? m[4] / m[1] : 0, m[2] ? m[4] / m[2] : 0)
			for (i = 1; i <= nk; i++) { med(w[k[i], c], o); l = l sprintf(" %9.4f", o[1]) }
			for (i = 1; i <= nk; i++) {
				med(q[k[i], c], o)
				l = l (o[1] < 0 ? sprintf(" %9s", "n/a") : sprintf(" %9.4f", o[1]))
			}
			print l | "sort"
		}
		close("sort")
	}' "$res/all.txt"
} | tee "$res/table.txt"

#!/bin/bash
# In the guest: benchmark suites with fio's t/io_uring. Prints
# 'RESULT <suite> <case> <IOPS> <metric>' lines, the metric by suite:
#   bio   null_blk irqmode=1 (softirq completions), io_uring and libaio, and
#         NVMe reads (hard IRQ completions; CPU ns per I/O in place of IOPS,
#         see bio_run); metric: bio slab allocations per I/O
#   lazy  NVMe reads on DEFER_TASKRUN rings, passthrough (uring_cmd, ngXnY)
#         and through the block device (nvmeXnY); metric: CPU
#         microseconds of t/io_uring's process per I/O, plus 'HIST <case> <share>
#         <count>:<runs>...', the io_uring_local_work_run counts and the share
#         of runs whose count is the wait count
#   link  chains of NOPs (bench/link_nops.c), plain, per-SQE CQE skip and
#         IORING_SETUP_LINK_SINGLE_CQE; 'RESULT link <case> <NOPs/s> <CQEs
#         per chain>', no line for a mode the kernel refuses
#   ublk  /dev/ublkb0 served by the ublk selftest server (null and loop
#         targets, one queue of depth 128), fio's libaio job from the seed
#         thread and t/io_uring; 'RESULT ublk <case> <IOPS> <wake-ups per
#         request> <kicks per request>': wake-ups are the server's voluntary
#         context switches (it sleeps only in io_uring_enter() waiting for
#         requests), kicks the io_uring task_work items its threads run
#         (each delivery of requests is one; -1 when ublk bypasses io_uring
#         with task_work_add(), 6.1 built in); with two CPUs also
#         '-nocoop' cases, the server's rings without COOP_TASKRUN
#         (ublk_server --nocoop), whose deliveries through io_uring
#         interrupt a running server with an IPI
# usage: guest/bench.sh [-l <link_nops>] [-u <ublk_server>] [-c <case>] [-m <mark> -k <file>]
#                       <t/io_uring binary> <suite>...
#   -l  bench/link_nops.c built, for the link suite
#   -u  the ublk selftest's server, for the ublk suite
#   -c  run only the cases whose name matches this glob
#   -m  run this program (bench/mark.c) right before and after each case's
#       measured command, for the instruction profile (bench/insn_profile.c),
#       and print 'UNITS <suite> <case> <n>', the I/Os (or NOPs) in between;
#       -k: copy /proc/kallsyms to this file after each case
set -eu
usage() { echo "usage: $0 [-l <link_nops>] [-u <ublk_server>] [-c <case>] [-m <mark> -k <file>] <t/io_uring binary> <bio|lazy|link|ublk>..." >&2; exit 2; }
nops= srv= only='*' mark= syms=
while getopts l:u:c:m:k: o; do
	case $o in
	l) nops=$OPTARG ;;
	u) srv=$OPTARG ;;
	c) only=$OPTARG ;;
	m) mark=$OPTARG ;;
	k) syms=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
tio=$1
shift

# Whether case $1 runs; mark / units: see -m.
want() { [[ $1 == $only ]]; }
mark() { [ -z "$mark" ] || "$mark"; }
units() {
	[ -z "$mark" ] && return
	echo "UNITS $1 $2 $3"
	[ -z "$syms" ] || cat /proc/kallsyms > "$syms"
}

# The median of the per-second IOPS samples in t/io_uring's output, the first
# one dropped.
iops_of() {
	sed -n 's/^IOPS=\([0-9.]*\)\([KM]\?\),.*/\1 \2/p' | tail -n +2 |
		awk '{ m = $2 == "M" ? 1e6 : $2 == "K" ? 1e3 : 1; printf "%d\n", $1 * m }' |
		sort -n | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'
}

# I/Os completed by block device $1 so far.
ios() { awk '{ print $1 + $5 }' /sys/block/$1/stat; }

# Allocations from the bio slabs: SLUB_STATS counters, first field is the total.
bio_allocs() {
	cat /sys/kernel/slab/bio-*/alloc_fastpath /sys/kernel/slab/bio-*/alloc_slowpath |
		awk '{ n += $1 } END { print n }'
}

# bio_run <case> <dev> <command>...: IOPS of a t/io_uring run and bio slab
# allocations per I/O. The nvme cases report t/io_uring's CPU time per I/O
# in (guest) ns in place of IOPS: QEMU's NVMe serves I/O at the pace of host
# time even in icount mode, but the instructions spent per I/O do not.
bio_run() {
	local name=$1 dev=$2 a0 i0 out n val
	shift 2
	want "$name" || return 0
	a0=$(bio_allocs) i0=$(ios $dev)
	mark
	case $name in
	nvme*) out=$(cpu_us "$@") ;;
	*) out=$("$@") ;;
	esac
	mark
	n=$(($(ios $dev) - i0))
	units bio "$name" $n
	echo "$out" | sed 's/^/  /' >&2
	case $name in
	nvme*) val=$(echo "$out" | awk -v n=$n '$1 == "CPU_US" { printf "%d", n ? $2 * 1000 / n : 0 }') ;;
	*) val=$(echo "$out" | iops_of) ;;
	esac
	echo "RESULT bio $name $val $(awk -v a=$(($(bio_allocs) - a0)) -v i=$n \
		'BEGIN { printf "%.3f", i ? a / i : 0 }')"
}

bio_suite() {
	local dev=nullb0
	modprobe null_blk nr_devices=1 queue_mode=2 irqmode=1 submit_queues=1 gb=16
	bio_run "t/io_uring-128/32/32" $dev "$tio" -p0 -d128 -s32 -c32 -b512 -F1 -B1 -n1 -r6 /dev/$dev
	bio_run "t/io_uring-32/8/8" $dev "$tio" -p0 -d32 -s8 -c8 -b512 -F1 -B1 -n1 -r6 /dev/$dev
	# t/io_uring's libaio engine drives the io_submit() path, in the same
	# program as the io_uring rows.
	bio_run "t/io_uring-libaio-32/8/8" $dev "$tio" -a1 -p0 -d32 -s8 -c8 -b512 -n1 -r6 /dev/$dev
	rmmod null_blk
	# With one vCPU null_blk's softirq mode completes inline, in task
	# context; NVMe interrupts: the bios are put in hard IRQ context.
	bio_run "nvme0n1-32/8/8" nvme0n1 "$tio" -p0 -d32 -s8 -c8 -b512 -F1 -B1 -n1 -r6 /dev/nvme0n1
	bio_run "nvme0n1-libaio-32/8/8" nvme0n1 "$tio" -a1 -p0 -d32 -s8 -c8 -b512 -n1 -r6 /dev/nvme0n1
}

# CPU time (user + system) of a command's process in microseconds, from
# its rusage, which sums the scheduler's precise run time: it covers the
# submitting task's wake-ups and task_work runs, what lazy waking saves.
cpu_us() {
	python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("CPU_US %d" % ((r.ru_utime + r.ru_stime) * 1e6))' "$@"
}

# Passthrough I/O bypasses the block device statistics: count completions by
# the task_work runs that posted them, from the io_uring_local_work_run
# events, which also give the histogram of run sizes.
T=/sys/kernel/tracing
lazy_run() {
	local name=$1 wait=$2 out runs
	shift 2
	want "$name" || return 0
	echo 0 > $T/tracing_on
	echo > $T/trace
	echo 1 > $T/events/io_uring/io_uring_local_work_run/enable
	echo 1 > $T/tracing_on
	mark
	out=$(cpu_us "$@")
	mark
	echo 0 > $T/tracing_on
	echo 0 > $T/events/io_uring/io_uring_local_work_run/enable
	runs=$(grep -o 'io_uring_local_work_run: .* count [0-9]*' $T/trace || true)
	units lazy "$name" "$(echo "$runs" | awk 'NF { n += $NF } END { print n + 0 }')"
	echo "$out" | sed 's/^/  /' >&2
	echo "$runs" |
		awk -v n="$name" -v w=$wait -v iops="$(echo "$out" | iops_of)" \
		    -v us="$(echo "$out" | sed -n 's/^CPU_US //p')" '
		NF { c[$NF]++; runs++; ios += $NF; if ($NF == w) eq++ }
		END { printf "RESULT lazy %s %d %.2f\n", n, iops, ios ? us / ios : 0
		      printf "HIST %s %.1f%%", n, runs ? eq * 100 / runs : 0
		      for (k in c) printf " %s:%d", k, c[k]; printf "\n" }'
}

lazy_suite() {
	local o="-p0 -b8192 -F1 -B1 -R0 -X1 -u1 -O0 -n1 -r6"
	echo 65536 > $T/buffer_size_kb
	# One namespace: QEMU completes a batch together, the lucky case.
	lazy_run "ng0n1-4/4/4" 4 "$tio" $o -d4 -s4 -c4 /dev/ng0n1
	# Two namespaces read round-robin: completions come apart.
	lazy_run "ng0n1+ng0n2-4/4/4" 4 "$tio" $o -d4 -s4 -c4 /dev/ng0n1 /dev/ng0n2
	# A deeper queue than the wait count.
	lazy_run "ng0n1-32/8/8" 8 "$tio" $o -d32 -s8 -c8 /dev/ng0n1
	# A namespace QEMU throttles to 200 IOPS: completions trickle in. Run
	# longer, so that t/io_uring's setup is a small part of its CPU time.
	lazy_run "ng0n3-4/4/4" 4 "$tio" $o -d4 -s4 -c4 -r30 /dev/ng0n3
	# The same namespaces' block devices, O_DIRECT reads (IORING_OP_READ),
	# submitted one per io_uring_enter(): a plug of 4 reaches QEMU as one
	# batch, which it completes at once even on the throttled namespace.
	o="-p0 -b8192 -F1 -B1 -R0 -X1 -u0 -O1 -n1 -r6"
	lazy_run "nvme0n1-4/1/4" 4 "$tio" $o -d4 -s1 -c4 /dev/nvme0n1
	lazy_run "nvme0n3-4/1/4" 4 "$tio" $o -d4 -s1 -c4 -r30 /dev/nvme0n3
}

link_suite() {
	local bin=${nops:?the link suite needs -l <link_nops>} len async mode out name
	for len in 10 100; do
		for async in 0 1; do
			for mode in plain skip flag; do
				name=link$len$([ $async = 0 ] || echo -async)-$mode
				want "$name" || continue
				mark
				out=$("$bin" $mode $len $async 200000)
				mark
				[ "$out" = "LINK n/a" ] && continue
				units link "$name" 200000
				echo "RESULT link $name $(
					echo "$out" | awk '{ printf "%d %s", 1e9 / $2, $3 }')"
			done
		done
	done
}

# Voluntary context switches of all threads of process $1.
nvcsw() { cat /proc/$1/task/*/status | awk '/^voluntary_ctxt_switches/ { n += $2 } END { print n }'; }

# The io_uring_task_work_run events of the server's threads go to their own
# trace instance: the event is on from boot (vm.sh) or switched on here with
# one vCPU, never patched in while another vCPU runs.
K=$T/instances/ublk
kicks_start() {
	mkdir -p $K
	echo 0 > $K/tracing_on
	echo 16384 > $K/buffer_size_kb
	echo 1 > $K/events/io_uring/io_uring_task_work_run/enable
	echo > $K/trace
	echo 1 > $K/tracing_on
}

# 6.1's event reads 'count N, loops M', 6.12's and 7.3's end at the count.
kicks_end() {
	echo 0 > $K/tracing_on
	grep '^ *ublk_server-' $K/trace | sed -n 's/.* count \([0-9]*\).*/\1/p' |
		awk '{ n += $1 } END { print n + 0 }'
}

# IOPS and wake-ups from one run, kicks from a second, shorter one with the
# event traced (tracing costs the traced kernels instructions per kick).
# The command's last arguments are its run time, so they can be overridden.
ublk_run() {
	local name=$1 id=$2 short=$3 pid c0 i0 out iops wake kicks
	shift 3
	want "$name" || return 0
	pid=$(cat /run/ublk_server.$id.pid)
	c0=$(nvcsw $pid) i0=$(ios ublkb$id)
	mark
	out=$("$@")
	mark
	units ublk "$name" $(($(ios ublkb$id) - i0))
	wake=$(awk -v c=$(($(nvcsw $pid) - c0)) -v i=$(($(ios ublkb$id) - i0)) \
		'BEGIN { printf "%.4f", i ? c / i : 0 }')
	echo "$out" | sed 's/^/  /' >&2
	case $name in
	*fio*) iops=$(echo "$out" | awk -F';' '$1 == 3 { print $8 }') ;;
	*) iops=$(echo "$out" | iops_of) ;;
	esac
	i0=$(ios ublkb$id)
	kicks_start
	"$@" $short > /dev/null
	kicks=$(kicks_end)
	echo "RESULT ublk $name $iops $wake $(awk -v k=$kicks -v i=$(($(ios ublkb$id) - i0)) \
		-v tw=$(ublk_tw) 'BEGIN { printf "%.4f", !tw ? -1 : i ? k / i : 0 }')"
}

# 6.1's ublk, built in and without UBLK_F_URING_CMD_COMP_IN_TASK, delivers
# with task_work_add(): no io_uring event to count. The flag is reported
# back in ADD_DEV's flags (bit 1); the series sets it always.
ublk_tw() {
	local f
	f=$($srv list | sed -n 's/.* flags \(0x[0-9a-f]*\) .*/\1/p')
	echo $((${f:-0} & 2 ? 1 : 0))
}

ublk_suite() {
	local dev target opt id sched s on0='' on1=''
	[ -n "$srv" ] || { echo "bench: the ublk suite needs -u <ublk_server>" >&2; exit 2; }
	[ -c /dev/ublk-control ] || modprobe ublk_drv
	fallocate -l 1G ublk-loop.img
	# With two CPUs, the server on one and the load on the other: the
	# case the end-of-batch kick is about, and the same placement in
	# every run.
	if [ "$(nproc)" -ge 2 ]; then
		on0="taskset -c 0" on1="taskset -c 1"
	fi
	# A distro kernel has mq-deadline, which blk-mq gives to one-queue
	# devices unless their driver asks for none: with it loaded, the
	# scheduler a new device gets is the kernel's default.
	modprobe -q mq-deadline || true
	# <target>[-<server option>]: with two CPUs, also servers whose
	# rings leave COOP_TASKRUN off, so that io_uring's notification of a
	# delivery is TWA_SIGNAL, an IPI to a server running on the other
	# CPU, where COOP_TASKRUN's is TWA_SIGNAL_NO_IPI (with one CPU the
	# two are the same).
	for dev in null loop ${on0:+null-nocoop loop-nocoop}; do
		target=${dev%%-*} opt=
		[ $dev = $target ] || opt=--${dev#*-}
		id=$($on1 $srv add -t $target $([ $target = null ] || echo -f ublk-loop.img) -q 1 -d 128 $opt)
		echo "SCHED ublkb$id $(cat /sys/block/ublkb$id/queue/scheduler)"
		# mq-deadline rows for the null target's default server only
		for sched in none $([ $dev != null ] || echo mq-deadline); do
			echo $sched > /sys/block/ublkb$id/queue/scheduler || continue
			s=$([ $sched = none ] || echo -$sched)
			# The seed thread's job.
			ublk_run $dev$s-fio-libaio-128 $id --runtime=2 $on0 fio --name=seed \
				--thread --filename=/dev/ublkb$id --ioengine=libaio \
				--iodepth=128 --bs=4k --direct=1 --rw=randread --numjobs=1 \
				--ramp_time=1 --runtime=6 --time_based --output-format=terse
			ublk_run $dev$s-t/io_uring-128/32/32 $id -r2 $on0 "$tio" -p0 -d128 \
				-s32 -c32 -b4096 -F1 -B1 -n1 -r6 /dev/ublkb$id
		done
		$srv del -n $id
	done
	rm -f ublk-loop.img
}

for suite; do
	"${suite}_suite"
done

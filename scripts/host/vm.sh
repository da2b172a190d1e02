#!/bin/bash
# Boot a kernel build under QEMU with the host's / as a read-only 9p root,
# run a command in it and return its exit status. A kernel splat on the
# console fails the run; a panic or a hang ends it with the console tail.
# usage: vm.sh -k <kernel-out-dir> -d <dir> [-t timeout-s] [-b] [-s cpus] [-P plugin] -- <command>...
#   -d  the run's directory: disk images, the guest's output, the console
#       log; emptied first (fresh-dir.sh), so no two runs at a time may
#       share one
#   -b  benchmark mode: -icount shift=0 -smp 1 (guest time follows instructions)
#   -P  a TCG plugin and its arguments, QEMU's -plugin syntax
set -eu
usage() { echo "usage: $0 -k <kernel-out-dir> -d <dir> [-t timeout-s] [-b] [-s cpus] [-P plugin] -- <command>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
kout= timeout=900 bench=0 cpus=2 dir= plugin=()
while getopts k:t:bs:d:P: o; do
	case $o in
	k) kout=$(realpath "$OPTARG") ;;
	t) timeout=$OPTARG ;;
	b) bench=1 ;;
	s) cpus=$OPTARG ;;
	d) dir=$OPTARG ;;
	P) plugin=(-plugin "$OPTARG") ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$kout" ] && [ -n "$dir" ] && [ $# -gt 0 ] || usage
kernel=$kout/arch/x86/boot/bzImage
[ -f "$kernel" ] || { echo "vm: no $kernel; run 'make kernel' first" >&2; exit 2; }
dir=$(realpath -m "$dir")
# guest/init.sh mounts tmpfs over these: below them, the guest would not
# find the workbench or the kernel's build.
for p in "$top" "$kout" "$dir"; do
	case $p/ in
	/tmp/* | /run/* | /var/tmp/* | /var/log/* | /var/lib/* | /root/* | /mnt/* | /dev/shm/*)
		echo "vm: $p is hidden in the guest (tmpfs there); keep the workbench elsewhere" >&2
		exit 2 ;;
	esac
done

dir=$("$top/scripts/host/fresh-dir.sh" "$dir")
mkdir -p "$dir/out"
# The guest runs the command from the writable share, as root, in a fresh
# ext4 scratch directory (O_DIRECT works there, unlike on tmpfs). The
# host's / is shared read-only; the writable share keeps the guest's
# owners, modes and device nodes in extended attributes (mapped-xattr):
# what the guest's root makes there is a plain file of the user running
# QEMU, never a device node or a setuid file of the host.
python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.workbench", b"1")' "$dir/out" 2>/dev/null ||
	{ echo "vm: $dir is on a file system without user extended attributes, which the guest's share needs" >&2; exit 2; }
printf '%q ' "$@" > "$dir/out/cmd"
cat > "$dir/out/env" <<ENV
WB_TOP=$top
WB_KOUT=$kout
ENV
truncate -s 4G "$dir/scratch.img"
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$dir/scratch.img"
truncate -s 1G "$dir/nvme.img"
truncate -s 64M "$dir/nvme2.img" "$dir/nvme3.img"

accel=(-accel tcg -cpu max -smp "$cpus")
[ $bench = 0 ] || accel=(-accel tcg -cpu max -smp 1 -icount shift=0)
append="console=ttyS0 root=root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144"
# One NVMe poll queue, so that polled and IRQ-driven I/O can share a device.
append+=" ro init=$top/scripts/guest/init.sh panic=-1 nokaslr nvme.poll_queues=1"
# Events the selftests trace, on from boot: switching an event patches kernel
# text, and under TCG another vCPU can still run the old code, int3 included.
[ $bench = 1 ] || append+=" trace_event=io_uring:io_uring_local_work_run,io_uring:io_uring_task_work_run,sched:sched_switch"
# failslab may fail the bio slabs (bio_cache.sh's mempool reserve case); it
# fails nothing until a test sets its probability.
[ $bench = 1 ] || append+=" slub_debug=A,bio-*"
append+=" ${WB_APPEND:-}"

echo "vm: booting $(cat "$kout/include/config/kernel.release") ($([ $bench = 1 ] && echo 'icount, 1 cpu' || echo "$cpus cpus")), timeout ${timeout}s, log in $dir"
: > "$dir/output.log"
tail -n +1 -f "$dir/output.log" &
tailer=$!
rc=0
timeout -k 10 "$timeout" qemu-system-x86_64 "${accel[@]}" ${plugin[@]+"${plugin[@]}"} -m 4G \
	-display none -monitor none -no-reboot \
	-kernel "$kernel" -append "$append" \
	-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
	-device virtio-9p-pci,fsdev=root,mount_tag=root \
	-fsdev local,id=out,path="$dir/out",security_model=mapped-xattr \
	-device virtio-9p-pci,fsdev=out,mount_tag=out \
	-drive file="$dir/scratch.img",if=virtio,format=raw,cache=unsafe \
	-device nvme,id=nvme0,serial=wb0 \
	-drive file="$dir/nvme.img",if=none,id=ns1,format=raw,cache=unsafe \
	-device nvme-ns,bus=nvme0,nsid=1,drive=ns1 \
	-drive file="$dir/nvme2.img",if=none,id=ns2,format=raw,cache=unsafe \
	-device nvme-ns,bus=nvme0,nsid=2,drive=ns2 \
	-drive file="$dir/nvme3.img",if=none,id=ns3,format=raw,cache=unsafe,throttling.iops-total=200 \
	-device nvme-ns,bus=nvme0,nsid=3,drive=ns3 \
	-chardev file,id=con,path="$dir/console.log" -serial chardev:con \
	-chardev file,id=cmd,path="$dir/output.log" -serial chardev:cmd \
	</dev/null >"$dir/qemu.log" 2>&1 || rc=$?
sleep 0.5
kill $tailer 2>/dev/null || true
wait $tailer 2>/dev/null || true

tail_console() { echo "vm: console tail ($dir/console.log):"; tail -n 40 "$dir/console.log" | sed 's/^/  /'; }
if [ $rc = 124 ] || [ $rc = 137 ]; then
	echo "vm: TIMEOUT: the guest was still running after ${timeout}s"
	tail_console
	exit 124
fi
if [ $rc != 0 ]; then
	echo "vm: qemu failed (exit $rc):"
	sed 's/^/  /' "$dir/qemu.log"
	exit 1
fi
if ! status=$(cat "$dir/out/status" 2>/dev/null); then
	echo "vm: the guest died before the command finished"
	tail_console
	exit 1
fi
if ! "$top/scripts/host/splats.sh" "$dir/console.log"; then
	echo "vm: kernel reports on the console fail this run (command exit status: $status)"
	exit 1
fi
echo "vm: command exit status $status"
exit "$status"

#!/bin/bash
# In the guest: the fio verify jobs of fio/verify.fio, each section on its
# own device: null_blk memory backed (configfs), the emulated NVMe's second
# namespace, as a block device and as its generic char device, and a ublk
# device served by the ublk selftest's server (loop target, two queues).
# Prints KTAP: 'ok N fio: <section>' or 'not ok N fio: <section>' per job.
# usage: guest/fio.sh <job-file>
set -u
[ $# -eq 1 ] || { echo "usage: $0 <job-file>" >&2; exit 2; }
jobs=$1

nullb() {
	# 6.1.192 names the disk after the configfs directory.
	local d=/sys/kernel/config/nullb/nullb0
	modprobe null_blk nr_devices=0 || return 1
	mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
	mkdir "$d" && echo 64 > "$d/size" && echo 1 > "$d/memory_backed" &&
		echo 4096 > "$d/blocksize" && echo 1 > "$d/power"
}
echo "TAP version 13"
nullb || echo "# fio: could not set up a memory-backed null_blk"

# The server comes with the ublk kselftests, installed beside the kernel.
ublk_srv=${WB_KOUT:-}/kselftest_install/ublk/ublk_server
ublk() {
	[ -x "$ublk_srv" ] || { echo "# fio: no $ublk_srv (make selftests)"; return 1; }
	[ -c /dev/ublk-control ] || modprobe ublk_drv || return 1
	truncate -s 256m ublk-loop.img &&
		ublk_id=$("$ublk_srv" add -t loop -f ublk-loop.img -q 2)
}
ublk || echo "# fio: could not set up a ublk loop device"

sections=$(sed -n 's/^\[\(.*\)\]$/\1/p' "$jobs" | grep -v '^global$')
echo "1..$(wc -w <<< "$sections")"
n=0
for s in $sections; do
	n=$((n + 1))
	case $s in
	nullb-*) dev=/dev/nullb0 ;;
	nvme-uring_cmd*) dev=/dev/ng0n2 ;;
	nvme-*) dev=/dev/nvme0n2 ;;
	ublk-*) dev=/dev/ublkb${ublk_id:-X} ;;
	*) echo "not ok $n fio: $s # no device for this section"; continue ;;
	esac
	# fio would create a regular file in its place.
	if [ ! -b $dev ] && [ ! -c $dev ]; then
		echo "not ok $n fio: $s # no device $dev"
		continue
	fi
	if out=$(DEV=$dev fio --thread --section="$s" --output-format=terse \
			--terse-version=3 "$jobs" 2>&1) && [ -n "$out" ]; then
		echo "ok $n fio: $s"
	else
		sed 's/^/#   /' <<< "$out"
		echo "not ok $n fio: $s"
	fi
done
[ -z "${ublk_id:-}" ] || "$ublk_srv" del -n "$ublk_id" | sed 's/^/# /'
exit 0

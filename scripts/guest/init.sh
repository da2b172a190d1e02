#!/bin/bash
# PID 1 of the workbench guest (see vm.sh): mount what tests need, run the
# command from the 'out' share on ttyS1, write its status back, power off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=dumb

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
# What udev would add: the 6.1 kselftest runner writes to /dev/stdout.
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
mount -t devpts devpts /dev/pts
# vm.sh refuses a workbench below these
for d in /dev/shm /tmp /run /var/tmp /var/log /var/lib /root /mnt; do
	mount -t tmpfs tmpfs "$d"
done
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing
mkdir -p /mnt/out /mnt/scratch
mount -t 9p -o trans=virtio,version=9p2000.L out /mnt/out
mount -t ext4 /dev/vda /mnt/scratch
. /mnt/out/env
export WB_TOP WB_KOUT
# Modules come from the build directory, not from the host's /lib/modules,
# for tests and for the kernel's own request_module().
mkdir -p /run/wb/bin
printf '#!/bin/sh\nexec /sbin/modprobe -d %s "$@"\n' "$WB_KOUT/mod" > /run/wb/bin/modprobe
chmod +x /run/wb/bin/modprobe
echo /run/wb/bin/modprobe > /proc/sys/kernel/modprobe
export PATH=/run/wb/bin:$PATH
ip link set lo up 2>/dev/null || echo "guest-init: could not bring up lo" >/dev/ttyS0
hostname wbguest

stty -F /dev/ttyS1 raw -echo 2>/dev/null
cd /mnt/scratch
bash /mnt/out/cmd </dev/null >/dev/ttyS1 2>&1
status=$?

# kmemleak, when built in, reports on the console what it found at the end.
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan > /sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak > /dev/ttyS0
fi
echo "$status" > /mnt/out/status
sync
# An immediate reset, which QEMU's -no-reboot turns into its exit: nothing
# may run after this write, since the root file system goes away with it.
echo b > /proc/sysrq-trigger

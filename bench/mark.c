// SPDX-License-Identifier: GPL-2.0
/*
 * The instruction profile's mark (bench/insn_profile.c): one call of a
 * syscall nothing in the benchmarks makes, whose handler's entry the plugin
 * watches. A static binary, so that little else runs around the mark.
 */
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(void)
{
	struct timespec ts;

	return syscall(SYS_sched_rr_get_interval, 0, &ts) ? 1 : 0;
}

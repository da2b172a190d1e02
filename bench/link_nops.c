// SPDX-License-Identifier: GPL-2.0
/*
 * The link benchmark of the single-CQE issue, after the RFC's: submit one
 * chain of NOPs, reap its completions, repeat. Prints ns per NOP and CQEs
 * per chain for one mode:
 *   plain  every NOP posts
 *   skip   IOSQE_CQE_SKIP_SUCCESS on all but the last
 *   flag   a ring set up with IORING_SETUP_LINK_SINGLE_CQE
 * usage: link_nops <plain|skip|flag> <link length> <async 0|1> <NOPs>
 * Output: 'LINK <ns per nop> <cqes per chain>', or 'LINK n/a' when the
 * kernel refuses the ring (the flag on a kernel without it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/io_uring.h>

static unsigned int *sq_tail, *sq_mask, *cq_head, *cq_tail;
static struct io_uring_sqe *sqes;
static int fd;

static int setup(unsigned int entries, unsigned int flags)
{
	struct io_uring_params p = { .flags = flags };
	unsigned int *array;
	void *sq, *cq;
	unsigned int i;

	fd = syscall(__NR_io_uring_setup, entries, &p);
	if (fd < 0)
		return -1;
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * 4, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	sq_tail = sq + p.sq_off.tail;
	sq_mask = sq + p.sq_off.ring_mask;
	array = sq + p.sq_off.array;
	for (i = 0; i < p.sq_entries; i++)
		array[i] = i;
	cq_head = cq + p.cq_off.head;
	cq_tail = cq + p.cq_off.tail;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long long cqes = 0, chains, c;
	unsigned int len, async, i, tail, flags = 0;
	struct timespec t0, t1;
	const char *mode;
	double ns;

	if (argc != 5) {
		fprintf(stderr, "usage: %s <plain|skip|flag> <link length> <async 0|1> <NOPs>\n",
			argv[0]);
		return 2;
	}
	mode = argv[1];
	len = atoi(argv[2]);
	async = atoi(argv[3]);
	chains = strtoull(argv[4], NULL, 0) / len;
	if (!strcmp(mode, "flag")) {
#ifdef IORING_SETUP_LINK_SINGLE_CQE
		flags = IORING_SETUP_LINK_SINGLE_CQE;
#else
		/* built against headers without the flag (6.12) */
		printf("LINK n/a\n");
		return 0;
#endif
	}
	if (setup(len, flags)) {
		printf("LINK n/a\n");
		return 0;
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (c = 0; c < chains; c++) {
		unsigned int want = strcmp(mode, "plain") ? 1 : len, got;

		tail = *sq_tail;
		for (i = 0; i < len; i++) {
			struct io_uring_sqe *sqe = &sqes[(tail + i) & *sq_mask];

			memset(sqe, 0, sizeof(*sqe));
			sqe->opcode = IORING_OP_NOP;
			sqe->user_data = i;
			if (i + 1 < len) {
				sqe->flags |= IOSQE_IO_LINK;
				if (!strcmp(mode, "skip"))
					sqe->flags |= IOSQE_CQE_SKIP_SUCCESS;
			}
			if (async)
				sqe->flags |= IOSQE_ASYNC;
		}
		__atomic_store_n(sq_tail, tail + len, __ATOMIC_RELEASE);
		if (syscall(__NR_io_uring_enter, fd, len, want, IORING_ENTER_GETEVENTS,
			    NULL, 0) != (long)len) {
			perror("io_uring_enter");
			return 1;
		}
		got = __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE) - *cq_head;
		cqes += got;
		__atomic_store_n(cq_head, *cq_head + got, __ATOMIC_RELEASE);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
	printf("LINK %.1f %.2f\n", ns / (chains * len), (double)cqes / chains);
	return 0;
}

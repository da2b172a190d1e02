// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin that counts the guest kernel's executed instructions per
 * translation block, between marks. Under -icount shift=0 one instruction is
 * one nanosecond of guest time, so the counts are the time each kernel
 * function spends, exactly and without changing the kernel.
 *
 * Arguments: mark=<guest address>, out=<file prefix>. Each time the guest
 * executes the block that starts at the mark (the entry of a syscall
 * handler nothing else calls), the counts since the previous mark are
 * written to <prefix>.<n> (n = 1, 2, ...) and restarted: one line per block
 * executed, '<start address> <instructions> <executions> <atomics>', the
 * last the block's atomic instructions (see atomic()). Blocks below the
 * kernel's half of the address space are counted as one, at address 0.
 *
 * Counted with inline adds: exact with one vCPU, as -icount runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define KERNEL_HALF	0xffff800000000000ULL

struct block {
	uint64_t addr;
	uint64_t insns;
	uint64_t atomics;
	uint64_t count;		/* bumped inline by the translated code */
	struct block *next;
};

static struct block **table;
static size_t table_size = 1 << 18;
static uint64_t mark;
static const char *out;
static unsigned int dumps;

static struct block *block_of(uint64_t addr, uint64_t insns, uint64_t atomics)
{
	size_t h;
	struct block *b;

	if (addr < KERNEL_HALF)
		addr = 0;
	h = ((addr >> 2) * 0x9e3779b97f4a7c15ULL ^ insns) & (table_size - 1);
	for (b = table[h]; b; b = b->next)
		if (b->addr == addr && b->insns == insns && b->atomics == atomics)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->addr = addr;
	b->insns = insns;
	b->atomics = atomics;
	b->next = table[h];
	table[h] = b;
	return b;
}

static void dump(unsigned int vcpu, void *data)
{
	char name[4096];
	size_t i;
	FILE *f;

	snprintf(name, sizeof(name), "%s.%u", out, ++dumps);
	f = fopen(name, "w");
	if (!f) {
		perror(name);
		return;
	}
	for (i = 0; i < table_size; i++) {
		struct block *b;

		for (b = table[i]; b; b = b->next) {
			if (b->count)
				fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
					b->addr, b->insns, b->count, b->atomics);
			b->count = 0;
		}
	}
	fclose(f);
}

/*
 * Whether the x86-64 instruction in p[0..n) can take a LOCK prefix and
 * writes memory: ADD OR ADC SBB AND SUB XOR (00-31 r/m,r; 80 81 83 but
 * CMP), XCHG, NOT NEG (F6 F7 /2 /3), INC DEC (FE FF /0 /1), BTS BTR BTC,
 * CMPXCHG, XADD, CMPXCHG8B/16B (0F C7 /1); ModRM mod 3 is a register.
 */
static int lockable(const uint8_t *p, size_t n)
{
	unsigned int op, reg;

	if (n < 2)
		return 0;
	op = p[0];
	if (op == 0x0f) {
		if (n < 3 || (p[2] >> 6) == 3)
			return 0;
		reg = (p[2] >> 3) & 7;
		switch (p[1]) {
		case 0xab: case 0xb3: case 0xbb:	/* BTS BTR BTC */
		case 0xb0: case 0xb1: case 0xc0: case 0xc1:	/* CMPXCHG XADD */
			return 1;
		case 0xba:				/* BT group, not BT */
			return reg >= 5;
		case 0xc7:				/* CMPXCHG8B/16B */
			return reg == 1;
		}
		return 0;
	}
	if ((p[1] >> 6) == 3)
		return 0;
	reg = (p[1] >> 3) & 7;
	if (op < 0x40)
		return (op & 7) < 2 && (op >> 3) != 7;	/* not CMP */
	switch (op) {
	case 0x80: case 0x81: case 0x83:
		return reg != 7;
	case 0x86: case 0x87:
		return 1;
	case 0xf6: case 0xf7:
		return reg == 2 || reg == 3;
	case 0xfe: case 0xff:
		return reg <= 1;
	}
	return 0;
}

/*
 * Whether an instruction is atomic: a LOCK (F0) prefix, or XCHG with memory
 * (implicitly locked). Also a DS (3E) prefix on a lockable instruction:
 * with one CPU present (vm.sh -b), kernels up to 6.x patch the LOCK prefix
 * of every LOCK_PREFIX site (.smp_locks) into DS, which means nothing in
 * 64-bit mode and which compilers do not emit, so the atomics of 6.1 and
 * 7.3 (which no longer patches) are counted alike.
 */
static int atomic(const uint8_t *p, size_t n)
{
	int lock = 0, ds = 0;

	for (; n; p++, n--) {
		if (*p == 0xf0)
			lock = 1;
		else if (*p == 0x3e)
			ds = 1;
		else if (*p != 0x66 && *p != 0x67 && *p != 0xf2 && *p != 0xf3 &&
			 *p != 0x2e && *p != 0x36 && *p != 0x26 &&
			 *p != 0x64 && *p != 0x65)
			break;
	}
	if (n && (*p & 0xf0) == 0x40) {		/* REX */
		p++;
		n--;
	}
	if (lock)
		return 1;
	if (n >= 2 && (p[0] == 0x86 || p[0] == 0x87) && (p[1] >> 6) != 3)
		return 1;
	return ds && lockable(p, n);
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t addr = qemu_plugin_tb_vaddr(tb);
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	uint64_t atomics = 0;
	struct block *b;

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		atomics += atomic(qemu_plugin_insn_data(insn),
				  qemu_plugin_insn_size(insn));
	}
	b = block_of(addr, n, atomics);

	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
	if (addr == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, dump,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 0);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
		else {
			fprintf(stderr, "insn_profile: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	if (!mark || !out) {
		fprintf(stderr, "insn_profile: needs mark=<address> and out=<prefix>\n");
		return -1;
	}
	table = calloc(table_size, sizeof(*table));
	if (!table)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	return 0;
}

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
 * executed, '<start address> <instructions> <executions>'. Blocks below the
 * kernel's half of the address space are summed in one line, address 0.
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
	uint64_t count;		/* bumped inline by the translated code */
	struct block *next;
};

static struct block **table;
static size_t table_size = 1 << 18;
static uint64_t mark;
static const char *out;
static unsigned int dumps;

static struct block *block_of(uint64_t addr, uint64_t insns)
{
	size_t h;
	struct block *b;

	if (addr < KERNEL_HALF)
		addr = 0;
	h = ((addr >> 2) * 0x9e3779b97f4a7c15ULL ^ insns) & (table_size - 1);
	for (b = table[h]; b; b = b->next)
		if (b->addr == addr && b->insns == insns)
			return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->addr = addr;
	b->insns = insns;
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
				fprintf(f, "%" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
					b->addr, b->insns, b->count);
			b->count = 0;
		}
	}
	fclose(f);
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t addr = qemu_plugin_tb_vaddr(tb);
	struct block *b = block_of(addr, qemu_plugin_tb_n_insns(tb));

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

# Workbench for the 6.1 block/io_uring/ublk series: fetch the pinned base,
# apply patches/, build, boot under QEMU, run the selftests, export.
# 'make help' lists the targets.

BUILD   ?= $(CURDIR)/build
TREE    ?= $(BUILD)/linux
PROFILE ?= default
OUT     ?= $(BUILD)/kernel-$(PROFILE)
TIMEOUT ?= 900
# A KASAN + lockdep guest under TCG runs the suites several times slower:
# liburing's alone takes hours there.
DEBUG_TIMEOUT ?= 14400
# ACCEPT_SERVED=1: build on the version the archive serves if the pin is gone.
export ACCEPT_SERVED

fragments_default := config/boot.config config/block.config config/trace.config
fragments_debug   := $(fragments_default) config/debug.config
fragments_module  := $(fragments_default) config/ublk-module.config
FRAGMENTS = $(or $(fragments_$(PROFILE)),$(error unknown PROFILE=$(PROFILE): default, debug or module))

# Under TCG, KASAN makes ACPI init run for over a minute of guest time without
# scheduling: the soft-lockup detector and RCU's stall warning (at 60 s, in
# NVMe probe's ACPI calls) would report boot itself.
append_debug := nosoftlockup rcupdate.rcu_cpu_stall_timeout=300
export WB_APPEND = $(append_$(PROFILE))
# ... and the kselftests there get five times their runner timeout (the
# ublk tests scale their own bounds by 5 on a lockdep kernel as well).
time_scale_debug := 5
export WB_TIME_SCALE = $(or $(time_scale_$(PROFILE)),1)

# The unpatched base, checked out beside the series, for benchmarks.
BASE_TREE = $(BUILD)/base/linux
BASE_OUT  = $(BUILD)/base/kernel-$(PROFILE)

# The series' selftest targets, run in this order.
SELFTESTS ?= io_uring ublk

# Benchmark suites (scripts/guest/bench.sh): bio cache, lazy task_work wake,
# one CQE per link.
BENCH_SUITES ?= bio lazy link
# Rounds of the 2-vCPU wall-clock ublk benchmark, kernels interleaved.
BENCH_ROUNDS ?= 5

stage = scripts/host/stage.sh

.PHONY: all help deps fetch tree export kernel base-kernel tio bench-ublk liburing liburing-baseline fio debug selftests run kselftest bench check checkpatch clean
all: kselftest

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## deps        install the Debian packages the workbench needs (as root)
deps:
	@$(stage) deps scripts/host/install-deps.sh

## fetch       download the pinned linux-source-6.1, commit it as tag 'base' in $(TREE)
fetch: $(TREE)/.git
$(TREE)/.git:
	@$(stage) fetch scripts/host/fetch-base.sh base.sha256 $(BUILD)/dl $(TREE)

## tree        apply patches/ on base (branch 'series')
tree: fetch
	@$(stage) tree scripts/host/series.sh apply $(TREE) patches

## export      write the tree's commits back to patches/
export:
	@$(stage) export scripts/host/series.sh export $(TREE) patches

## kernel      build PROFILE (default, debug, module) in $(BUILD)/kernel-PROFILE
kernel: $(if $(wildcard $(TREE)/.git/refs/heads/series),,tree)
	@$(stage) "kernel $(PROFILE)" scripts/host/build-kernel.sh $(TREE) $(OUT) $(FRAGMENTS)

## base-kernel build the unpatched base with the same PROFILE in $(BUILD)/base
base-kernel: fetch
	@[ -d $(BASE_TREE) ] || git -C $(TREE) worktree add -q --detach $(BASE_TREE) base
	@$(stage) "base kernel $(PROFILE)" scripts/host/build-kernel.sh $(BASE_TREE) $(BASE_OUT) $(FRAGMENTS)

## tio         build fio's t/io_uring from Debian's fio source package
tio:
	@$(stage) t/io_uring scripts/host/build-tio.sh $(BUILD)/src

## bench       base vs patched in icount mode, suites BENCH_SUITES (bio lazy link)
bench: kernel base-kernel tio $(BUILD)/link_nops
	@$(stage) bench scripts/host/bench.sh $(BASE_OUT) $(OUT) $(BUILD)/src/fio-*/t/io_uring $(BENCH_SUITES)

# The link suite's NOP chains, against the series' UAPI header.
$(BUILD)/link_nops: bench/link_nops.c kernel
	@make -s -C $(TREE) O=$(OUT) headers
	$(CC) -Wall -Wextra -O2 -I$(OUT)/usr/include -o $@ $<

# The ublk selftest server, which the ublk benchmark runs on every kernel.
$(BUILD)/ublk_server: kernel
	@make -s -C $(TREE) O=$(OUT) headers
	$(CC) -Wall -Wextra -O2 -pthread -I$(OUT)/usr/include -o $@ \
		$(TREE)/tools/testing/selftests/ublk/ublk_server.c

## bench-ublk  ublk, base and patched, built in and module: icount, then 2 vCPUs x BENCH_ROUNDS
bench-ublk: tio $(BUILD)/ublk_server
	@$(MAKE) -s kernel base-kernel PROFILE=module
	@$(MAKE) -s base-kernel PROFILE=default
	@$(stage) "bench ublk, icount" scripts/host/bench-ublk.sh $(BUILD) $(BUILD)/src/fio-*/t/io_uring icount
	@$(stage) "bench ublk, 2 vCPUs" scripts/host/bench-ublk.sh $(BUILD) $(BUILD)/src/fio-*/t/io_uring smp $(BENCH_ROUNDS)

## liburing    liburing 2.3's test suite on PROFILE, gated against liburing.baseline
liburing: kernel
	@$(stage) liburing scripts/host/liburing.sh $(OUT) $(BUILD)/src liburing.baseline $(TIMEOUT)

## liburing-baseline  rewrite liburing.baseline from the unpatched base kernel
liburing-baseline: base-kernel
	@$(stage) "liburing baseline" scripts/host/liburing.sh -b $(BASE_OUT) $(BUILD)/src liburing.baseline $(TIMEOUT)

## fio         the fio verify jobs (fio/verify.fio) in the guest on PROFILE
fio: selftests
	@$(stage) "fio verify" scripts/host/fio.sh $(OUT) $(TIMEOUT)

## debug       the debug profile: kselftests, liburing and fio verify; any kernel report fails
debug:
	@$(MAKE) -k PROFILE=debug TIMEOUT=$(DEBUG_TIMEOUT) kselftest liburing fio

## selftests   build the series' kselftests against the tree's own headers
selftests: kernel
	@$(stage) selftests scripts/host/build-selftests.sh $(TREE) $(OUT) $(SELFTESTS)

## run         boot PROFILE and run CMD in the guest (BENCH=1: -icount shift=0 -smp 1)
run: kernel
	@scripts/host/vm.sh -k $(OUT) -t $(TIMEOUT) $(if $(BENCH),-b) -- $(or $(CMD),uname -a)

## kselftest   boot PROFILE, run the series' kselftests, print the KTAP summary
kselftest: selftests
	@$(stage) kselftest scripts/host/kselftest.sh $(OUT) $(TIMEOUT)

## checkpatch  checkpatch.pl --strict on every patch of the series
checkpatch: fetch
	@$(stage) checkpatch scripts/host/checkpatch.sh $(TREE) patches

## check       the test gate: workbench self-tests, checkpatch, kselftests (ublk's also
##             on the module profile), liburing, fio verify
check: selftests
	@$(MAKE) -s selftests PROFILE=module SELFTESTS=ublk
	@$(stage) check scripts/host/check.sh $(TREE) $(OUT) $(TIMEOUT) $(BUILD)/kernel-module

## clean       remove kernel builds (keeps the download and the tree)
clean:
	rm -rf $(BUILD)/kernel-* $(BUILD)/vm

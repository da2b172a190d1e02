# Workbench for the 6.1 block/io_uring/ublk series: fetch the pinned base,
# apply patches/, build, boot under QEMU, run the selftests, export.
# 'make help' lists the targets.

BUILD   ?= $(CURDIR)/build
PROFILE ?= default
# Paths are words here: refuse what would be split (or empty).
ifneq ($(words $(CURDIR)),1)
$(error the workbench's path "$(CURDIR)" has a space: clone it where the path has none)
endif
ifneq ($(words $(BUILD)),1)
$(error BUILD="$(BUILD)": one absolute path without spaces)
endif
TIMEOUT ?= 900
# A KASAN + lockdep guest under TCG runs the suites several times slower:
# liburing's alone takes hours there.
DEBUG_TIMEOUT ?= 14400
# ACCEPT_SERVED=1: build on the version the archive serves if the pin is gone.
export ACCEPT_SERVED

# The kernel version the series is on. 6.1: patches/ on the pinned 6.1 base,
# in $(BUILD). 6.12: patches-6.12/ (the stable backport of the upstream
# fixes) on the pinned 6.12 source, the peer's tree, in $(BUILD)/peer.
# 7.3: patches-7.3/ (the upstream fixes) on Debian experimental's 7.3-rc,
# in $(BUILD)/up. Every path below follows from it.
KVER ?= 6.1
pin_6.1      := pins/linux-source-6.1.sha256
pin_6.12     := pins/linux-source-6.12.sha256
pin_7.3      := pins/linux-source-7.3.sha256
root_6.1     := $(BUILD)
root_6.12    := $(BUILD)/peer
root_7.3     := $(BUILD)/up
patches_6.1  := patches
patches_6.12 := patches-6.12
patches_7.3  := patches-7.3
# What each version needs beyond the common fragments (config/*.config say why).
fragment_6.1  := config/sysctl.config
fragment_6.12 := config/sysctl.config config/ublk-legacy.config
fragment_7.3  := config/ublk-legacy.config
PIN  = $(or $(pin_$(KVER)),$(error unknown KVER=$(KVER): 6.1, 6.12 or 7.3))
ROOT = $(root_$(KVER))

# The series: its tree (branch 'series' above tag 'base'), its build and
# the directory of its VM runs, one per profile, so that runs of two
# profiles (make check beside make debug) never share a disk.
TREE    ?= $(ROOT)/linux
PATCHES ?= $(patches_$(KVER))
OUT     ?= $(ROOT)/kernel-$(PROFILE)
VM      ?= $(ROOT)/vm-$(PROFILE)

# The object count of the last finished build of this tree version and
# profile, series or base: the total of a cold build's progress.
OBJECTS = $(ROOT)/.objects-$(PROFILE)

# The unpatched base, checked out beside the series, for benchmarks.
BASE_TREE = $(ROOT)/base/linux
BASE_OUT  = $(ROOT)/base/kernel-$(PROFILE)
BASE_VM   = $(ROOT)/base/vm-$(PROFILE)

# The peer: Debian's 6.12 LTS source, unpatched (the base of the 6.12
# series, checked out beside it), built from the same fragments
# (+ config/ublk-legacy.config), a third column in the benchmarks.
# PEER_OUT= leaves it out of the benchmarks.
PEER_OUT ?= $(if $(filter 6.1,$(KVER)),$(root_6.12)/base/kernel-$(PROFILE))
# make for the tree of version $(1), whatever TREE, OUT, ... this one was
# given; peer_make for the 6.12 tree.
kver_make = $(MAKE) -s KVER=$(1) TREE=$(root_$(1))/linux PATCHES=$(patches_$(1)) \
	OUT=$(root_$(1))/kernel-$(PROFILE) VM=$(root_$(1))/vm-$(PROFILE)
peer_make = $(call kver_make,6.12)

# The current upstream anchor: Debian's 7.3-rc base, unpatched, from the
# same fragments (+ config/ublk-legacy.config), the benchmarks' fourth
# column ('7.3'). UP_OUT= leaves it out.
UP_OUT ?= $(if $(filter 6.1,$(KVER)),$(root_7.3)/base/kernel-$(PROFILE))

fragments_default := config/boot.config config/block.config config/trace.config
fragments_debug   := $(fragments_default) config/debug.config
fragments_module  := $(fragments_default) config/ublk-module.config
FRAGMENTS = $(or $(fragments_$(PROFILE)),$(error unknown PROFILE=$(PROFILE): default, debug or module)) $(fragment_$(KVER))

# Under TCG, KASAN makes ACPI init run for over a minute of guest time without
# scheduling: the soft-lockup detector and RCU's stall warning (at 60 s, in
# NVMe probe's ACPI calls) would report boot itself.
append_debug := nosoftlockup rcupdate.rcu_cpu_stall_timeout=300
export WB_APPEND = $(append_$(PROFILE))
# ... and the kselftests there get five times their runner timeout (the
# ublk tests scale their own bounds by 5 on a lockdep kernel as well).
time_scale_debug := 5
export WB_TIME_SCALE = $(or $(time_scale_$(PROFILE)),1)

# The series' selftest targets, run in this order.
SELFTESTS ?= io_uring ublk

# Sources of Debian's liburing and fio packages, built here (never committed).
SRC = $(BUILD)/src
TIO = $(SRC)/fio-*/t/io_uring
# liburing per KVER: the pinned Debian source (pins/liburing-*.sha256) as
# tag 'base' of a tree of its own ($(SRC)/liburing-<version>/liburing),
# the series of tests on branch 'series', its suite judged against what
# fails on the base kernel of KVER. 6.1 keeps liburing 2.3 (bookworm's,
# the host's sources) and its series; 6.12 and 7.3 run 2.15 (sid's).
liburing_pin_6.1      := pins/liburing-2.3.sha256
liburing_pin_6.12     := pins/liburing-2.15.sha256
liburing_pin_7.3      := pins/liburing-2.15.sha256
liburing_patches_6.1  := patches-liburing-2.3
liburing_patches_6.12 := patches-liburing
liburing_patches_7.3  := patches-liburing
baseline_6.1  := liburing.baseline
baseline_6.12 := liburing-6.12.baseline
baseline_7.3  := liburing-7.3.baseline
LIBURING_PIN      = $(liburing_pin_$(KVER))
LIBURING_SRC      = $(SRC)/$(basename $(notdir $(LIBURING_PIN)))
LIBURING_TREE     = $(LIBURING_SRC)/liburing
LIBURING_PATCHES  = $(liburing_patches_$(KVER))
LIBURING_BASELINE = $(baseline_$(KVER))
# The guest's bound for a whole suite: 2.15's 258 tests took 31 min on the
# 7.3 base beside a kernel build, more than TIMEOUT.
LIBURING_TIMEOUT = $(shell t=$(TIMEOUT); echo $$((t > 5400 ? t : 5400)))
# The results each part of the gate expects, skips included, a list per
# part named after it (check.sh, ktap-count.sh -e).
EXPECTED = expected

# Benchmark suites (scripts/guest/bench.sh): bio cache, lazy task_work wake,
# one CQE per link; results and their VM runs in $(BENCH_DIR).
BENCH_SUITES ?= bio lazy link
BENCH_DIR = $(ROOT)/bench
# Rounds of the 2-vCPU wall-clock ublk benchmark, kernels interleaved.
BENCH_ROUNDS ?= 5
# Benchmark programs, against the series' UAPI headers.
LINK_NOPS   = $(ROOT)/link_nops
UBLK_SERVER = $(ROOT)/ublk_server

stage = scripts/host/stage.sh
# Stages of one tree version and profile run one make at a time
# (stage.sh); the stages of this make, recursive ones included, are one
# session, which waits for itself instead (make -j).
export WB_LOCK_FILE = $(ROOT)/.lock-$(PROFILE)
export WB_SESSION := $(or $(WB_SESSION),$(shell echo "$$PPID-$$(date +%s%N)"))
# Every suite's KTAP through one counter: results as they come, then
# 'N passed, N failed, N skipped'.
count = scripts/host/ktap-count.sh
has_series = $(shell git -C $(TREE) rev-parse --verify -q refs/heads/series 2>/dev/null)

.PHONY: all help deps fetch fetch-peer tree export kernel cover base-kernel peer-kernel up-kernel tio bench profile bench-ublk liburing liburing-baseline liburing-export fio debug selftests run kselftest expected lint send check check-stable checkpatch clean
all: kselftest

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## deps        install the Debian packages the workbench needs (as root)
# (no lock: run as root, it must not leave root's files in build/)
deps:
	@WB_LOCK_FILE= $(stage) deps scripts/host/install-deps.sh

## fetch       download the pinned linux-source-KVER (6.1), commit it as tag 'base' in TREE;
##             UPSTREAM_TREE=<git tree> [UPSTREAM_REV=<rev>]: that tree's revision instead
UPSTREAM_REV ?= HEAD
fetch: $(TREE)/.git
$(TREE)/.git:
	@$(stage) fetch $(if $(UPSTREAM_TREE),scripts/host/fetch-tree.sh $(UPSTREAM_TREE) $(UPSTREAM_REV), \
		scripts/host/fetch-base.sh $(PIN) $(BUILD)/dl) $(TREE)

## fetch-peer  the same for the 6.12 peer, in build/peer/linux
fetch-peer:
	@$(peer_make) fetch

## tree        apply PATCHES on base (branch 'series')
tree: fetch
	@$(stage) tree scripts/host/series.sh apply $(TREE) $(PATCHES)

## export      write the tree's commits back to PATCHES
export:
	@$(stage) export scripts/host/series.sh export $(TREE) $(PATCHES)

## kernel      build PROFILE (default, debug, module) in OUT (build/kernel-PROFILE)
kernel: $(if $(has_series),,tree)
	@$(stage) "kernel $(PROFILE)" scripts/host/build-kernel.sh -n $(OBJECTS) \
		$(TREE) $(OUT) $(FRAGMENTS)

## base-kernel build the unpatched base with the same PROFILE in build/base
base-kernel: fetch
	@[ -d $(BASE_TREE) ] || git -C $(TREE) worktree add -q --detach $(BASE_TREE) base
	@$(stage) "base kernel $(PROFILE)" scripts/host/build-kernel.sh -n $(OBJECTS) \
		$(BASE_TREE) $(BASE_OUT) $(FRAGMENTS)

## peer-kernel build the 6.12 peer, unpatched, with the same PROFILE in build/peer/base/kernel-PROFILE
peer-kernel:
	@$(peer_make) base-kernel

## up-kernel   build the 7.3-rc base, unpatched, with the same PROFILE in build/up/base/kernel-PROFILE
up-kernel:
	@$(call kver_make,7.3) base-kernel

## tio         build fio's t/io_uring from Debian's fio source package
tio:
	@$(stage) t/io_uring scripts/host/build-tio.sh $(SRC)

## bench       base, series, peer (6.12) and 7.3 in icount mode, suites BENCH_SUITES (bio lazy link)
bench: kernel base-kernel $(if $(PEER_OUT),peer-kernel) $(if $(UP_OUT),up-kernel) tio $(LINK_NOPS)
	@$(stage) bench scripts/host/bench.sh $(BENCH_DIR)/$(PROFILE) $(TIO) $(LINK_NOPS) "$(BENCH_SUITES)" \
		base=$(BASE_OUT) series=$(OUT) $(if $(PEER_OUT),peer=$(PEER_OUT)) $(if $(UP_OUT),7.3=$(UP_OUT))

## profile     instructions, calls and atomics per I/O by kernel function, two of
##             base, series, peer and 7.3 side by side (KERNELS="series 7.3"), on one
##             benchmark case (SUITE, CASE: as in 'make bench'); results in build/bench/profile
KERNELS ?= series peer
SUITE   ?= bio
CASE    ?= t/io_uring-128/32/32
ROWS    ?= 25
PLUGIN   = $(BUILD)/insn_profile.so
MARK     = $(BUILD)/mark
kout_base   = $(BASE_OUT)
kout_series = $(OUT)
kout_peer   = $(PEER_OUT)
kout_7.3    = $(UP_OUT)
build_base   = base-kernel
build_series = kernel
build_peer   = peer-kernel
build_7.3    = up-kernel
profile: $(foreach k,$(KERNELS),$(or $(build_$(k)),$(error unknown kernel $(k): base, series, peer or 7.3))) \
		tio $(LINK_NOPS) $(PLUGIN) $(MARK) $(if $(filter ublk,$(SUITE)),$(UBLK_SERVER))
	@$(stage) "profile $(SUITE) $(CASE)" scripts/host/profile.sh $(BENCH_DIR)/profile $(PLUGIN) $(MARK) \
		$(TIO) $(LINK_NOPS) $(UBLK_SERVER) $(SUITE) '$(CASE)' $(ROWS) \
		$(foreach k,$(KERNELS),$(k)=$(kout_$(k)))

$(PLUGIN): bench/insn_profile.c
	@scripts/host/build-plugin.sh $(SRC) $< $@

$(MARK): bench/mark.c
	$(CC) -Wall -O2 -static -o $@ $<

# The link suite's NOP chains, against the series' UAPI header.
$(LINK_NOPS): bench/link_nops.c kernel
	@make -s -C $(TREE) O=$(OUT) headers
	$(CC) -Wall -Wextra -O2 -I$(OUT)/usr/include -o $@ $<

# The ublk selftest server, which the ublk benchmark runs on every kernel.
$(UBLK_SERVER): kernel
	@make -s -C $(TREE) O=$(OUT) headers
	$(CC) -Wall -Wextra -O2 -pthread -I$(OUT)/usr/include -o $@ \
		$(TREE)/tools/testing/selftests/ublk/ublk_server.c

ublk_kernels = base-y=$(ROOT)/base/kernel-default base-m=$(ROOT)/base/kernel-module \
	series-y=$(ROOT)/kernel-default series-m=$(ROOT)/kernel-module \
	$(if $(PEER_OUT),peer-y=$(root_6.12)/base/kernel-default) \
	$(if $(UP_OUT),7.3-y=$(root_7.3)/base/kernel-default)
## bench-ublk  ublk on base, series (built in and module), peer and 7.3: icount, then 2 vCPUs x BENCH_ROUNDS
bench-ublk: tio $(UBLK_SERVER)
	@$(MAKE) -s kernel base-kernel PROFILE=module
	@$(MAKE) -s base-kernel $(if $(PEER_OUT),peer-kernel) $(if $(UP_OUT),up-kernel) PROFILE=default
	@$(stage) "bench ublk, icount" scripts/host/bench-ublk.sh $(BENCH_DIR)/ublk-icount $(TIO) \
		$(UBLK_SERVER) icount 1 $(ublk_kernels)
	@$(stage) "bench ublk, 2 vCPUs" scripts/host/bench-ublk.sh $(BENCH_DIR)/ublk-smp $(TIO) \
		$(UBLK_SERVER) smp $(BENCH_ROUNDS) $(ublk_kernels)

## liburing    KVER's liburing test suite with its series on PROFILE (6.1: 2.3 with
##             patches-liburing-2.3/, 6.12 and 7.3: 2.15 with patches-liburing/), gated
##             against the baseline of KVER (liburing.baseline, liburing-KVER.baseline);
##             LIBURING_TESTS="a.t b.t" runs only those
liburing: kernel
	@$(stage) liburing $(count) -a -- scripts/host/liburing.sh $(if $(LIBURING_TESTS),-t '$(LIBURING_TESTS)') \
		$(OUT) $(VM)/liburing $(LIBURING_SRC) $(LIBURING_PIN) $(LIBURING_PATCHES) $(LIBURING_BASELINE) $(LIBURING_TIMEOUT)

## liburing-baseline  rewrite KVER's liburing baseline from the unpatched base kernel
##             (LIBURING_TESTS: run those on the base, without writing)
liburing-baseline: base-kernel
	@$(stage) "liburing baseline" $(if $(LIBURING_TESTS),$(count) -a --) scripts/host/liburing.sh \
		$(if $(LIBURING_TESTS),-t '$(LIBURING_TESTS)',-b) $(BASE_OUT) $(BASE_VM)/liburing $(LIBURING_SRC) \
		$(LIBURING_PIN) $(LIBURING_PATCHES) $(LIBURING_BASELINE) $(LIBURING_TIMEOUT)

## liburing-export  write KVER's liburing tree's commits back to its series (LIBURING_PATCHES)
liburing-export:
	@$(stage) "liburing export" scripts/host/series.sh export $(LIBURING_TREE) $(LIBURING_PATCHES)

## fio         the fio verify jobs (fio/verify.fio) in the guest on PROFILE
fio: selftests
	@$(stage) "fio verify" $(count) -a -- scripts/host/fio.sh $(OUT) $(VM)/fio fio/verify.fio $(TIMEOUT)

## debug       the debug profile: kselftests, liburing and fio verify; any kernel report fails
debug:
	@$(MAKE) -k PROFILE=debug TIMEOUT=$(DEBUG_TIMEOUT) kselftest liburing fio

## selftests   build the series' kselftests against the tree's own headers
selftests: kernel
	@$(stage) selftests scripts/host/build-selftests.sh $(TREE) $(OUT) $(SELFTESTS)

## run         boot PROFILE and run CMD in the guest (BENCH=1: -icount shift=0 -smp 1)
# CMD reaches the guest's shell as it was given, through the environment:
# pasted into the recipe, make would expand its $ and the host's shell
# would run its &&, ; and > itself.
export WB_RUN_CMD := $(value CMD)
run: kernel
	@scripts/host/vm.sh -k $(OUT) -d $(VM)/run -t $(TIMEOUT) $(if $(BENCH),-b) -- \
		/bin/sh -c "$${WB_RUN_CMD:-uname -a}"

## kselftest   boot PROFILE, run the series' kselftests, print each result and the summary
kselftest: selftests
	@$(stage) kselftest $(count) -a -- scripts/host/kselftest.sh $(OUT) $(VM)/kselftest $(TIMEOUT)

## expected    rewrite expected/ (each part's list of results) from the logs of the last
##             make check and make check-stable; a list is written only from a part without
##             failures: review the diff before committing it
expected:
	@for k in $(wildcard $(VM)/check/*.ktap $(root_6.12)/vm-$(PROFILE)/check/*.ktap); do \
		l=$${k%.ktap}.log; e=$(EXPECTED)/$$(basename $${k%.ktap}); \
		[ -f $$l ] || continue; \
		$(count) -q -w $$e < $$l | sed "s|^|$$e: |"; \
	done

## cover       build coverage of KVER's series, commit by commit: the default
##             PROFILE's config whole, allmodconfig, i386 and !SMP (those three
##             under the directories the series changes); no new warnings
cover: tree
	@$(stage) "each commit builds" $(count) -- scripts/host/build-each.sh $(TREE) \
		$(ROOT)/each/linux $(ROOT)/each/kernel-$(PROFILE) $(ROOT)/each/logs $(FRAGMENTS)
	@$(stage) "build coverage" $(count) -- scripts/host/build-cover.sh $(TREE) $(ROOT)/cover

## checkpatch  checkpatch.pl --strict on every patch of the series
checkpatch: fetch
	@$(stage) checkpatch $(count) -- scripts/host/checkpatch.sh $(TREE) $(PATCHES)

## lint        sparse (C=2) and W=1 on the files the series changes: nothing new against the base
lint: kernel base-kernel
	@$(stage) lint $(count) -- scripts/host/lint.sh $(TREE) $(OUT) $(BASE_TREE) $(BASE_OUT) $(ROOT)/lint

## send        mail the series of KVER with git send-email, each patch to whom the tree's
##             get_maintainer.pl names, from SENDER="Name <address>" (else your git
##             user.name/user.email), signed off by it (DRY_RUN=1: only check what would go out)
send: tree
	@$(stage) send scripts/host/send.sh $(if $(DRY_RUN),-n) $(TREE) $(PATCHES) $(ROOT)/send

## check       the test gate: workbench self-tests, send dry run with checkpatch, kselftests
##             (ublk's also on the module profile), liburing, fio verify; the 7.3 series'
##             round trip and send dry run, a build of each of its patches, and its
##             liburing series' tests
# make check uses the default and module builds and 7.3's: it holds their
# locks, whatever PROFILE says.
check: export WB_LOCK_FILE = $(ROOT)/.lock-default $(ROOT)/.lock-module $(root_7.3)/.lock-default
check: tree
	@$(MAKE) -s selftests
	@$(MAKE) -s selftests PROFILE=module SELFTESTS=ublk
	@$(MAKE) -s KVER=7.3 PROFILE=default tree
	@$(stage) check scripts/host/check.sh -t $(TREE) -p $(PATCHES) -k $(OUT) -m $(ROOT)/kernel-module \
		-w $(VM)/check -s $(LIBURING_SRC) -L $(LIBURING_PIN) -l $(LIBURING_PATCHES) -b $(LIBURING_BASELINE) -e $(EXPECTED) \
		-T $(TIMEOUT) $(call upstream_check,7.3)

## check-stable  the 6.12 stable backport's part of the gate (as check's 7.3 part)
check-stable: export WB_LOCK_FILE = $(root_6.12)/.lock-default
check-stable:
	@$(peer_make) PROFILE=default tree
	@$(stage) "check 6.12" scripts/host/check.sh -O -w $(root_6.12)/vm-default/check -e $(EXPECTED) \
		-T $(TIMEOUT) $(call upstream_check,6.12)

# check.sh's options for the series of version $(1).
upstream_check = -u $(root_$(1))/linux -V $(1) -P $(patches_$(1)) -W $(root_$(1))/each/linux \
	-K $(root_$(1))/each/kernel-default -F "$(abspath $(fragments_default) $(fragment_$(1)))" \
	-S $(SRC)/$(basename $(notdir $(liburing_pin_$(1)))) -N $(liburing_pin_$(1)) -M $(liburing_patches_$(1))

## clean       remove kernel builds, VM runs and benchmark results of series, base
##             and peer (keeps downloads, trees and the liburing/fio sources)
clean:
	@case '$(BUILD)' in /?*) ;; *) echo "clean: BUILD='$(BUILD)' is not an absolute path" >&2; exit 1 ;; esac
	rm -rf --one-file-system $(foreach r,$(root_6.1) $(root_6.12) $(root_7.3),$(addprefix '$(r)'/,kernel-* vm-* \
		bench base/kernel-* base/vm-* each/kernel-* lint link_nops ublk_server)) '$(BUILD)'/insn_profile.so '$(BUILD)'/mark

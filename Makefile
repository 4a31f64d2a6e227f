# SPDX-License-Identifier: MIT
# Front door: `make run`, `make test`, `make bench`. Each installs what is missing.
BUILD ?= build
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=Release
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# ccache where it is installed (make deps-build installs it): every CMake build below,
# the Python package's included, compiles through it, with the paths under this checkout
# hashed as relative ones, so that a fresh clone in another folder hits the cache too.
ifneq ($(shell command -v ccache),)
export CMAKE_C_COMPILER_LAUNCHER := ccache
export CMAKE_CXX_COMPILER_LAUNCHER := ccache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := true
endif

.PHONY: all deps configure build run test test-cpp bench clean

# `make test` runs its steps two at a time, then the last ones alone (tools/make_test.sh);
# each face or check appends its own, STEP:AFTER when it uses a tree another step builds
# (docs/testing.md).
TEST_STEPS := test-cpp
TEST_LAST :=

all: build

# apt-installs what is missing: $(1) command:package pairs, $(2) file:package pairs.
define install_missing
	@missing=""; \
	for pair in $(1); do command -v $${pair%%:*} >/dev/null || missing="$$missing $${pair##*:}"; done; \
	for pair in $(2); do [ -f "$${pair%%:*}" ] || missing="$$missing $${pair##*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

# deps-build: what building liblwc and the Python package needs (make run installs only
# this and python3-venv / python3-dev); deps adds what the tests and benchmarks need:
# GoogleTest and Google Benchmark from the system's packages, pkg-config, and (below)
# the security checks' tools.
.PHONY: deps-build
deps-build:
	$(call install_missing,cmake:cmake ninja:ninja-build g++:g++ ccache:ccache,)

deps: deps-build
	$(call install_missing,pkg-config:pkg-config ctags:universal-ctags,\
	  /usr/include/gtest/gtest.h:libgtest-dev /usr/include/benchmark/benchmark.h:libbenchmark-dev)

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

configure: $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The main job, from the command line: lwc (installed with the Python package, see
# python-install below) lists the schemes, hashes a file, encrypts and decrypts it as a
# stream (and refuses a forged copy), seals it as one message with associated data, and
# checks an official KAT file.
run: python-install
	@set -e; lwc="$(abspath $(VENV))/bin/lwc"; top="$(CURDIR)"; \
	dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; cd "$$dir"; \
	show() { printf '\n$$ lwc %s\n' "$$*"; "$$lwc" "$$@"; }; \
	show list; \
	printf 'Attack at dawn.\n' > msg.txt; \
	show hash msg.txt; \
	show keygen -a xoodyak -o key.hex; \
	show encrypt -a xoodyak --key-file key.hex --hex msg.txt -o msg.hex; \
	printf '\n$$ cat msg.hex    # a stream: header || chunk (ciphertext || tag)\n'; cat msg.hex; \
	show decrypt -a xoodyak --key-file key.hex --hex msg.hex; \
	sed 's/0$$/1/;t;s/.$$/0/' msg.hex > forged.hex; \
	show decrypt -a xoodyak --key-file key.hex --hex forged.hex -o out.txt \
	  || echo "(exit status $$?: the forged copy is refused, nothing written)"; \
	show encrypt -a xoodyak --format oneshot --key-file key.hex --ad-hex 0102 --hex msg.txt; \
	cd "$$top"; show kat -a xoodyak tests/kat/xoodyak.txt

test-cpp: build
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure

bench: build
	$(BUILD)/bench/lwc_bench $(BENCH_ARGS)

clean:
	rm -rf $(BUILD)

# --- steps appended by each face and check (keep each in its own section) ---

# C ABI (liblwc): installed into a temporary prefix, used from C and C++ programs built
# with find_package(lwc) and with pkg-config. The KAT tests of liblwc run in test-cpp.
TEST_STEPS += test-capi-consumer:test-cpp
.PHONY: test-capi-consumer
test-capi-consumer: build
	tests/capi/consumer/run.sh $(BUILD)

# Python package (pyproject.toml, python/): `make venv` makes .venv with the build and test
# dependencies from PyPI (pyproject's dependency group dev); `make python-install` builds
# and installs lwcrypto into it, non-editable as a user gets it, with a persistent build
# dir so that reinstalls are incremental. (For development: .venv/bin/pip install
# --no-build-isolation -C build-dir=build-py -e .) test-python runs every pytest suite.
VENV ?= .venv
PY_BUILD ?= build-py
PYTHON := $(VENV)/bin/python
TEST_STEPS += test-python:test-cpp
TEST_LAST += test-python-threads
.PHONY: venv python-install test-python

# python3-venv and Python.h (python3-dev) come from apt where the system Python lacks them.
# .build-deps: the venv with pyproject's group build (what python-install, and so make
# run, needs); .deps adds the group dev (the test tools).
$(VENV)/.build-deps: pyproject.toml
	@python3 -c 'import ensurepip, os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null || \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv python3-dev; }
	[ -x $(PYTHON) ] || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q --group build
	touch $@

$(VENV)/.deps: $(VENV)/.build-deps
	$(PYTHON) -m pip install -q --group dev
	touch $@

venv: $(VENV)/.deps

# PY_CAPI: a liblwc.a to link instead of building liblwc again (test-python passes the
# main tree's, built first; a user's pip install builds its own).
PY_CAPI ?=
python-install: $(VENV)/.build-deps | deps-build
	CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) $(PYTHON) -m pip install -v --no-build-isolation \
	  -C build-dir=$(PY_BUILD) -C cmake.define.LWC_PYTHON_CAPI="$(PY_CAPI)" .

# In make test (LWC_TEST_LANES set), the thread test, which needs a second idle
# core to show the GIL released, waits for test-python-threads, run alone at the end.
THREADS_TEST := tests/python/test_threads.py
test-python: configure $(VENV)/.deps
	cmake --build $(BUILD) -j $(JOBS) --target lwc_capi_static
	$(MAKE) --no-print-directory python-install PY_CAPI=$(CURDIR)/$(BUILD)/capi/liblwc.a
	$(PYTHON) -m pytest -q tests/python $(if $(LWC_TEST_LANES),--ignore=$(THREADS_TEST))

# The inner loop (docs/testing.md): the main tree's C++ and C suites and the Python suites,
# on what is built; about a minute and a half after a build on 2 cores. It leaves out the
# build-as-a-user checks (tests/build), the add-a-variant test, the thread test, and every
# other tree (sanitizers, constant time, fuzzing, firmware, docs): make test runs them.
.PHONY: check-fast
check-fast: build $(VENV)/.deps
	cd $(BUILD) && ctest -j $(JOBS) --output-on-failure -E '^(build\.|add_a_variant$$)'
	$(MAKE) --no-print-directory python-install PY_CAPI=$(CURDIR)/$(BUILD)/capi/liblwc.a
	$(PYTHON) -m pytest -q tests/python --ignore=$(THREADS_TEST)

.PHONY: test-python-threads
test-python-threads: $(VENV)/.deps
	$(PYTHON) -m pytest -q $(THREADS_TEST)

# --- security checks (docs/security.md): sanitizers, constant time, fuzzing ---
# One clang build with AddressSanitizer + UndefinedBehaviorSanitizer (and the standard
# library's bounds checks on operator[]) holds the C++ test suite, liblwc with its C tests
# (KATs and argument checks on every backend) and the libFuzzer targets. test-ct: below.
SAN_BUILD ?= build-asan
# -O0: the sanitizers check every access the source makes (none optimized away), and the
# tree compiles in a third of -O1's time; line tables are all a report needs. The fuzz
# targets keep -O1 (fuzz/CMakeLists.txt) for their execution rate, and so does the code
# whose run is most of its time (LWC_LONG_RUN_FLAGS: liblwc's backends, the firmware
# runners, the AEAD and hash suites): the runner's 7 s compile and 43 s run become 16 s
# and 3 s, a backend's 8 s compile 19 s and the portable one's 38 s KAT run 3 s.
SAN_FLAGS := -O0 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
  -D_GLIBCXX_ASSERTIONS
FUZZ_TARGETS := aead_decrypt aead_inplace hash_split fast_vs_portable
# Seconds per fuzz target (make test, make fuzz) and per timing target (make test,
# make ct-long).
FUZZ_TEST_SECONDS ?= 15
FUZZ_SECONDS ?= 600
FUZZ_ARGS := -max_len=2048 -print_final_stats=1
CT_SECONDS ?= 0.2
CT_LONG_SECONDS ?= 60
CT_CMAKE := -G Ninja -DCMAKE_BUILD_TYPE=Release -DLWC_BUILD_TESTS=OFF -DLWC_BUILD_BENCH=OFF \
  -DLWC_BUILD_EXAMPLES=OFF -DLWC_BUILD_CAPI=OFF -DLWC_BUILD_CT=ON

# The timing tests run last and alone: another step's load would disturb them.
TEST_STEPS += test-sanitize test-fuzz:test-sanitize test-ct-gcc test-ct-clang
TEST_LAST += test-ct-timing
.PHONY: deps-sec test-sanitize test-ct test-ct-timing test-fuzz fuzz ct-long

deps: deps-sec
# clang with its sanitizer and libFuzzer runtimes, and valgrind.
deps-sec:
	$(call install_missing,clang++:clang valgrind:valgrind,\
	  $$(clang++ -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-dev)

# Configured again when this Makefile changes (an existing build keeps its old options
# otherwise).
$(SAN_BUILD)/build.ninja: Makefile | deps-sec
	CC=clang CXX=clang++ cmake -S . -B $(SAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE= \
	  -DCMAKE_CXX_FLAGS="$(SAN_FLAGS)" -DCMAKE_C_FLAGS="$(SAN_FLAGS)" \
	  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
	  -DLWC_BUILD_BENCH=OFF -DLWC_BUILD_EXAMPLES=OFF -DLWC_BUILD_CAPI=ON -DLWC_BUILD_FUZZ=ON \
	  -DLWC_LONG_RUN_FLAGS=-O1
	touch $@

# The whole C++ suite and the C ABI tests under ASan + UBSan: any report aborts its test.
# Everything the build holds (every test program ctest lists, and the fuzz targets that
# test-fuzz runs next), so that a new test program cannot be "Not Run" here.
test-sanitize: $(SAN_BUILD)/build.ninja
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ctest -j $(JOBS) --output-on-failure

# The checks whose outcome depends on code generation (tests/targets: stack residue and
# depth, frame sizes, constant time) for a fixed list of -march targets, with gcc and with
# clang: each compiled for every target and run for those this CPU can run (the others
# are reported as skipped). valgrind checks constant time on the targets without AVX-512
# (it cannot run AVX-512 code), the timing test on the others, each preceded by its
# control that must fail. docs/testing.md lists the targets.
TARGET_BUILDS := gcc clang
TARGETS_ENV_clang := CC=clang CXX=clang++
build-targets-%/build.ninja: Makefile | deps-sec
	$(TARGETS_ENV_$*) cmake -S tests/targets -B build-targets-$* -G Ninja \
	  -DLWC_CT_SECONDS=$(CT_SECONDS)
	touch $@

test-ct: $(TARGET_BUILDS:%=test-ct-%) test-ct-timing

# One compiler's tree: every check but the timing tests (test-ct-timing).
test-ct-%: build-targets-%/build.ninja
	cmake --build build-targets-$* -j $(JOBS)
	cd build-targets-$* && ctest -j $(JOBS) --output-on-failure -E '^ct_dudect'

test-ct-timing: $(TARGET_BUILDS:%=build-targets-%/build.ninja)
	for b in $(TARGET_BUILDS); do \
	  cmake --build build-targets-$$b -j $(JOBS) && \
	  (cd build-targets-$$b && ctest --output-on-failure -R '^ct_dudect') || exit 1; done

# The timing test at length, on this machine's own -march (not part of make test).
build-ct-native/build.ninja: | deps-sec
	cmake -S . -B build-ct-native $(CT_CMAKE) -DLWC_NATIVE=ON

ct-long: build-ct-native/build.ninja
	cmake --build build-ct-native -j $(JOBS) --target ct_dudect
	build-ct-native/tests/ct/ct_dudect --all --seconds $(CT_LONG_SECONDS)

# Runs every fuzz target for SECONDS on CORPUS/<target> (seeded from the KATs when
# missing); prints runs and runs per second; a failure prints its report (the frames
# nearest to it) and keeps the input.
define run_fuzzers
	cmake --build $(SAN_BUILD) -j $(JOBS) $(addprefix --target fuzz_,$(FUZZ_TARGETS) make_corpus)
	[ -d $(2) ] || $(SAN_BUILD)/fuzz/fuzz_make_corpus $(2)
	mkdir -p $(SAN_BUILD)/fuzz-logs
	for t in $(FUZZ_TARGETS); do \
	  log=$(SAN_BUILD)/fuzz-logs/$$t.log; \
	  $(SAN_BUILD)/fuzz/fuzz_$$t -max_total_time=$(1) $(FUZZ_ARGS) \
	    -artifact_prefix=$(SAN_BUILD)/fuzz-logs/$$t- $(2)/$$t > $$log 2>&1 || \
	    { grep -m1 -A30 -E 'ERROR:|runtime error' $$log | cut -c1-200; \
	      echo "fuzz_$$t FAILED (input saved as $(SAN_BUILD)/fuzz-logs/$$t-*)"; exit 1; }; \
	  runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $$log); \
	  echo "fuzz_$$t: $$runs runs in $(1) s ($$((runs / $(1)))/s), no failure"; done
endef

# A bounded run in make test (fresh seeds every time), so CI keeps the targets working.
test-fuzz: $(SAN_BUILD)/build.ninja
	rm -rf $(SAN_BUILD)/corpus-test
	$(call run_fuzzers,$(FUZZ_TEST_SECONDS),$(SAN_BUILD)/corpus-test)

# Long runs: make fuzz FUZZ_SECONDS=3600; the corpus in $(SAN_BUILD)/corpus grows.
fuzz: $(SAN_BUILD)/build.ninja
	$(call run_fuzzers,$(FUZZ_SECONDS),$(SAN_BUILD)/corpus)


# --- firmware and other architectures (docs/firmware.md) ---
# tests/firmware built with each toolchain file of cmake/: bare metal on QEMU's Cortex-M4
# (mps2-an386) and Cortex-M0 (microbit) boards at -Os without exceptions or RTTI, on its
# RISC-V virt board (rv32imac) at -Os and -O2, and
# Linux on AArch64 and big-endian s390x under qemu-user. Each runs every KAT record of
# every scheme with the C++ runner (plus round trips, refusals and the stack check) and,
# through liblwc.a, with a C program. `tests/firmware/sizes.sh` prints the size table.
FW_CMAKE_m4 := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/arm-none-eabi.cmake -DLWC_ARM_CPU=cortex-m4 \
  -DCMAKE_BUILD_TYPE=MinSizeRel -DLWC_FW_ROUNDS=50
FW_CMAKE_m0plus := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/arm-none-eabi.cmake \
  -DLWC_ARM_CPU=cortex-m0plus -DCMAKE_BUILD_TYPE=MinSizeRel -DLWC_FW_ROUNDS=50
# RISC-V rv32imac bare metal on QEMU's virt board, at -Os (the compact code) and -O2.
FW_CMAKE_rv32 := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/riscv32-unknown-elf.cmake \
  -DCMAKE_BUILD_TYPE=MinSizeRel -DLWC_FW_ROUNDS=50
FW_CMAKE_rv32o2 := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/riscv32-unknown-elf.cmake \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DLWC_FW_ROUNDS=50
FW_CMAKE_aarch64 := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release
FW_CMAKE_s390x := -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/s390x-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release
# Two steps, which can run side by side: the Cortex-M boards (with the leakage test) and
# the others.
FW_BUILDS_arm := m4 m0plus
FW_BUILDS_other := rv32 rv32o2 aarch64 s390x
TEST_STEPS += test-firmware-arm test-firmware-other
.PHONY: deps-firmware test-firmware test-firmware-arm test-firmware-other

deps-firmware:
	$(call install_missing,cmake:cmake ninja:ninja-build arm-none-eabi-g++:gcc-arm-none-eabi \
	  qemu-system-arm:qemu-system-arm qemu-aarch64:qemu-user qemu-s390x:qemu-user \
	  aarch64-linux-gnu-g++:g++-aarch64-linux-gnu s390x-linux-gnu-g++:g++-s390x-linux-gnu \
	  riscv64-unknown-elf-g++:gcc-riscv64-unknown-elf qemu-system-riscv32:qemu-system-misc,\
	  /usr/lib/arm-none-eabi/newlib/libstdc++.a:libstdc++-arm-none-eabi-newlib \
	  /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs:picolibc-riscv64-unknown-elf \
	  /usr/lib/llvm-14/include/c++/v1/span:libc++-14-dev /usr/include/unicorn/unicorn.h:libunicorn-dev)

build-fw-%/build.ninja: Makefile | deps-firmware
	cmake -S tests/firmware -B build-fw-$* -G Ninja $(FW_CMAKE_$*)
	touch $@

test-firmware: test-firmware-arm test-firmware-other

define fw_step
test-firmware-$(1): $$(FW_BUILDS_$(1):%=build-fw-%/build.ninja)
	for b in $$(FW_BUILDS_$(1)); do \
	  cmake --build build-fw-$$$$b -j $$(JOBS) && \
	  (cd build-fw-$$$$b && ctest -j $$(JOBS) --output-on-failure) || exit 1; done
endef
$(foreach part,arm other,$(eval $(call fw_step,$(part))))

# --- side-by-side speed against public peers (docs/speed.md) ---
# make bench-peers PEERS_DIR=/path/to/clones [PEERS_ARGS="--rounds 11 --only xoodyak"]
PEERS_ARGS ?=
.PHONY: bench-peers
bench-peers:
	@[ -n "$(PEERS_DIR)" ] || { echo "make bench-peers PEERS_DIR=... (see docs/speed.md)"; exit 2; }
	$(call install_missing,gcc:gcc g++:g++ clang++:clang python3:python3,)
	bench/peers/run.sh $(PEERS_DIR) $(PEERS_ARGS)

# --- the docs' commands (tools/run_doc_commands.py) ---
# Every fenced block marked `sh tested` in README.md and docs/*.md runs as written, in a
# scratch directory beside a copy of the checkout: liblwc configured, built, installed and
# linked into a C program with pkg-config (docs/c-api.md), and liblwc.a built for Cortex-M
# with the toolchain file (README.md, docs/firmware.md: gcc-arm-none-eabi of deps-firmware).
TEST_STEPS += test-docs
.PHONY: test-docs
test-docs: deps deps-firmware
	CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) python3 tools/run_doc_commands.py

# Last, after every section has appended its steps: what every step needs installed
# first (two steps must not run apt at once), then the steps (tools/make_test.sh): the
# table of steps, workers and times at the end, and the end of a failing step's log
# (every step's output is in test-logs/).
.PHONY: test-deps
test-deps: deps deps-sec deps-firmware venv

test: test-deps
	@tools/make_test.sh "$(TEST_STEPS)" "$(TEST_LAST)"

# --- package manifests (docs/package-managers.md) ---
# library.json (PlatformIO), library.properties (Arduino: tools/package_arduino.sh builds
# liblwc.a per core and assembles build-arduino/lwcrypto, then links the sketch as C++17),
# zephyr/module.yml and idf_component.yml, each checked offline by its tool: pio pkg pack
# (tools/pio_pack.py: the SPDX list from `packaging` instead of the network), arduino-lint
# where the Go module proxy serves it (else tools/check_manifests.py's stand-in), Zephyr's
# module schema with pykwalify and west's manifest validator, compote manifest lint and
# component pack. The Python tools go into .venv, arduino-lint into build-tools/bin, before
# make test's steps (test-deps).
TOOLS_DIR ?= build-tools
ARDUINO_LINT_VERSION ?= v1.3.0
TEST_STEPS += test-manifests
.PHONY: deps-manifests test-manifests
test-deps: deps-manifests

$(VENV)/.manifest-tools: $(VENV)/.build-deps
	$(PYTHON) -m pip install -q platformio west idf-component-manager
	touch $@

# One try at arduino-lint per build-tools/ (the proxy refuses it on some networks).
$(TOOLS_DIR)/.arduino-lint-tried:
	mkdir -p $(TOOLS_DIR)/bin
	-command -v go >/dev/null && GOBIN=$(abspath $(TOOLS_DIR))/bin \
	  go install github.com/arduino/arduino-lint@$(ARDUINO_LINT_VERSION)
	touch $@

deps-manifests: $(VENV)/.manifest-tools $(TOOLS_DIR)/.arduino-lint-tried deps-firmware

test-manifests: deps-manifests
	tools/package_arduino.sh build-arduino
	$(PYTHON) tools/check_manifests.py --arduino build-arduino/lwcrypto
	@if [ -x $(TOOLS_DIR)/bin/arduino-lint ]; then set -x; \
	  $(TOOLS_DIR)/bin/arduino-lint --library-manager submit --compliance strict build-arduino/lwcrypto; \
	else echo "arduino-lint: not installed (the Go module proxy did not serve it); checked by tools/check_manifests.py above"; fi
	@# The packers read a copy of the checkout without its build trees, not the checkout:
	@# steps running beside this one create and remove files in theirs meanwhile (a firmware
	@# test's temporary image once reached the ESP-IDF archive half-gone). A build tree put
	@# into the copy keeps the check that the manifests leave build trees out.
	rm -rf $(TOOLS_DIR)/pio $(TOOLS_DIR)/idf $(TOOLS_DIR)/tree
	mkdir -p $(TOOLS_DIR)/pio $(TOOLS_DIR)/idf $(TOOLS_DIR)/tree/build-x
	tar -c --exclude='./build*' --exclude=./.venv --exclude=./.git --exclude=./test-logs . \
	  | tar -x -C $(TOOLS_DIR)/tree
	touch $(TOOLS_DIR)/tree/build-x/CMakeCache.txt
	PLATFORMIO_CORE_DIR=$(abspath $(TOOLS_DIR))/pio-core $(PYTHON) tools/pio_pack.py $(TOOLS_DIR)/tree \
	  $(TOOLS_DIR)/pio | grep -i -e wrote -e error
	tar tzf $(TOOLS_DIR)/pio/lwcrypto-*.tar.gz > $(TOOLS_DIR)/pio/files
	grep -qx include/lwc/lwc.hpp $(TOOLS_DIR)/pio/files && grep -qx capi/lwc.cpp $(TOOLS_DIR)/pio/files \
	  && ! grep -qE '^(tests|bench|docs|build[^/]*)/' $(TOOLS_DIR)/pio/files
	$(VENV)/bin/compote -W manifest lint idf_component.yml examples/esp-idf/main/idf_component.yml
	cd $(TOOLS_DIR)/tree && $(abspath $(VENV))/bin/compote component pack --name lwcrypto \
	  --dest-dir $(abspath $(TOOLS_DIR))/idf | tail -1
	tar tzf $(TOOLS_DIR)/idf/lwcrypto_*.tgz > $(TOOLS_DIR)/idf/files
	grep -qx ./capi/lwc.cpp $(TOOLS_DIR)/idf/files && ! grep -qE '^\./(tests|bench|docs|build[^/]*)/' $(TOOLS_DIR)/idf/files
	@# the C examples against lwc.h, with stand-ins for the RTOS headers
	mkdir -p $(TOOLS_DIR)/stub/zephyr/sys && echo '#include <stdio.h>' > $(TOOLS_DIR)/stub/zephyr/kernel.h
	echo '#define printk printf' > $(TOOLS_DIR)/stub/zephyr/sys/printk.h
	printf '#include <stdio.h>\n#define ESP_LOGI(t, f, ...) printf(f, __VA_ARGS__)\n' > $(TOOLS_DIR)/stub/esp_log.h
	cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I capi -I $(TOOLS_DIR)/stub examples/esp-idf/main/main.c
	cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I capi -I $(TOOLS_DIR)/stub examples/zephyr/src/main.c
	@echo "test-manifests: library.json, library.properties, zephyr/module.yml, idf_component.yml checked"

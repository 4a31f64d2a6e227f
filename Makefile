# Front door: `make run`, `make test`, `make bench`. Each installs what is missing.
BUILD ?= build
CMAKE_FLAGS ?= -G Ninja -DCMAKE_BUILD_TYPE=Release
JOBS ?= $(shell nproc)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build run test test-cpp bench clean

# `make test` runs every step listed here, in order; each face or check appends its own.
TEST_STEPS := test-cpp

all: build

# GoogleTest and Google Benchmark from the system's packages, with the build tools.
deps:
	@missing=""; \
	for pair in cmake:cmake ninja:ninja-build g++:g++ pkg-config:pkg-config; do \
	  command -v $${pair%%:*} >/dev/null || missing="$$missing $${pair##*:}"; done; \
	[ -f /usr/include/gtest/gtest.h ] || missing="$$missing libgtest-dev"; \
	[ -f /usr/include/benchmark/benchmark.h ] || missing="$$missing libbenchmark-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

configure: $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The main job, from the command line: lwc (installed with the Python package, see
# python-install below) lists the schemes, hashes a file, encrypts and decrypts it (and
# refuses a forged copy), and checks an official KAT file.
run: python-install
	@set -e; lwc="$(abspath $(VENV))/bin/lwc"; top="$(CURDIR)"; \
	dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; cd "$$dir"; \
	show() { printf '\n$$ lwc %s\n' "$$*"; "$$lwc" "$$@"; }; \
	show list; \
	printf 'Attack at dawn.\n' > msg.txt; \
	show hash msg.txt; \
	show keygen -a xoodyak -o key.hex; \
	show encrypt -a xoodyak --key-file key.hex --ad-hex 0102 --hex msg.txt -o msg.hex; \
	printf '\n$$ cat msg.hex    # nonce || ciphertext || tag\n'; cat msg.hex; \
	show decrypt -a xoodyak --key-file key.hex --ad-hex 0102 --hex msg.hex; \
	sed 's/0$$/1/;t;s/.$$/0/' msg.hex > forged.hex; \
	show decrypt -a xoodyak --key-file key.hex --ad-hex 0102 --hex forged.hex \
	  || echo "(exit status $$?: the forged copy is refused, nothing written)"; \
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
TEST_STEPS += test-capi-consumer
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
TEST_STEPS += test-python
.PHONY: venv python-install test-python

# python3-venv and Python.h (python3-dev) come from apt where the system Python lacks them.
$(VENV)/.deps: pyproject.toml
	@python3 -c 'import ensurepip, os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null || \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv python3-dev; }
	[ -x $(PYTHON) ] || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q --group dev
	touch $@

venv: $(VENV)/.deps

python-install: venv | deps
	CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) $(PYTHON) -m pip install -q --no-build-isolation \
	  -C build-dir=$(PY_BUILD) .

test-python: python-install
	$(PYTHON) -m pytest -q tests/python

test: $(TEST_STEPS)

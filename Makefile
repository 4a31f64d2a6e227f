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

run: build
	$(BUILD)/examples/lwc_demo

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

test: $(TEST_STEPS)

# Top-level convenience targets. Both install what is missing first.
BUILD ?= build
JOBS ?= $(shell nproc)
# The sanitizer variant of make test-sanitize: its own build folder.
SANITIZE ?= address,undefined
SANITIZE_BUILD ?= $(BUILD)-sanitize
MLIR_CMAKE_ARGS = -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm

.PHONY: all deps build demo test test-sanitize clean

all: build

deps:
	@bash scripts/setup.sh

$(BUILD)/build.ninja: CMakeLists.txt
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release $(MLIR_CMAKE_ARGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@bash scripts/demo.sh $(BUILD)

test: build
	cmake --build $(BUILD) --target check-memlint

# The whole suite with the tools built with -fsanitize=$(SANITIZE): any
# sanitizer report fails its test. Configured every time, so that a changed
# SANITIZE takes effect. -O1, as the sanitizers' documentation advises: with
# the instrumentation, -O3 takes about 60 % more compile time.
test-sanitize: deps
	cmake -S . -B $(SANITIZE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_CXX_FLAGS_RELEASE='-O1 -DNDEBUG' -DMEMLINT_SANITIZE=$(SANITIZE) \
	  $(MLIR_CMAKE_ARGS)
	cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target check-memlint

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)

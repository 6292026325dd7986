# The two commands of the README, for a fresh Debian 12 machine:
#   make demo   install what is missing (as root), build with CMake, run the whole
#               pipeline on examples/ (costs measured under Valgrind), print the summary
#   make test   the same set-up, then the whole test suite through ctest
# and `make install PREFIX=...` (DESTDIR for staging).
# and `make asan`: the fast subset of the suite again with AddressSanitizer and UBSan
# (.ci/run runs `make test` then `make asan`).
# Re-running is quick: packages are only checked, the build is incremental.

BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
# Tests in flight: twice the CPUs, as many tests wait on a timer, a compiler or a browser
# part of their time (docs/testing.md).
TEST_JOBS  ?= $(shell echo $$((2 * $(JOBS))))
PREFIX     ?= /usr/local
DB         ?= snc.db
PACKAGES   := cmake make gcc clang pkg-config sqlite3 libsqlite3-dev libjson-c-dev \
              libclang-19-dev valgrind libck-dev liburcu-dev libaprutil1-dev libxxhash-dev \
              libdw-dev chromium npm python3
# (libck-dev, liburcu-dev and libaprutil1-dev, which brings libapr1-dev: real libraries
# the audit tests run on, installed headers as a new user names them.)
# (chromium and npm: the report tests open the HTML report headless and validate SARIF
# with Microsoft's validator, which `make test` installs from npm into the build tree.)
SARIF_VALIDATOR := @microsoft/sarif-multitool@5
CMAKE_ARGS ?= -DSNC_WERROR=ON

.PHONY: all deps build demo test sarif-validator asan install clean

all: build

# Which of PACKAGES are not installed; installs them when run as root. A package whose
# command is already there counts as installed (npm comes with NodeSource's nodejs, which
# conflicts with Debian's npm package).
deps:
	@missing=$$(for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || \
	    command -v $$p >/dev/null || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing packages. Install them with:"; \
	    echo "  sudo apt-get install -y $$missing"; \
	    exit 1; \
	  fi; \
	fi

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	$(BUILD)/bin/snc demo --measure --db $(DB)

# The suite; then the tests that skipped (only an absent optional tool may skip one), with
# the reason each gave. ctest's exit status is kept.
test: build sarif-validator
	@rc=0; ctest --test-dir $(BUILD) --output-on-failure -j$(TEST_JOBS) \
	    --output-junit $(abspath $(BUILD))/tests/junit.xml || rc=$$?; \
	python3 tests/skipped.py $(BUILD)/tests/junit.xml; exit $$rc

# Microsoft's SARIF validator, for report.sarif: installed here (into BUILD-DIR/tools),
# never while testing. $(call install_sarif_validator,BUILD-DIR)
install_sarif_validator = @[ -x $(1)/tools/sarif-multitool/node_modules/.bin/sarif-multitool ] || \
	  npm install --prefix $(1)/tools/sarif-multitool --no-audit --no-fund --loglevel=error \
	    $(SARIF_VALIDATOR)
sarif-validator: build
	$(call install_sarif_validator,$(BUILD))

# The fast subset of the suite (ctest label `fast`) built with -DSNC_SANITIZE=ON, without
# what none of its tests runs: the benchmark programs and the Valgrind tool.
asan: deps
	cmake -S . -B $(ASAN_BUILD) $(CMAKE_ARGS) -DSNC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
	    -DSNC_BUILD_BENCH=OFF -DSNC_BUILD_VGTOOL=OFF
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	$(call install_sarif_validator,$(ASAN_BUILD))
	@rc=0; ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS) -L fast \
	    --output-junit $(abspath $(ASAN_BUILD))/tests/junit.xml || rc=$$?; \
	python3 tests/skipped.py $(ASAN_BUILD)/tests/junit.xml; exit $$rc

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the program, man pages, bash
# completion, the harness header and runtime, the Valgrind tool, the examples, and the
# CMake and pkg-config packages. The installed tree finds everything relative to itself.
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix "$(PREFIX)"

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)

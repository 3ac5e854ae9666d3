# Tapedeck — every target installs what it needs first, so a fresh clone works with
# nothing but the Swift toolchain: `make demo` and `make test`.
SWIFT       ?= swift
CONFIG      ?= debug
BIN_RELEASE := .build/release/tapedeck
APT_PACKAGES := liblz4-dev libsqlite3-dev lz4 pkg-config

.PHONY: all deps pydeps build release test demo record-corpus bench bench-thresholds bench-proxy clean

all: build

# Installs the system libraries the package links (liblz4, libsqlite3) and the lz4 tool
# the tests use to check our tapes. apt-get on Debian/Ubuntu; a hint elsewhere.
deps:
	@missing=""; \
	if command -v dpkg-query >/dev/null 2>&1; then \
	  for p in $(APT_PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    echo "deps: installing$$missing"; \
	    SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	  fi; \
	elif command -v brew >/dev/null 2>&1; then \
	  for p in lz4 sqlite pkg-config; do brew list $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  [ -z "$$missing" ] || { echo "deps: installing$$missing with Homebrew"; brew install $$missing; }; \
	else \
	  command -v lz4 >/dev/null 2>&1 || { echo "deps: please install liblz4 (headers), libsqlite3 (headers), the lz4 tool and pkg-config with your package manager" >&2; exit 1; }; \
	fi

# The Python peer the network tests run against the reference server (an independent client).
PYTHON      ?= python3
PYDEPS_STAMP := .venv/.pydeps-websockets-15.0.1
pydeps: $(PYDEPS_STAMP)
$(PYDEPS_STAMP):
	[ -x .venv/bin/python ] || $(PYTHON) -m venv .venv
	.venv/bin/pip install -q websockets==15.0.1
	touch $@

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release --product tapedeck

test: deps pydeps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: release
	@scripts/demo.sh $(BIN_RELEASE)

# Re-records the committed regression corpus Recordings/ from scratch (Recordings/README.md says when).
record-corpus: release
	scripts/record-corpus.sh $(BIN_RELEASE)

# `make bench`: the decode stages on synthetic tapes (one per core), then the Benchmarks package
# (ordo-one/package-benchmark: malloc counts, instructions, throughput) checked against the static
# thresholds in Benchmarks/Thresholds. Takes minutes; not part of `make test`.
# After an intended change: `make bench-thresholds` records new thresholds (commit them).
BENCH_MESSAGES ?= 200000
bench: release
	$(BIN_RELEASE) bench decode --synthetic $(BENCH_MESSAGES)
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark thresholds check --target DecodeBenchmarks

bench-thresholds: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox --allow-writing-to-package-directory benchmark thresholds update --target DecodeBenchmarks

# The recording proxy against a direct connection, same Python peers (docs/RECORDING.md).
bench-proxy: release pydeps
	scripts/bench-proxy.sh $(BIN_RELEASE)

clean:
	rm -rf .build Benchmarks/.build demo-out

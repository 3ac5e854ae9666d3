# Tapedeck — every target installs what it needs first, so a fresh clone works with
# nothing but the Swift toolchain: `make demo` and `make test`.
SWIFT       ?= swift
CONFIG      ?= debug
# Two packages (docs/ARCHITECTURE.md): the runtime an app links is the repository's root; the tool —
# the command line, proxy, servers and every test — is Tool/, built in Tool/.build.
TOOL        := --package-path Tool
BIN_RELEASE := Tool/.build/release/tapedeck
# socat: the plain TCP relay `make bench-proxy` measures the proxy against (the floor); valgrind:
# the instruction counts `make bench-instructions` guards.
# node-har-validator (with Node): the independent HAR 1.2 validator of our HAR export's test.
# zsh and fish (bash is there): the shells InstallTests load `make install`'s completion scripts
# in; man-db: the `man` that opens the installed manual page there. postgresql: the real
# PostgreSQL the inbox tests start on a throwaway data folder and a free port (TestSupport.PostgresServer).
APT_PACKAGES := liblz4-dev libsqlite3-dev lz4 pkg-config socat valgrind node-har-validator zsh fish man-db postgresql

.PHONY: all deps pydeps report-deps build release install manual test docs test-slow format-check format demo record-corpus report-screenshot bench bench-thresholds bench-instructions bench-inbox bench-proxy bench-compare bench-soak clean

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
	  for p in lz4 sqlite pkg-config fish; do brew list $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  [ -z "$$missing" ] || { echo "deps: installing$$missing with Homebrew"; brew install $$missing; }; \
	else \
	  command -v lz4 >/dev/null 2>&1 || { echo "deps: please install liblz4 (headers), libsqlite3 (headers), the lz4 tool and pkg-config with your package manager" >&2; exit 1; }; \
	fi

# The Python peer the network tests run against the reference server (an independent client).
PYTHON      ?= python3
# Also the independent JSON Schema validator of the AsyncAPI examples test (issue 18), and
# Playwright, the independent HAR writer of the HAR import test (issue 20): it drives Debian's
# chromium (report-deps) through executable_path, so no browser is downloaded. mitmproxy: the
# second independent HAR writer (its hardump) of the HAR import test (issue 34). moto[server]: the
# S3 endpoint (`moto_server`) TapedeckS3's tests run against, and botocore, their signing cross-check
# (issue 52).
PYDEPS_STAMP := .venv/.pydeps-websockets-15.0.1-jsonschema-4.26.0-playwright-1.65.0-mitmproxy-11.0.2-moto-5.2.1
pydeps: $(PYDEPS_STAMP)
$(PYDEPS_STAMP):
	[ -x .venv/bin/python ] || $(PYTHON) -m venv .venv
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 .venv/bin/pip install -q websockets==15.0.1 jsonschema==4.26.0 PyYAML==6.0.3 playwright==1.65.0 mitmproxy==11.0.2 'moto[server]==5.2.1'
	touch $@

# Headless Chromium, which the report test opens `tapedeck report` pages in (docs/REPRO.md), and
# NSS's certutil, with which the forward-proxy test makes Chromium trust the proxy's CA in a
# temporary NSS database (docs/RECORDING.md), and on Linux strace, with which the CA test sees its key
# created with mode 0600 (docs/RECORDING.md). apt-get where dpkg is; elsewhere (macOS) a hint
# only: the test also finds Chromium or Google Chrome in /Applications, or
# TAPEDECK_CHROMIUM=/path. Without a browser it skips unless TAPEDECK_REQUIRE_CHROMIUM=1, which
# `make test` sets, so CI cannot skip it silently.
report-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing="chromium"; \
	command -v certutil >/dev/null 2>&1 || missing="$$missing libnss3-tools"; \
	[ "$$(uname)" != Linux ] || command -v strace >/dev/null 2>&1 || missing="$$missing strace"; \
	if [ -z "$$missing" ]; then :; \
	elif command -v dpkg-query >/dev/null 2>&1; then \
	  echo "report-deps: installing $$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	else \
	  echo "report-deps: missing $$missing; install Chromium (or set TAPEDECK_CHROMIUM=/path/to/chrome) and NSS's certutil for the browser tests" >&2; \
	fi

# Issue 19: `make build` and `make test` build with warnings as errors and fail on an import of a
# target that Package.swift does not declare. SwiftPM leaves the dependencies' flags alone (their
# warnings stay suppressed), so only this package's own targets are rebuilt when a plain
# `swift build` and these alternate; builds with the same flags stay incremental.
STRICT_FLAGS := -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error

build: deps
	$(SWIFT) build $(TOOL) -c $(CONFIG) $(STRICT_FLAGS)

release: deps
	$(SWIFT) build $(TOOL) -c release --product tapedeck

# `make install PREFIX=DIR` (default /usr/local; DESTDIR is put in front for packagers): the
# release `tapedeck`, its shell completions for zsh, bash and fish (from the binary's own
# --generate-completion-script) and its manual page (`make manual`), by scripts/install.sh. The
# Homebrew formula (Formula/tapedeck.rb) runs this target with INSTALL_DEPS= (it brings lz4 and
# pkgconf itself). INSTALL_BIN=PATH installs that binary, built already, with the manual page
# `make manual` last wrote: InstallTests install the debug build that way (`make test` runs `make
# manual MANUAL_CONFIG=debug` first), since a release build takes many minutes on 2 cores and the
# plugin cannot run inside `swift test`, which holds Tool/.build's lock.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_DEPS ?= deps
INSTALL_BIN ?=
install:
	$(if $(INSTALL_DEPS),@$(MAKE) --no-print-directory $(INSTALL_DEPS))
	$(if $(INSTALL_BIN),,$(SWIFT) build $(TOOL) -c release --product tapedeck)
	$(if $(INSTALL_BIN),,$(MAKE) --no-print-directory manual MANUAL_CONFIG=release)
	scripts/install.sh "$(or $(INSTALL_BIN),$(BIN_RELEASE))" "$(DESTDIR)$(PREFIX)" $(MANUAL_PAGE)

# `make manual`: tapedeck.1, the manual page argument-parser's generate-manual plugin writes from
# `tapedeck --experimental-dump-help` (the plugin builds the package's executables in
# MANUAL_CONFIG first: nothing new after `make release`, or after `make build` with debug, since
# the strict flags are passed on as make build passes them). Copied to $(MANUAL_PAGE).
MANUAL_PAGE := Tool/.build/manual/tapedeck.1
MANUAL_CONFIG ?= release
MANUAL_FLAGS = $(if $(filter debug,$(MANUAL_CONFIG)),$(STRICT_FLAGS))
PLUGIN_PAGE := Tool/.build/plugins/GenerateManual/outputs/tapedeck/tapedeck.1
manual:
	rm -f $(PLUGIN_PAGE)
	$(SWIFT) package $(TOOL) $(MANUAL_FLAGS) --disable-sandbox generate-manual --configuration $(MANUAL_CONFIG)
	@[ -s $(PLUGIN_PAGE) ] || { echo "manual: the generate-manual plugin wrote no $(PLUGIN_PAGE)" >&2; exit 1; }
	mkdir -p $(dir $(MANUAL_PAGE)) && cp $(PLUGIN_PAGE) $(MANUAL_PAGE)

# The report's browser test must run, not skip, wherever report-deps can install Chromium (apt);
# elsewhere (macOS) it runs when a Chromium is found. REQUIRE_CHROMIUM=0 to skip it anyway.
STRESS_SUITES := SoakTests|ProxyLoadTests|SessionLoadTests
REQUIRE_CHROMIUM ?= $(shell command -v dpkg-query >/dev/null 2>&1 && echo 1 || echo 0)
# The suite runs in parallel: tests that start peers run on threads of their own (.ownThread),
# long computations on the CPU-bound lane (.cpuBound), so neither waits in the concurrency pool's
# queue (docs/DEVELOPMENT.md, "Tests"); the minutes-long tests are `.slow`, left to test-slow.
# The manual page is made from the debug build before the suite (InstallTests installs it).
# Then the stress suites, alone: hundreds of connections at once measure the process, not the
# machine (SessionLoadTests: 20,000 session keys against `tapedeck record`, about 50 s in debug). Then the worked example's package. Each phase's time is printed at the end.
test: deps pydeps report-deps
	@start=$$(date +%s); \
	$(SWIFT) build $(TOOL) --build-tests $(STRICT_FLAGS) || exit $$?; \
	$(MAKE) --no-print-directory manual MANUAL_CONFIG=debug || exit $$?; built=$$(date +%s); \
	TAPEDECK_REQUIRE_CHROMIUM=$(REQUIRE_CHROMIUM) $(SWIFT) test $(TOOL) --skip-build --skip '$(STRESS_SUITES)' || exit $$?; \
	suite=$$(date +%s); \
	$(SWIFT) test $(TOOL) --skip-build --filter '$(STRESS_SUITES)' || exit $$?; stress=$$(date +%s); \
	(cd Examples/BaoLifeClient && $(SWIFT) test) || exit $$?; end=$$(date +%s); \
	echo; echo "== time: build $$((built - start)) s, suite $$((suite - built)) s, stress suites $$((stress - suite)) s, example package $$((end - stress)) s, total $$((end - start)) s (after deps)"

# `make docs`: the DocC catalogs of the libraries an app or a tool links, warnings as errors (a
# broken symbol link fails). Archives in .build/plugins/Swift-DocC/outputs/. CI runs it. The runtime
# package resolves swift-docc-plugin only when TAPEDECK_DOCS=1 (the end of Package.swift).
DOC_TARGETS := TapedeckTesting TapedeckSocket TapedeckRecorder TapedeckThroughput TapedeckTape
docs: deps
	TAPEDECK_DOCS=1 $(SWIFT) package --disable-sandbox generate-documentation --warnings-as-errors $(addprefix --target ,$(DOC_TARGETS))

# The `.slow` tests (Tests/TestSupport/SlowTests.swift: the 100,000-record shrink), which make test
# skips, and the load test at full size (500 connections of 1,000 messages), on a release build of
# the tests. Not part of make test or CI.
SLOW_TESTS ?= ShrinkTests|ProxyLoadTests|PlayerScalingTests
test-slow: deps pydeps
	TAPEDECK_SLOW_TESTS=1 TAPEDECK_LOAD_MESSAGES=1000 $(SWIFT) test $(TOOL) -c release --filter '$(SLOW_TESTS)'

# Rewrites the codec, the Foundation baselines and docs/PROTOCOL.md's field tables from
# Protocol/baolife.schema.json (issue 18); ProtocolGenerationTests fails when they are stale.
.PHONY: generate
generate:
	$(SWIFT) run $(TOOL) tapedeck-generate

# The worked example (Examples/BaoLifeClient, docs/TESTING-YOUR-APP.md): a miniature of the app's
# own client code before and after a refactor phase, replayed through Recordings/ against its own
# goldens, with three regressions that must fail. A package of its own with its own .build/.
.PHONY: example-test
example-test: deps
	cd Examples/BaoLifeClient && $(SWIFT) test

# Issue 18, the unsafe fast paths (the Unsafe/ folders, docs/DEVELOPMENT.md) under
# sanitizers. `make sanitize` runs the core, protocol and state tests under AddressSanitizer; `make fuzz`
# feeds arbitrary bytes to both envelope decoders for FUZZ_SECONDS with libFuzzer and ASan, seeded
# with every text message of Recordings/, and fails with the saved input on any crash, ASan report,
# hang (FUZZ_TIMEOUT seconds on one input) or broken round trip (Fuzz/EnvelopeFuzzer). Each builds
# in its own scratch path, a view of the package trimmed by TAPEDECK_SUBSET to the targets it needs
# (scripts/subset-package.sh, the end of Tool/Package.swift), so neither touches Tool/.build.
.PHONY: sanitize fuzz
ASAN_DIR := .build-asan
sanitize: deps
	scripts/subset-package.sh $(ASAN_DIR)
	cd $(ASAN_DIR)/Tool && TAPEDECK_SUBSET=sanitize $(SWIFT) build --build-tests --sanitize=address --scratch-path ../build
	# Leak checking is off: Swift keeps tag bits in the spare bits of pointers (indirect enum cases
	# such as WireSchema.ValueType.array, Strings), which LeakSanitizer cannot follow, so it reported
	# objects still reachable from a `static let` as leaked, on some runs only.
	cd $(ASAN_DIR)/Tool && ASAN_OPTIONS=detect_leaks=0 \
	  TAPEDECK_SUBSET=sanitize $(SWIFT) test --skip-build --sanitize=address --scratch-path ../build

FUZZ_DIR := .build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
FUZZER := $(FUZZ_DIR)/build/debug/tapedeck-fuzz-envelope
fuzz: build
	scripts/subset-package.sh $(FUZZ_DIR)
	cd $(FUZZ_DIR)/Tool && TAPEDECK_SUBSET=fuzz $(SWIFT) build --product tapedeck-fuzz-envelope --scratch-path ../build \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
	$(PYTHON) scripts/fuzz-seeds.py Tool/.build/$(CONFIG)/tapedeck $(FUZZ_DIR)/seeds Recordings/*.tape
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/findings
	$(FUZZER) -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
	  -artifact_prefix=$(FUZZ_DIR)/findings/ $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds \
	  || { echo "make fuzz: FINDING; the input is saved in $(FUZZ_DIR)/findings/ ('Test unit written to' above); run $(FUZZER) FILE to reproduce" >&2; exit 1; }

# `make demo` builds the debug `tapedeck`, the same build `make test` then extends with the tests
# (one build for both; the demo does not need release speed, `make release` gives it), runs the
# demo and prints how long each phase took (docs/DEVELOPMENT.md, "How long the two commands take").
BIN_DEBUG := Tool/.build/debug/tapedeck
demo:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory deps || exit $$?; deps=$$(date +%s); \
	$(SWIFT) build $(TOOL) --product tapedeck $(STRICT_FLAGS) || exit $$?; built=$$(date +%s); \
	status=0; scripts/demo.sh $(BIN_DEBUG) || status=$$?; end=$$(date +%s); \
	echo; echo "== time: deps $$((deps - start)) s, build $$((built - deps)) s, demo $$((end - built)) s, total $$((end - start)) s"; \
	exit $$status

# Re-records the committed regression corpus Recordings/ from scratch (Recordings/README.md says when).
record-corpus: release
	scripts/record-corpus.sh $(BIN_RELEASE)

# `make report-screenshot`: the HTML report of a tape (default: the fixture session) as a PNG
# taken by headless Chromium, to look at the charts. REPORT_TAPE=... for another tape.
REPORT_TAPE ?= Tool/Tests/TapedeckTapeTests/Fixtures/baolife-session.tape
report-screenshot: deps report-deps
	$(SWIFT) build $(TOOL) --product tapedeck $(STRICT_FLAGS)
	mkdir -p demo-out
	$(BIN_DEBUG) report $(REPORT_TAPE) -o demo-out/report.html || [ $$? -eq 1 ]
	@browser=$${TAPEDECK_CHROMIUM:-$$(command -v chromium || command -v chromium-browser || command -v google-chrome)}; \
	[ -n "$$browser" ] || { echo "report-screenshot: no chromium; run make report-deps or set TAPEDECK_CHROMIUM" >&2; exit 1; }; \
	profile=$$(mktemp -d); \
	timeout 180 $$browser --headless --no-sandbox --disable-gpu --user-data-dir=$$profile --hide-scrollbars \
	  --window-size=1280,2000 --virtual-time-budget=5000 --screenshot=$(CURDIR)/demo-out/report.png \
	  file://$(CURDIR)/demo-out/report.html 2>/dev/null; status=$$?; rm -rf $$profile; \
	[ $$status = 0 ] && echo "wrote demo-out/report.html and demo-out/report.png"

# `make bench`: the decode stages on synthetic tapes (one per core), then the package's benchmark
# targets (ordo-one/package-benchmark: malloc counts, instructions, throughput; only in the package
# when BENCH_ENV sets TAPEDECK_BENCHMARKS=1, see the end of Tool/Package.swift) checked against the static
# thresholds in Tool/Benchmarks/Thresholds, then the example app's decode benchmark
# (Examples/BaoLifeClient/Benchmarks), then the memory soak (bench-soak). Takes minutes; not part
# of `make test`. After an intended change: `make bench-thresholds` records new thresholds (commit them).
BENCH_MESSAGES ?= 200000
# Set on the benchmark commands only: `make release` and every other build never see it, so they
# never resolve package-benchmark and build the same `tapedeck` as a user's release build.
BENCH_ENV := TAPEDECK_BENCHMARKS=1
BENCH_THRESHOLDS := --target DecodeBenchmarks --path Tool/Benchmarks/Thresholds
bench: release pydeps
	$(BIN_RELEASE) bench --synthetic $(BENCH_MESSAGES)
	$(BENCH_ENV) $(SWIFT) package $(TOOL) --disable-sandbox benchmark thresholds check $(BENCH_THRESHOLDS)
	# Instructions per message of decode_in_memory, decode and replay (callgrind): the decode figure
	# the machine's load does not move; fails 2 % over Tool/Benchmarks/Thresholds/instructions.json.
	INSTRUCTION_THRESHOLDS=Tool/Benchmarks/Thresholds/instructions.json scripts/bench-instructions.sh
	# The proxy's CPU per message against socat: its best ratio to the floor may be 5 % over
	# Tool/Benchmarks/Thresholds/proxy.json (docs/PERFORMANCE.md says how far the machine's load moves it).
	PROXY_THRESHOLDS=Tool/Benchmarks/Thresholds/proxy.json scripts/bench-proxy.sh $(BIN_RELEASE)
	# The proxy's instructions per relayed message (callgrind on tapedeck-proxy-profile): the proxy
	# figure the load does not move; fails 2 % over Tool/Benchmarks/Thresholds/proxy-instructions.json.
	PROXY_INSTRUCTION_THRESHOLDS=Tool/Benchmarks/Thresholds/proxy-instructions.json scripts/bench-proxy-instructions.sh
	# The worked example's parsing before and after its refactor, beside the baselines: one table
	# from one run (msg/s, MB/s), then mallocs per pass over the corpus (docs/TESTING-YOUR-APP.md).
	cd Examples/BaoLifeClient/Benchmarks && $(SWIFT) run -c release BaoLifeDecodeReport
	cd Examples/BaoLifeClient/Benchmarks && $(SWIFT) package --disable-sandbox benchmark --target BaoLifeDecodeBenchmarks
	# Events per second into an app's own code: AppReplay with a trivial adapter and through the
	# replay socket, beside tapedeck's own replay of the same tape, release and debug builds in one
	# run with issue 43's ratios (docs/PERFORMANCE.md, "App replay").
	cd Examples/BaoLifeClient/Benchmarks && $(SWIFT) build --product AppReplayThroughput && \
	  $(SWIFT) run -c release AppReplayThroughput --beside .build/debug/AppReplayThroughput
	scripts/bench-soak.sh $(BIN_RELEASE) $(SOAK_SEQUENTIAL) $(SOAK_CONCURRENT) $(SOAK_FORWARD)

# Issue 23's soak: resident memory of the proxy, the reference server and serve after 500, 5,000
# and 10,000 sequential sessions and 2,000 concurrent ones, release build (about 2 minutes); then
# issue 34's: the forward proxy over 2,000 sessions to 2,000 intercepted names (under a minute).
SOAK_SEQUENTIAL ?= 10000
SOAK_CONCURRENT ?= 2000
SOAK_FORWARD ?= 2000
bench-soak: release pydeps
	scripts/bench-soak.sh $(BIN_RELEASE) $(SOAK_SEQUENTIAL) $(SOAK_CONCURRENT) $(SOAK_FORWARD)

# swift-format with .swift-format (4-space indent, 130 columns): lints, never rewrites; .ci/run runs
# it. `make format` rewrites the same paths in place. Generated files opt out on their second line.
SWIFT_FORMAT ?= $(SWIFT) format
FORMAT_PATHS ?= Package.swift Sources Tool/Package.swift Tool/Sources Tool/Tests Tool/Benchmarks/Benchmarks Tool/Benchmarks/Sources Examples/BaoLifeClient/Package.swift Examples/BaoLifeClient/Sources Examples/BaoLifeClient/Tests Examples/BaoLifeClient/Benchmarks/Package.swift Examples/BaoLifeClient/Benchmarks/Sources Examples/BaoLifeClient/Benchmarks/Benchmarks
format-check:
	$(SWIFT_FORMAT) lint --strict --parallel --recursive $(FORMAT_PATHS)

format:
	$(SWIFT_FORMAT) format --in-place --parallel --recursive $(FORMAT_PATHS)

bench-thresholds: release pydeps
	$(BENCH_ENV) $(SWIFT) package $(TOOL) --disable-sandbox --allow-writing-to-package-directory benchmark thresholds update $(BENCH_THRESHOLDS)
	BENCH_INSTRUCTIONS_JSON=Tool/Benchmarks/Thresholds/instructions.json scripts/bench-instructions.sh
	BENCH_PROXY_INSTRUCTIONS_JSON=Tool/Benchmarks/Thresholds/proxy-instructions.json scripts/bench-proxy-instructions.sh
	BENCH_PROXY_JSON=Tool/.build/bench-proxy.json scripts/bench-proxy.sh $(BIN_RELEASE)
	$(PYTHON) -c 'import json; legs = json.load(open("Tool/.build/bench-proxy.json"))["legs"]; \
	  tapedeck = [figures for name, figures in legs.items() if name != "socat"][0]; \
	  print(json.dumps({f"cpu_ratio_{size}": round(tapedeck[f"ratio_{size}_best"], 3) for size in (400, 16384)}, indent=2))' \
	  > Tool/Benchmarks/Thresholds/proxy.json

# Instructions per message of the decode stages and of the proxy's per-frame path under callgrind,
# against the recorded thresholds (docs/PERFORMANCE.md, "Instructions per message" and "The
# proxy's instructions per message"); `make bench` runs both too.
bench-instructions: deps
	INSTRUCTION_THRESHOLDS=Tool/Benchmarks/Thresholds/instructions.json scripts/bench-instructions.sh
	PROXY_INSTRUCTION_THRESHOLDS=Tool/Benchmarks/Thresholds/proxy-instructions.json scripts/bench-proxy-instructions.sh

# The inbox: uploads per second into one collector, triage per second with one and two workers,
# SQLite and PostgreSQL side by side (docs/PERFORMANCE.md, "Inbox"). REPORTS=N (default 1000).
bench-inbox: release deps
	scripts/bench-inbox.sh $(BIN_RELEASE)

# The recording proxy's CPU per relayed and recorded message (400 B, 16 KiB) beside socat, a plain
# TCP relay of the same traffic, and the round-trip time it adds (docs/PERFORMANCE.md).
bench-proxy: release pydeps
	scripts/bench-proxy.sh $(BIN_RELEASE)

# `make bench-compare BASE=REV`: this tree's release against REV's, built in its own work tree
# under .build-compare/, decode, replay, recorder and proxy benchmarks alternating, one table
# (docs/PERFORMANCE.md). ROUNDS=N for more rounds (default 3).
bench-compare: release pydeps
	@[ -n "$(BASE)" ] || { echo "bench-compare: name the base revision, e.g. make bench-compare BASE=d6ae299" >&2; exit 2; }
	scripts/bench-compare.sh $(BASE) $(BIN_RELEASE)

# The tape writer (issues 21, 35): the flight recorder's caller and writer sides and TapeWriter alone, docs/PERFORMANCE.md.
.PHONY: bench-recorder
bench-recorder: release
	$(BIN_RELEASE) dev bench recorder

clean:
	rm -rf .build Tool/.build demo-out

# The two commands: `make run` renders every preview of every layout into out/;
# `make test` runs the whole test suite. Both install what is missing first.
SWIFT ?= swift
OUT ?= out
BIN_DEBUG = .build/debug/widgetshot
BIN_RELEASE = .build/release/widgetshot

.PHONY: run preview check test bench bench-server setup build release dist clean fuzz fuzz-short docs bench-swift swift-coverage

setup:
	@bash scripts/setup

build: setup
	$(SWIFT) build --product widgetshot

# The Swift runtime and Foundation linked in (as the Dockerfile does): a process starts in 10 ms
# instead of 14 (fewer shared objects to bind), which every one-PNG CLI run pays. Every script that
# builds the release binary passes the same flag: a build with other flags compiles everything again.
release: setup
	$(SWIFT) build -c release --static-swift-stdlib --product widgetshot

run: release
	$(BIN_RELEASE) gallery --out $(OUT)

# The gallery served live: edit a layout, save, and the open page at http://127.0.0.1:8080/ updates.
preview: release
	$(BIN_RELEASE) serve --watch

# The loop to run while working: every library, feature and golden test in one `swift test`, no
# child processes, no browser, no sanitizer build, no PyPI (WIDGETSHOT_TESTS=check skips the tests
# marked .childProcess or .browser). Under two minutes once built.
check: setup
	WIDGETSHOT_TESTS=check $(SWIFT) test

# The full gate (CI runs it, .ci/run): every test (child processes and Chromium included; the
# product goldens are left to the verify step, WIDGETSHOT_TESTS=full), then the CLI's own check of
# every golden (a failure leaves an HTML/JSON/JUnit report in .build/verify-report), the OpenAPI
# document against a real server (schemathesis) and a consumer package built from scratch.
# `swift test` builds every product, widgetshot included: verify and api-check use that binary (a
# `swift build --product widgetshot` here recompiled the modules without testability, and the next
# `make check` compiled them back: 12 s and 48 s for nothing). The short fuzz pass (`make
# fuzz-short`: a sanitizer build of our modules, 71 s on two cores, and 5 s per target) runs after
# this in CI, not here: it was a quarter of a fresh `make test` (146 of 569 s).
# The tests run in four processes: the in-process HTTP servers (WidgetServerTests, the gallery's
# live pages) in processes of their own. Waits for child processes and Chromium no longer block a
# thread, and test servers run on threads of their own (TestSupport's ServerExecutor), but on two
# cores all suites in one process still made a server's shutdown outlast ServiceLifecycle's
# cancellation timeout (which ends the process) and Chromium miss its page loads. SwiftUITests
# run in a process of their own too: a widget whose provider answers from a `Task {}` of its own
# waits (up to 10 s) for a thread of Swift's cooperative pool, and in the full run the pool's two
# threads were held by long synchronous suites for longer than that (docs/swift.md, "Providers that
# answer later").
# The tests leave nothing in the temporary folder: they run with TMPDIR a fresh folder of their own
# (TEST_TMP, emptied first) and fail after the four runs with whatever is left in it (a test removes
# what it makes: Tests/TestSupport/ScratchFolder.swift); a clean folder is then removed. It is not
# under .build/: a test's scratch project inside the checkout finds the checkout's own project when
# the CLI looks upwards for one (ProjectLocationCLITests), and GitHub annotations name files
# relative to the working directory (ReportTests). The toolchain's own leftovers are let through by
# name (scripts/test-tmp-check): the Swift driver (swiftc, swift-frontend) leaves a
# TemporaryDirectory.XXXXXX folder per compile and its macro expansions in swift-generated-sources/,
# and SwiftPM an empty lock file per package path it locks (/a/b -> _a_b.lock); the tests that run
# swift build or swift package (DistCLITests, the Swift source tests, ArchitectureTableTests) cause them.
# The name is short (one per checkout, from its path's checksum): Chromium's socket is made inside
# it and a Unix socket path has at most 107 bytes (HeadlessChromium).
TEST_TMP ?= $(or $(TMPDIR),/tmp)/ws-test-$(shell printf %s '$(CURDIR)' | cksum | cut -d' ' -f1)
test: setup
	rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	TMPDIR=$(TEST_TMP) WIDGETSHOT_TESTS=full $(SWIFT) test --skip WidgetGalleryTests --skip WidgetServerTests --skip SwiftUITests
	TMPDIR=$(TEST_TMP) WIDGETSHOT_TESTS=full $(SWIFT) test --skip-build --filter WidgetServerTests
	TMPDIR=$(TEST_TMP) WIDGETSHOT_TESTS=full $(SWIFT) test --skip-build --filter SwiftUITests
	TMPDIR=$(TEST_TMP) WIDGETSHOT_TESTS=full $(SWIFT) test --skip-build --filter WidgetGalleryTests
	@bash scripts/test-tmp-check $(TEST_TMP) && rm -rf $(TEST_TMP)
	$(BIN_DEBUG) verify --report .build/verify-report --gallery ../../$(OUT)/index.html
	bash scripts/api-check
	@echo '== Examples/app-repo/WidgetTests: a consumer package of WidgetShotTesting, built from scratch'
	cd Examples/app-repo/WidgetTests && WIDGETSHOT_RECORD=never $(SWIFT) test
	@echo '== Examples/swift-only: goldens of a widget extension'"'"'s own Swift, no layout file (built into a runner)'
	cd Examples/swift-only && ../../$(BIN_DEBUG) verify

# DocC for the library products a team imports (WidgetShot, WidgetShotTesting,
# WidgetShotSnapshotTesting) into .build/docs/TARGET/ (static HTML: open index.html through a web
# server, e.g. `python3 -m http.server -d .build/docs/WidgetShotTesting`).
DOC_TARGETS ?= WidgetShotTesting WidgetShotSnapshotTesting WidgetShot
docs: setup
	@rm -rf .build/docs; mkdir -p .build/docs; for t in $(DOC_TARGETS); do \
	  $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$t \
	    --disable-indexing --transform-for-static-hosting --output-path .build/docs/$$t || exit 1; \
	done

# docs/swift-coverage.md from the Apple-named modules' symbol graphs (after a debug build: make check).
swift-coverage:
	python3 scripts/swift-coverage

# Every fuzz target for FUZZ_SECONDS seconds each (see Fuzz/README.md); findings land in
# .build-fuzz/findings/TARGET/.
FUZZ_SECONDS ?= 300
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz run

# The gate's fuzz pass (CI runs it after `make test`): 5 s per target on a debug build whose own
# modules are instrumented, a fixed seed; fails on a crash, a hang or an out-of-memory.
fuzz-short: setup
	bash scripts/fuzz short

bench: release
	bash scripts/bench

# The Swift side's speed targets (docs/swift.md): a consumer's first build, an edit rebuilt and drawn.
bench-swift: setup
	$(SWIFT) build --product widgetshot
	bash scripts/bench-swift
	@echo; echo '== widgetshot verify over every golden (release, 2 cores)'; $(BIN_RELEASE) verify

# The HTTP server under wrk on loopback (scripts/bench-server: uncached, 80% load, cached, 304,
# a 2-minute memory run; three runs each, medians). About 6 minutes; not part of `make test`.
bench-server: setup
	bash scripts/bench-server

# A release tarball (the binary and the importer, bundled fonts, the package sources, the schema,
# licences) that runs without a Swift toolchain: dist/widgetshot-VERSION-linux-ARCH.tar.gz and its
# .sha256 (scripts/dist; docs/release.md). The importer's release build (swift-syntax) is the long
# step.
dist: release
	$(SWIFT) build -c release --static-swift-stdlib --product widgetshot-import
	bash scripts/dist

clean:
	rm -rf .build $(OUT) dist

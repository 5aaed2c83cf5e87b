# The two commands: `make run` renders every preview of every layout into out/;
# `make test` runs the whole test suite. Both install what is missing first.
SWIFT ?= swift
OUT ?= out
BIN_DEBUG = .build/debug/widgetshot
BIN_RELEASE = .build/release/widgetshot

.PHONY: run preview test bench bench-server setup build release clean fuzz

setup:
	@bash scripts/setup

build: setup
	$(SWIFT) build --product widgetshot

release: setup
	$(SWIFT) build -c release --product widgetshot

run: release
	$(BIN_RELEASE) gallery --out $(OUT)

# The gallery served live: edit a layout, save, and the open page at http://127.0.0.1:8080/ updates.
preview: release
	$(BIN_RELEASE) serve --watch

# The unit, render and golden tests, then the CLI's own snapshot check of every preview
# (a failure leaves an HTML/JSON/JUnit report in .build/verify-report), then a short fuzz pass
# (5 s per target, about 30 s in all, after building the fuzz targets) that fails on a crash,
# a hang or an out-of-memory.
# Four test processes: the in-process HTTP servers of WidgetServerTests run their handlers on
# Swift's cooperative threads (one per core), which tests that wait on a child process or on
# Chromium would otherwise hold for seconds at a time (GalleryTests drive Chromium; many others run
# the CLI). SignedServeEndToEndTests awaits a real `serve` child over URLSession between CLI runs:
# among the first process's many blocking tests its awaits found no free cooperative thread and it
# hung (once in CI, twice on a loaded machine), so it runs alone. Then the OpenAPI document is checked against a real server with schemathesis.
test: setup
	$(SWIFT) test --skip GalleryTests --skip WidgetServerTests --skip SignedServeEndToEndTests
	$(SWIFT) test --skip-build --filter WidgetServerTests
	$(SWIFT) test --skip-build --filter GalleryTests
	$(SWIFT) test --skip-build --filter SignedServeEndToEndTests
	$(SWIFT) build --product widgetshot
	$(BIN_DEBUG) verify --report .build/verify-report --gallery ../../$(OUT)/index.html
	bash scripts/api-check
	bash scripts/fuzz short

# Every fuzz target for FUZZ_SECONDS seconds each (see Fuzz/README.md); findings land in
# .build-fuzz/findings/TARGET/.
FUZZ_SECONDS ?= 300
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz run

bench: release
	bash scripts/bench
	@echo; echo '== widgetshot verify over every golden (release, 2 cores)'; $(BIN_RELEASE) verify

# The HTTP server under wrk on loopback (scripts/bench-server: uncached, 80% load, cached, 304,
# a 2-minute memory run; three runs each, medians). About 6 minutes; not part of `make test`.
bench-server: setup
	bash scripts/bench-server

clean:
	rm -rf .build $(OUT)

# The two commands: `make run` renders every preview of every layout into out/;
# `make test` runs the whole test suite. Both install what is missing first.
SWIFT ?= swift
OUT ?= out
BIN_DEBUG = .build/debug/widgetshot
BIN_RELEASE = .build/release/widgetshot

.PHONY: run test bench setup build release clean

setup:
	@bash scripts/setup

build: setup
	$(SWIFT) build --product widgetshot

release: setup
	$(SWIFT) build -c release --product widgetshot

run: release
	$(BIN_RELEASE) gallery --out $(OUT)

test: setup
	$(SWIFT) test

bench: release
	bash scripts/bench

clean:
	rm -rf .build $(OUT)

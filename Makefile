# polytile — two-command setup:   make demo && make test
#
#   make deps      install HiGHS (PyPI highsbox) and Pyomo (+ highspy, pyscipopt) into .deps/, cbc + glpsol + clasp + picosat (apt)
#   make build     bin/polytile
#   make demo      build, then info, a tiling, the unique count and a near miss
#   make test      gofmt, vet, nohighs build, tests, race (native, highs), short fuzz
#   make test-slurm  the Slurm array script on a single-node Slurm on localhost
#   make fuzz      every fuzz target for FUZZTIME (default 30s) each
#   make bench     Go benchmarks once each, then `polytile bench` and `bench frontier`
#   make nohighs   build and vet with -tags nohighs (no HiGHS needed)
#   make clean     remove build and test output (distclean: also .deps/)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

GO ?= go
FUZZTIME ?= 30s
TEST_FUZZTIME ?= 2000x

# HiGHS from .deps/ (pkg-config for cgo, the highs binary for tests). A
# system-wide HiGHS with its own highs.pc works the same way.
export PKG_CONFIG_PATH := $(CURDIR)/.deps/lib/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
export PATH := $(CURDIR)/.deps/bin:$(PATH)
# The Python that runs the Pyomo export in the tests (made by make deps).
export POLYTILE_PYTHON ?= $(CURDIR)/.deps/pyomo/bin/python

# Build for this machine's processor, as -march=native would: on an x86-64
# with the v3 instructions (AVX2, BMI1/2, FMA, LZCNT, MOVBE, F16C) the
# compiler may use TZCNT and POPCNT without run-time checks, which made the
# searches 3-8% faster (docs/benchmarks.md). A binary for other machines
# (a cluster with older nodes): make build GOAMD64=v1. Only read on amd64.
ifeq ($(origin GOAMD64),undefined)
GOAMD64 := $(shell bash scripts/goamd64.sh)
endif
export GOAMD64

GO_FILES = $(shell find . \( -path ./.deps -o -path ./.git -o -path ./bin \) -prune -o -name '*.go' -print)

.PHONY: deps build demo test test-slurm gofmt vet unit race nohighs fuzz bench clean distclean

deps:
	@bash scripts/deps.sh

build: deps
	$(GO) build -ldflags "-X main.buildVersion=$$(git describe --tags --always --dirty 2>/dev/null)" -o bin/polytile ./cmd/polytile

# The main job on the bundled 10x6 pentomino puzzle: what it is, one tiling,
# the exact count of distinct solutions (2,339), then a near miss: the best
# tiling of 7x7 by tetrominoes, proven optimal.
demo: deps build
	./bin/polytile info examples/pentomino-10x6.yaml
	@echo
	./bin/polytile solve examples/pentomino-10x6.yaml
	@echo
	./bin/polytile solve examples/pentomino-10x6.yaml --unique
	@echo
	./bin/polytile solve examples/tetris-7x7.yaml --max-coverage

test: deps
	@$(MAKE) --no-print-directory gofmt vet nohighs unit race
	bash scripts/fuzz.sh $(TEST_FUZZTIME)

# deploy/slurm/polytile-array.sh, unchanged, on munged + slurmctld + slurmd
# started on localhost (scripts/slurm-local.sh); installs slurm-wlm and munge
# when root. Says SKIPPED and why when the cluster cannot start here.
test-slurm:
	bash scripts/test-slurm.sh

gofmt:
	@files="$(GO_FILES)"; \
	if [ -n "$$files" ]; then \
		bad="$$(gofmt -l $$files)"; \
		if [ -n "$$bad" ]; then echo "gofmt: these files need gofmt -w:"; echo "$$bad"; exit 1; fi; \
	fi; \
	echo "gofmt: ok"

vet:
	$(GO) vet ./...

unit:
	$(GO) test ./...

# The parallel solver, and the cgo binding's callbacks (slow tests skipped).
race:
	@for p in ./native/... ./highs/...; do \
		flags="-race"; [ "$$p" = ./highs/... ] && flags="-race -short"; \
		if [ -z "$$($(GO) list $$p 2>/dev/null)" ]; then echo "race: no packages in $$p yet, skipped"; continue; fi; \
		echo "$(GO) test $$flags $$p"; $(GO) test $$flags $$p; \
	done

# Must work on a machine without HiGHS: no pkg-config lookup may happen.
nohighs:
	PKG_CONFIG_PATH=/nonexistent $(GO) build -tags nohighs ./...
	PKG_CONFIG_PATH=/nonexistent $(GO) vet -tags nohighs ./...

fuzz: deps
	bash scripts/fuzz.sh $(FUZZTIME)

bench: deps build
	$(GO) test -run='^$$' -bench=. -benchtime=1x ./...
	./bin/polytile bench
	./bin/polytile bench frontier

clean:
	rm -rf bin/ coverage.out coverage.html *.test *.prof

distclean: clean
	rm -rf .deps/

#!/usr/bin/env bash
# Regenerates the maximum-coverage table of docs/benchmarks.md (the section
# between <!-- maxcov:begin --> and <!-- maxcov:end -->; the prose around it
# is kept): free tetrominoes, unlimited, on 7x7, 13x13, 21x21 and 61x61, with
# the native search, and the seed and packing formulations (with and without
# the area row) under HiGHS in-process (with and without the native warm
# start), CBC and GLPK.
#
#   bash scripts/maxcov-bench.sh                # up to about an hour (60 s limit)
#   TIME_LIMIT=10s BOARDS="7 13" bash scripts/maxcov-bench.sh   # quicker
#   DOC=- bash scripts/maxcov-bench.sh          # print the table only
set -euo pipefail
cd "$(dirname "$0")/.."
export PKG_CONFIG_PATH="$PWD/.deps/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PATH="$PWD/.deps/bin:$PATH"
doc=${DOC:-docs/benchmarks.md}
[ "$doc" != - ] && doc=$(realpath "$doc")
POLYTILE_MAXCOV_BENCH=1 \
POLYTILE_MAXCOV_LIMIT="${TIME_LIMIT:-60s}" \
POLYTILE_MAXCOV_BOARDS="${BOARDS:-7 13 21 61}" \
POLYTILE_MAXCOV_DOC="$doc" \
	go test ./compare -run '^TestMaxCoverageBenchTable$' -count=1 -timeout 4h -v

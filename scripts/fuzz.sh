#!/usr/bin/env bash
# scripts/fuzz.sh DURATION [GO TEST FLAGS...]
#
# Runs every Go fuzz target in the repository for DURATION each (a Go
# duration such as 5s or 2m, or Nx for N iterations). Targets are found by
# grepping *_test.go files for `func FuzzXxx(`; each one is run on its own,
# because `go test -fuzz` accepts a single target per package run.
set -euo pipefail

if (($# < 1)); then
	echo "usage: $0 DURATION [go test flags...]" >&2
	exit 2
fi
dur="$1"
shift

cd "$(dirname "${BASH_SOURCE[0]}")/.."

mapfile -t hits < <(
	grep -rE --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*\(' . \
		--exclude-dir=.deps --exclude-dir=.git --exclude-dir=bin --exclude-dir=testdata |
		sed -E 's/:func (Fuzz[A-Za-z0-9_]*)\($/ \1/' | sort -u
)

if ((${#hits[@]} == 0)); then
	echo "fuzz: no fuzz targets found"
	exit 0
fi

n=0
for hit in "${hits[@]}"; do
	file="${hit%% *}"
	name="${hit##* }"
	pkg="./$(dirname "${file#./}")"
	echo "fuzz: $name in $pkg for $dur"
	go test "$@" -run='^$' -fuzz="^${name}\$" -fuzztime="$dur" "$pkg"
	n=$((n + 1))
done
echo "fuzz: $n target(s) passed"

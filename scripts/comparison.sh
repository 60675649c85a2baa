#!/usr/bin/env bash
# Regenerates the tables of docs/comparison.md (and nothing else in it):
#
#   bash scripts/comparison.sh            # about 35 minutes on 2 cores
#   TIME_LIMIT=5s bash scripts/comparison.sh   # quicker, more timeouts
#   SECTIONS=coverage bash scripts/comparison.sh  # only these sections
#                                                 # (count, hard, coverage, posed, posed-count)
#
# Each section of the document is one `polytile compare ... --update
# docs/comparison.md --section NAME` run; prose outside the
# <!-- NAME:begin --> / <!-- NAME:end --> markers is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
export PKG_CONFIG_PATH="$PWD/.deps/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PATH="$PWD/.deps/bin:$PATH"
go build -o bin/polytile ./cmd/polytile

tl=${TIME_LIMIT:-20s}
hard_tl=${HARD_TIME_LIMIT:-60s}
doc=docs/comparison.md
sections=${SECTIONS:-count hard coverage posed posed-count}
compare() {
	# $2 is compare:NAME (the --section argument)
	case " $sections " in *" ${2#compare:} "*) ;; *) return 0 ;; esac
	bin/polytile compare -q --format markdown -o /dev/null --update "$doc" "$@" || [ $? -eq 1 ]
}

# Counting: every default backend (native DLX / FILA configurations, HiGHS
# enumerating with no-good cuts, the external MIP solvers deciding
# feasibility).
compare --section compare:count --time-limit "$tl" \
	examples/pentomino-10x6.yaml examples/pentomino-12x5.yaml examples/pentomino-15x4.yaml \
	examples/pentomino-20x3.yaml examples/pentomino-8x8-hole.yaml examples/soma.yaml

# The large puzzles of the FILA article: native configurations, HiGHS
# counting with no-good cuts, and the external solvers deciding whether the
# exact program of our LP export is feasible.
compare --section compare:hard --time-limit "$hard_tl" \
	--backends "native dlx fila:f,nof fila:e,nof fila:e=11:f=3,nof,at=11 fila:e=13:f=3,nof,at=13,vol=13 highs highs-cli cbc glpsol" \
	examples/tetris-cube.yaml examples/diamond-13x13.yaml

# Maximum coverage: the default list, plus CBC and GLPK on the MIP
# article's seed formulation. The two 5- and 10-cell examples are the ones
# whose area bound is not attained (the native search has to refute it).
compare --section compare:coverage --time-limit "$tl" \
	--backends "max-coverage cbc:seed glpsol:seed" \
	examples/tetris-7x7.yaml examples/tetris-13x13.yaml examples/tetris-21x21.yaml \
	examples/tetris-61x61.yaml examples/fill-11x11.yaml examples/fill-41x41.yaml \
	examples/fill-61x61.yaml examples/tetrominoes-5x4.yaml examples/t-tetromino-10x10.yaml

# Puzzles as people pose them: placement constraints (at, region, empty),
# symmetric solutions, the hex and triangle grids and a BurrTools file,
# counted by every default backend.
compare --section compare:posed --time-limit "$tl" \
	examples/pentomino-10x6-x-fixed.yaml examples/pentomino-10x6-x-left.yaml \
	examples/pentomino-8x8-x-centre.yaml examples/pentomino-8x8-empty-corner.yaml \
	examples/squares-8x6-symmetric.yaml examples/tetrominoes-8x5-double-r180.yaml \
	examples/hexiamonds-6x6.yaml examples/hexiamonds-9x4.yaml \
	examples/tetrahexes-7x4.yaml examples/tetrahexes-rectangle.yaml examples/soma.xmpuzzle
# With an unlimited piece --task auto compares maximum coverage; the
# symmetric squares are a count (106, OEIS A224850).
compare --section compare:posed-count --time-limit "$tl" --task count --enum-limit 200 \
	examples/squares-8x6-symmetric.yaml

// Package render draws polytile puzzles, tilings, galleries of tilings and
// benchmark charts, as plain text (ASCII), coloured terminal text (ANSI), SVG
// and PNG.
//
// People look at tilings; they do not read coordinate lists. Every picture is
// deterministic: the same input gives the same bytes.
//
// Each piece has one colour in every picture (the pieces picture and every
// tiling), and two pieces that touch never share a colour (see Colors). Text pictures show each placed piece by a one-character
// symbol — the piece name when every name is a single ASCII character, else a
// per-piece legend. Uncovered cells of a partial (maximum-coverage) tiling are
// marked '_' (ASCII), '·' (ANSI) or hatched (SVG, PNG); cells that are not
// part of the region are blank. A tiling that does not verify is still drawn:
// cells covered twice and cells of placements that stick out of the board are
// conflicts, marked '!' or red. 3D puzzles are drawn as a row of layers
// labelled l=0, l=1, ...
//
// SVG and PNG pictures draw thin lines between the cells of one piece and
// thick lines along piece and region boundaries, with cells of up to 64
// pixels, so that a 10x6 board is about 680 pixels wide. Text is set in Go
// Mono (golang.org/x/image/font/gofont), embedded, so PNG needs no C code
// and no installed fonts; piece labels are bold, sized to their cells and
// kept clear of the thick lines.
//
// Hex and triangle boards are drawn as text with their outlines, as boxed
// square pictures are.
package render

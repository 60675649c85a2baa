// Package textio holds what every reader of a text input shares, so that
// all of them accept the same files.
package textio

import "bytes"

// bom is the UTF-8 encoding of U+FEFF, the byte order mark that some
// editors (Windows Notepad among them) put at the start of a text file.
var bom = []byte{0xef, 0xbb, 0xbf}

// TrimBOM returns data without a leading UTF-8 byte order mark. Every
// reader of a text input (puzzle files of every format, solution and
// --names files, shard results, checkpoints) calls it first, so a file
// saved with a BOM is read like the same file without one.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }

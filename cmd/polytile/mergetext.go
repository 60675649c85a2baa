package main

import "github.com/polytile/polytile/shard"

// shownText is a string read from a file (a shard result's puzzle title
// and file, a key's flags) as messages print it (shard.Printable).
func shownText(s string) string { return shard.Printable(s) }

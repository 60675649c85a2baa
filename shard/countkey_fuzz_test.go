package shard

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// FuzzCountKey: any words (the input split at NUL bytes) come back from
// UnquoteWords as QuoteWord quoted them, and a key FormatKey writes of
// them parses back to them; any text given to ParseKey is a key or an
// error, never a panic, and a version 2 key it accepts is written back
// by FormatKey as it was read. The flags of any key are settings or an
// error (ParseKeySettings), and a version 3 key's configuration is
// written back by FormatKeyConfig as it was read.
func FuzzCountKey(f *testing.F) {
	for _, s := range []string{"", "--backend=fila\x00--nof=true", "a b\x00$'x'\x00", "\x00\x00", "#\x00~\x00a=~b", "\xff\xfe",
		"polytile slurm 2\npuzzle-sha256 " + strings.Repeat("ab", 32) + "\nshards 4\nflags --backend=fila $'a b'\nfingerprint sha256:" + strings.Repeat("0", 64) + "\n",
		"polytile k8s 1\npuzzle-sha256 " + strings.Repeat("0", 64) + "\nshards\nflags -j\\ 4 \n",
		"polytile count.sh 3\npuzzle-sha256 " + strings.Repeat("ab", 32) + "\nshards 3\nflags --backend=fila --fila-at=0 --heuristic=f --nof=true --volume=-1 --redundancy=X --from=yaml\nfingerprint sha256:" + strings.Repeat("0", 64) + "\n"} {
		f.Add([]byte(s))
	}
	sum, fp := strings.Repeat("0", 64), "sha256:"+strings.Repeat("f", 64)
	f.Fuzz(func(t *testing.T, data []byte) {
		words := strings.Split(string(data), "\x00")
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = QuoteWord(w)
		}
		got, err := UnquoteWords(strings.Join(q, " "))
		if err != nil || !slices.Equal(got, words) {
			t.Fatalf("%q quoted %q: read back %q, %v", words, q, got, err)
		}
		key := FormatKey("r", sum, 3, words, fp)
		k, err := ParseKey(key)
		if len(key) <= MaxKeySize && (err != nil || !slices.Equal(k.Flags, words)) {
			t.Fatalf("%q: key read back %+v, %v", words, k, err)
		}
		ParseKeySettings(k)
		k, err = ParseKey(data)
		if err != nil {
			return
		}
		ParseKeySettings(k)
		if k.Version == 3 {
			kc, err := ResolveKey(context.Background(), k, KeyResolve{Path: "p.yaml"})
			if err != nil {
				return
			}
			k3, err := ParseKey(FormatKeyConfig(k.Recipe, k.PuzzleSHA256, k.Shards, kc, k.Fingerprint))
			if err != nil {
				t.Fatalf("%q: configuration %+v written back: %v", data, kc, err)
			}
			if kc3, err := ResolveKey(context.Background(), k3, KeyResolve{Path: "p.yaml"}); err != nil || kc3 != kc {
				t.Fatalf("%q: configuration %+v written back as %+v, %v", data, kc, kc3, err)
			}
			return
		}
		if k.Version != 2 {
			return
		}
		again := FormatKey(k.Recipe, k.PuzzleSHA256, k.Shards, k.Flags, k.Fingerprint)
		if k2, err := ParseKey(again); err != nil || !slices.Equal(k2.Flags, k.Flags) || k2.Shards != k.Shards || k2.Recipe != k.Recipe {
			t.Fatalf("%q read as %+v, written back %q: %+v, %v", data, k, again, k2, err)
		}
	})
}

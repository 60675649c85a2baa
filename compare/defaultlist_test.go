package compare

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDefaultListLeavesOutTheSlowBackends: the default lists hold no
// backend of OnRequestSpecs, and every spec of both parses.
func TestDefaultListLeavesOutTheSlowBackends(t *testing.T) {
	reg := NewRegistry()
	for _, k := range []Kind{Count, MaxCoverage} {
		for _, s := range OnRequestSpecs(k) {
			if slices.Contains(DefaultSpecs(k), s) {
				t.Errorf("%s: %s is both in the default list and on request", k, s)
			}
		}
		for _, s := range append(DefaultSpecs(k), OnRequestSpecs(k)...) {
			if _, err := reg.Parse(s); err != nil {
				t.Errorf("%s: %v", k, err)
			}
		}
	}
}

// TestDefaultTableSaysWhatWasLeftOut runs the default list (as compare
// without --backends does) and the default list with the backends on
// request: the first table names what it left out and how to add it, the
// second leaves nothing out, and a list of one's own says nothing.
func TestDefaultTableSaysWhatWasLeftOut(t *testing.T) {
	reg := NewRegistry()
	per, err := reg.DefaultBackends()
	if err != nil {
		t.Fatal(err)
	}
	p := parse(t, lTrominoes)
	tabs, err := Compare(context.Background(), p, nil, Options{PerKind: per, TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tab := tabs[0]
	if !tab.OK() || tab.Answer != "4 solutions (2 unique)" || len(tab.Rows) != len(DefaultSpecs(Count)) {
		t.Fatalf("default list:\n%s", dump(tabs))
	}
	if !slices.Equal(tab.LeftOut, OnRequestSpecs(Count)) {
		t.Errorf("left out %q, want %q", tab.LeftOut, OnRequestSpecs(Count))
	}
	var b strings.Builder
	if err := Write(&b, &Report{Tables: tabs}, Text); err != nil {
		t.Fatal(err)
	}
	want := "left out of the default list: fila:f fila:f,nof fila:e fila:f,nof,at=10 dlx highs highs-cli cbc glpsol; add them with --backends \"count fila:f fila:f,nof fila:e fila:f,nof,at=10 dlx highs highs-cli cbc glpsol\"\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("text table ends\n%s\nwant %q", b.String(), want)
	}
	// The command the line gives runs every backend: nothing is left out.
	all := mustParseList(t, reg, strings.Trim(strings.SplitAfter(want, "--backends ")[1], "\"\n"))
	tabs, err = Compare(context.Background(), p, all, Options{TimeLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(tabs[0].LeftOut) != 0 || tabs[0].LeftOutLine() != "" {
		t.Errorf("full list: left out %q", tabs[0].LeftOut)
	}
	if n := len(DefaultSpecs(Count)) + len(OnRequestSpecs(Count)); len(tabs[0].Rows) != n {
		t.Errorf("full list ran %d backends, want %d:\n%s", len(tabs[0].Rows), n, dump(tabs))
	}
	tabs, err = Compare(context.Background(), p, mustParseList(t, reg, "dlx fila:f"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := Write(&b, &Report{Tables: tabs}, Markdown); err != nil {
		t.Fatal(err)
	}
	if len(tabs[0].LeftOut) != 0 || strings.Contains(b.String(), "left out") {
		t.Errorf("own list: left out %q\n%s", tabs[0].LeftOut, b.String())
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// stopInVerify is a context that ends the first time it is read from
// within puzzle's Verify (or VerifyContext): it tells a verification that
// reads its context from one that does not, whatever the machine's speed.
type stopInVerify struct {
	context.Context
	once sync.Once
	done chan struct{}
	read bool // read from within Verify
}

func newStopInVerify() *stopInVerify {
	return &stopInVerify{Context: context.Background(), done: make(chan struct{})}
}

func (c *stopInVerify) Done() <-chan struct{} { return c.done }

func (c *stopInVerify) Err() error {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "puzzle.(*Puzzle).Verify") {
			c.once.Do(func() { c.read = true; close(c.done) })
			break
		}
		if !more {
			break
		}
	}
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

// TestCheckVerifyReadsContext: check verified the tiling without reading
// its context, and the symmetric test of a million-cell tiling takes
// seconds (5 s for 1000x1000 monominoes symmetric under rotate90 and a
// mirror: SIGINT during it met the watchdog, "still running 1s after the
// signal"). The verification now reads it: checkSolution ends with the
// context's error as soon as the context ends within it.
func TestCheckVerifyReadsContext(t *testing.T) {
	p, err := puzzle.Parse("sym.yaml", []byte("board: 200x200\ncount: unlimited\npieces: [monominoes]\nsymmetric: [rotate90, mirror-vertical]\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.Exact})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Solution\n")
	for r := range 200 {
		for c := range 200 {
			fmt.Fprintf(&b, "x_M_0_%d_%d 1\n", r, c)
		}
	}
	sol, err := export.ReadSolution(strings.NewReader(b.String()), "gurobi", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The tiling is valid: with a context that does not end, it verifies.
	if rep, err := checkSolution(context.Background(), prog, sol, "gurobi", "sym.sol"); err != nil || !rep.Exact {
		t.Fatalf("the symmetric tiling: %v %+v", err, rep)
	}
	ctx := newStopInVerify()
	rep, err := checkSolution(ctx, prog, sol, "gurobi", "sym.sol")
	if !ctx.read || !errors.Is(err, context.Canceled) {
		verdict := ""
		if rep != nil {
			verdict = rep.Verdict
		}
		t.Errorf("the verification did not stop with its context (read %v): %v, verdict %q", ctx.read, err, verdict)
	}
}

package main

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// neverDone is a context that never ends and is not one of the standard
// library's, so that context.AfterFunc watches it with a goroutine: what
// it keeps registered can be counted.
type neverDone struct{ context.Context }

func (neverDone) Done() <-chan struct{} { return make(chan struct{}) }

// TestDrawingContextReleased: solve's drawing context registers a
// function that waits for the command's context; once the drawing is
// over (pictures.abort) it is released, so that a context that never
// ends does not keep one per solve. Before, nothing released it: 200
// drawing contexts left 200 goroutines here.
func TestDrawingContextReleased(t *testing.T) {
	ctx := neverDone{context.Background()}
	before := runtime.NumGoroutine()
	for range 200 {
		pc := &pictures{}
		pc.opt.Context, pc.late, pc.release = drawingContext(ctx)
		pc.release()
		if !pc.late() {
			t.Fatal("the drawing context lives on after its release")
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before+10 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - before; n > 10 {
		t.Errorf("%d goroutines left by 200 released drawing contexts", n)
	}
	// Not released, the drawing still ends drawGrace after ctx.
	cctx, cancel := context.WithCancel(context.Background())
	draw, late, release := drawingContext(cctx)
	defer release()
	cancel()
	if late() {
		t.Fatal("the drawing ended with the context, before its grace")
	}
	select {
	case <-draw.Done():
	case <-time.After(drawGrace + 2*time.Second):
		t.Fatal("the drawing did not end after its grace")
	}
}

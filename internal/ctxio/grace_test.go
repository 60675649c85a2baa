package ctxio

import (
	"context"
	"testing"
	"time"
)

// TestGrace: the grace context lives on when ctx ends, ends d later, and
// ends at once when released.
func TestGrace(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	g, release := Grace(ctx, 200*time.Millisecond)
	defer release()
	cancel()
	if g.Err() != nil {
		t.Fatal("the grace context ended with ctx")
	}
	select {
	case <-g.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the grace context did not end after its grace")
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	g2, release2 := Grace(ctx2, time.Hour)
	release2()
	if g2.Err() == nil {
		t.Error("a released grace context lives on")
	}
}

// TestGraceOfDoneContext: a grace taken on a context that is already done
// ends d after the call, so with d of zero it is over at once; the phase
// it bounds then stops at its first poll whatever the scheduler does.
func TestGraceOfDoneContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, release := Grace(ctx, 0)
	defer release()
	if g.Err() == nil {
		t.Fatal("a zero grace after ctx ended is still running")
	}
	g2, release2 := Grace(ctx, time.Hour)
	defer release2()
	if g2.Err() != nil {
		t.Fatal("an hour's grace after ctx ended is already over")
	}
	release2()
	if g2.Err() == nil {
		t.Error("a released grace context lives on")
	}
}

package shard

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testRun is shard 1 of 2 of a split of 6 subproblems (1, 3 and 5 are
// its own).
func testRun(t *testing.T, ck string, prev *Checkpoint) *Run {
	t.Helper()
	return NewRun(RunSpec{Fingerprint: "sha256:" + strings.Repeat("a", 64), Config: Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1},
		Index: 1, Count: 2, Checkpoint: ck, Prev: prev})
}

var testSplit = Split{Subproblems: 6, Hash: "0123456789abcdef"}

// TestRunResume: a shard stopped after one subproblem writes a
// checkpoint of it; a run resumed from that checkpoint skips it, and
// its result adds the checkpoint's counts to its own, complete once
// every owned subproblem is finished.
func TestRunResume(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "s.ckpt")
	r := testRun(t, ck, nil)
	if err := r.WriteCheckpoint(true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ck); err == nil {
		t.Fatal("a checkpoint written before the split")
	}
	if err := r.SetSplit(testSplit, "X"); err != nil {
		t.Fatal(err)
	}
	r.Solved(Sub{Index: 3, All: 10, Unique: 4, Nodes: 100})
	if err := r.WriteCheckpoint(false); err != nil {
		t.Fatal(err)
	}
	part, err := r.Result(Outcome{All: 10, Unique: 4, Nodes: 150, Owned: 3, Interrupted: true, Seconds: 1})
	if err != nil || part.Complete || !part.LowerBound || part.Finished != 1 || part.Resumed != 0 || part.Config.Redundancy != "X" {
		t.Fatalf("interrupted: %+v, %v", part, err)
	}
	prev, err := ReadCheckpoint(ck)
	if err != nil || len(prev.Done) != 1 || prev.Config.Redundancy != "X" {
		t.Fatalf("checkpoint: %+v, %v", prev, err)
	}

	r = testRun(t, ck, prev)
	if err := r.SetSplit(testSplit, "X"); err != nil {
		t.Fatal(err)
	}
	if !r.Skip(3) || r.Skip(1) || r.Skip(5) {
		t.Errorf("skip: 3 %v, 1 %v, 5 %v", r.Skip(3), r.Skip(1), r.Skip(5))
	}
	r.Solved(Sub{Index: 1, All: 2, Unique: 1, Nodes: 20})
	r.Solved(Sub{Index: 5, All: 0, Unique: 0, Nodes: 7})
	res, err := r.Result(Outcome{All: 2, Unique: 1, Nodes: 30, Owned: 3, Seconds: 0.5})
	if err != nil || !res.Complete || res.LowerBound || res.All != 12 || res.Unique != 5 || res.Nodes != 130 || res.Finished != 3 || res.Resumed != 1 {
		t.Fatalf("resumed: %+v, %v", res, err)
	}
	if res.Seconds < prev.Seconds+0.5 {
		t.Errorf("seconds %g, want the checkpoint's %g and this run's 0.5", res.Seconds, prev.Seconds)
	}
	if err := res.Check(); err != nil {
		t.Errorf("the result does not check: %v", err)
	}
}

// TestRunRefusesAnotherShardsCheckpoint: a checkpoint of another pinned
// piece, shard or split is a *MismatchError, and nothing is written over it.
func TestRunRefusesAnotherShardsCheckpoint(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "s.ckpt")
	r := testRun(t, ck, nil)
	r.SetSplit(testSplit, "X")
	r.Solved(Sub{Index: 3, All: 1, Unique: 1, Nodes: 1})
	if err := r.WriteCheckpoint(true); err != nil {
		t.Fatal(err)
	}
	prev, err := ReadCheckpoint(ck)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(ck)
	for _, c := range []struct {
		name   string
		sp     Split
		pinned string
		want   string
	}{
		{"another piece", testSplit, "I", "another configuration"},
		{"another split", Split{Subproblems: 8, Hash: "fedcba9876543210"}, "X", "another split"},
	} {
		r := testRun(t, ck, prev)
		err := r.SetSplit(c.sp, c.pinned)
		var me *MismatchError
		if !errors.Is(err, ErrCheckpointMismatch) || !errors.As(err, &me) || !strings.Contains(me.Msg, c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
		r.Solved(Sub{Index: 1, All: 1, Unique: 1, Nodes: 1})
		if err := r.WriteCheckpoint(true); err != nil {
			t.Errorf("%s: write: %v", c.name, err)
		}
		if after, _ := os.ReadFile(ck); string(after) != string(before) {
			t.Errorf("%s: the checkpoint was written over", c.name)
		}
	}
	r = NewRun(RunSpec{Fingerprint: "sha256:" + strings.Repeat("a", 64), Config: prev.Config, Index: 0, Count: 2, Prev: prev})
	if err := r.SetSplit(testSplit, "X"); !errors.Is(err, ErrCheckpointMismatch) {
		t.Errorf("another shard: %v", err)
	}
}

// TestRunOverflow: resumed counts that pass MaxCount with this run's
// are an *OverflowError naming the count.
func TestRunOverflow(t *testing.T) {
	prev := &Checkpoint{Fingerprint: "sha256:" + strings.Repeat("a", 64), Config: Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "X"},
		Index: 1, Count: 2, Split: testSplit, Done: []Sub{{Index: 3, All: MaxCount, Unique: 1, Nodes: 1}}}
	r := testRun(t, "", prev)
	if err := r.SetSplit(testSplit, "X"); err != nil {
		t.Fatal(err)
	}
	_, err := r.Result(Outcome{All: 1, Unique: 1, Nodes: 1, Owned: 3})
	var oe *OverflowError
	if !errors.Is(err, ErrCountOverflow) || !errors.As(err, &oe) || oe.Field != "solutions" {
		t.Errorf("%v", err)
	}
}

// TestRunPeriodic: the writer writes what was solved within its
// interval, and stops with its context.
func TestRunPeriodic(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "s.ckpt")
	r := testRun(t, ck, nil)
	r.SetSplit(testSplit, "")
	ctx, cancel := context.WithCancel(context.Background())
	var errs []error
	stop := r.Periodic(ctx, 10*time.Millisecond, func(err error) { errs = append(errs, err) })
	r.Solved(Sub{Index: 5, All: 3, Unique: 3, Nodes: 9})
	deadline := time.Now().Add(5 * time.Second)
	for {
		if c, err := ReadCheckpoint(ck); err == nil && c != nil && len(c.Done) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no checkpoint written within 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	stop()
	stop2 := testRun(t, "", nil).Periodic(context.Background(), time.Millisecond, nil) // no file: nothing runs
	stop2()
	if len(errs) > 0 {
		t.Errorf("write errors: %v", errs)
	}
}

// TestRunClose: Close writes the last checkpoint of a run whose writer
// was started, StopWriting stops it without a write, and a run that
// never started writing writes nothing on Close.
func TestRunClose(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "s.ckpt")
	r := testRun(t, ck, nil)
	r.SetSplit(testSplit, "")
	r.StartWriting(context.Background(), time.Hour, nil)
	r.Solved(Sub{Index: 3, All: 2, Unique: 1, Nodes: 4})
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if c, err := ReadCheckpoint(ck); err != nil || c == nil || len(c.Done) != 1 {
		t.Errorf("after Close: %+v, %v", c, err)
	}
	stopped := filepath.Join(dir, "stopped.ckpt")
	r = testRun(t, stopped, nil)
	r.SetSplit(testSplit, "")
	r.StartWriting(context.Background(), time.Hour, nil)
	r.Solved(Sub{Index: 3, All: 2, Unique: 1, Nodes: 4})
	if !r.StopWriting() || r.StopWriting() {
		t.Errorf("StopWriting: a writer ran once")
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stopped); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a stopped writer wrote the checkpoint: %v", err)
	}
}

package atomicfile

import (
	"errors"
	"os"
	"sync"
)

// errStopped is the error of a Create or Commit after RemoveTemps.
var errStopped = errors.New("the process is stopping: outputs are no longer written")

// temps is the registry of the temporary files this process has created
// and not yet committed or aborted, so that a hard exit (os.Exit runs no
// deferred Abort) can remove them: see RemoveTemps.
var temps struct {
	mu      sync.Mutex
	open    map[string]struct{}
	stopped bool
}

// createTracked creates the temporary file name (O_EXCL) and records it,
// both under the registry's lock, so that RemoveTemps never misses a file
// that exists.
func createTracked(name string) (*os.File, error) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if temps.stopped {
		return nil, errStopped
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	if temps.open == nil {
		temps.open = make(map[string]struct{})
	}
	temps.open[name] = struct{}{}
	return f, nil
}

// renameTracked renames the temporary file tmp over target and forgets
// it; after RemoveTemps (the file is gone) it fails.
func renameTracked(tmp, target string) error {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if _, ok := temps.open[tmp]; !ok || temps.stopped {
		return errStopped
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	delete(temps.open, tmp)
	return nil
}

// removeTracked removes the temporary file tmp and forgets it.
func removeTracked(tmp string) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	os.Remove(tmp)
	delete(temps.open, tmp)
}

// RemoveTemps removes every temporary file of an output that is being
// written (created and neither committed nor aborted) and makes every
// later Create of a regular file and every Commit fail, so that no
// temporary file appears after it. A process calls it just before a hard
// exit (os.Exit after a second signal or a watchdog), which runs no
// deferred Abort: without it the temporaries would stay beside their
// targets until the next write of the same target found them stale. It
// returns how many files it removed.
func RemoveTemps() int {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	temps.stopped = true
	n := 0
	for name := range temps.open {
		if os.Remove(name) == nil {
			n++
		}
		delete(temps.open, name)
	}
	return n
}

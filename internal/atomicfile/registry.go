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
	dirs    map[string]struct{} // made by MkdirTemp, removed with all they hold
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

// MkdirTemp makes a temporary directory (os.MkdirTemp in the system's
// temporary directory) for files a command writes on its way (a program
// handed to an external solver, HiGHS's model file) and records it, so
// that RemoveTemps removes it and all it holds on a hard exit too. The
// caller removes it with done (safe to defer; idempotent).
func MkdirTemp(pattern string) (dir string, done func(), err error) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if temps.stopped {
		return "", nil, errStopped
	}
	dir, err = os.MkdirTemp("", pattern)
	if err != nil {
		return "", nil, err
	}
	if temps.dirs == nil {
		temps.dirs = make(map[string]struct{})
	}
	temps.dirs[dir] = struct{}{}
	return dir, func() {
		temps.mu.Lock()
		defer temps.mu.Unlock()
		if _, ok := temps.dirs[dir]; ok {
			os.RemoveAll(dir)
			delete(temps.dirs, dir)
		}
	}, nil
}

// RemoveTemps removes every temporary file of an output that is being
// written (created and neither committed nor aborted) and makes every
// later Create of a regular file and every Commit fail, so that no
// temporary file appears after it. A process calls it just before a hard
// exit (os.Exit after a second signal or a watchdog), which runs no
// deferred Abort: without it the temporaries would stay beside their
// targets until the next write of the same target found them stale. The
// directories of MkdirTemp are removed too, with what they hold, and later
// MkdirTemp calls fail. It returns how many files and directories it
// removed.
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
	for dir := range temps.dirs {
		if os.RemoveAll(dir) == nil {
			n++
		}
		delete(temps.dirs, dir)
	}
	return n
}

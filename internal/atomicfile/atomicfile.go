// Package atomicfile writes output files so that a reader never sees a
// truncated one and nothing but the target is ever replaced.
//
// What happens depends on what the target is:
//
//   - "-": standard output, written directly.
//   - a new path or a regular file: the data goes to a temporary file in the
//     target's directory, renamed over the target only when everything has
//     been written. An existing file keeps its permission bits (and, where
//     the process may, its owner); a new file is created 0644 minus the
//     umask. An existing file the process may not write (read-only, or
//     another user's) is refused, as a shell's > refuses it.
//   - a symbolic link: followed (through any number of links, up to 40), and
//     the rules apply to what it points to; the link itself stays. A
//     dangling link creates its target.
//   - a character device (/dev/null, a terminal) or a FIFO: written directly,
//     with no temporary file and no rename; the device or FIFO stays what it
//     is. Such an output cannot be "all or nothing": an error leaves what was
//     written so far.
//   - /dev/stdout, /dev/fd/N and /proc/self/fd/N: written directly to the
//     open file they name (appending when it is a regular file), since the
//     name is not a path that can be renamed over.
//   - a directory, a block device or a socket: refused.
//
// Temporary files are named .polytile-HHHHHHHH-RRRRRRRR.tmp (H a hash of the
// target's base name, R random), 31 bytes whatever the length of the target's
// name, so a target with a name of up to NAME_MAX bytes works. While it is
// written the temporary file is locked (flock); a temporary file of the same
// target that is unlocked and older than StaleAge is the remnant of a process
// that was killed (kill -9, power loss) and is removed by the next Create of
// that target, so such remnants never accumulate. A process that ends with
// os.Exit (which runs no deferred Abort) calls RemoveTemps first: the
// temporary files being written are removed, not left for that cleanup.
package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/regfile"
)

// StaleAge is the age (time since the last write) after which an unlocked
// temporary file of a target is considered left behind by a killed process.
const StaleAge = 2 * time.Minute

// Temporary file names: tmpPrefix, the hash of the target's base name, '-',
// a random part, tmpSuffix.
const (
	tmpPrefix = ".polytile-"
	tmpSuffix = ".tmp"
)

// maxLinks is the most symbolic links followed, as Linux's MAXSYMLINKS.
const maxLinks = 40

type kind int

const (
	kindStdout kind = iota // "-"
	kindAtomic             // temporary file renamed over the target
	kindDirect             // a device or FIFO written in place
)

// File is an output being written. Call Commit when done, or Abort (safe to
// defer after Commit) to discard it.
type File struct {
	kind   kind
	f      *os.File
	path   string // as given, for messages
	target string // the resolved path the temporary file is renamed to
	stdout io.Writer
	err    error
	done   bool
	synced bool // Flush synced everything written: Commit need not again
	// over, when set, checks that the target is still the file that was
	// read (WriteRegularOver), just before the rename.
	over func(now fs.FileInfo) error
}

// Create starts writing path (see the package documentation for what is
// done with each kind of target). The path "-" means stdout. The error says
// why a target cannot be written: a missing or unwritable directory, a
// directory or block device as target, and so on.
func Create(path string, stdout io.Writer) (*File, error) {
	return CreateContext(context.Background(), path, stdout)
}

// CreateContext is Create; ctx stops the wait for a reader when path is a
// FIFO that nobody has opened yet.
func CreateContext(ctx context.Context, path string, stdout io.Writer) (*File, error) {
	return create(ctx, path, stdout, false)
}

// CreateRegular is Create for an output that must be a regular file or a
// new path (a file that is read back: a shard's result in a results
// directory): "-", a device, a FIFO or a link to an open file is refused
// at once, never waited on nor written in place.
func CreateRegular(path string) (*File, error) {
	return create(context.Background(), path, nil, true)
}

// create is CreateContext; with regularOnly, anything but a new path or a
// regular file (after following symbolic links) is refused: "-", a
// device, a FIFO, /dev/stdout and the like.
func create(ctx context.Context, path string, stdout io.Writer, regularOnly bool) (*File, error) {
	if path == "-" && !regularOnly {
		return &File{kind: kindStdout, stdout: stdout, path: path}, nil
	}
	t, k, err := plan(path, regularOnly)
	if err != nil {
		return nil, err
	}
	var f *os.File
	if k == kindAtomic {
		f, err = createTemp(t)
	} else {
		f, err = openDirect(ctx, t)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	return &File{kind: k, f: f, path: path, target: t.path}, nil
}

// plan resolves path, a file name (not "-"), and decides how it is
// written: through a temporary file renamed over it (kindAtomic: a new
// path or a regular file), in place (kindDirect: a /proc or /dev/fd link
// to an open file, a character device, a FIFO), or not at all, the error
// saying why. With regularOnly, what would be written in place is refused
// too. create and the checks (Check, CheckRegular) decide through it, so
// a check refuses exactly what create would.
func plan(path string, regularOnly bool) (target, kind, error) {
	switch path {
	case "":
		return target{}, 0, errors.New("cannot write an output with an empty file name")
	case "-":
		return target{}, 0, errors.New("cannot write -: this output is read back and replaced, so it must be a file, not standard output")
	}
	t, err := resolve(path)
	if err != nil {
		return t, 0, fmt.Errorf("cannot write %s: %w", path, err)
	}
	direct := func() (target, kind, error) {
		if regularOnly {
			return t, 0, fmt.Errorf("cannot write %s: not a regular file (this output is read back and replaced atomically)", path)
		}
		return t, kindDirect, nil
	}
	if t.magic {
		return direct()
	}
	if t.info == nil {
		return t, kindAtomic, nil
	}
	if t.info.Mode().IsRegular() {
		// The rename would replace a file the process may not write (a
		// read-only file, another user's file in a directory it may
		// write), which a shell's > or cp refuses: so does polytile.
		if err := fileWritable(t.path); err != nil {
			return t, 0, fmt.Errorf("cannot write %s: the file is not writable (%w); polytile does not replace a file it may not write", path, err)
		}
		return t, kindAtomic, nil
	}
	m := t.info.Mode()
	switch {
	case m.IsDir():
		return t, 0, fmt.Errorf("cannot write %s: it is a directory", path)
	case m&fs.ModeCharDevice != 0 || m&fs.ModeNamedPipe != 0:
		return direct()
	}
	return t, 0, fmt.Errorf("cannot write %s: it is %s (polytile writes regular files, character devices such as /dev/null, and FIFOs)", path, regfile.Describe(m))
}

// Check reports the error Create would report for path, as far as it can
// tell without creating or opening anything: a missing directory, one the
// process may not write, a directory, block device or socket as target. A
// command calls it before a long computation whose result goes to path.
func Check(path string) error {
	if path == "-" {
		return nil
	}
	return check(path, false)
}

// CheckRegular is Check for an output that WriteRegular will write: it
// also refuses "-", a device, a FIFO and a link to an open file.
func CheckRegular(path string) error { return check(path, true) }

// check is Check (regularOnly false) and CheckRegular (true): plan, and
// for a file written through a temporary, a writable directory.
func check(path string, regularOnly bool) error {
	t, k, err := plan(path, regularOnly)
	if err != nil || k != kindAtomic {
		return err
	}
	if err := writable(filepath.Dir(t.path)); err != nil {
		return fmt.Errorf("cannot write %s: the directory %s is not writable: %w", path, filepath.Dir(t.path), err)
	}
	return nil
}

// target is a resolved output path.
type target struct {
	path  string      // the path after following symbolic links
	info  fs.FileInfo // nil when nothing exists there yet
	magic bool        // a /proc or /dev/fd link to an open file: write in place
}

// resolve follows the symbolic links of path (only the last component; the
// kernel resolves the directories) and says what is at the end.
func resolve(path string) (target, error) {
	cur := path
	for hops := 0; ; hops++ {
		fi, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: cur}, checkDir(cur)
		}
		if err != nil {
			return target{}, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return target{path: cur, info: fi}, nil
		}
		if hops == maxLinks {
			return target{}, fmt.Errorf("more than %d levels of symbolic links", maxLinks)
		}
		if magicLink(cur) {
			// /proc/self/fd/1 points at "pipe:[1234]" or a file that
			// may be deleted; only opening it reaches the right thing.
			fi, err := os.Stat(cur)
			if err != nil {
				return target{}, err
			}
			if fi.IsDir() {
				return target{}, errors.New("it is a directory")
			}
			return target{path: cur, info: fi, magic: true}, nil
		}
		dest, err := os.Readlink(cur)
		if err != nil {
			return target{}, err
		}
		if !filepath.IsAbs(dest) {
			// Relative to the link's directory, as the kernel does
			// (no lexical cleaning of "..").
			dest = cur[:strings.LastIndexByte(cur, '/')+1] + dest
		}
		cur = dest
	}
}

// magicLink reports whether path is one of the kernel's links to open files.
func magicLink(path string) bool {
	return strings.HasPrefix(path, "/proc/") || strings.HasPrefix(path, "/dev/fd/")
}

// checkDir explains why a new file cannot be created at path, if its
// directory is missing or not a directory.
func checkDir(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return missingDirError(dir)
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// missingDirError says that the directory of a target does not exist; it
// is fs.ErrNotExist for errors.Is.
type missingDirError string

func (e missingDirError) Error() string {
	return fmt.Sprintf("the directory %s does not exist", string(e))
}

func (e missingDirError) Unwrap() error { return fs.ErrNotExist }

// openDirect opens a device, a FIFO or a magic link for writing in place.
// A FIFO without a reader is retried until one opens it or ctx is done.
func openDirect(ctx context.Context, t target) (*os.File, error) {
	flag := os.O_WRONLY
	if t.info.Mode().IsRegular() {
		flag |= os.O_APPEND // /dev/stdout redirected to a file: never truncate it
	}
	if t.info.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(t.path, flag, 0)
	}
	for {
		f, err := os.OpenFile(t.path, flag|syscall.O_NONBLOCK, 0)
		if err == nil || !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("no reader opened the FIFO: %w", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// tmpPattern is the start of the names of the temporary files of target:
// ".polytile-HHHHHHHH-".
func tmpPattern(targetPath string) string {
	h := fnv.New32a()
	h.Write([]byte(filepath.Base(targetPath)))
	return fmt.Sprintf("%s%08x-", tmpPrefix, h.Sum32())
}

// createTemp cleans up stale temporary files of t and creates a new one,
// locked, with the mode (and owner) of the existing target.
func createTemp(t target) (*os.File, error) {
	dir := filepath.Dir(t.path)
	pattern := tmpPattern(t.path)
	removeStale(dir, pattern)
	var f *os.File
	var err error
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf("%s%08x%s", pattern, rand.Uint32(), tmpSuffix))
		// 0644 through the umask, like any new file.
		f, err = createTracked(name)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	// A file system without locks (some network mounts) still gets the
	// file; its remnants are then never taken for abandoned (abandoned
	// cannot lock them either), which is safe.
	_ = lock(f)
	if t.info != nil {
		m := t.info.Mode()
		if err := f.Chmod(m.Perm() | m&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)); err != nil {
			f.Close()
			removeTracked(f.Name())
			return nil, err
		}
		keepOwner(f, t.info)
	}
	return f, nil
}

// removeStale removes the temporary files named pattern* in dir that were
// not written for StaleAge and that no process holds locked: what a killed
// process left behind. Errors are ignored: this is housekeeping.
func removeStale(dir, pattern string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	for {
		names, err := d.Readdirnames(1024)
		for _, name := range names {
			if !strings.HasPrefix(name, pattern) || !strings.HasSuffix(name, tmpSuffix) {
				continue
			}
			path := filepath.Join(dir, name)
			st, err := os.Lstat(path)
			if err != nil || !st.Mode().IsRegular() || time.Since(st.ModTime()) < StaleAge {
				continue
			}
			if abandoned(path) {
				os.Remove(path)
			}
		}
		if err != nil {
			return
		}
	}
}

// writingInPlace is an output written in place (stdout, a device, a
// FIFO) whose Write has not returned: nobody reading it holds the write,
// and the process, there (InPlaceWrite).
var writingInPlace atomic.Pointer[File]

// InPlaceWrite returns the path ("-" for stdout) of an output written in
// place, a device, a FIFO or stdout, whose write is in progress, or ""
// when there is none: such a write does not return while nobody reads,
// and the watchdog that ends a process which did not stop after a signal
// names it as what held the process up.
func InPlaceWrite() string {
	if f := writingInPlace.Load(); f != nil {
		return f.path
	}
	return ""
}

// Write writes to the output; the first error sticks.
func (a *File) Write(p []byte) (int, error) {
	if a.err != nil {
		return 0, a.err
	}
	if a.kind != kindAtomic {
		writingInPlace.Store(a)
		defer writingInPlace.CompareAndSwap(a, nil)
	}
	var n int
	a.synced = false
	if a.kind == kindStdout {
		n, a.err = a.stdout.Write(p)
	} else {
		n, a.err = a.f.Write(p)
	}
	if a.err != nil {
		a.err = fmt.Errorf("writing %s: %w", a.path, a.err)
	}
	return n, a.err
}

// Flush syncs a regular file's temporary file to disk, the slow part of
// Commit, so that a caller can hold other work back only for the rename
// (the commit point) that Commit then does at once. It does nothing for a
// device, a FIFO or stdout; the first error sticks, as a write's.
func (a *File) Flush() error {
	if a.done || a.err != nil || a.kind != kindAtomic {
		return a.err
	}
	if err := a.f.Sync(); err != nil {
		a.err = fmt.Errorf("writing %s: %w", a.path, err)
	}
	a.synced = a.err == nil
	return a.err
}

// Ready reports the error Commit would report before its rename: a
// write that failed, or a target that is no longer what it was (a
// symbolic link, device or FIFO put there, or a file the over check of
// CreateOver refuses). A caller renaming several files together (an
// export's program and companions) checks them all first, so that one
// refused leaves every target as it was, not some replaced. It does
// nothing for a device, a FIFO or stdout.
func (a *File) Ready() error {
	if a.done || a.err != nil || a.kind != kindAtomic {
		return a.err
	}
	return a.targetErr()
}

// targetErr checks that the target is still what it was: a symbolic
// link, device or FIFO created there in the meantime is not replaced.
func (a *File) targetErr() error {
	t, err := resolve(a.path)
	if err != nil || t.path != a.target || t.info != nil && !t.info.Mode().IsRegular() {
		return fmt.Errorf("writing %s: the target changed while it was written (now not a regular file or a new path)", a.path)
	}
	if a.over != nil {
		if err := a.over(t.info); err != nil {
			return fmt.Errorf("writing %s: %w", a.path, err)
		}
	}
	return nil
}

// Commit finishes the output: for a regular file it flushes the temporary
// file (unless Flush did since the last write) and renames it over the
// target; for a device or FIFO it closes it.
func (a *File) Commit() error {
	if a.done {
		return errors.New("atomicfile: already committed or aborted")
	}
	a.done = true
	switch a.kind {
	case kindStdout:
		return a.err
	case kindDirect:
		err := a.f.Close()
		if a.err != nil {
			return a.err
		}
		if err != nil {
			return fmt.Errorf("writing %s: %w", a.path, err)
		}
		return nil
	}
	tmp := a.f.Name()
	fail := func(err error) error {
		a.f.Close()
		removeTracked(tmp)
		return err
	}
	if a.err != nil {
		return fail(a.err)
	}
	if !a.synced {
		if err := a.f.Sync(); err != nil {
			return fail(fmt.Errorf("writing %s: %w", a.path, err))
		}
	}
	if err := a.targetErr(); err != nil {
		return fail(err)
	}
	if err := renameTracked(tmp, a.target); err != nil {
		return fail(fmt.Errorf("writing %s: %w", a.path, err))
	}
	if err := a.f.Close(); err != nil { // releases the lock
		return fmt.Errorf("writing %s: %w", a.path, err)
	}
	syncDir(filepath.Dir(a.target))
	return nil
}

// syncDir makes a rename durable; errors are ignored (not every file system
// can sync a directory).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Abort discards the output: the temporary file is removed (a device or
// FIFO keeps what was written). It does nothing after Commit.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	switch a.kind {
	case kindAtomic:
		a.f.Close()
		removeTracked(a.f.Name())
	case kindDirect:
		a.f.Close()
	}
}

// Write writes a whole output produced by fn: the target appears (or is
// replaced) only if fn and every write succeed and ctx is not cancelled
// before the end. Cancelling ctx makes the next write fail, so a long export
// stops promptly and leaves nothing behind.
func Write(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error) error {
	return WriteCommit(ctx, path, stdout, fn, (*File).Commit)
}

// WriteCommit is Write with the last step given: once fn and every write
// have succeeded and ctx is still live, commit is called on the file
// instead of File.Commit (a caller that renames several outputs together,
// or under a lock of its own, commits them there); the file is aborted
// if commit does not commit it.
func WriteCommit(ctx context.Context, path string, stdout io.Writer, fn func(w io.Writer) error, commit func(*File) error) error {
	f, err := CreateContext(ctx, path, stdout)
	return fillWith(ctx, f, err, path, fn, commit)
}

// WriteRegular is Write for an output that must be a regular file or a
// new path (a document that is read and written back, such as the
// --update file of compare and bench): "-", a device, a FIFO or a link to
// an open file (/dev/stdout) is refused and nothing is written.
func WriteRegular(ctx context.Context, path string, fn func(w io.Writer) error) error {
	f, err := create(ctx, path, nil, true)
	return fill(ctx, f, err, path, fn)
}

// WriteRegularOver is WriteRegular for a document that was read from
// path first: read is what was read (its FileInfo, from a Stat after
// following symbolic links), nil when nothing was there. The document is
// written only while the target is still that file, unchanged: the same
// device and inode, size and modification time (or, for nil, still no
// file), checked before the output is created and again just before the
// rename, so that a file swapped in or edited between the read and the
// write is left as it is, with an error.
func WriteRegularOver(ctx context.Context, path string, read fs.FileInfo, fn func(w io.Writer) error) error {
	over := func(now fs.FileInfo) error { return sameAsRead(read, now) }
	if t, err := resolve(path); err == nil {
		if err := over(t.info); err != nil {
			return fmt.Errorf("cannot write %s: %w", path, err)
		}
	}
	f, err := create(ctx, path, nil, true)
	if f != nil {
		f.over = over
	}
	return fill(ctx, f, err, path, fn)
}

// sameAsRead says how now (nil: no file) differs from the file read (nil:
// none was there).
func sameAsRead(read, now fs.FileInfo) error {
	switch {
	case read == nil && now == nil:
		return nil
	case read == nil:
		return errors.New("a file appeared there after polytile found none (it is left as it is)")
	case now == nil:
		return errors.New("the file read was removed or renamed before it was written back")
	case !os.SameFile(read, now):
		return errors.New("another file was put in place of the one read (it is left as it is)")
	case now.Size() != read.Size() || !now.ModTime().Equal(read.ModTime()):
		return errors.New("the file changed after it was read (it is left as it is)")
	}
	return nil
}

// fill is the rest of Write and WriteRegular once f is created (or err
// says why not): fn writes through a writer that fails once ctx is done,
// and f is committed only if fn and ctx both end well, else aborted.
func fill(ctx context.Context, f *File, err error, path string, fn func(w io.Writer) error) error {
	return fillWith(ctx, f, err, path, fn, (*File).Commit)
}

// fillWith is fill with the commit step given (WriteCommit).
func fillWith(ctx context.Context, f *File, err error, path string, fn func(w io.Writer) error, commit func(*File) error) error {
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fn(ctxio.Writer(ctx, f)); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return commit(f)
}

// SameFile reports whether the paths a and b name the same file: the same
// existing file (after following symbolic links; hard links count as the
// same file), or, when one does not exist yet, the same resolved path. "-"
// is never the same as anything.
func SameFile(a, b string) bool {
	if a == "-" || b == "-" || a == "" || b == "" {
		return false
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	ta, err1 := resolve(a)
	tb, err2 := resolve(b)
	if err1 != nil || err2 != nil {
		return false
	}
	pa, err1 := filepath.Abs(ta.path)
	pb, err2 := filepath.Abs(tb.path)
	return err1 == nil && err2 == nil && pa == pb
}

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"io/fs"
	"os"
	"syscall"
)

// lock takes an exclusive flock on the temporary file for as long as it is
// open; the kernel releases it when the process dies, however it dies.
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// abandoned reports whether no process holds the temporary file at path
// locked, that is whether its writer is gone.
func abandoned(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// keepOwner gives f the owner and group of the file described by info,
// where the process is allowed to (root, or a group it belongs to); a file
// replaced by root keeps its owner. Failures are ignored.
func keepOwner(f *os.File, info fs.FileInfo) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) == os.Geteuid() && int(st.Gid) == os.Getegid() {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		f.Chown(-1, int(st.Gid))
	}
}

// writable reports whether the process may create files in dir.
func writable(dir string) error {
	return syscall.Access(dir, 2) // W_OK
}

// fileWritable reports whether the process may write the file at path
// (root may write any).
func fileWritable(path string) error {
	return syscall.Access(path, 2) // W_OK
}

package atomicfile

// Renames reports whether Commit renames a temporary file over the
// target (a regular file): only then can a commit point withhold the
// output. Stdout, a device and a FIFO are written in place as the writes
// come, and Commit has nothing left to withhold.
func (a *File) Renames() bool { return a.kind == kindAtomic }

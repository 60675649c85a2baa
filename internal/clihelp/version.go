package clihelp

import (
	"runtime"
	"runtime/debug"
)

// Version describes this build of the program name: the module version
// ("(devel)" for a build from a checkout; override, when not "", in its
// place), the VCS revision (12 digits, "+dirty" when the tree had
// changes) and time recorded by go build, and the Go version:
// "polytile v1.2.0 (0123456789ab, 2026-01-02T03:04:05Z), go1.23.0".
func Version(name, override string) string {
	bi, _ := debug.ReadBuildInfo()
	return version(name, override, bi, runtime.Version())
}

// version is Version of the build information bi (nil when unknown).
func version(name, override string, bi *debug.BuildInfo, goVersion string) string {
	v, rev, at, dirty := "(unknown)", "", "", false
	if bi != nil {
		v = bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if override != "" {
		v = override
	}
	out := name + " " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		out += " (" + rev
		if at != "" {
			out += ", " + at
		}
		out += ")"
	}
	return out + ", " + goVersion
}

package shard

import (
	"errors"
	"fmt"
	"strings"
)

// Want is the configuration a merge requires of every result: Config,
// with the pinned piece either Config.Redundancy ("" for none) or, with
// AnyRedundancy, whichever piece a result pinned (solve's auto: the
// piece is not known without building the search; Merge refuses results
// that pinned different pieces).
type Want struct {
	Config        Config
	AnyRedundancy bool
}

// Matches reports whether a result's configuration is the one wanted.
func (w Want) Matches(got Config) bool {
	c := w.Config
	if w.AnyRedundancy {
		c.Redundancy = got.Redundancy
	}
	return got == c
}

// String is the wanted configuration in Config's form, redundancy=auto
// when any piece is taken.
func (w Want) String() string {
	c := w.Config
	if w.AnyRedundancy {
		c.Redundancy = ""
		return strings.Replace(c.String(), "redundancy=none", "redundancy=auto", 1)
	}
	return c.String()
}

// ErrConfig is the kind of a *ConfigConflict, for errors.Is.
var ErrConfig = errors.New("results of another configuration")

// ConfigConflict lists the results whose configuration is not Want.
type ConfigConflict struct {
	Want  Want
	Files []Loaded
}

// Error names the wanted configuration and each result of another.
func (c *ConfigConflict) Error() string {
	return fmt.Sprintf("results not counted with %s: %s", c.Want, strings.Join(c.Described(), ", "))
}

// Is reports whether target is ErrConfig.
func (c *ConfigConflict) Is(target error) bool { return target == ErrConfig }

// Described names each file with its configuration: "PATH (CONFIG)".
func (c *ConfigConflict) Described() []string {
	out := make([]string, len(c.Files))
	for i, f := range c.Files {
		out[i] = fmt.Sprintf("%s (%s)", f.Path, f.Result.Config)
	}
	return out
}

// CheckConfig compares every result read among files with want and
// returns a *ConfigConflict listing those of another configuration, nil
// when all match. Files that could not be read are passed over (Merge
// reports them).
func CheckConfig(want Want, files []Loaded) error {
	var other []Loaded
	for _, f := range files {
		if f.Result != nil && !want.Matches(f.Result.Config) {
			other = append(other, f)
		}
	}
	if len(other) == 0 {
		return nil
	}
	return &ConfigConflict{Want: want, Files: other}
}

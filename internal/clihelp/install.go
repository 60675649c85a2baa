package clihelp

import "github.com/spf13/cobra"

// Setup says how Install sets up a command tree's help and version.
type Setup struct {
	// Groups lists the flags of each command's help (Write).
	Groups Groups
	// Width is the width of the help, asked each time it is written
	// (Width of the output the help goes to).
	Width func() int
	// HelpLong describes the help command; Unknown is the error of an
	// unknown help topic (Command).
	HelpLong string
	Unknown  func(msg string) error
	// Version is the line --version prints.
	Version string
}

// Install makes root's help command Command, every command's help Write's
// text (a write error is kept by the command's output, as ErrWriter
// keeps it), and --version print s.Version on a line of its own.
func Install(root *cobra.Command, s Setup) {
	root.SetHelpCommand(Command(root, s.HelpLong, s.Unknown))
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		_ = Write(c.OutOrStdout(), c, s.Width(), s.Groups)
	})
	root.Version = s.Version
	root.SetVersionTemplate("{{.Version}}\n")
}

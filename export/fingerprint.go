package export

import "github.com/polytile/polytile/model"

// fingerprint is the name of p's fingerprint column (see
// model.Program.Fingerprint). checkProgram computes it before the sizing
// (reading its stop function); the writers then read the cached name.
func fingerprint(p *model.Program) string {
	name, _ := p.FingerprintStop(nil) // nil never stops: no error
	return name
}

// fingerprintLine is the comment line (without its comment markers) that
// names the fingerprint in every program file.
func fingerprintLine(p *model.Program) string {
	return "fingerprint " + fingerprint(p) + " (a hash of this program; LP and MPS files carry it as a column fixed at a value it gives, by which polytile check identifies the program)"
}

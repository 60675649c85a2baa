package puzzle

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// FuzzParseBurrTools: no input, compressed or not, makes the BurrTools
// reader panic or return a puzzle that New rejects without an error.
func FuzzParseBurrTools(f *testing.F) {
	f.Add([]byte(burrHead + `<shapes><voxel x="2" y="2" z="1" type="0">####</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>` +
		`<problems><problem><shapes><shape id="1" count="2"/></shapes><result id="0"/></problem></problems></puzzle>`))
	f.Add([]byte(burrHead + `<gridType type="0"/><shapes><voxel x="1" y="1" z="2" type="0">#1+</voxel></shapes></puzzle>`))
	f.Add([]byte{0x1f, 0x8b, 8, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range [][]byte{data, gz(data)} {
			_, err := Parse("f.xmpuzzle", in, "")
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("error %T %v is not a *Error", err, err)
				}
			}
		}
	})
}

func gz(data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

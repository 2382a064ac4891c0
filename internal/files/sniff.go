package files

import (
	"bytes"
	"path"
	"strings"
)

// sniffLen is how many leading bytes decide the type; every signature below
// fits in it.
const sniffLen = 512

// fileType is an accepted type: what is stored, served and allowed.
type fileType struct {
	ext, contentType string
	photo, evidence  bool
}

var (
	typeJPEG = fileType{"jpg", "image/jpeg", true, true}
	typePNG  = fileType{"png", "image/png", true, true}
	typePDF  = fileType{"pdf", "application/pdf", false, true}
	typeZIP  = fileType{"zip", "application/zip", false, true}
	typeDOCX = fileType{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", false, true}
	typeRAR  = fileType{"rar", "application/vnd.rar", false, true}
	typeDOC  = fileType{"doc", "application/msword", false, true}
)

func (t fileType) allowedFor(k Kind) bool {
	if k == KindPhoto {
		return t.photo
	}
	return t.evidence
}

// sniff decides the type from the first bytes. The name is consulted only
// to tell a .docx from a plain .zip: both are ZIP containers and both are
// allowed evidence, so proving the inside (which would need the whole file)
// gains no safety; the label only picks the program that opens the
// download, which is always served as an attachment with nosniff.
func sniff(head []byte, name string) (fileType, bool) {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return typeJPEG, true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return typePNG, true
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return typePDF, true
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		if strings.EqualFold(path.Ext(name), ".docx") {
			return typeDOCX, true
		}
		return typeZIP, true
	case bytes.HasPrefix(head, []byte("Rar!\x1a\x07\x00")), // RAR 1.5–4.x
		bytes.HasPrefix(head, []byte("Rar!\x1a\x07\x01\x00")): // RAR 5
		return typeRAR, true
	case bytes.HasPrefix(head, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		// OLE2 compound file: Word 97–2003 (.doc); Excel and PowerPoint use
		// the same container and are labelled doc too, harmlessly.
		return typeDOC, true
	}
	return fileType{}, false
}

// sniffExt returns the type stored under ext.
func sniffExt(ext string) (fileType, bool) {
	for _, t := range []fileType{typeJPEG, typePNG, typePDF, typeZIP, typeDOCX, typeRAR, typeDOC} {
		if t.ext == ext {
			return t, true
		}
	}
	return fileType{}, false
}

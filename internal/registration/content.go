package registration

import (
	"embed"
	"encoding/json"
	"fmt"
)

//go:embed content/agreement.json content/privacy.json
var contentFiles embed.FS

// Document is a text the registration dialogs show: the user agreement and
// the privacy notice. It is structured (sections of paragraphs) rather than
// HTML, so the client renders it without injecting markup.
type Document struct {
	Title    string    `json:"title"`
	Version  string    `json:"version"`
	Preamble string    `json:"preamble"`
	Sections []Section `json:"sections"`
}

// Section is one numbered section of a Document.
type Section struct {
	Title      string   `json:"title"`
	Paragraphs []string `json:"paragraphs"`
}

// Agreement returns the registration agreement (the eight sections of 01 §2).
func Agreement() (Document, error) { return loadDocument("content/agreement.json") }

// Privacy returns the privacy notice (docs/spec/DECISIONS.md: a real notice).
func Privacy() (Document, error) { return loadDocument("content/privacy.json") }

func loadDocument(name string) (Document, error) {
	b, err := contentFiles.ReadFile(name)
	if err != nil {
		return Document{}, err
	}
	var d Document
	if err := json.Unmarshal(b, &d); err != nil {
		return Document{}, fmt.Errorf("registration: %s: %w", name, err)
	}
	return d, nil
}

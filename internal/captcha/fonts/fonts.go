// Package fonts embeds the typeface drawn into click-word captcha images:
// a subset of Noto Sans CJK SC (Regular) holding 487 common Chinese
// characters (and, despite the shared README, no Latin letters or digits),
// under the SIL Open Font License 1.1, whose text (OFL-1.1.txt) ships in
// this folder beside the font as the licence requires.
//
// The font is embedded rather than read from disk so that the binary is
// self-contained and no operator can end up serving a font of unclear
// licence by accident.
package fonts

import (
	_ "embed"
	"strings"
	"sync"

	"golang.org/x/image/font/sfnt"
)

//go:embed NotoSansSC-Captcha487.ttf
var notoSansSC []byte

//go:embed captcha-chars-487.txt
var clickWordChars string

//go:embed OFL-1.1.txt
var licence string

var (
	parseOnce sync.Once
	parsed    *sfnt.Font
	parseErr  error
)

// NotoSansSC returns the parsed font. sfnt.Font is safe for concurrent use
// as long as each goroutine passes its own sfnt.Buffer, so it is parsed once.
func NotoSansSC() (*sfnt.Font, error) {
	parseOnce.Do(func() { parsed, parseErr = sfnt.Parse(notoSansSC) })
	return parsed, parseErr
}

// ClickWordChars returns the characters the click-word captcha draws from:
// common characters a user recognises at a glance, all present in the font.
func ClickWordChars() []rune {
	return []rune(strings.TrimSpace(clickWordChars))
}

// Licence returns the SIL Open Font License text that must accompany the font.
func Licence() string { return licence }

// Package certno checks the two certificate numbers whose format carries a
// check character: the resident identity card number (GB 11643-1999) and the
// unified social credit code (GB 32100-2015). A pattern alone lets typos
// through; the check character catches every single-character error and
// most transpositions, so registration refuses a mistyped number before a
// reviewer ever sees it.
//
// The validators accept only the canonical form (upper case, no spaces).
// Services call Normalize on user input first and store the normalised
// value, so "x" typed by a user is accepted while the stored numbers stay
// comparable byte for byte (uniqueness, operator search).
package certno

import (
	"strings"
	"time"
	"unicode"
)

// Normalize removes every white-space character and upper-cases ASCII
// letters, giving the form the validators and the database expect.
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// idWeights are the GB 11643-1999 (ISO 7064 MOD 11-2) weights 2^(18-i) mod 11
// of the first 17 digits.
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

// idCheck maps the weighted sum mod 11 to the check character.
const idCheck = "10X98765432"

// residentProvinces are the first two digits of the GB/T 2260 province-level
// codes under which mainland identity cards are issued. Only the province is
// checked: numbers issued under county codes that were later abolished stay
// valid for life, so a lookup in the current division list would refuse real
// cards. 71 (Taiwan), 81, 82 (Hong Kong, Macao) are absent: no resident
// identity card is issued there; their residents' permits have their own type.
var residentProvinces = map[string]bool{
	"11": true, "12": true, "13": true, "14": true, "15": true,
	"21": true, "22": true, "23": true,
	"31": true, "32": true, "33": true, "34": true, "35": true, "36": true, "37": true,
	"41": true, "42": true, "43": true, "44": true, "45": true, "46": true,
	"50": true, "51": true, "52": true, "53": true, "54": true,
	"61": true, "62": true, "63": true, "64": true, "65": true,
}

// ValidResidentID reports whether s is an 18-character resident identity card
// number of GB 11643-1999 in canonical form: a mainland province code, a
// six-digit area, a real birth date (YYYYMMDD, from 1900 and not in the
// future), a three-digit sequence and the MOD 11-2 check character (X for 10,
// upper case only; see Normalize). The old 15-digit numbers are not accepted:
// every such card expired long ago.
func ValidResidentID(s string) bool {
	return residentProvinces[prefix2(s)] && validIDBody(s)
}

// ValidResidencePermit reports whether s is the number of a residence permit
// for Hong Kong, Macao (810000, 820000) or Taiwan (830000) residents. The
// permits use the identity-card layout and check character with those fixed
// area codes.
func ValidResidencePermit(s string) bool {
	if len(s) != 18 {
		return false
	}
	switch s[:6] {
	case "810000", "820000", "830000":
		return validIDBody(s)
	}
	return false
}

func prefix2(s string) string {
	if len(s) < 2 {
		return ""
	}
	return s[:2]
}

// validIDBody checks length, digits, birth date and check character of an
// identity-card layout number.
func validIDBody(s string) bool {
	if len(s) != 18 {
		return false
	}
	sum := 0
	for i := range 17 {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * idWeights[i]
	}
	if s[17] != idCheck[sum%11] {
		return false
	}
	return validBirthDate(s[6:14])
}

// validBirthDate reports whether d (eight digits) is a calendar date from
// 1900-01-01 up to today. The wall clock is used deliberately: this is a
// plausibility check on a document, not a business rule with a time-to-live,
// and a day's difference around midnight does not matter.
func validBirthDate(d string) bool {
	t, err := time.Parse("20060102", d)
	if err != nil {
		return false
	}
	return t.Year() >= 1900 && !t.After(time.Now())
}

// creditAlphabet is the GB 32100-2015 character set: digits and upper-case
// letters without I, O, Z, S, V; a character's value is its index.
const creditAlphabet = "0123456789ABCDEFGHJKLMNPQRTUWXY"

// creditWeights are 3^(i) mod 31 for the first 17 positions.
var creditWeights = [17]int{1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28}

// creditValue maps an ASCII byte to its value in creditAlphabet, or -1.
var creditValue = func() (v [256]int8) {
	for i := range v {
		v[i] = -1
	}
	for i := 0; i < len(creditAlphabet); i++ {
		v[creditAlphabet[i]] = int8(i)
	}
	return v
}()

// ValidCreditCode reports whether s is a unified social credit code of
// GB 32100-2015 in canonical form: 18 characters from creditAlphabet, the
// third to eighth an administrative division code (digits), and the last the
// check character C18 = 31 - (Σ Ci·Wi mod 31), 31 written as 0.
//
// The organisation code inside it (positions 9 to 17) is not checked against
// GB 11714: codes issued to individual businesses (92…) do not all satisfy
// it, and the mod-31 check already catches typing errors.
func ValidCreditCode(s string) bool {
	if len(s) != 18 {
		return false
	}
	sum := 0
	for i := range 17 {
		v := creditValue[s[i]]
		if v < 0 {
			return false
		}
		if i >= 2 && i < 8 && (s[i] < '0' || s[i] > '9') {
			return false
		}
		sum += int(v) * creditWeights[i]
	}
	c := (31 - sum%31) % 31
	return s[17] == creditAlphabet[c]
}

// Mask hides the middle of a certificate number (or any identifier) for
// display: a quarter of the characters, at most four, stay visible at each
// end and the rest become '*', so an 18-character number shows as
// 1101**********1234 and a short one reveals proportionally less. Strings of
// fewer than four characters are hidden entirely. Characters, not bytes, are
// counted, so a number typed with full-width characters is not cut in half.
func Mask(s string) string {
	r := []rune(s)
	n := len(r)
	keep := min(4, n/4)
	for i := keep; i < n-keep; i++ {
		r[i] = '*'
	}
	return string(r)
}

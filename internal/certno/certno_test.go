package certno

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestValidResidentID(t *testing.T) {
	tests := []struct {
		in   string
		want bool
		why  string
	}{
		// 11010519491231002X is the worked example of GB 11643-1999 itself.
		{"11010519491231002X", true, "standard's example, check X"},
		{"110101199003073", false, "17 digits"},
		{"110101199003071233", true, "computed: weighted sum mod 11 = 10 → 3"},
		{"510108198001011231", true, "computed: Chengdu, 1980-01-01"},
		{"44030820000229001X", true, "computed: 2000-02-29 exists"},
		{"110101199003071234", false, "wrong check digit"},
		{"11010519491231002x", false, "lower-case x is not canonical (Normalize first)"},
		{"110105194912310021", false, "check must be X, not 1"},
		{"11010519491231002", false, "too short"},
		{"11010519491231002X0", false, "too long"},
		{"110101190002290011", false, "1900-02-29 does not exist; check digit is right"},
		{"440524188001010014", false, "standard's 1880 example: check is right, year before 1900"},
		{"110101299001011235", false, "born in 2990"},
		{"110101199013010012", false, "month 13"},
		{"990101199003071237", false, "province 99 does not exist"},
		{"810000199003071234", false, "Hong Kong residence permit is not an ID card"},
		{"11010119900307123Ｘ", false, "full-width X"},
		{"", false, "empty"},
		{" 110101199003071233", false, "leading space (Normalize first)"},
	}
	for _, tt := range tests {
		if got := ValidResidentID(tt.in); got != tt.want {
			t.Errorf("ValidResidentID(%q) = %v, want %v (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

func TestValidResidentIDAfterNormalize(t *testing.T) {
	if !ValidResidentID(Normalize(" 11010519491231002x ")) {
		t.Fatal("a number typed with lower-case x and spaces must pass after Normalize")
	}
}

func TestValidResidencePermit(t *testing.T) {
	tests := map[string]bool{
		"810000199408230021": true,  // computed: Hong Kong residents' permit
		"830000199201300022": true,  // computed: Taiwan residents' permit
		"810000199408230022": false, // wrong check
		"110101199003071233": false, // an ID card number is not a permit
		"840000199408230021": false,
	}
	for in, want := range tests {
		if got := ValidResidencePermit(in); got != want {
			t.Errorf("ValidResidencePermit(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestEverySingleDigitErrorIsCaught is the property the check digit exists
// for: changing any one character of a valid number makes it invalid.
func TestEverySingleDigitErrorIsCaught(t *testing.T) {
	valid := "11010519491231002X"
	for i := 0; i < len(valid); i++ {
		for _, c := range "0123456789X" {
			if byte(c) == valid[i] {
				continue
			}
			mutated := valid[:i] + string(c) + valid[i+1:]
			if ValidResidentID(mutated) {
				t.Errorf("%s (position %d changed) accepted", mutated, i+1)
			}
		}
	}
}

func TestValidCreditCode(t *testing.T) {
	tests := []struct {
		in   string
		want bool
		why  string
	}{
		// The worked example of GB 32100-2015: the standard shows that
		// 91350100M000100Y4Z fails because the check character must be 3.
		{"91350100M000100Y43", true, "standard's example"},
		{"91350100M000100Y4Z", false, "standard's counter-example"},
		// Codes of real registered organisations, as printed on their licences.
		{"91440300708461136T", true, "enterprise, Shenzhen"},
		{"91110108551385082Q", true, "enterprise, Beijing Haidian"},
		{"11100000000013127D", true, "government body (registration authority 1)"},
		{"51610700305332460K", true, "social organisation (5)"},
		{"91341000MA2N0ABGXX", true, "check character X"},
		{"91512081MA62K0260E", true, "check character E"},
		{"91350100M000100Y44", false, "wrong check"},
		{"91350100m000100y43", false, "lower case (Normalize first)"},
		{"9135010OM000100Y43", false, "letter O is not in the alphabet"},
		{"91350100M000100I43", false, "letter I is not in the alphabet"},
		{"9A3501A0M000100Y43", false, "division code must be digits"},
		{"91350100M000100Y4", false, "17 characters"},
		{"91350100M000100Y433", false, "19 characters"},
		{"", false, "empty"},
	}
	for _, tt := range tests {
		if got := ValidCreditCode(tt.in); got != tt.want {
			t.Errorf("ValidCreditCode(%q) = %v, want %v (%s)", tt.in, got, tt.want, tt.why)
		}
	}
}

// TestCreditCodeCheckCharacterZero covers the MOD(31,31) = 0 rule: a sum
// divisible by 31 gives check character 0, not an out-of-range index.
func TestCreditCodeCheckCharacterZero(t *testing.T) {
	body := "91350100M000100Y"
	found := false
	for _, c := range creditAlphabet {
		code17 := body + string(c)
		sum := 0
		for i := range 17 {
			sum += int(creditValue[code17[i]]) * creditWeights[i]
		}
		if sum%31 == 0 {
			found = true
			if !ValidCreditCode(code17 + "0") {
				t.Errorf("%s0 refused", code17)
			}
		}
	}
	if !found {
		t.Skip("no body with sum ≡ 0 in this family")
	}
}

func TestCreditCodeSingleErrorsCaught(t *testing.T) {
	valid := "91350100M000100Y43"
	for i := 0; i < len(valid); i++ {
		for _, c := range creditAlphabet {
			if byte(c) == valid[i] {
				continue
			}
			mutated := valid[:i] + string(c) + valid[i+1:]
			if ValidCreditCode(mutated) {
				t.Errorf("%s (position %d changed) accepted", mutated, i+1)
			}
		}
	}
}

func TestNormalize(t *testing.T) {
	if got := Normalize(" 9135 0100m000100y43\t"); got != "91350100M000100Y43" {
		t.Errorf("Normalize = %q", got)
	}
}

func TestMask(t *testing.T) {
	tests := map[string]string{
		"110101199003071234": "1101**********1234",
		"91350100M000100Y43": "9135**********0Y43",
		"E12345678":          "E1*****78",
		"12345678":           "12****78",
		"1234":               "1**4",
		"123":                "***",
		"":                   "",
		"张三丰":                "***",
		"港澳通行证号码12":          "港澳*****12",
	}
	for in, want := range tests {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzValidResidentID(f *testing.F) {
	for _, s := range []string{"11010519491231002X", "", "x", "110101199003071233", "\xff\xfe", strings.Repeat("9", 18)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ok := ValidResidentID(s)
		if ok && (len(s) != 18 || !ValidResidentID(Normalize(s))) {
			t.Fatalf("accepted non-canonical %q", s)
		}
		_ = ValidResidencePermit(s)
	})
}

func FuzzValidCreditCode(f *testing.F) {
	for _, s := range []string{"91350100M000100Y43", "", "91350100M000100Y4", "\x00\x00", "ＡＢＣ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ValidCreditCode(s) && Normalize(s) != s {
			t.Fatalf("accepted non-canonical %q", s)
		}
	})
}

func FuzzMask(f *testing.F) {
	for _, s := range []string{"110101199003071234", "", "a", "张三", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := Mask(s)
		if utf8.ValidString(s) && utf8.RuneCountInString(m) != utf8.RuneCountInString(s) {
			t.Fatalf("Mask(%q) = %q changes the length", s, m)
		}
		if n := utf8.RuneCountInString(s); n >= 4 && strings.Count(m, "*") < n/2 {
			t.Fatalf("Mask(%q) = %q reveals more than half", s, m)
		}
	})
}

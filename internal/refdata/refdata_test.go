package refdata

import (
	"encoding/json"
	"strings"
	"testing"
)

func load(t testing.TB) *Catalog {
	t.Helper()
	c, err := Load(Options{HelpPhone: "400-000-0000"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAreasTreeShape(t *testing.T) {
	c := load(t)
	var tree []*Option
	if err := json.Unmarshal(c.AreasJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if len(tree) != 34 {
		t.Fatalf("%d provinces, want 34", len(tree))
	}
	var prefectures, counties int
	for _, p := range tree {
		for _, ct := range p.Children {
			if strings.HasSuffix(ct.Value, "00") {
				prefectures++
			}
			counties += len(ct.Children)
			if ct.Label == "市辖区" {
				t.Errorf("synthetic 市辖区 under %s", p.Label)
			}
		}
	}
	if prefectures != 333 {
		t.Errorf("%d prefecture-level nodes, want 333", prefectures)
	}
	byValue := map[string]*Option{}
	for _, p := range tree {
		byValue[p.Value] = p
	}
	// Municipality districts are the second level, with no third.
	bj := byValue["110000"]
	if bj.Children[0].Value != "110101" || bj.Children[0].Label != "东城区" || bj.Children[0].Children != nil {
		t.Errorf("北京 first child = %+v", bj.Children[0])
	}
	for _, v := range []string{"710000", "810000", "820000"} {
		if byValue[v].Children != nil {
			t.Errorf("%s has children", v)
		}
	}
	if !strings.Contains(string(c.AreasJSON()), `{"value":"441900","label":"东莞市"}`) {
		t.Error("东莞 should be a childless second-level node")
	}
}

func TestValidArea(t *testing.T) {
	c := load(t)
	tests := []struct {
		p, c, a string
		want    bool
	}{
		{"410000", "410100", "410105", true},  // 河南 郑州 金水区
		{"410000", "410100", "", false},       // 郑州 has districts: one must be chosen
		{"410000", "410100", "110101", false}, // district of another city
		{"410000", "419001", "", true},        // 济源 (省直辖县) at the second level
		{"110000", "110101", "", true},        // 北京 东城区
		{"110000", "110101", "110102", false}, // no third level under a municipality
		{"110000", "110100", "110101", false}, // no synthetic 市辖区
		{"440000", "441900", "", true},        // 东莞 has no districts
		{"440000", "442000", "", true},        // 中山
		{"460000", "460400", "", true},        // 儋州
		{"620000", "620200", "", true},        // 嘉峪关
		{"460000", "469001", "", true},        // 五指山 (省直辖县)
		{"650000", "659001", "", true},        // 石河子
		{"710000", "", "", true},              // 台湾
		{"810000", "", "", true},              // 香港
		{"820000", "", "", true},              // 澳门
		{"810000", "810100", "", false},       // no such city
		{"110000", "", "", false},             // a municipality needs a district
		{"", "", "", false},                   // nothing
		{"410100", "410105", "", false},       // a city is not a province
		{"500000", "500105", "", false},       // 江北区 removed in 2025 (SOURCES.md)
		{"500000", "500157", "", true},        // 两江新区 added
		{"430000", "430100", "430102", true},  // 长沙 芙蓉区
		{"420000", "422800", "422801", true},  // 恩施州 恩施市
		{"420000", "429004", "429004", false}, // 仙桃 cannot be its own child
	}
	for _, tt := range tests {
		if got := c.ValidArea(tt.p, tt.c, tt.a); got != tt.want {
			t.Errorf("ValidArea(%q, %q, %q) = %v, want %v", tt.p, tt.c, tt.a, got, tt.want)
		}
	}
}

func TestAreaNames(t *testing.T) {
	c := load(t)
	if got := c.AreaName("410105"); got != "金水区" {
		t.Errorf("AreaName = %q", got)
	}
	for code, want := range map[string]string{
		"410105": "河南省郑州市金水区",
		"110101": "北京市东城区",
		"441900": "广东省东莞市",
		"810000": "香港特别行政区",
		"999999": "",
		"":       "",
	} {
		if got := c.AreaFullName(code); got != want {
			t.Errorf("AreaFullName(%q) = %q, want %q", code, got, want)
		}
	}
	if got := c.AreaFullNameOf("440000", "441900", ""); got != "广东省东莞市" {
		t.Errorf("AreaFullNameOf = %q", got)
	}
}

func TestIndustries(t *testing.T) {
	c := load(t)
	var tree []*Option
	if err := json.Unmarshal(c.IndustriesJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if len(tree) != 20 || tree[0].Value != "A" || tree[19].Value != "T" {
		t.Fatalf("sections: %d, first %s", len(tree), tree[0].Value)
	}
	var count func([]*Option, int, []int)
	levels := make([]int, 4)
	count = func(os []*Option, depth int, levels []int) {
		for _, o := range os {
			levels[depth]++
			count(o.Children, depth+1, levels)
		}
	}
	count(tree, 0, levels)
	if levels[0] != 20 || levels[1] != 97 || levels[2] != 473 || levels[3] != 1381 {
		t.Errorf("levels %v, want [20 97 473 1381] (SOURCES.md)", levels)
	}
	tests := map[string]bool{
		"E,E48,E481,E4812":  true,
		"E,E48,E481":        true, // a non-leaf stop is accepted (see ValidIndustryPath)
		"E":                 true,
		"E48":               false, // must start at a section
		"E,E48,E481,E4812,": false,
		"E,E47,E481,E4812":  false, // E481 is not a child of E47
		"A,E48":             false,
		"E,,E48":            false,
		"":                  false,
		"E, E48":            false,
		"Z":                 false,
	}
	for p, want := range tests {
		if got := c.ValidIndustryPath(p); got != want {
			t.Errorf("ValidIndustryPath(%q) = %v, want %v", p, got, want)
		}
	}
	if got := c.IndustryPathName("E,E48"); got != "建筑业/土木工程建筑业" {
		t.Errorf("IndustryPathName = %q", got)
	}
}

func TestConfig(t *testing.T) {
	c := load(t)
	var cfg map[string]json.RawMessage
	if err := json.Unmarshal(c.ConfigJSON(), &cfg); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"helpPhone", "certificatesType", "legalPersonCertificatesType", "enterpriseCertificatesType", "enterpriseType", "registeredCapital", "currency", "libraryRole", "dictionaries"} {
		if _, ok := cfg[k]; !ok {
			t.Errorf("config lacks %s", k)
		}
	}
	if string(cfg["helpPhone"]) != `"400-000-0000"` {
		t.Errorf("helpPhone = %s", cfg["helpPhone"])
	}
	conf := c.Config()
	if conf.CertificatesType[0].Value != "1" || conf.CertificatesType[0].Label != "居民身份证" {
		t.Errorf("first person cert type = %+v", conf.CertificatesType[0])
	}
	if !c.ValidPersonCertType("1") || !c.ValidPersonCertType("2") || !c.ValidPersonCertType("227") || c.ValidPersonCertType("201") || c.ValidPersonCertType("299") {
		t.Error("person cert types: 1, 2 and STA codes other than 201/299")
	}
	if conf.Currency[0].Value != "CNY" || conf.Currency[1].Value != "HKD" || !conf.Currency[12].Common || conf.Currency[13].Common {
		t.Errorf("currencies not common-first: %v %v", conf.Currency[0], conf.Currency[13])
	}
	if len(conf.Currency) != 157 {
		t.Errorf("%d currencies", len(conf.Currency))
	}
	var def []string
	for _, u := range conf.RegisteredCapital {
		if u.Default {
			def = append(def, u.Label)
		}
	}
	if len(conf.RegisteredCapital) != 3 || len(def) != 1 || def[0] != "万元" {
		t.Errorf("capital units %v default %v", conf.RegisteredCapital, def)
	}
	if !c.ValidCapitalUnit("WAN_YUAN") || c.ValidCapitalUnit("万元") {
		t.Error("capital unit codes")
	}
	if !c.ValidCurrency("USD") || c.ValidCurrency("usd") || c.ValidCurrency("") {
		t.Error("currency codes")
	}
	if !c.ValidEnterpriseCertType("A1", "1") || c.ValidEnterpriseCertType("A1", "2") || !c.ValidEnterpriseCertType("A2", "2") || c.ValidEnterpriseCertType("A9", "1") || c.ValidEnterpriseCertType("A3", "3") {
		t.Error("enterprise cert type rules")
	}
	auth := conf.Dictionaries["authentication"]
	if len(auth) != 4 || auth[1].Value != 99 {
		t.Errorf("authentication dictionary %v", auth)
	}
	if !strings.Contains(string(c.ConfigJSON()), `{"value":99,"label":"认证中"}`) {
		t.Error("authState values must be JSON numbers")
	}
}

// BenchmarkLoad measures the start-up cost of parsing the embedded files and
// rendering the bodies (recorded in docs/performance.md).
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidArea(b *testing.B) {
	c := load(b)
	for b.Loop() {
		c.ValidArea("410000", "410100", "410105")
	}
}

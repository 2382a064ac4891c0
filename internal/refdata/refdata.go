// Package refdata is the project's reference data: administrative divisions
// (GB/T 2260), the industry classification (GB/T 4754-2017), currencies
// (ISO 4217 with Chinese names), certificate types, registered-capital units
// and the state dictionaries the client shows. The source files are embedded
// (see data/SOURCES.md for their provenance), parsed once by Load at start
// and read-only afterwards, so a *Catalog is safe for concurrent use.
//
// Trees are served in the shape antd's Cascader reads without a fieldNames
// mapping: {value, label, children}.
package refdata

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

//go:embed data/*.json
var files embed.FS

// Option is one node of a cascader or one entry of a select list. Value is
// what the client sends back; Label is what it shows.
type Option struct {
	Value    string    `json:"value"`
	Label    string    `json:"label"`
	Children []*Option `json:"children,omitempty"`
}

// Entry is one entry of a configuration list or state dictionary. Value is a
// string or a number, matching the type of the API field it describes
// (authState is a number, certType a string).
type Entry struct {
	Value   any    `json:"value"`
	Label   string `json:"label"`
	Default bool   `json:"default,omitempty"`
	// Common marks the currencies listed first.
	Common bool `json:"common,omitempty"`
	// NotFor lists enterprise types that may not use this entry
	// (certificate type 2 is refused for A1).
	NotFor []string `json:"notFor,omitempty"`
}

// Config is what GET /api/common/config returns: the lists of global
// configuration the spec names (certificatesType, registeredCapital,
// currency), the lists the forms need besides, the state dictionaries and
// the help phone.
type Config struct {
	HelpPhone string `json:"helpPhone"`
	// CertificatesType holds the person certificate types; the legal
	// representative is a person and chooses from the same list.
	CertificatesType           []Entry            `json:"certificatesType"`
	LegalPersonCertificateType []Entry            `json:"legalPersonCertificatesType"`
	EnterpriseCertificatesType []Entry            `json:"enterpriseCertificatesType"`
	EnterpriseType             []Entry            `json:"enterpriseType"`
	RegisteredCapital          []Entry            `json:"registeredCapital"`
	Currency                   []Entry            `json:"currency"`
	LibraryRole                []Entry            `json:"libraryRole"`
	Dictionaries               map[string][]Entry `json:"dictionaries"`
}

// Options are the deployment settings that end up in the reference data.
type Options struct {
	// HelpPhone is the customer-service number shown on the registration
	// help panel (global configuration in the spec).
	HelpPhone string
}

// Catalog holds the parsed reference data and the JSON of each response.
type Catalog struct {
	areas      []*Option
	area       map[string]areaNode
	industries []*Option
	industry   map[string]industryNode
	config     Config

	personCert, enterpriseCert, capitalUnit, currency, enterpriseType map[string]bool

	areasJSON, industriesJSON, configJSON []byte
}

type areaNode struct {
	name, parent string
	children     int
}

type industryNode struct {
	name, parent string
	leaf         bool
}

type division struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	PID  string `json:"pid"`
}

type industryJSON struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Children []*industryJSON `json:"children"`
}

type currencyJSON struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	Common int    `json:"common"`
}

type enumsJSON struct {
	PersonCertTypes []struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"personCertTypes"`
	CapitalUnits []struct {
		Code    string `json:"code"`
		Name    string `json:"name"`
		Default bool   `json:"default"`
	} `json:"capitalUnits"`
}

// Certificate type values used by other capabilities' validation.
const (
	// PersonCertResidentID is the API value of 居民身份证 (the spec's 1),
	// checked by certno.ValidResidentID.
	PersonCertResidentID = "1"
	// PersonCertOther is the API value of 其他个人证件: the spec's legal-person
	// "2 other" keeps its meaning.
	PersonCertOther = "2"
	// PersonCertHKMacaoPermit and PersonCertTaiwanPermit are the residence
	// permits checked by certno.ValidResidencePermit.
	PersonCertHKMacaoPermit = "237"
	PersonCertTaiwanPermit  = "238"
	// EnterpriseCertCreditCode is 统一社会信用代码, checked by
	// certno.ValidCreditCode; EnterpriseCertOther is 其他有效证件, refused
	// for enterprise type A1.
	EnterpriseCertCreditCode = "1"
	EnterpriseCertOther      = "2"
)

// Load parses the embedded files and renders the response bodies. It fails
// only if the embedded data is broken, which a test rules out, so callers
// may treat an error as fatal at start.
func Load(opts Options) (*Catalog, error) {
	c := &Catalog{}
	if err := c.loadAreas(); err != nil {
		return nil, fmt.Errorf("refdata: divisions: %w", err)
	}
	if err := c.loadIndustries(); err != nil {
		return nil, fmt.Errorf("refdata: industry: %w", err)
	}
	if err := c.loadConfig(opts); err != nil {
		return nil, fmt.Errorf("refdata: config: %w", err)
	}
	var err error
	if c.areasJSON, err = marshal(c.areas); err != nil {
		return nil, err
	}
	if c.industriesJSON, err = marshal(c.industries); err != nil {
		return nil, err
	}
	if c.configJSON, err = marshal(c.config); err != nil {
		return nil, err
	}
	return c, nil
}

// marshal encodes v without HTML escaping: the bodies are JSON for an API
// client, and escaping would only bloat names such as "港、澳".
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func (c *Catalog) loadAreas() error {
	raw, err := files.ReadFile("data/divisions.json")
	if err != nil {
		return err
	}
	var divs []division
	if err := json.Unmarshal(raw, &divs); err != nil {
		return err
	}
	c.area = make(map[string]areaNode, len(divs))
	opts := make(map[string]*Option, len(divs))
	for _, d := range divs {
		if _, dup := c.area[d.ID]; dup {
			return fmt.Errorf("duplicate code %s", d.ID)
		}
		c.area[d.ID] = areaNode{name: d.Name, parent: d.PID}
		opts[d.ID] = &Option{Value: d.ID, Label: d.Name}
	}
	// The file lists parents before children in code order, which is the
	// order a cascader shows; the pids already place municipality districts
	// and 省直辖县 under their province, so no node is synthesised.
	for _, d := range divs {
		if d.PID == "" {
			c.areas = append(c.areas, opts[d.ID])
			continue
		}
		p, ok := opts[d.PID]
		if !ok {
			return fmt.Errorf("%s: unknown parent %s", d.ID, d.PID)
		}
		p.Children = append(p.Children, opts[d.ID])
		n := c.area[d.PID]
		n.children++
		c.area[d.PID] = n
	}
	for _, d := range divs {
		if depth := c.areaDepth(d.ID); depth > 3 {
			return fmt.Errorf("%s: nested %d deep", d.ID, depth)
		}
	}
	return nil
}

func (c *Catalog) areaDepth(code string) int {
	n := 0
	for code != "" && n < 10 {
		code = c.area[code].parent
		n++
	}
	return n
}

func (c *Catalog) loadIndustries() error {
	raw, err := files.ReadFile("data/industry.json")
	if err != nil {
		return err
	}
	var roots []*industryJSON
	if err := json.Unmarshal(raw, &roots); err != nil {
		return err
	}
	c.industry = make(map[string]industryNode, 2000)
	var walk func(parent string, in []*industryJSON) ([]*Option, error)
	walk = func(parent string, in []*industryJSON) ([]*Option, error) {
		out := make([]*Option, 0, len(in))
		for _, n := range in {
			if n.ID == "" || strings.Contains(n.ID, ",") {
				return nil, fmt.Errorf("bad id %q", n.ID)
			}
			if _, dup := c.industry[n.ID]; dup {
				return nil, fmt.Errorf("duplicate id %s", n.ID)
			}
			c.industry[n.ID] = industryNode{name: n.Name, parent: parent, leaf: len(n.Children) == 0}
			kids, err := walk(n.ID, n.Children)
			if err != nil {
				return nil, err
			}
			if len(kids) == 0 {
				kids = nil
			}
			out = append(out, &Option{Value: n.ID, Label: n.Name, Children: kids})
		}
		return out, nil
	}
	c.industries, err = walk("", roots)
	return err
}

func (c *Catalog) loadConfig(opts Options) error {
	raw, err := files.ReadFile("data/enums.json")
	if err != nil {
		return err
	}
	var enums enumsJSON
	if err := json.Unmarshal(raw, &enums); err != nil {
		return err
	}
	// Person certificate types keep the spec's values 1 (居民身份证) and
	// 2 (other); every other document of enums.json uses its State Taxation
	// Administration code, which is stable and already known to tax and
	// invoicing systems the platform may exchange data with.
	var person []Entry
	for _, t := range enums.PersonCertTypes {
		switch t.Code {
		case "201":
			person = append(person, Entry{Value: PersonCertResidentID, Label: t.Name, Default: true})
		case "299":
			// Added last, below.
		default:
			person = append(person, Entry{Value: t.Code, Label: t.Name})
		}
	}
	person = append(person, Entry{Value: PersonCertOther, Label: "其他个人证件"})
	if len(person) < 3 || person[0].Value != PersonCertResidentID {
		return fmt.Errorf("person certificate types: 居民身份证 missing")
	}

	var units []Entry
	for _, u := range enums.CapitalUnits {
		units = append(units, Entry{Value: u.Code, Label: u.Name, Default: u.Default})
	}

	cur, err := loadCurrencies()
	if err != nil {
		return err
	}

	enterpriseCert := []Entry{
		{Value: EnterpriseCertCreditCode, Label: "统一社会信用代码", Default: true},
		{Value: EnterpriseCertOther, Label: "其他有效证件", NotFor: []string{"A1"}},
	}
	c.config = Config{
		HelpPhone:                  opts.HelpPhone,
		CertificatesType:           person,
		LegalPersonCertificateType: person,
		EnterpriseCertificatesType: enterpriseCert,
		EnterpriseType: []Entry{
			{Value: "A1", Label: "境内企业"},
			{Value: "A2", Label: "境外及港澳台企业"},
			{Value: "A3", Label: "其他（政府机关、事业单位、科研院校、社会团体、个体工商户）"},
		},
		RegisteredCapital: units,
		Currency:          cur,
		LibraryRole: []Entry{
			{Value: "supplier", Label: "供应商"},
			{Value: "purchaser", Label: "采购人"},
			{Value: "agency", Label: "代理机构"},
		},
		Dictionaries: map[string][]Entry{
			// Modification records: whether the change has taken effect
			// (modification_records.is_valid).
			"isValid": {
				{Value: 1, Label: "已生效"},
				{Value: 0, Label: "未生效"},
				{Value: 2, Label: "待生效"},
			},
			// How a modification was authenticated: non-sensitive fields
			// change directly, identity fields wait for a reviewer.
			"authMethod": {
				{Value: "direct", Label: "无需认证"},
				{Value: "manual", Label: "人工核验"},
			},
			"authentication": {
				{Value: 0, Label: "未认证"},
				{Value: 99, Label: "认证中"},
				{Value: 1, Label: "已认证"},
				{Value: 2, Label: "未通过"},
			},
			// Operator links: refused, cancelled and unbound links stay as
			// history (docs/spec/DECISIONS.md), so they need states of their own.
			"legalPersonHandlingStatus": {
				{Value: "A0", Label: "待处理"},
				{Value: "A1", Label: "已绑定"},
				{Value: "A2", Label: "已拒绝"},
				{Value: "A3", Label: "已取消"},
				{Value: "A4", Label: "已解绑"},
			},
			"handleType": {
				{Value: 0, Label: "申请"},
				{Value: 1, Label: "邀请"},
			},
			"certificatesType": person,
			"libraryState": {
				{Value: -1, Label: "未申请"},
				{Value: 99, Label: "审核中"},
				{Value: 1, Label: "已入库"},
				{Value: 0, Label: "未通过"},
				{Value: 2, Label: "未通过"},
			},
		},
	}
	c.personCert = valueSet(person)
	c.enterpriseCert = valueSet(enterpriseCert)
	c.capitalUnit = valueSet(units)
	c.currency = valueSet(cur)
	c.enterpriseType = valueSet(c.config.EnterpriseType)
	return nil
}

// loadCurrencies lists the common currencies first (in their display
// order, CNY first) and then the rest by code.
func loadCurrencies() ([]Entry, error) {
	raw, err := files.ReadFile("data/currencies.json")
	if err != nil {
		return nil, err
	}
	var list []currencyJSON
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	slices.SortStableFunc(list, func(a, b currencyJSON) int {
		switch {
		case a.Common != 0 && b.Common != 0:
			return a.Common - b.Common
		case a.Common != 0:
			return -1
		case b.Common != 0:
			return 1
		}
		return strings.Compare(a.Code, b.Code)
	})
	out := make([]Entry, len(list))
	for i, c := range list {
		out[i] = Entry{Value: c.Code, Label: c.Name, Common: c.Common != 0, Default: c.Code == "CNY"}
	}
	return out, nil
}

func valueSet(es []Entry) map[string]bool {
	m := make(map[string]bool, len(es))
	for _, e := range es {
		if s, ok := e.Value.(string); ok {
			m[s] = true
		}
	}
	return m
}

// AreasJSON returns the areas tree as JSON (a list of province options);
// the caller must not modify it.
func (c *Catalog) AreasJSON() []byte { return c.areasJSON }

// IndustriesJSON returns the industry tree as JSON; the caller must not
// modify it.
func (c *Catalog) IndustriesJSON() []byte { return c.industriesJSON }

// ConfigJSON returns the Config as JSON; the caller must not modify it.
func (c *Catalog) ConfigJSON() []byte { return c.configJSON }

// Config returns the configuration lists.
func (c *Catalog) Config() Config { return c.config }

// ValidArea reports whether province, city and area name one cascader path
// as the client sends it: province a province-level code; city one of its
// children (a prefecture, a municipality district or a 省直辖县); area one of
// the city's children, or empty exactly when the city has none (东莞, 中山,
// 儋州, 嘉峪关, every municipality district). For 710000, 810000 and 820000,
// which have no children, city and area are both empty.
func (c *Catalog) ValidArea(province, city, area string) bool {
	p, ok := c.area[province]
	if !ok || p.parent != "" {
		return false
	}
	if p.children == 0 {
		return city == "" && area == ""
	}
	ct, ok := c.area[city]
	if !ok || ct.parent != province {
		return false
	}
	if ct.children == 0 {
		return area == ""
	}
	a, ok := c.area[area]
	return ok && a.parent == city
}

// AreaName returns the name of a division code, or "" if unknown.
func (c *Catalog) AreaName(code string) string { return c.area[code].name }

// AreaFullName returns the names from the province down to code joined
// without a separator, as Chinese addresses are written (河南省郑州市金水区,
// 北京市东城区), or "" if code is unknown.
func (c *Catalog) AreaFullName(code string) string {
	var names []string
	for code != "" {
		n, ok := c.area[code]
		if !ok {
			return ""
		}
		names = append(names, n.name)
		code = n.parent
	}
	slices.Reverse(names)
	return strings.Join(names, "")
}

// AreaFullNameOf returns the display name of the deepest non-empty code of a
// province/city/area triple.
func (c *Catalog) AreaFullNameOf(province, city, area string) string {
	for _, code := range []string{area, city, province} {
		if code != "" {
			return c.AreaFullName(code)
		}
	}
	return ""
}

// ValidIndustryPath reports whether path, the cascader's values joined by
// commas (e.g. "E,E48,E481,E4812"), starts at a section and each step is a
// child of the one before. A path may stop above a class (e.g. "E,E48"): an
// enterprise often knows its division but not its four-digit class, and
// forcing a leaf would make it guess one.
func (c *Catalog) ValidIndustryPath(path string) bool {
	if path == "" {
		return false
	}
	parent := ""
	for id := range strings.SplitSeq(path, ",") {
		n, ok := c.industry[id]
		if !ok || n.parent != parent {
			return false
		}
		parent = id
	}
	return true
}

// IndustryPathName returns the names along a valid industry path joined by
// "/" (the spec's display form), or "" if the path is not valid.
func (c *Catalog) IndustryPathName(path string) string {
	if !c.ValidIndustryPath(path) {
		return ""
	}
	var names []string
	for id := range strings.SplitSeq(path, ",") {
		names = append(names, c.industry[id].name)
	}
	return strings.Join(names, "/")
}

// ValidPersonCertType reports whether v is a person (or legal
// representative) certificate type.
func (c *Catalog) ValidPersonCertType(v string) bool { return c.personCert[v] }

// ValidEnterpriseType reports whether v is A1, A2 or A3.
func (c *Catalog) ValidEnterpriseType(v string) bool { return c.enterpriseType[v] }

// ValidEnterpriseCertType reports whether certType may be used by an
// enterprise of type entType: 1 always, 2 (other valid certificate) only for
// A2 and A3, whose registrations are not all under a credit code.
func (c *Catalog) ValidEnterpriseCertType(entType, certType string) bool {
	if !c.enterpriseCert[certType] || !c.enterpriseType[entType] {
		return false
	}
	return !(certType == EnterpriseCertOther && entType == "A1")
}

// ValidCapitalUnit reports whether v is a registered-capital unit code
// (YUAN, WAN_YUAN, YI_YUAN).
func (c *Catalog) ValidCapitalUnit(v string) bool { return c.capitalUnit[v] }

// ValidCurrency reports whether v is an ISO 4217 code of the list.
func (c *Catalog) ValidCurrency(v string) bool { return c.currency[v] }

package admission

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"sync"

	"bidpass/internal/apperr"
)

// Commitment templates (承诺书) for suppliers and agencies, served as real
// Word documents (01 §6: downloadable as doc files). They are built once,
// in memory, as minimal WordprocessingML packages that Word, WPS and
// LibreOffice open; the wording is the platform's.

// Template names (docs/spec/DECISIONS.md: GET /api/management/templateFiles/{name}).
const (
	SupplierCommitment = "supplier_commitment"
	AgencyCommitment   = "agency_commitment"
)

// ErrNoTemplate answers an unknown template name.
var ErrNoTemplate = apperr.New(apperr.NotFound, "admission.template", "模板不存在")

type template struct {
	file  string
	title string
	body  []string
}

var templates = map[string]template{
	SupplierCommitment: {"供应商入库承诺书.docx", "供应商入库承诺书", []string{
		"致：{{平台}}",
		"我单位自愿申请成为本平台供应商库成员，并郑重承诺：",
		"一、我单位提交的营业执照、资质证书、业绩及其他证明材料真实、合法、有效，不存在虚假、伪造情形；",
		"二、我单位具有独立承担民事责任的能力，近三年内在经营活动中没有重大违法记录，未被列入失信被执行人、重大税收违法案件当事人名单及政府采购严重违法失信行为记录名单；",
		"三、我单位将遵守《中华人民共和国招标投标法》《中华人民共和国政府采购法》等法律法规及平台交易规则，诚信参与投标活动，不串通投标、不弄虚作假、不以他人名义投标；",
		"四、我单位信息发生变更时，将及时在平台更新并重新提交审核；",
		"五、如违反上述承诺，我单位愿意接受取消入库资格、记入不良行为记录等处理，并承担由此产生的一切法律责任。",
		"",
		"承诺单位（盖章）：",
		"法定代表人或授权代表（签字）：",
		"日期：        年    月    日",
	}},
	AgencyCommitment: {"代理机构入库承诺书.docx", "代理机构入库承诺书", []string{
		"致：{{平台}}",
		"我单位自愿申请成为本平台招标代理机构库成员，并郑重承诺：",
		"一、我单位提交的营业执照、推荐单位意见、专职人员情况及其他证明材料真实、合法、有效；",
		"二、我单位具备从事招标代理业务所需的场所、专业人员和技术能力，近三年内没有因违法违规代理行为受到行政处罚；",
		"三、我单位将依法依规组织招标采购活动，不泄露应当保密的信息，不与招标人、投标人串通损害国家利益、社会公共利益或者他人合法权益；",
		"四、我单位将如实记录并保存代理活动资料，接受平台及行政监督部门的监督检查；",
		"五、如违反上述承诺，我单位愿意接受取消入库资格、记入不良行为记录等处理，并承担由此产生的一切法律责任。",
		"",
		"承诺单位（盖章）：",
		"法定代表人或授权代表（签字）：",
		"推荐单位（盖章）：",
		"日期：        年    月    日",
	}},
}

var built sync.Map // name+platform → []byte

// Template returns the named commitment template as a .docx file and its
// download name; platform is the platform's name written into it.
func Template(name, platform string) ([]byte, string, error) {
	t, ok := templates[name]
	if !ok {
		return nil, "", ErrNoTemplate
	}
	key := name + "\x00" + platform
	if b, ok := built.Load(key); ok {
		return b.([]byte), t.file, nil
	}
	b, err := docx(t, platform)
	if err != nil {
		return nil, "", err
	}
	built.Store(key, b)
	return b, t.file, nil
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`

const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`

// docx builds the package: content types, the root relationship and the
// document, the title centred and bold.
func docx(t template, platform string) ([]byte, error) {
	var doc bytes.Buffer
	doc.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	fmt.Fprintf(&doc, `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:b/><w:sz w:val="36"/></w:rPr><w:t>%s</w:t></w:r></w:p>`, esc(t.title))
	for _, line := range t.body {
		if line == "致：{{平台}}" {
			line = "致：" + platform
		}
		fmt.Fprintf(&doc, `<w:p><w:r><w:rPr><w:sz w:val="24"/></w:rPr><w:t xml:space="preserve">%s</w:t></w:r></w:p>`, esc(line))
	}
	doc.WriteString(`<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`)
	var out bytes.Buffer
	z := zip.NewWriter(&out)
	for _, part := range []struct{ name, body string }{
		{"[Content_Types].xml", contentTypes}, {"_rels/.rels", rootRels}, {"word/document.xml", doc.String()},
	} {
		w, err := z.Create(part.name)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write([]byte(part.body)); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

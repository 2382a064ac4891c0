package httpapi

import (
	"encoding/json"
	"fmt"
	"strings"

	"bidpass/internal/refdata"
	"bidpass/internal/review"
)

// codeNamers returns, per payload key, the function that names a coded value
// of that key (居民身份证 for certType 1, 北京市东城区 for city 110101) or
// answers "" when the catalog does not know the code. Real-name payloads,
// the current profile and change requests share these keys, so the review
// page names codes the same way whatever the item. An enterprise's
// certificate types differ from a person's, hence the subject.
func codeNamers(cat *refdata.Catalog, subject string) map[string]func(string) string {
	if cat == nil {
		return nil
	}
	cfg := cat.Config()
	entryName := func(list []refdata.Entry) func(string) string {
		return func(v string) string {
			for _, e := range list {
				if fmt.Sprint(e.Value) == v {
					return e.Label
				}
			}
			return ""
		}
	}
	certType := entryName(cfg.CertificatesType)
	if subject == review.SubjectEnterprise {
		certType = entryName(cfg.EnterpriseCertificatesType)
	}
	return map[string]func(string) string{
		"certType":        certType,
		"legalCertType":   entryName(cfg.LegalPersonCertificateType),
		"type":            entryName(cfg.EnterpriseType),
		"capitalUnit":     entryName(cfg.RegisteredCapital),
		"capitalCurrency": entryName(cfg.Currency),
		"province":        cat.AreaName,
		"city":            cat.AreaFullName,
		"area":            cat.AreaFullName,
		// A change request carries the area as one "province,city,area" value.
		"region": func(v string) string {
			p, rest, _ := strings.Cut(v, ",")
			c, a, _ := strings.Cut(rest, ",")
			return cat.AreaFullNameOf(p, c, a)
		},
		"industry": cat.IndustryPathName,
	}
}

// reviewLabels names the coded values of a real-name submission and of the
// current profile (certificate types, areas, enterprise type, industry,
// capital unit and currency) so the review page shows 居民身份证 and
// 北京市东城区 instead of 1 and 110101: a reviewer compares names with the
// photos, not codes. The answer maps payload key → code → name; keys or
// codes the catalog does not know are left out and the page shows the code.
func reviewLabels(cat *refdata.Catalog, subject string, sets ...payloadFields) map[string]map[string]string {
	out := map[string]map[string]string{}
	namers := codeNamers(cat, subject)
	for _, m := range sets {
		for key, name := range namers {
			v, ok := m.text(key)
			if !ok || v == "" {
				continue
			}
			n := name(v)
			if n == "" {
				continue
			}
			if out[key] == nil {
				out[key] = map[string]string{}
			}
			out[key][v] = n
		}
	}
	return out
}

// payloadMap decodes an item's payload when it is a JSON object (real-name
// submissions); other payloads give an empty map.
func payloadMap(raw json.RawMessage) payloadFields {
	m := payloadFields{}
	_ = json.Unmarshal(raw, &m)
	return m
}

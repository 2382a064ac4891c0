package httpapi

import (
	"encoding/json"
	"fmt"

	"bidpass/internal/refdata"
	"bidpass/internal/review"
)

// reviewLabels names the coded values of a real-name submission and of the
// current profile (certificate types, areas, enterprise type, industry,
// capital unit and currency) so the review page shows 居民身份证 and
// 北京市东城区 instead of 1 and 110101: a reviewer compares names with the
// photos, not codes. The answer maps payload key → code → name; keys or
// codes the catalog does not know are left out and the page shows the code.
func reviewLabels(cat *refdata.Catalog, subject string, sets ...map[string]any) map[string]map[string]string {
	out := map[string]map[string]string{}
	if cat == nil {
		return out
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
	personCert := entryName(cfg.CertificatesType)
	certType := personCert
	if subject == review.SubjectEnterprise {
		certType = entryName(cfg.EnterpriseCertificatesType)
	}
	namers := map[string]func(string) string{
		"certType":        certType,
		"legalCertType":   entryName(cfg.LegalPersonCertificateType),
		"type":            entryName(cfg.EnterpriseType),
		"capitalUnit":     entryName(cfg.RegisteredCapital),
		"capitalCurrency": entryName(cfg.Currency),
		"province":        cat.AreaName,
		"city":            cat.AreaFullName,
		"area":            cat.AreaFullName,
		"industry":        cat.IndustryPathName,
	}
	for _, m := range sets {
		for key, name := range namers {
			v, ok := m[key].(string)
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
func payloadMap(raw json.RawMessage) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal(raw, &m)
	return m
}

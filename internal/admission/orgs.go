package admission

import (
	"context"
	"strings"
)

// NameKey is a unit name as the organisation check compares it: full-width
// characters turned half-width (the ideographic space into a space), then
// trimmed (docs/spec/DECISIONS.md "Library organisation check").
func NameKey(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == '\u3000':
			r = ' '
		case r >= '\uFF01' && r <= '\uFF5E':
			r -= 0xFEE0
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// EnsurePlatform creates the platform's own organisation (the supplier's
// fixed admission target) when there is none, named name (the site title).
func EnsurePlatform(ctx context.Context, st Store, name string) error {
	orgs, err := st.Organisations(ctx, Supplier)
	if err != nil || len(orgs) > 0 {
		return err
	}
	return st.CreateOrganisation(ctx, &Organisation{Role: Supplier, Name: name})
}

// sample is an organisation of the development set with its children.
type sample struct {
	name string
	kids []sample
}

// samples are realistic superior units (purchasers) and recommending units
// (agencies) of a road-and-bridge tendering platform, for dev mode.
var samples = map[Role][]sample{
	Purchaser: {
		{"交通运输部", []sample{
			{"北京市交通委员会", nil},
			{"河北省交通运输厅", []sample{{"石家庄市交通运输局", nil}, {"保定市交通运输局", nil}}},
			{"江苏省交通运输厅", []sample{{"南京市交通运输局", nil}, {"苏州市交通运输局", nil}}},
			{"浙江省交通运输厅", []sample{{"杭州市交通运输局", nil}, {"宁波市交通运输局", nil}}},
			{"广东省交通运输厅", []sample{{"广州市交通运输局", nil}, {"深圳市交通运输局", nil}}},
		}},
		{"国务院国有资产监督管理委员会", []sample{{"中国交通建设集团有限公司", nil}, {"中国铁建股份有限公司", nil}}},
	},
	Agency: {
		{"中国招标投标协会", []sample{
			{"北京市招标投标协会", nil}, {"江苏省招标投标协会", nil}, {"广东省招标投标协会", nil},
		}},
		{"中国公路学会", []sample{{"中国公路学会桥梁和结构工程分会", nil}}},
	},
}

// SeedSamples adds the development organisations when only the platform
// (or nothing) is there, so a fresh dev server has units to choose.
func SeedSamples(ctx context.Context, st Store) error {
	n, err := st.CountOrganisations(ctx)
	if err != nil || n > 1 {
		return err
	}
	var add func(role Role, parent int64, ss []sample) error
	add = func(role Role, parent int64, ss []sample) error {
		for _, s := range ss {
			o := Organisation{Role: role, ParentID: parent, Name: s.name}
			if err := st.CreateOrganisation(ctx, &o); err != nil {
				return err
			}
			if err := add(role, o.ID, s.kids); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range []Role{Purchaser, Agency} {
		if err := add(r, 0, samples[r]); err != nil {
			return err
		}
	}
	return nil
}

package admission

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bidpass/internal/apperr"
)

// Organisation management by administrators (docs/decisions/admission.md, "Library admission"): add, rename,
// disable and import from a CSV file. The platform (role 1) is one fixed
// organisation and is not managed here.

// Errors of organisation management.
var (
	ErrOrgNameRequired = apperr.Field("name", "单位名称不能为空")
	ErrOrgNameLong     = apperr.Field("name", "单位名称不能超过100个字")
	ErrManagedRole     = apperr.Field("applyType", "请选择采购人上级单位或代理机构推荐单位")
	ErrParent          = apperr.Field("parentId", "上级单位不存在")
	ErrOrgNotFound     = apperr.New(apperr.NotFound, "admission.org_not_found", "单位不存在")
)

// maxImportRows bounds one CSV import.
const maxImportRows = 5000

func managed(r Role) bool { return r == Purchaser || r == Agency }

func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", ErrOrgNameRequired
	}
	if len([]rune(name)) > maxOrgName {
		return "", ErrOrgNameLong
	}
	return name, nil
}

// AllOrganisations lists the role's organisations, disabled ones too, for
// the console.
func (s *Service) AllOrganisations(ctx context.Context, role Role) ([]Organisation, error) {
	if !role.Valid() {
		return nil, ErrRole
	}
	return s.d.Store.AllOrganisations(ctx, role)
}

// AddOrganisation adds a unit of a managed role under parent (0: a root).
func (s *Service) AddOrganisation(ctx context.Context, role Role, parent int64, name string) (Organisation, error) {
	if !managed(role) {
		return Organisation{}, ErrManagedRole
	}
	name, err := checkName(name)
	if err != nil {
		return Organisation{}, err
	}
	o := Organisation{Role: role, ParentID: parent, Name: name}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if parent > 0 {
			p, err := s.d.Store.Organisation(ctx, parent)
			if errors.Is(err, ErrNotFound) || (err == nil && p.Role != role) {
				return ErrParent
			}
			if err != nil {
				return err
			}
		}
		return s.d.Store.CreateOrganisation(ctx, &o)
	})
	return o, err
}

// UpdateOrganisation renames (name non-nil) and/or disables or enables
// (disabled non-nil) a unit of a managed role. A disabled unit and its
// children leave the cascader and the check; applications already made
// keep the name they were made with.
func (s *Service) UpdateOrganisation(ctx context.Context, id int64, name *string, disabled *bool) (Organisation, error) {
	var o Organisation
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		o, err = s.d.Store.Organisation(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return ErrOrgNotFound
		}
		if err != nil {
			return err
		}
		if !managed(o.Role) {
			return ErrManagedRole
		}
		if name != nil {
			if o.Name, err = checkName(*name); err != nil {
				return err
			}
		}
		if disabled != nil {
			o.Disabled = *disabled
		}
		return s.d.Store.UpdateOrganisation(ctx, o)
	})
	return o, err
}

// ImportOrganisations reads a CSV of rows `applyType,parentName,name`
// (a first row starting with applyType is a header; parentName empty for
// a root; a parent may be a unit of an earlier row) and adds every unit
// that is not there yet, all in one transaction: a bad row imports
// nothing and its error names the line. It returns how many were added.
func (s *Service) ImportOrganisations(ctx context.Context, r io.Reader) (int, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return 0, apperr.Field("file", "CSV 文件格式错误："+err.Error())
	}
	if len(rows) > 0 && len(rows[0]) > 0 && strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(rows[0][0], "\ufeff")), "applyType") {
		rows = rows[1:]
	}
	if len(rows) == 0 {
		return 0, apperr.Field("file", "CSV 文件没有数据")
	}
	if len(rows) > maxImportRows {
		return 0, apperr.Field("file", fmt.Sprintf("一次最多导入%d行", maxImportRows))
	}
	added := 0
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		byKey := map[Role]map[string]Organisation{}
		for _, role := range []Role{Purchaser, Agency} {
			all, err := s.d.Store.AllOrganisations(ctx, role)
			if err != nil {
				return err
			}
			byKey[role] = map[string]Organisation{}
			for _, o := range all {
				byKey[role][NameKey(o.Name)] = o
			}
		}
		for i, row := range rows {
			line := func(msg string) error { return apperr.Field("file", fmt.Sprintf("第%d行：%s", i+1, msg)) }
			if len(row) != 3 {
				return line("应为 applyType,parentName,name 三列")
			}
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(row[0], "\ufeff")))
			role := Role(n)
			if !managed(role) {
				return line("applyType 应为 2（采购人上级单位）或 3（代理机构推荐单位）")
			}
			name, err := checkName(row[2])
			if err != nil {
				e, _ := apperr.As(err)
				return line(e.Msg)
			}
			if _, ok := byKey[role][NameKey(name)]; ok {
				continue // already there: an import can be run again
			}
			o := Organisation{Role: role, Name: name}
			if p := NameKey(row[1]); p != "" {
				parent, ok := byKey[role][p]
				if !ok {
					return line("上级单位不存在：" + strings.TrimSpace(row[1]))
				}
				o.ParentID = parent.ID
			}
			if err := s.d.Store.CreateOrganisation(ctx, &o); err != nil {
				return err
			}
			byKey[role][NameKey(name)] = o
			added++
		}
		return nil
	})
	return added, err
}

package profile

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
)

// Edit classes. The server decides the class of every changed field; an
// updateType sent by the client is never read.
const (
	classDirect   = "direct"   // effective at once, recorded as effective
	classIdentity = "identity" // re-authentication: waits for review (99)
	classLicense  = "license"  // licence or legal-person photos: waits for review
)

// fieldDef describes one editable field: its key (the flattened request
// name, also the key of per-field error messages), the label the
// modification record shows, and its class.
type fieldDef struct {
	key, label, class string
	photo             bool
	// codes is the list a coded value is shown from by label (A1 as 境内企业,
	// WAN_YUAN as 万元): the record table is read by the holder, not by code.
	codes func(refdata.Config) []refdata.Entry
}

func personCertTypes(c refdata.Config) []refdata.Entry     { return c.CertificatesType }
func enterpriseTypes(c refdata.Config) []refdata.Entry     { return c.EnterpriseType }
func enterpriseCertTypes(c refdata.Config) []refdata.Entry { return c.EnterpriseCertificatesType }
func legalCertTypes(c refdata.Config) []refdata.Entry      { return c.LegalPersonCertificateType }
func capitalUnits(c refdata.Config) []refdata.Entry        { return c.RegisteredCapital }
func currencies(c refdata.Config) []refdata.Entry          { return c.Currency }

var personFields = []fieldDef{
	{key: "name", label: "姓名", class: classIdentity},
	{key: "certType", label: "证件类型", class: classIdentity, codes: personCertTypes},
	{key: "certNum", label: "证件号码", class: classIdentity},
	{key: "certStart", label: "证件有效期开始", class: classIdentity},
	{key: "certEnd", label: "证件有效期结束", class: classIdentity},
	{key: "personfrontId", label: "证件人像面照片", class: classIdentity, photo: true},
	{key: "personbackId", label: "证件国徽面照片", class: classIdentity, photo: true},
	{key: "region", label: "所在地区", class: classDirect},
	{key: "detailAddr", label: "详细地址", class: classDirect},
}

var enterpriseFields = []fieldDef{
	{key: "type", label: "企业属别", class: classIdentity, codes: enterpriseTypes},
	{key: "name", label: "企业名称", class: classIdentity},
	{key: "certType", label: "证件类型", class: classIdentity, codes: enterpriseCertTypes},
	{key: "certNum", label: "证件号码", class: classIdentity},
	{key: "legalName", label: "法定代表人姓名", class: classIdentity},
	{key: "legalCertType", label: "法定代表人证件类型", class: classIdentity, codes: legalCertTypes},
	{key: "legalCertNum", label: "法定代表人证件号码", class: classIdentity},
	{key: "licenseId", label: "营业执照", class: classLicense, photo: true},
	{key: "personFrontId", label: "法定代表人证件人像面照片", class: classLicense, photo: true},
	{key: "personBackId", label: "法定代表人证件国徽面照片", class: classLicense, photo: true},
	{key: "region", label: "所在地区", class: classDirect},
	{key: "detailAddr", label: "详细地址", class: classDirect},
	{key: "industry", label: "所属行业", class: classDirect},
	{key: "capital", label: "注册资本", class: classDirect},
	{key: "capitalUnit", label: "注册资本单位", class: classDirect, codes: capitalUnits},
	{key: "capitalCurrency", label: "币种", class: classDirect, codes: currencies},
	{key: "contactName", label: "联系人姓名", class: classDirect},
	{key: "contactPhone", label: "联系人手机号", class: classDirect},
}

// PersonEdit is a person edit; nil fields are left as they are.
type PersonEdit struct {
	Name, CertType, CertNum, CertStart, CertEnd *string
	LongTerm                                    *bool
	Province, City, Area                        *string
	DetailAddr                                  *string
	FrontID, BackID                             *string
}

// EnterpriseEdit is an enterprise edit; nil fields are left as they are.
// SMSCode/SMSCodeID prove the new contact phone when it changes.
type EnterpriseEdit struct {
	Type, Name, CertType, CertNum                   *string
	Province, City, Area, DetailAddr                *string
	Industry, Capital, CapitalUnit, CapitalCurrency *string
	LicenseID                                       *string
	LegalName, LegalCertType, LegalCertNum          *string
	LegalFrontID, LegalBackID                       *string
	ContactName, ContactPhone                       *string
	SMSCode, SMSCodeID                              string
}

// EditResult tells the caller what happened: Waiting when part of the edit
// waits for review (the message then says so).
type EditResult struct {
	Waiting  bool
	ReviewID int64
}

// Message is the success message of the edit (02 §4).
func (r EditResult) Message() string {
	if r.Waiting {
		return "修改成功，等待管理员审核"
	}
	return "修改成功"
}

func personValues(p account.PersonProfile) map[string]string {
	return map[string]string{
		"name": p.RealName, "certType": p.CertType, "certNum": p.CertNum,
		"certStart": p.CertStart, "certEnd": p.CertEnd,
		"personfrontId": p.CertFrontID, "personbackId": p.CertBackID,
		"region": p.Province + "," + p.City + "," + p.Area, "detailAddr": p.DetailAddr,
	}
}

func setPerson(p *account.PersonProfile, key, v string) {
	switch key {
	case "name":
		p.RealName = v
	case "certType":
		p.CertType = v
	case "certNum":
		p.CertNum = v
	case "certStart":
		p.CertStart = v
	case "certEnd":
		p.CertEnd = v
		p.LongTerm = v == identity.LongTermEnd
	case "personfrontId":
		p.CertFrontID = v
	case "personbackId":
		p.CertBackID = v
	case "certTakeId": // not editable; set by an approved real-name submission
		p.CertTakeID = v
	case "certAddress":
		p.CertAddress = v
	case "region":
		p.Province, p.City, p.Area = splitRegion(v)
	case "detailAddr":
		p.DetailAddr = v
	}
}

func enterpriseValues(p account.EnterpriseProfile) map[string]string {
	return map[string]string{
		"type": p.Type, "name": p.Name, "certType": p.CertType, "certNum": p.CertNum,
		"legalName": p.Legal.Name, "legalCertType": p.Legal.CertType, "legalCertNum": p.Legal.CertNum,
		"licenseId": p.LicenseFileID, "personFrontId": p.LegalFrontID, "personBackId": p.LegalBackID,
		"region": p.Province + "," + p.City + "," + p.Area, "detailAddr": p.DetailAddr,
		"industry": p.Industry, "capital": p.Capital, "capitalUnit": p.CapitalUnit, "capitalCurrency": p.CapitalCurrency,
		"contactName": p.Contact.Name, "contactPhone": p.Contact.Phone,
	}
}

func setEnterprise(p *account.EnterpriseProfile, key, v string) {
	switch key {
	case "type":
		p.Type = v
	case "name":
		p.Name = v
	case "certType":
		p.CertType = v
	case "certNum":
		p.CertNum = v
	case "legalName":
		p.Legal.Name = v
	case "legalCertType":
		p.Legal.CertType = v
	case "legalCertNum":
		p.Legal.CertNum = v
	case "licenseId":
		p.LicenseFileID = v
	case "personFrontId":
		p.LegalFrontID = v
	case "personBackId":
		p.LegalBackID = v
	case "region":
		p.Province, p.City, p.Area = splitRegion(v)
	case "detailAddr":
		p.DetailAddr = v
	case "industry":
		p.Industry = v
	case "capital":
		p.Capital = v
	case "capitalUnit":
		p.CapitalUnit = v
	case "capitalCurrency":
		p.CapitalCurrency = v
	case "contactName":
		p.Contact.Name = v
	case "contactPhone":
		p.Contact.Phone = v
	}
}

func splitRegion(v string) (province, city, area string) {
	parts := strings.SplitN(v, ",", 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2]
}

// clean strips spaces from typed text (02 §5: spaces are stripped).
func clean(v *string) *string {
	if v == nil {
		return nil
	}
	s := identity.StripSpaces(*v)
	return &s
}

func put(m map[string]string, key string, v *string) {
	if v != nil {
		m[key] = *v
	}
}

// proposeRegion sets the proposed "province,city,area" when any part of
// it is sent, keeping the parts not sent.
func proposeRegion(m, cur map[string]string, province, city, area *string) {
	if province == nil && city == nil && area == nil {
		return
	}
	parts := [3]string{}
	parts[0], parts[1], parts[2] = splitRegion(cur["region"])
	for i, v := range []*string{province, city, area} {
		if v != nil {
			parts[i] = strings.TrimSpace(*v)
		}
	}
	m["region"] = strings.Join(parts[:], ",")
}

// proposedPerson turns the edit into proposed values by key.
func proposedPerson(e PersonEdit, cur map[string]string) map[string]string {
	m := map[string]string{}
	put(m, "name", clean(e.Name))
	put(m, "certType", clean(e.CertType))
	if e.CertNum != nil {
		n := certno.Normalize(*e.CertNum)
		m["certNum"] = n
	}
	put(m, "certStart", clean(e.CertStart))
	put(m, "certEnd", clean(e.CertEnd))
	if e.LongTerm != nil && *e.LongTerm {
		m["certEnd"] = identity.LongTermEnd
	}
	proposeRegion(m, cur, e.Province, e.City, e.Area)
	put(m, "detailAddr", clean(e.DetailAddr))
	put(m, "personfrontId", clean(e.FrontID))
	put(m, "personbackId", clean(e.BackID))
	return m
}

func proposedEnterprise(e EnterpriseEdit, cur map[string]string) map[string]string {
	m := map[string]string{}
	put(m, "type", clean(e.Type))
	put(m, "name", clean(e.Name))
	put(m, "certType", clean(e.CertType))
	if e.CertNum != nil {
		m["certNum"] = certno.Normalize(*e.CertNum)
	}
	put(m, "legalName", clean(e.LegalName))
	put(m, "legalCertType", clean(e.LegalCertType))
	if e.LegalCertNum != nil {
		m["legalCertNum"] = certno.Normalize(*e.LegalCertNum)
	}
	put(m, "licenseId", clean(e.LicenseID))
	put(m, "personFrontId", clean(e.LegalFrontID))
	put(m, "personBackId", clean(e.LegalBackID))
	proposeRegion(m, cur, e.Province, e.City, e.Area)
	put(m, "detailAddr", clean(e.DetailAddr))
	put(m, "industry", clean(e.Industry))
	put(m, "capital", clean(e.Capital))
	put(m, "capitalUnit", clean(e.CapitalUnit))
	put(m, "capitalCurrency", clean(e.CapitalCurrency))
	put(m, "contactName", clean(e.ContactName))
	put(m, "contactPhone", clean(e.ContactPhone))
	return m
}

// change is one field whose proposed value differs from the stored one.
type change struct {
	def           fieldDef
	before, after string
}

func diff(defs []fieldDef, cur, proposed map[string]string) []change {
	var out []change
	for _, d := range defs {
		v, ok := proposed[d.key]
		if ok && v != cur[d.key] {
			out = append(out, change{def: d, before: cur[d.key], after: v})
		}
	}
	return out
}

// changed reports whether key is among the changes.
func changed(cs []change, keys ...string) bool {
	for _, c := range cs {
		for _, k := range keys {
			if c.def.key == k {
				return true
			}
		}
	}
	return false
}

// reportedWith maps a problem's field (the edit form's key) to the edited
// fields whose change makes it worth reporting: the rules check the whole
// record as it would be after the edit, but a value stored before a rule
// tightened must not block an unrelated change. A certificate number is
// reported when its type changes too, the capital with its unit.
var reportedWith = map[string][]string{
	"certType":        {"type", "certType", "certNum"},
	"certNum":         {"type", "certType", "certNum"},
	"type":            {"type", "certType", "certNum"},
	"certStart":       {"certStart", "certEnd"},
	"certEnd":         {"certStart", "certEnd"},
	"area":            {"region"},
	"capital":         {"capital", "capitalUnit", "capitalCurrency"},
	"capitalUnit":     {"capital", "capitalUnit", "capitalCurrency"},
	"capitalCurrency": {"capital", "capitalUnit", "capitalCurrency"},
	"legalCertType":   {"legalCertType", "legalCertNum"},
	"legalCertNum":    {"legalCertType", "legalCertNum"},
}

// ofChanges keeps the problems of the fields the edit changed.
func ofChanges(p identity.Problems, cs []change) identity.Problems {
	return p.Only(func(field string) bool {
		if keys, ok := reportedWith[field]; ok {
			return changed(cs, keys...)
		}
		return changed(cs, field)
	})
}

// photoRequired checks that a changed photo is not removed.
func photoRequired(p *identity.Problems, v map[string]string, cs []change, msgs map[string]string) {
	for _, c := range cs {
		if msg, ok := msgs[c.def.key]; ok && v[c.def.key] == "" {
			p.Add(c.def.key, msg)
		}
	}
}

// validatePerson checks the person as it would be after the edit with the
// identity rules registration uses, and reports the changed fields.
func (s *Service) validatePerson(v map[string]string, cs []change) identity.Problems {
	province, city, area := splitRegion(v["region"])
	_, p := s.d.Rules.Person(identity.Person{
		RealName: v["name"], CertType: v["certType"], CertNum: v["certNum"],
		CertStart: v["certStart"], CertEnd: v["certEnd"], LongTerm: v["certEnd"] == identity.LongTermEnd,
		Province: province, City: city, Area: area, DetailAddr: v["detailAddr"],
	})
	p = ofChanges(p.Renamed(identity.Rename(map[string]string{"realName": "name"})), cs)
	photoRequired(&p, v, cs, map[string]string{"personfrontId": identity.MsgPhotoFront, "personbackId": identity.MsgPhotoBack})
	return p
}

// validateEnterprise is validatePerson for enterprises: the enterprise,
// its legal representative and its contact.
func (s *Service) validateEnterprise(v map[string]string, cs []change) identity.Problems {
	province, city, area := splitRegion(v["region"])
	_, p := s.d.Rules.Enterprise(identity.Enterprise{
		Type: v["type"], Name: v["name"], CertType: v["certType"], CertNum: v["certNum"],
		Province: province, City: city, Area: area, DetailAddr: v["detailAddr"],
		Industry: v["industry"], Capital: v["capital"], CapitalUnit: v["capitalUnit"], CapitalCurrency: v["capitalCurrency"],
	})
	_, lp := s.d.Rules.LegalPerson(identity.LegalPerson{Name: v["legalName"], CertType: v["legalCertType"], CertNum: v["legalCertNum"]})
	p.Append(lp.Renamed(identity.Rename(map[string]string{"name": "legalName", "certType": "legalCertType", "certNum": "legalCertNum"})))
	_, cp := s.d.Rules.Contact(identity.Contact{Name: v["contactName"], Phone: v["contactPhone"]})
	p.Append(cp.Renamed(identity.Rename(map[string]string{"name": "contactName", "phone": "contactPhone"})))
	p = ofChanges(p, cs)
	photoRequired(&p, v, cs, map[string]string{
		"licenseId": identity.MsgLicence, "personFrontId": identity.MsgPhotoFront, "personBackId": identity.MsgPhotoBack})
	return p
}

// display is the value a modification record shows: certificate numbers
// masked (the record table is not the place to reveal them), photos as a
// file reference the page can preview, regions, industries and coded values
// by name.
func (s *Service) display(d fieldDef, v string) string {
	switch {
	case v == "":
		return ""
	case d.photo:
		return "file:" + v
	case d.key == "certNum" || d.key == "legalCertNum":
		return certno.Mask(v)
	case d.key == "region":
		p, c, a := splitRegion(v)
		return s.d.Catalog.AreaFullNameOf(p, c, a)
	case d.key == "industry":
		return s.d.Catalog.IndustryPathName(v)
	case d.codes != nil:
		for _, e := range d.codes(s.d.Catalog.Config()) {
			if fmt.Sprint(e.Value) == v {
				return e.Label
			}
		}
	}
	return v
}

// editableAccount loads the account an edit is for: of kind t, and in a
// stage that allows edits (account.Stage.EditDirect: not while a reviewer
// decides, 02 §4). The check is repeated as a guarded write when the edit
// is applied, so an edit racing a submission cannot slip past it.
func (s *Service) editableAccount(ctx context.Context, accountID int64, t account.Type) (account.Account, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return a, err
	}
	if a.Type != t {
		return a, ErrWrongType
	}
	_, err = a.Stage().EditDirect()
	return a, err
}

// overlay returns cur with the proposed values laid over it: the record as
// it would be after the edit, which is what validation looks at.
func overlay(cur, proposed map[string]string) map[string]string {
	merged := maps.Clone(cur)
	maps.Copy(merged, proposed)
	return merged
}

// editable is one kind's profile as an edit or a review effect sees it:
// its fields, their current values by key, a setter on the loaded record
// and the guarded save of it.
type editable struct {
	subject identity.Subject
	defs    []fieldDef
	values  map[string]string
	set     func(key, v string)
	save    func(ctx context.Context) error
}

// loadEditable loads the profile of the account's kind (person for
// subject person, enterprise otherwise).
func (s *Service) loadEditable(ctx context.Context, accountID int64, subject identity.Subject) (editable, error) {
	if subject == identity.SubjectPerson {
		p, err := s.personProfile(ctx, accountID)
		if err != nil {
			return editable{}, err
		}
		return editable{subject: subject, defs: personFields, values: personValues(p),
			set: func(k, v string) { setPerson(&p, k, v) },
			save: func(ctx context.Context) error {
				p.AccountID, p.UpdatedAt = accountID, s.now()
				_, err := s.d.Store.SavePersonProfile(ctx, p)
				return err
			}}, nil
	}
	p, err := s.enterpriseProfile(ctx, accountID)
	if err != nil {
		return editable{}, err
	}
	return editable{subject: identity.SubjectEnterprise, defs: enterpriseFields, values: enterpriseValues(p),
		set: func(k, v string) { setEnterprise(&p, k, v) },
		save: func(ctx context.Context) error {
			p.AccountID, p.UpdatedAt = accountID, s.now()
			_, err := s.d.Store.SaveEnterpriseProfile(ctx, p)
			return err
		}}, nil
}

// editKind is what differs between a person's and an enterprise's edit:
// which account type may make it, how its request becomes proposed values,
// the rules that check it, and what it must prove besides (the contact
// phone's SMS code).
type editKind struct {
	typ      account.Type
	subject  identity.Subject
	propose  func(cur map[string]string) map[string]string
	validate func(merged map[string]string, cs []change) identity.Problems
	prove    func(ctx context.Context, merged map[string]string, cs []change) error
}

// edit applies an edit under the editing rules: direct fields change at
// once and are recorded as effective; identity fields and photos are
// recorded as waiting (authState 99) and submitted for review, the account
// verifying until a reviewer decides. Refused while the account verifies.
func (s *Service) edit(ctx context.Context, accountID int64, k editKind) (EditResult, error) {
	var res EditResult
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.editableAccount(ctx, accountID, k.typ)
		if err != nil {
			return err
		}
		rec, err := s.loadEditable(ctx, accountID, k.subject)
		if err != nil {
			return err
		}
		proposed := k.propose(rec.values)
		cs := diff(rec.defs, rec.values, proposed)
		if len(cs) == 0 {
			return ErrNoChange
		}
		merged := overlay(rec.values, proposed)
		if err := k.validate(merged, cs).Err(); err != nil {
			return err
		}
		if k.prove != nil {
			if err := k.prove(ctx, merged, cs); err != nil {
				return err
			}
		}
		res, err = s.applyEdit(ctx, a, rec, cs)
		return err
	})
	return res, err
}

// EditPerson applies a person edit: the address changes at once; name,
// certificate, validity and photos wait for review (re-authentication).
func (s *Service) EditPerson(ctx context.Context, accountID int64, e PersonEdit) (EditResult, error) {
	return s.edit(ctx, accountID, editKind{typ: account.Person, subject: identity.SubjectPerson,
		propose:  func(cur map[string]string) map[string]string { return proposedPerson(e, cur) },
		validate: s.validatePerson})
}

// EditEnterprise applies an enterprise edit: region, address, industry,
// capital and contact change at once (a new contact phone needs its SMS
// code, scene contact); enterprise identity and legal person fields wait
// for review as re-authentication; the licence and the legal-person photos
// wait for review too.
func (s *Service) EditEnterprise(ctx context.Context, accountID int64, e EnterpriseEdit) (EditResult, error) {
	return s.edit(ctx, accountID, editKind{typ: account.Enterprise, subject: identity.SubjectEnterprise,
		propose:  func(cur map[string]string) map[string]string { return proposedEnterprise(e, cur) },
		validate: s.validateEnterprise,
		prove: func(ctx context.Context, merged map[string]string, cs []change) error {
			if !changed(cs, "contactPhone") {
				return nil
			}
			if e.SMSCode == "" || e.SMSCodeID == "" {
				return apperr.Field("smsCode", identity.MsgContactCode)
			}
			return fieldOf("smsCode", s.d.Codes.Verify(ctx, "contact", merged["contactPhone"], e.SMSCodeID, e.SMSCode))
		}})
}

// LicenseEdit is the business-licence change dialog: the licence and the
// legal person's photos.
type LicenseEdit struct {
	LicenseID, FrontID, BackID *string
}

// ChangeLicense is the licence-change dialog of the enterprise page; every
// field it carries waits for review.
func (s *Service) ChangeLicense(ctx context.Context, accountID int64, e LicenseEdit) (EditResult, error) {
	return s.EditEnterprise(ctx, accountID, EnterpriseEdit{LicenseID: e.LicenseID, LegalFrontID: e.FrontID, LegalBackID: e.BackID})
}

// applyEdit writes the direct changes at once (with effective records and
// an operation record) and submits the others for review (waiting records,
// account verifying).
func (s *Service) applyEdit(ctx context.Context, a account.Account, rec editable, cs []change) (EditResult, error) {
	now := s.now()
	var direct, pending []change
	class := identity.ClassLicence
	for _, c := range cs {
		switch c.def.class {
		case classDirect:
			direct = append(direct, c)
		case classIdentity:
			class = identity.ClassIdentity
			pending = append(pending, c)
		default:
			pending = append(pending, c)
		}
	}
	// The stage moves first: the guarded write refuses an edit racing a
	// submission or another change, before anything else is written.
	move := account.Stage.EditDirect
	if len(pending) > 0 {
		move = account.Stage.SubmitChange
	}
	prev := a.AuthState
	if err := account.Move(ctx, s.d.Store, &a, move, now); err != nil {
		return EditResult{}, err
	}
	var photos []string
	for _, c := range cs {
		if c.def.photo && c.after != "" {
			photos = append(photos, c.after)
		}
	}
	if len(photos) > 0 {
		if err := s.d.Files.AttachAs(ctx, a.ID, files.KindPhoto, photos...); err != nil {
			return EditResult{}, err
		}
	}
	var res EditResult
	if len(direct) > 0 {
		var remarks []FieldChange
		for _, c := range direct {
			rec.set(c.def.key, c.after)
			r := ModificationRecord{AccountID: a.ID, InfoItem: c.def.label,
				BeforeValue: s.display(c.def, c.before), AfterValue: s.display(c.def, c.after),
				OperationTime: now, IsValid: Effective, AuthMethod: MethodDirect, AuthState: int(a.AuthState)}
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
			remarks = append(remarks, FieldChange{FieldName: c.def.label, BeforeValue: r.BeforeValue, AfterValue: r.AfterValue})
		}
		if err := rec.save(ctx); err != nil {
			return res, err
		}
		if err := s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name,
			OperationType: OpInfoModified, Remarks: remarks, CreatedAt: now}); err != nil {
			return res, err
		}
	}
	if len(pending) > 0 {
		payload := identity.ChangeRequest{Subject: rec.subject, Class: class, PrevAuthState: int(prev)}
		for _, c := range pending {
			payload.Changes = append(payload.Changes, FieldChange{Key: c.def.key, FieldName: c.def.label, BeforeValue: c.before, AfterValue: c.after})
		}
		id, err := s.d.Reviews.Submit(ctx, review.Submission{Kind: review.KindChange, AccountID: a.ID, Subject: string(rec.subject), Payload: payload})
		if err != nil {
			return res, err
		}
		for _, c := range pending {
			rid := id
			r := ModificationRecord{AccountID: a.ID, InfoItem: c.def.label,
				BeforeValue: s.display(c.def, c.before), AfterValue: s.display(c.def, c.after),
				OperationTime: now, IsValid: Waiting, AuthMethod: MethodManual, AuthState: int(account.Verifying), ReviewID: &rid}
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
		}
		res = EditResult{Waiting: true, ReviewID: id}
	}
	return res, nil
}

// firstFieldError builds the Invalid error with every field message; its
// Msg is the first message in the order of defs.
func firstFieldError(errs map[string]string, defs []fieldDef) error {
	msg := ""
	order := []string{}
	for _, d := range defs {
		order = append(order, d.key)
	}
	order = append(order, "area", "smsCode")
	for _, k := range order {
		if m, ok := errs[k]; ok {
			msg = m
			break
		}
	}
	if msg == "" {
		for _, m := range errs {
			msg = m
			break
		}
	}
	return apperr.InvalidFields(msg, errs)
}

package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/admission"
	"bidpass/internal/apperr"
)

// Library admission (docs/decisions/admission.md, "Library admission"; paths and payloads from docs/spec/DECISIONS.md
// "Certificates, operators, library admission: the contract"). The acting
// enterprise is the session's; an accountId the old client sends is
// checked, and the application's type is computed by the server.

// orgNodeJSON is one organisation of the cascader's tree.
type orgNodeJSON struct {
	ID       int64         `json:"id"`
	Name     string        `json:"name"`
	Children []orgNodeJSON `json:"children"`
}

// orgMatchJSON is one organisation the check found.
type orgMatchJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// roleStateJSON is one role's state (GET /api/applyState).
type roleStateJSON struct {
	EnterpriseType int     `json:"enterpriseType"`
	State          int     `json:"state"`
	NoPassReason   string  `json:"noPassReason"`
	DraftSavedAt   *string `json:"draftSavedAt"`
}

// draftFileJSON names a draft's evidence (putStorageShow's fileinfo).
type draftFileJSON struct {
	ID    string `json:"id"`
	Fname string `json:"fname"`
	Ctime string `json:"ctime"`
}

// draftJSON is a saved draft.
type draftJSON struct {
	ApplyType int            `json:"applyType"`
	OrgID     *int64         `json:"orgId"`
	OrgName   string         `json:"orgName"`
	Evidence  string         `json:"evidence"`
	Fileinfo  *draftFileJSON `json:"fileinfo"`
	// FromRejected: the form is the role's refused application, not a saved draft.
	FromRejected bool `json:"fromRejected"`
}

// applicationJSON is a submitted application.
type applicationJSON struct {
	ID        int64  `json:"id"`
	ApplyType int    `json:"applyType"`
	Type      int    `json:"type"`
	OrgID     int64  `json:"orgId"`
	OrgName   string `json:"orgName"`
	State     int    `json:"state"`
}

// admissionCheckRequest is the organisation check's body.
type admissionCheckRequest struct {
	accountRef
	ApplyType flexibleID `json:"applyType"`
	OrgName   string     `json:"orgName"`
}

// admissionFormRequest is a draft, or one element of a submit. The old
// client also sends accountId (checked) and type (ignored: computed).
type admissionFormRequest struct {
	accountRef
	ApplyType flexibleID `json:"applyType"`
	OrgID     flexibleID `json:"orgId"`
	OrgName   string     `json:"orgName"`
	Evidence  string     `json:"evidence"`
	Type      flexString `json:"type"`
}

func (f admissionFormRequest) form() admission.Form {
	return admission.Form{Role: admission.Role(f.ApplyType), OrgID: int64(f.OrgID), OrgName: f.OrgName, Evidence: f.Evidence}
}

// admissionSubmitRequest is putStorage's body: an array of exactly one.
type admissionSubmitRequest []admissionFormRequest

func (s admissionSubmitRequest) check(self int64) error {
	for _, f := range s {
		if err := f.check(self); err != nil {
			return err
		}
	}
	return nil
}

var errOneApplication = apperr.New(apperr.Invalid, "admission.one", "每次提交一个入库申请")

// queryRole reads applyType from the query.
func queryRole(r *http.Request) admission.Role {
	n, _ := strconv.Atoi(r.URL.Query().Get("applyType"))
	return admission.Role(n)
}

func nodesJSON(ns []admission.Node) []orgNodeJSON {
	out := make([]orgNodeJSON, 0, len(ns))
	for _, n := range ns {
		out = append(out, orgNodeJSON{ID: n.ID, Name: n.Name, Children: nodesJSON(n.Children)})
	}
	return out
}

// handleOrganisations serves GET /api/simples?applyType=N.
func handleOrganisations(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ns, err := d.Admission.Tree(r.Context(), queryRole(r))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nodesJSON(ns))
	})
}

// handleOrganisationCheck serves POST /api/register/enterprise/putStorageCkeck.
func handleOrganisationCheck(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req admissionCheckRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		os, err := d.Admission.Check(r.Context(), admission.Role(req.ApplyType), req.OrgName)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]orgMatchJSON, 0, len(os))
		for _, o := range os {
			out = append(out, orgMatchJSON{ID: o.ID, Name: o.Name})
		}
		respond(w, out)
	})
}

// handleApplyState serves GET /api/applyState: the three roles' states.
func handleApplyState(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		ss, err := d.Admission.States(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]roleStateJSON, 0, len(ss))
		for _, s := range ss {
			rs := roleStateJSON{EnterpriseType: int(s.Role), State: int(s.State), NoPassReason: s.Reason}
			if !s.DraftSavedAt.IsZero() {
				at := s.DraftSavedAt.UTC().Format(time.RFC3339)
				rs.DraftSavedAt = &at
			}
			out = append(out, rs)
		}
		respond(w, out)
	})
}

// handleAdmissionDraft serves PUT /api/register/enterprise/putStorageDraft.
func handleAdmissionDraft(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req admissionFormRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		if err := d.Admission.SaveDraft(r.Context(), principalFrom(r.Context()).ID, req.form()); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "草稿已保存", nil)
	})
}

// handleAdmissionShow serves GET /api/register/enterprise/putStorageShow?applyType=N:
// the draft, or null when there is none.
func handleAdmissionShow(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		v, err := d.Admission.Draft(r.Context(), p.ID, queryRole(r))
		if errors.Is(err, admission.ErrNotFound) {
			respond(w, nil)
			return
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := draftJSON{ApplyType: int(v.Role), OrgName: v.OrgName, Evidence: v.Evidence, FromRejected: v.FromRejected}
		if v.OrgID > 0 {
			out.OrgID = &v.OrgID
		}
		if v.File != nil {
			out.Fileinfo = &draftFileJSON{ID: v.File.ID, Fname: v.File.DownloadName(), Ctime: v.File.CreatedAt.UTC().Format(time.RFC3339)}
		}
		respond(w, out)
	})
}

// handleAdmissionSubmit serves POST /api/register/enterprise/putStorage
// [{applyType, evidence, orgId, orgName}].
func handleAdmissionSubmit(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req admissionSubmitRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		if len(req) != 1 {
			respondError(w, r, errOneApplication)
			return
		}
		a, err := d.Admission.Apply(r.Context(), principalFrom(r.Context()).ID, req[0].form())
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "提交成功，等待审核", applicationJSON{ID: a.ID, ApplyType: int(a.Role), Type: int(a.Type),
			OrgID: a.OrgID, OrgName: a.OrgName, State: int(a.State)})
	})
}

// handleAdmissionTemplate serves GET /api/management/templateFiles/{name}
// for the two commitment templates (real .docx files).
func handleAdmissionTemplate(d Deps, name string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, file, err := admission.Template(name, d.Runtime.SiteTitle)
		if err != nil {
			respondError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Disposition", attachmentName(file))
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(b)
		}
	})
}

// Organisation management by administrators (the console's 单位管理).

// organisationJSON is one unit in the console's list.
type organisationJSON struct {
	ID        int64  `json:"id"`
	ApplyType int    `json:"applyType"`
	ParentID  *int64 `json:"parentId"`
	Name      string `json:"name"`
	Disabled  bool   `json:"disabled"`
}

func organisationOut(o admission.Organisation) organisationJSON {
	j := organisationJSON{ID: o.ID, ApplyType: int(o.Role), Name: o.Name, Disabled: o.Disabled}
	if o.ParentID > 0 {
		p := o.ParentID
		j.ParentID = &p
	}
	return j
}

// organisationAddRequest adds a unit (parentId empty or 0: a root).
type organisationAddRequest struct {
	ApplyType flexibleID `json:"applyType"`
	ParentID  flexibleID `json:"parentId"`
	Name      string     `json:"name"`
}

// organisationUpdateRequest renames and/or disables a unit; an absent
// field is left as it is.
type organisationUpdateRequest struct {
	Name     *string `json:"name"`
	Disabled *bool   `json:"disabled"`
}

// organisationImportRequest carries the CSV file's text (the console reads
// the file and sends it).
type organisationImportRequest struct {
	CSV string `json:"csv"`
}

// organisationImportJSON is how many units an import added.
type organisationImportJSON struct {
	Added int `json:"added"`
}

// recordOrg writes the administrator's action in the staff action log.
func recordOrg(d Deps, r *http.Request, action, target, detail string) error {
	return d.Staff.Record(r.Context(), staffFrom(r.Context()).ID, action, target, detail, clientFrom(r.Context()).Addr)
}

// handleOrganisationList serves GET /api/admin/organisations?applyType=N.
func handleOrganisationList(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		os, err := d.Admission.AllOrganisations(r.Context(), queryRole(r))
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]organisationJSON, 0, len(os))
		for _, o := range os {
			out = append(out, organisationOut(o))
		}
		respond(w, out)
	})
}

// handleOrganisationAdd serves POST /api/admin/organisations.
func handleOrganisationAdd(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req organisationAddRequest
		if err := decode(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		o, err := d.Admission.AddOrganisation(r.Context(), admission.Role(req.ApplyType), int64(req.ParentID), req.Name)
		if err == nil {
			err = recordOrg(d, r, "organisation.add", "organisation:"+strconv.FormatInt(o.ID, 10), o.Name)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "添加成功", organisationOut(o))
	})
}

// handleOrganisationUpdate serves PUT /api/admin/organisations/{id}.
func handleOrganisationUpdate(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var req organisationUpdateRequest
		if err := decode(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		o, err := d.Admission.UpdateOrganisation(r.Context(), id, req.Name, req.Disabled)
		if err == nil {
			detail := o.Name
			if o.Disabled {
				detail += "（已停用）"
			}
			err = recordOrg(d, r, "organisation.update", "organisation:"+strconv.FormatInt(o.ID, 10), detail)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, organisationOut(o))
	})
}

// handleOrganisationImport serves POST /api/admin/organisations/import {csv}.
func handleOrganisationImport(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req organisationImportRequest
		if err := decode(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		n, err := d.Admission.ImportOrganisations(r.Context(), strings.NewReader(req.CSV))
		if err == nil {
			err = recordOrg(d, r, "organisation.import", "organisations", "导入 "+strconv.Itoa(n)+" 个单位")
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "导入成功", organisationImportJSON{Added: n})
	})
}

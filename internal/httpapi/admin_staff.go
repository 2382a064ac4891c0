package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/keyset"
	staffsvc "bidpass/internal/staff"
)

// Staff administration: administrators list, create, disable and reset
// staff members and read the staff action log.

type staffJSON struct {
	ID          int64         `json:"id"`
	Account     string        `json:"account"`
	DisplayName string        `json:"displayName"`
	Role        staffsvc.Role `json:"role"`
	Disabled    bool          `json:"disabled"`
	CreatedAt   time.Time     `json:"createdAt"`
}

// staffListItem is a member in the administrator's list, with whether
// their second factor is enrolled (动态口令 已绑定 / 未绑定).
type staffListItem struct {
	staffJSON
	SecondFactor bool `json:"secondFactor"`
}

func staffOut(s staffsvc.Staff) staffJSON {
	return staffJSON{ID: s.ID, Account: s.Name, DisplayName: s.DisplayName, Role: s.Role, Disabled: s.Disabled, CreatedAt: s.CreatedAt}
}

// handleStaffList serves GET /api/admin/staff?page&pageSize.
func handleStaffList(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, n, err := d.Staff.List(r.Context(), staffFrom(r.Context()), queryInt(r, "page", 1), queryInt(r, "pageSize", 10))
		if err != nil {
			respondError(w, r, err)
			return
		}
		on, err := d.Staff.SecondFactorOn(r.Context(), list)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]staffListItem, 0, len(list))
		for _, s := range list {
			out = append(out, staffListItem{staffJSON: staffOut(s), SecondFactor: on[s.ID]})
		}
		respondList(w, out, n)
	})
}

// handleStaffCreate serves POST /api/admin/staff {account, displayName,
// role, password, keyId} (password RSA-encrypted).
func handleStaffCreate(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Account     string `json:"account"`
			DisplayName string `json:"displayName"`
			Role        string `json:"role"`
			Password    string `json:"password"`
			KeyID       string `json:"keyId"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		st, err := d.Staff.Create(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr,
			staffsvc.NewStaff{Name: in.Account, DisplayName: in.DisplayName, Role: staffsvc.Role(in.Role), Password: in.Password}, in.KeyID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "新增成功", staffOut(st))
	})
}

// handleStaffDisabled serves PUT /api/admin/staff/{id}/disabled {disabled}.
func handleStaffDisabled(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in struct {
			Disabled bool `json:"disabled"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		st, err := d.Staff.SetDisabled(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id, in.Disabled)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, staffOut(st))
	})
}

// handleStaffPassword serves PUT /api/admin/staff/{id}/password {password, keyId}.
func handleStaffPassword(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in struct {
			Password string `json:"password"`
			KeyID    string `json:"keyId"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		if err := d.Staff.ResetPassword(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id, in.KeyID, in.Password); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "密码已重置", nil)
	})
}

// handleStaffActions serves GET /api/admin/actions?staffId&action&page&pageSize&after.
func handleStaffActions(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := deepPageOf(r, 20)
		if err != nil {
			respondError(w, r, err)
			return
		}
		sid, _ := strconv.ParseInt(r.URL.Query().Get("staffId"), 10, 64)
		list, n, err := d.Staff.Actions(r.Context(), staffFrom(r.Context()), staffsvc.ActionFilter{StaffID: sid,
			Action: strings.TrimSpace(r.URL.Query().Get("action")), Page: p.page, PageSize: p.size, After: p.after})
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]staffActionResponse, 0, len(list))
		for _, a := range list {
			out = append(out, staffActionResponse{ID: a.ID, StaffID: a.StaffID, StaffName: a.StaffName, Action: a.Action,
				Target: a.Target, Detail: a.Detail, ClientAddr: a.ClientAddr, Time: a.CreatedAt})
		}
		respondDeepPage(w, p, out, len(list), n, func(i int) keyset.Cursor { return keyset.Cursor{At: list[i].CreatedAt, ID: list[i].ID} })
	})
}

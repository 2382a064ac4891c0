package httpapi

import (
	"net/http"

	"bidpass/internal/devices"
	"bidpass/internal/session"
)

// deviceJSON is one live session in the list of signed-in devices.
type deviceJSON struct {
	ID         string   `json:"id"`
	Current    bool     `json:"current"`
	Methods    []string `json:"methods"`
	Way        string   `json:"way"`
	Browser    string   `json:"browser"`
	System     string   `json:"system"`
	Address    string   `json:"address"`
	SignedInAt string   `json:"signedInAt"`
	LastSeenAt string   `json:"lastSeenAt"`
	ExpiresAt  string   `json:"expiresAt"`
	Clients    []string `json:"clients"`
}

// devicesResponse is the list with the limits the sessions live by, so
// the page can say them and warn before the idle one.
type devicesResponse struct {
	Devices         []deviceJSON `json:"devices"`
	IdleSeconds     int64        `json:"idleSeconds"`
	AbsoluteSeconds int64        `json:"absoluteSeconds"`
}

// endedResponse says how many sessions an end-all ended.
type endedResponse struct {
	Ended int `json:"ended"`
}

func devicesOut(l session.Limits, ds []devices.Device) devicesResponse {
	out := devicesResponse{Devices: make([]deviceJSON, 0, len(ds)), IdleSeconds: int64(l.Idle.Seconds()), AbsoluteSeconds: int64(l.Absolute.Seconds())}
	for _, d := range ds {
		out.Devices = append(out.Devices, deviceJSON{
			ID: d.ID, Current: d.Current, Methods: nonNilStrings(d.Methods), Way: d.Way, Browser: d.Browser, System: d.System,
			Address: d.Address, SignedInAt: rfc3339(d.SignedInAt), LastSeenAt: rfc3339(d.LastSeenAt), ExpiresAt: rfc3339(d.ExpiresAt),
			Clients: nonNilStrings(d.Clients),
		})
	}
	return out
}

// handleDevices serves GET /api/account/devices (and the staff console's
// GET /api/admin/devices): the caller's live sessions.
func handleDevices(d Deps) http.Handler {
	svc := d.Devices
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		ds, err := svc.List(r.Context(), p)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, devicesOut(svc.Limits(p.Kind), ds))
	})
}

// handleEndDevice serves DELETE /api/account/devices/{id}: one of the
// caller's sessions ends; another account's id is 404 like an unknown one.
func handleEndDevice(d Deps) http.Handler {
	svc := d.Devices
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := svc.End(r.Context(), principalFrom(r.Context()), r.PathValue("id")); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "已退出该设备", nil)
	})
}

// handleEndOtherDevices serves DELETE /api/account/devices: every session
// of the caller but this one ends.
func handleEndOtherDevices(d Deps) http.Handler {
	svc := d.Devices
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := svc.EndOthers(r.Context(), principalFrom(r.Context()))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "已退出其他设备", endedResponse{Ended: n})
	})
}

// signInJSON is one sign-in or refused attempt of the history.
type signInJSON struct {
	ID        int64  `json:"id"`
	At        string `json:"at"`
	Way       string `json:"way"`
	Browser   string `json:"browser"`
	System    string `json:"system"`
	Address   string `json:"address"`
	OK        bool   `json:"ok"`
	Result    string `json:"result"`
	NewDevice bool   `json:"newDevice"`
}

// The history's page sizes: 10 unless asked, at most 50.
const (
	historyPageSize    = 10
	historyMaxPageSize = 50
)

// handleSignInHistory serves GET /api/account/signInHistory?page&pageSize:
// the caller's sign-ins and refused attempts of the last 90 days, newest
// first, with their number in all.
func handleSignInHistory(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page, size := pageParams(r)
		page = max(page, 1)
		if size <= 0 {
			size = historyPageSize
		}
		h, err := d.History.Page(r.Context(), principalFrom(r.Context()), page, min(size, historyMaxPageSize))
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]signInJSON, 0, len(h.SignIns))
		for _, s := range h.SignIns {
			out = append(out, signInJSON{ID: s.ID, At: rfc3339(s.At), Way: s.Way, Browser: s.Browser, System: s.System, Address: s.Address,
				OK: s.OK, Result: s.Result, NewDevice: s.NewDevice})
		}
		respondList(w, out, int64(h.Total))
	})
}

package httpapi

// Small JSON types shared by several handler files: the request bodies of
// the old client are loosely typed (numbers and strings interchangeably,
// arrays or comma-joined strings), and these keep that looseness at the
// edge so that the capability services see plain Go values.

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// flexString reads a JSON string or number into a string; null leaves it
// unset. It exists because the old client sends the same field (capital,
// ids, codes) as a string on one screen and as a number on another, and
// because an edit must tell "not sent" (keep) from "sent empty" (clear).
type flexString struct {
	set bool
	v   string
}

// UnmarshalJSON accepts a string, a number or null.
func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &f.v); err != nil {
			return err
		}
	} else {
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		f.v = n.String()
	}
	f.set = true
	return nil
}

// ptr is the value, or nil when the field was not sent.
func (f flexString) ptr() *string {
	if !f.set {
		return nil
	}
	v := f.v
	return &v
}

// first returns the first set value.
func first(fs ...flexString) *string {
	for _, f := range fs {
		if f.set {
			return f.ptr()
		}
	}
	return nil
}

// industryPath accepts the cascader's array of codes or the comma-joined
// string docs/spec/DECISIONS.md names.
type industryPath string

// UnmarshalJSON accepts an array of codes or a string.
func (p *industryPath) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var parts []string
		if err := json.Unmarshal(b, &parts); err != nil {
			return err
		}
		*p = industryPath(strings.Join(parts, ","))
		return nil
	}
	var s flexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	*p = industryPath(s.v)
	return nil
}

// flexibleID accepts an account id sent as a number or as a string (the
// spec's client keeps ids as strings); absent, null or "" is 0.
type flexibleID int64

// UnmarshalJSON accepts a number, a numeric string, "" or null.
func (f *flexibleID) UnmarshalJSON(b []byte) error {
	var s flexString
	if err := s.UnmarshalJSON(b); err != nil {
		return err
	}
	if s.v == "" {
		*f = 0
		return nil
	}
	n, err := strconv.ParseInt(s.v, 10, 64)
	if err != nil {
		return err
	}
	*f = flexibleID(n)
	return nil
}

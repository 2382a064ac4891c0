package main

import (
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// findings is what the crash check found after a restart.
type findings struct {
	acked    int      // acknowledged writes looked for
	lost     []string // acknowledged writes not found
	halfMade []string // rows missing what they belong to or need
	orphans  []string // file rows without bytes, bytes without a row
	temp     int      // temporary upload files cut short (the sweeper removes them)
}

// awaitingReview is account.AuthState's "verifying": a submission waits
// for a reviewer, so an open real-name review must exist.
const awaitingReview = 99

// check reads the backend's database and files directory and compares
// them with what the server acknowledged.
func check(b backend, l *ledger) (findings, error) {
	db, err := b.openSQL()
	if err != nil {
		return findings{}, err
	}
	defer db.Close()
	var f findings
	accounts := map[int64]string{}
	authState := map[int64]int{}
	err = rows(db, `SELECT id, account_name, auth_state FROM accounts`, func(s scanner) error {
		var id int64
		var name string
		var st int
		err := s.Scan(&id, &name, &st)
		accounts[id], authState[id] = name, st
		return err
	})
	if err != nil {
		return f, err
	}
	fileRows := map[string]bool{}
	if err := rows(db, `SELECT id FROM files`, func(s scanner) error {
		var id string
		err := s.Scan(&id)
		fileRows[id] = true
		return err
	}); err != nil {
		return f, err
	}
	profiles := map[int64]bool{}
	if err := rows(db, `SELECT account_id, cert_front_id, cert_back_id, cert_take_id FROM person_profiles`, func(s scanner) error {
		var id int64
		var photos [3]string
		if err := s.Scan(&id, &photos[0], &photos[1], &photos[2]); err != nil {
			return err
		}
		profiles[id] = true
		if _, ok := accounts[id]; !ok {
			f.halfMade = append(f.halfMade, fmt.Sprintf("person profile of missing account %d", id))
		}
		for _, p := range photos {
			if p != "" && !fileRows[p] {
				f.halfMade = append(f.halfMade, fmt.Sprintf("person profile %d names missing file %s", id, p))
			}
		}
		return nil
	}); err != nil {
		return f, err
	}
	if err := rows(db, `SELECT account_id FROM enterprise_profiles`, func(s scanner) error {
		var id int64
		err := s.Scan(&id)
		if _, ok := accounts[id]; err == nil && !ok {
			f.halfMade = append(f.halfMade, fmt.Sprintf("enterprise profile of missing account %d", id))
		}
		return err
	}); err != nil {
		return f, err
	}
	decisionRows := map[int64]bool{}
	if err := rows(db, `SELECT review_id FROM review_decisions`, func(s scanner) error {
		var id int64
		err := s.Scan(&id)
		decisionRows[id] = true
		return err
	}); err != nil {
		return f, err
	}
	type rv struct{ kind, state string }
	reviews := map[int64]rv{}
	realNameOf := map[int64]bool{}
	openRealName := map[int64]bool{}
	if err := rows(db, `SELECT id, account_id, kind, state FROM reviews`, func(s scanner) error {
		var id, acc int64
		var r rv
		if err := s.Scan(&id, &acc, &r.kind, &r.state); err != nil {
			return err
		}
		reviews[id] = r
		if _, ok := accounts[acc]; !ok {
			f.halfMade = append(f.halfMade, fmt.Sprintf("review %d of missing account %d", id, acc))
		}
		if r.state == "decided" && !decisionRows[id] {
			f.halfMade = append(f.halfMade, fmt.Sprintf("review %d decided without its decision record", id))
		}
		if r.kind == "realname" {
			realNameOf[acc] = true
			if r.state == "pending" || r.state == "claimed" {
				openRealName[acc] = true
			}
		}
		return nil
	}); err != nil {
		return f, err
	}
	for id := range decisionRows {
		if _, ok := reviews[id]; !ok {
			f.halfMade = append(f.halfMade, fmt.Sprintf("decision record of missing review %d", id))
		}
	}
	for id, st := range authState {
		if st == awaitingReview && !openRealName[id] && !hasOpenReview(db, id) {
			f.halfMade = append(f.halfMade, fmt.Sprintf("account %d awaits review with no open review", id))
		}
	}

	// The bytes: every row has its blob, every blob its row.
	blobs := map[string]bool{}
	dir := filepath.Join(b.dataDir, "files")
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		if strings.HasPrefix(d.Name(), ".upload-") {
			f.temp++
			return nil
		}
		blobs[d.Name()] = true
		return nil
	})
	if err != nil {
		return f, err
	}
	for id := range fileRows {
		if !blobs[id] {
			f.orphans = append(f.orphans, "file row without bytes: "+id)
		}
	}
	for id := range blobs {
		if !fileRows[id] {
			f.orphans = append(f.orphans, "bytes without a file row: "+id)
		}
	}

	// Every acknowledged write.
	l.mu.Lock()
	defer l.mu.Unlock()
	for name, id := range l.accounts {
		f.acked++
		if accounts[id] != name {
			f.lost = append(f.lost, fmt.Sprintf("account %s (%d)", name, id))
		}
	}
	for id := range l.profiles {
		f.acked++
		if !profiles[id] {
			f.lost = append(f.lost, fmt.Sprintf("real-name information of account %d", id))
		}
	}
	for id := range l.files {
		f.acked++
		if !fileRows[id] || !blobs[id] {
			f.lost = append(f.lost, "uploaded file "+id)
		}
	}
	for id := range l.realNames {
		f.acked++
		if !realNameOf[id] {
			f.lost = append(f.lost, fmt.Sprintf("real-name submission of account %d", id))
		}
	}
	for id := range l.decisions {
		f.acked++
		if reviews[id].state != "decided" {
			f.lost = append(f.lost, fmt.Sprintf("decision on review %d (state %q)", id, reviews[id].state))
		}
	}
	return f, nil
}

// hasOpenReview tells whether account id has any open review (a change or
// admission review also makes the account wait).
func hasOpenReview(db *sql.DB, id int64) bool {
	n := 0
	q := fmt.Sprintf(`SELECT count(*) FROM reviews WHERE account_id = %d AND state IN ('pending', 'claimed')`, id)
	_ = db.QueryRow(q).Scan(&n)
	return n > 0
}

type scanner interface{ Scan(dest ...any) error }

func rows(db *sql.DB, q string, each func(scanner) error) error {
	r, err := db.Query(q)
	if err != nil {
		return fmt.Errorf("%s: %w", q, err)
	}
	defer r.Close()
	for r.Next() {
		if err := each(r); err != nil {
			return err
		}
	}
	return r.Err()
}

// print writes the findings and a RESULT line.
func (f findings) print(w interface{ Write([]byte) (int, error) }, round int) {
	for _, list := range [][]string{f.lost, f.halfMade, f.orphans} {
		for i, s := range list {
			if i == 10 {
				fmt.Fprintf(w, "  … %d more\n", len(list)-10)
				break
			}
			fmt.Fprintln(w, "  "+s)
		}
	}
	fmt.Fprintf(w, "RESULT crash round=%d acknowledged-writes=%d lost=%d half-made=%d orphan-files=%d cut-short-temp-uploads=%d\n",
		round, f.acked, len(f.lost), len(f.halfMade), len(f.orphans), f.temp)
}

func (f findings) ok() bool { return len(f.lost)+len(f.halfMade)+len(f.orphans) == 0 }

package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"bidpass/internal/certificate"
	"bidpass/internal/session"
)

// CA certificate bindings and their record (docs/decisions/certificates.md, "CA digital certificates, server side"). The partial unique
// indexes of migration 00070 are the guards: one live binding per
// certificate and one per principal, whatever races.

const bindingColumns = `id, realm, subject_id, serial, issuer_key, issuer_dn, subject_dn, owner_name, valid_start, valid_end, public_key, der, bound_at`

func scanBinding(r rowScanner) (certificate.Binding, error) {
	var b certificate.Binding
	var realm string
	err := r.Scan(&b.ID, &realm, &b.SubjectID, &b.Serial, &b.IssuerKey, &b.IssuerDN, &b.SubjectDN, &b.OwnerName,
		&b.ValidStart, &b.ValidEnd, &b.PublicKey, &b.DER, &b.BoundAt)
	b.Realm = session.Kind(realm)
	return b, err
}

func (db *DB) bindings(ctx context.Context, query string, args ...any) ([]certificate.Binding, error) {
	out, err := list(ctx, db, scanBinding, `SELECT `+bindingColumns+` FROM certificate_bindings WHERE unbound_at IS NULL AND `+query, args...)
	if err != nil {
		return nil, err
	}
	return nonNil(out), nil
}

// BoundCertificatesBySerial implements certificate.Store.
func (db *DB) BoundCertificatesBySerial(ctx context.Context, realm session.Kind, serial string) ([]certificate.Binding, error) {
	return db.bindings(ctx, `serial = ? AND realm = ? ORDER BY id`, serial, string(realm))
}

// BoundCertificatesOf implements certificate.Store.
func (db *DB) BoundCertificatesOf(ctx context.Context, realm session.Kind, subjectID int64) ([]certificate.Binding, error) {
	return db.bindings(ctx, `realm = ? AND subject_id = ? ORDER BY id`, string(realm), subjectID)
}

// BindCertificate implements certificate.Store.
func (db *DB) BindCertificate(ctx context.Context, b *certificate.Binding) error {
	id, err := db.insertID(ctx, `INSERT INTO certificate_bindings (realm, subject_id, serial, issuer_key, issuer_dn, subject_dn, owner_name,
		valid_start, valid_end, public_key, der, bound_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		string(b.Realm), b.SubjectID, b.Serial, b.IssuerKey, b.IssuerDN, b.SubjectDN, b.OwnerName,
		b.ValidStart.UTC(), b.ValidEnd.UTC(), b.PublicKey, b.DER, b.BoundAt.UTC())
	if isUniqueViolation(err) {
		// SQLite names the columns, PostgreSQL the index.
		if s := err.Error(); strings.Contains(s, "issuer_key") || strings.Contains(s, "one_holder") {
			return certificate.ErrBoundElsewhere
		}
		return certificate.ErrAlreadyHolding
	}
	if err != nil {
		return err
	}
	b.ID = id
	return nil
}

// UnbindCertificate implements certificate.Store: one guarded UPDATE, so of
// two racing unbinds one ends the binding and the other finds none.
func (db *DB) UnbindCertificate(ctx context.Context, realm session.Kind, subjectID int64, at time.Time) (certificate.Binding, error) {
	b, err := scanBinding(db.queryRow(ctx, `UPDATE certificate_bindings SET unbound_at = ?
		WHERE realm = ? AND subject_id = ? AND unbound_at IS NULL RETURNING `+bindingColumns, at.UTC(), string(realm), subjectID))
	if errors.Is(notFound(err), ErrNotFound) {
		return b, certificate.ErrNotBound
	}
	return b, err
}

// AddCertificateLog implements certificate.Store.
func (db *DB) AddCertificateLog(ctx context.Context, e certificate.LogEntry) error {
	_, err := db.exec(ctx, `INSERT INTO certificate_log (realm, subject_id, handle_type, serial, subject_dn, valid_start, valid_end, handled_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, string(e.Realm), e.SubjectID, e.HandleType, e.Serial, e.SubjectDN,
		e.ValidStart.UTC(), e.ValidEnd.UTC(), e.HandledAt.UTC())
	return err
}

// CertificateLog implements certificate.Store.
func (db *DB) CertificateLog(ctx context.Context, realm session.Kind, subjectID int64, offset, limit int) ([]certificate.LogEntry, int64, error) {
	var n int64
	if err := db.queryRow(ctx, `SELECT COUNT(*) FROM certificate_log WHERE realm = ? AND subject_id = ?`, string(realm), subjectID).Scan(&n); err != nil {
		return nil, 0, err
	}
	rows, err := db.query(ctx, `SELECT id, realm, subject_id, handle_type, serial, subject_dn, valid_start, valid_end, handled_at
		FROM certificate_log WHERE realm = ? AND subject_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`, string(realm), subjectID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []certificate.LogEntry{}
	for rows.Next() {
		var e certificate.LogEntry
		var realm string
		if err := rows.Scan(&e.ID, &realm, &e.SubjectID, &e.HandleType, &e.Serial, &e.SubjectDN, &e.ValidStart, &e.ValidEnd, &e.HandledAt); err != nil {
			return nil, 0, err
		}
		e.Realm = session.Kind(realm)
		out = append(out, e)
	}
	return out, n, rows.Err()
}

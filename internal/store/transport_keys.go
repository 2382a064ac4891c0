package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"bidpass/internal/pwtransport"
)

// ActiveTransportKeys implements pwtransport.Store.
func (db *DB) ActiveTransportKeys(ctx context.Context) ([]pwtransport.Key, error) {
	rows, err := db.query(ctx, `SELECT id, private_pem, created_at FROM transport_keys WHERE retired_at IS NULL ORDER BY created_at DESC, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []pwtransport.Key
	for rows.Next() {
		var k pwtransport.Key
		if err := rows.Scan(&k.ID, db.opened(&k.PrivatePEM, "transport_keys", "private_pem"), &k.CreatedAt); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

// TransportKey implements pwtransport.Store.
func (db *DB) TransportKey(ctx context.Context, id string) (pwtransport.Key, error) {
	var k pwtransport.Key
	var retired sql.NullTime
	err := db.queryRow(ctx, `SELECT id, private_pem, created_at, retired_at FROM transport_keys WHERE id = ?`, id).
		Scan(&k.ID, db.opened(&k.PrivatePEM, "transport_keys", "private_pem"), &k.CreatedAt, &retired)
	if errors.Is(err, sql.ErrNoRows) {
		return k, pwtransport.ErrNotFound
	}
	if err != nil {
		return k, err
	}
	if retired.Valid {
		t := retired.Time
		k.RetiredAt = &t
	}
	return k, nil
}

// CreateTransportKey implements pwtransport.Store.
func (db *DB) CreateTransportKey(ctx context.Context, k pwtransport.Key) error {
	_, err := db.exec(ctx, `INSERT INTO transport_keys (id, private_pem, created_at) VALUES (?, ?, ?)`, k.ID, db.sealArg(k.PrivatePEM, "transport_keys", "private_pem"), k.CreatedAt.UTC())
	return err
}

// RetireTransportKeysExcept implements pwtransport.Store.
func (db *DB) RetireTransportKeysExcept(ctx context.Context, keep string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE transport_keys SET retired_at = ? WHERE id <> ? AND retired_at IS NULL`, at.UTC(), keep)
	return err
}

// UseNonce implements pwtransport.Store: the insert either creates the row
// (first use) or hits the primary key (a replay), atomically on both
// dialects, so two instances racing with one ciphertext accept it once.
func (db *DB) UseNonce(ctx context.Context, keyID, nonce string, expires time.Time) (bool, error) {
	res, err := db.exec(ctx, `INSERT INTO password_nonces (key_id, nonce, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (key_id, nonce) DO NOTHING`, keyID, nonce, expires.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteExpiredNonces removes the nonces whose ciphertexts can no longer be
// accepted anyway, and reports how many.
func (db *DB) DeleteExpiredNonces(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM password_nonces WHERE expires_at < ?`, now.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

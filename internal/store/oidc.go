package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"bidpass/internal/sso"
)

// The OpenID Connect provider's rows (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): clients, authorisation
// requests and codes, families, tokens, signing keys. They implement
// sso.Store.

func jsonList(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func listOf(s string) ([]string, error) {
	var v []string
	err := json.Unmarshal([]byte(s), &v)
	return v, err
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time
	return &v
}

func ssoNotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return sso.ErrNotFound
	}
	return err
}

const oidcClientCols = `id, name, secret_hash, public, first_party, require_realname, redirect_uris, post_logout_uris, scopes, backchannel_logout_uri, disabled, created_at, updated_at, min_acr`

func scanOIDCClient(sc interface{ Scan(...any) error }) (sso.Client, error) {
	var c sso.Client
	var redirects, logouts, scopes string
	if err := sc.Scan(&c.ID, &c.Name, &c.SecretHash, &c.Public, &c.FirstParty, &c.RequireRealName, &redirects, &logouts, &scopes,
		&c.BackchannelLogoutURI, &c.Disabled, &c.CreatedAt, &c.UpdatedAt, &c.MinACR); err != nil {
		return c, ssoNotFound(err)
	}
	var err error
	if c.RedirectURIs, err = listOf(redirects); err != nil {
		return c, err
	}
	if c.PostLogoutURIs, err = listOf(logouts); err != nil {
		return c, err
	}
	c.Scopes, err = listOf(scopes)
	return c, err
}

// CreateOIDCClient implements sso.Store.
func (db *DB) CreateOIDCClient(ctx context.Context, c sso.Client) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_clients (`+oidcClientCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.Name, c.SecretHash, c.Public, c.FirstParty, c.RequireRealName, jsonList(c.RedirectURIs), jsonList(c.PostLogoutURIs),
		jsonList(c.Scopes), c.BackchannelLogoutURI, c.Disabled, c.CreatedAt.UTC(), c.UpdatedAt.UTC(), c.MinACR)
	if isUniqueViolation(err) {
		return sso.ErrClientExists
	}
	return err
}

// OIDCClient implements sso.Store.
func (db *DB) OIDCClient(ctx context.Context, id string) (sso.Client, error) {
	return scanOIDCClient(db.queryRow(ctx, `SELECT `+oidcClientCols+` FROM oidc_clients WHERE id = ?`, id))
}

// OIDCClients implements sso.Store.
func (db *DB) OIDCClients(ctx context.Context) ([]sso.Client, error) {
	return list(ctx, db, scanOIDCClient, `SELECT `+oidcClientCols+` FROM oidc_clients ORDER BY created_at, id`)
}

// UpdateOIDCClientSettings implements sso.Store: the settings only, never
// the id, the kind, the secret or the disabled state.
func (db *DB) UpdateOIDCClientSettings(ctx context.Context, c sso.Client) error {
	return oidcClientChanged(db.exec(ctx, `UPDATE oidc_clients SET name = ?, first_party = ?, require_realname = ?,
		redirect_uris = ?, post_logout_uris = ?, scopes = ?, backchannel_logout_uri = ?, min_acr = ?, updated_at = ? WHERE id = ?`,
		c.Name, c.FirstParty, c.RequireRealName, jsonList(c.RedirectURIs), jsonList(c.PostLogoutURIs),
		jsonList(c.Scopes), c.BackchannelLogoutURI, c.MinACR, c.UpdatedAt.UTC(), c.ID))
}

// SetOIDCClientSecret implements sso.Store (confidential clients only).
func (db *DB) SetOIDCClientSecret(ctx context.Context, id, secretHash string, at time.Time) error {
	return oidcClientChanged(db.exec(ctx, `UPDATE oidc_clients SET secret_hash = ?, updated_at = ? WHERE id = ? AND public = ?`,
		secretHash, at.UTC(), id, false))
}

// SetOIDCClientDisabled implements sso.Store.
func (db *DB) SetOIDCClientDisabled(ctx context.Context, id string, disabled bool, at time.Time) error {
	return oidcClientChanged(db.exec(ctx, `UPDATE oidc_clients SET disabled = ?, updated_at = ? WHERE id = ?`, disabled, at.UTC(), id))
}

// oidcClientChanged is sso.ErrNotFound when an UPDATE of a client matched no row.
func oidcClientChanged(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return cmp.Or(err, sso.ErrNotFound)
	}
	return nil
}

const oidcRequestCols = `id, client_id, request, account_id, auth_time, done, created_at, expires_at, amr, session_hash`

func scanOIDCRequest(sc interface{ Scan(...any) error }) (sso.StoredRequest, error) {
	var r sso.StoredRequest
	var req, amr string
	var account sql.NullInt64
	var authTime sql.NullTime
	if err := sc.Scan(&r.ID, &r.ClientID, &req, &account, &authTime, &r.Done, &r.CreatedAt, &r.ExpiresAt, &amr, &r.Session); err != nil {
		return r, ssoNotFound(err)
	}
	r.Request = []byte(req)
	r.AccountID = account.Int64
	if authTime.Valid {
		r.AuthTime = authTime.Time
	}
	var err error
	r.AMR, err = listOf(amr)
	return r, err
}

// CreateOIDCAuthRequest implements sso.Store.
func (db *DB) CreateOIDCAuthRequest(ctx context.Context, r sso.StoredRequest) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_auth_requests (id, client_id, request, done, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		r.ID, r.ClientID, string(r.Request), false, r.CreatedAt.UTC(), r.ExpiresAt.UTC())
	return err
}

// OIDCAuthRequest implements sso.Store.
func (db *DB) OIDCAuthRequest(ctx context.Context, id string) (sso.StoredRequest, error) {
	return scanOIDCRequest(db.queryRow(ctx, `SELECT `+oidcRequestCols+` FROM oidc_auth_requests WHERE id = ?`, id))
}

// CompleteOIDCAuthRequest implements sso.Store.
// ClaimOIDCAuthRequest implements sso.Store: one UPDATE whose condition
// (no account yet, or this one) lets one of two racing accounts win.
func (db *DB) ClaimOIDCAuthRequest(ctx context.Context, id string, accountID int64, now time.Time) (bool, error) {
	return oneRow(db.exec(ctx, `UPDATE oidc_auth_requests SET account_id = ?
		WHERE id = ? AND expires_at > ? AND done = ? AND (account_id IS NULL OR account_id = ?)`,
		accountID, id, now.UTC(), false, accountID))
}

// CompleteOIDCAuthRequest implements sso.Store.
func (db *DB) CompleteOIDCAuthRequest(ctx context.Context, id string, accountID int64, authTime time.Time, amr []string, now time.Time) (bool, error) {
	return oneRow(db.exec(ctx, `UPDATE oidc_auth_requests SET account_id = ?, auth_time = ?, amr = ?, done = ?
		WHERE id = ? AND expires_at > ? AND code_hash IS NULL AND (account_id IS NULL OR account_id = ?)`,
		accountID, authTime.UTC(), jsonList(amr), true, id, now.UTC(), accountID))
}

// oneRow reports whether an UPDATE matched exactly one row.
func oneRow(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TieOIDCAuthRequest implements sso.Store.
func (db *DB) TieOIDCAuthRequest(ctx context.Context, id, sessionHash string) error {
	_, err := db.exec(ctx, `UPDATE oidc_auth_requests SET session_hash = ? WHERE id = ? AND code_hash IS NULL`, sessionHash, id)
	return err
}

// SaveOIDCAuthCode implements sso.Store.
func (db *DB) SaveOIDCAuthCode(ctx context.Context, id, codeHash string, expires time.Time) error {
	res, err := db.exec(ctx, `UPDATE oidc_auth_requests SET code_hash = ?, code_expires_at = ? WHERE id = ? AND done = ? AND code_hash IS NULL`,
		codeHash, expires.UTC(), id, true)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sso.ErrNotFound
	}
	return nil
}

// ClaimOIDCAuthCode implements sso.Store: one UPDATE … RETURNING, so the
// database decides which of two racing redemptions wins.
func (db *DB) ClaimOIDCAuthCode(ctx context.Context, codeHash string, now time.Time) (sso.StoredRequest, error) {
	return scanOIDCRequest(db.queryRow(ctx, `UPDATE oidc_auth_requests SET code_used_at = ?
		WHERE code_hash = ? AND code_used_at IS NULL AND code_expires_at > ? RETURNING `+oidcRequestCols, now.UTC(), codeHash, now.UTC()))
}

// DeleteOIDCAuthRequest implements sso.Store.
func (db *DB) DeleteOIDCAuthRequest(ctx context.Context, id string) error {
	_, err := db.exec(ctx, `DELETE FROM oidc_auth_requests WHERE id = ?`, id)
	return err
}

const oidcFamilyCols = `id, account_id, client_id, scopes, amr, auth_time, created_at, expires_at, revoked_at, session_hash`

func scanOIDCFamily(sc interface{ Scan(...any) error }) (sso.Family, error) {
	var f sso.Family
	var scopes, amr string
	var revoked sql.NullTime
	if err := sc.Scan(&f.ID, &f.AccountID, &f.ClientID, &scopes, &amr, &f.AuthTime, &f.CreatedAt, &f.ExpiresAt, &revoked, &f.Session); err != nil {
		return f, ssoNotFound(err)
	}
	f.RevokedAt = timePtr(revoked)
	var err error
	if f.Scopes, err = listOf(scopes); err != nil {
		return f, err
	}
	f.AMR, err = listOf(amr)
	return f, err
}

// CreateOIDCFamily implements sso.Store.
func (db *DB) CreateOIDCFamily(ctx context.Context, f sso.Family) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_families (id, account_id, client_id, scopes, amr, auth_time, code_hash, created_at, expires_at, session_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.AccountID, f.ClientID, jsonList(f.Scopes), jsonList(f.AMR), f.AuthTime.UTC(), sql.NullString{String: f.CodeHash, Valid: f.CodeHash != ""},
		f.CreatedAt.UTC(), f.ExpiresAt.UTC(), f.Session)
	return err
}

// ReplayOIDCCode implements sso.Store: the mark on the request (while it
// lives: a family being made for the code sees it) and the revocation of
// the families already made are two statements, each of which the other
// side checks after its own write.
func (db *DB) ReplayOIDCCode(ctx context.Context, codeHash string, at time.Time) ([]sso.Family, error) {
	if _, err := db.exec(ctx, `UPDATE oidc_auth_requests SET code_replayed_at = ? WHERE code_hash = ? AND code_used_at IS NOT NULL`,
		at.UTC(), codeHash); err != nil {
		return nil, err
	}
	return list(ctx, db, scanOIDCFamily, `UPDATE oidc_families SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL
		RETURNING `+oidcFamilyCols, at.UTC(), codeHash)
}

// OIDCCodeReplayed implements sso.Store.
func (db *DB) OIDCCodeReplayed(ctx context.Context, codeHash string) (bool, error) {
	var n int
	err := db.queryRow(ctx, `SELECT COUNT(*) FROM oidc_auth_requests WHERE code_hash = ? AND code_replayed_at IS NOT NULL`, codeHash).Scan(&n)
	return n > 0, err
}

// OIDCFamily implements sso.Store.
func (db *DB) OIDCFamily(ctx context.Context, id string) (sso.Family, error) {
	return scanOIDCFamily(db.queryRow(ctx, `SELECT `+oidcFamilyCols+` FROM oidc_families WHERE id = ?`, id))
}

// RevokeOIDCFamilies implements sso.Store.
func (db *DB) RevokeOIDCFamilies(ctx context.Context, accountID int64, clientID, familyID string, at time.Time) ([]sso.Family, error) {
	return list(ctx, db, scanOIDCFamily, `UPDATE oidc_families SET revoked_at = ?
		WHERE account_id = ? AND revoked_at IS NULL AND (? = '' OR client_id = ?) AND (? = '' OR id = ?)
		RETURNING `+oidcFamilyCols, at.UTC(), accountID, clientID, clientID, familyID, familyID)
}

// RevokeOIDCSessionFamilies implements sso.Store.
func (db *DB) RevokeOIDCSessionFamilies(ctx context.Context, accountID int64, sessionHash string, at time.Time) ([]sso.Family, error) {
	return list(ctx, db, scanOIDCFamily, `UPDATE oidc_families SET revoked_at = ?
		WHERE account_id = ? AND session_hash = ? AND revoked_at IS NULL
		RETURNING `+oidcFamilyCols, at.UTC(), accountID, sessionHash)
}

// LiveOIDCFamilies implements sso.Store.
func (db *DB) LiveOIDCFamilies(ctx context.Context, accountID int64, now time.Time) ([]sso.Family, error) {
	return list(ctx, db, scanOIDCFamily, `SELECT `+oidcFamilyCols+` FROM oidc_families
		WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at`, accountID, now.UTC())
}

// CreateOIDCRefreshToken implements sso.Store.
func (db *DB) CreateOIDCRefreshToken(ctx context.Context, hash, familyID string, created, expires time.Time) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		hash, familyID, created.UTC(), expires.UTC())
	return err
}

// OIDCRefreshToken implements sso.Store.
func (db *DB) OIDCRefreshToken(ctx context.Context, hash string) (sso.RefreshToken, error) {
	var t sso.RefreshToken
	var used sql.NullTime
	err := db.queryRow(ctx, `SELECT family_id, expires_at, used_at FROM oidc_refresh_tokens WHERE token_hash = ?`, hash).
		Scan(&t.FamilyID, &t.ExpiresAt, &used)
	t.UsedAt = timePtr(used)
	return t, ssoNotFound(err)
}

// UseOIDCRefreshToken implements sso.Store.
func (db *DB) UseOIDCRefreshToken(ctx context.Context, hash string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE oidc_refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`, at.UTC(), hash)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CreateOIDCAccessToken implements sso.Store.
func (db *DB) CreateOIDCAccessToken(ctx context.Context, t sso.AccessToken) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_access_tokens (id, family_id, expires_at) VALUES (?, ?, ?)`, t.ID, t.FamilyID, t.ExpiresAt.UTC())
	return err
}

// OIDCAccessToken implements sso.Store.
func (db *DB) OIDCAccessToken(ctx context.Context, id string) (sso.AccessToken, error) {
	t := sso.AccessToken{ID: id}
	var revoked sql.NullTime
	err := db.queryRow(ctx, `SELECT family_id, expires_at, revoked_at FROM oidc_access_tokens WHERE id = ?`, id).
		Scan(&t.FamilyID, &t.ExpiresAt, &revoked)
	t.RevokedAt = timePtr(revoked)
	return t, ssoNotFound(err)
}

// RevokeOIDCAccessToken implements sso.Store.
func (db *DB) RevokeOIDCAccessToken(ctx context.Context, id string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE oidc_access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, at.UTC(), id)
	return err
}

// OIDCKeys implements sso.Store.
func (db *DB) OIDCKeys(ctx context.Context, now time.Time) ([]sso.KeyRow, error) {
	return list(ctx, db, func(r rowScanner) (sso.KeyRow, error) {
		var k sso.KeyRow
		var retired, until sql.NullTime
		err := r.Scan(&k.ID, &k.Algorithm, &k.PrivateSealed, &k.CreatedAt, &k.SignsFrom, &retired, &until)
		k.RetiredAt, k.VerifyUntil = timePtr(retired), timePtr(until)
		return k, err
	}, `SELECT id, algorithm, private_sealed, created_at, signs_from, retired_at, verify_until FROM oidc_keys
		WHERE verify_until IS NULL OR verify_until > ? ORDER BY signs_from DESC, id`, now.UTC())
}

// CreateOIDCKey implements sso.Store.
func (db *DB) CreateOIDCKey(ctx context.Context, k sso.KeyRow) error {
	_, err := db.exec(ctx, `INSERT INTO oidc_keys (id, algorithm, private_sealed, created_at, signs_from) VALUES (?, ?, ?, ?, ?)`,
		k.ID, k.Algorithm, k.PrivateSealed, k.CreatedAt.UTC(), k.SignsFrom.UTC())
	return err
}

// RetireOIDCKey implements sso.Store. The guard only ever moves a
// retirement earlier, so rotations landing in any order end with each key
// retired at the earliest start of a key after it.
func (db *DB) RetireOIDCKey(ctx context.Context, id string, at, verifyUntil time.Time) error {
	_, err := db.exec(ctx, `UPDATE oidc_keys SET retired_at = ?, verify_until = ?
		WHERE id = ? AND (retired_at IS NULL OR retired_at > ?)`,
		at.UTC(), verifyUntil.UTC(), id, at.UTC())
	return err
}

// DeleteExpiredOIDC implements sso.Store.
func (db *DB) DeleteExpiredOIDC(ctx context.Context, now time.Time) error {
	for _, q := range []string{
		`DELETE FROM oidc_auth_requests WHERE expires_at < ?`,
		`DELETE FROM oidc_access_tokens WHERE expires_at < ?`,
		`DELETE FROM oidc_refresh_tokens WHERE expires_at < ?`,
		`DELETE FROM oidc_families WHERE expires_at < ?`,
		`DELETE FROM oidc_keys WHERE verify_until < ?`,
	} {
		if _, err := db.exec(ctx, q, now.UTC()); err != nil {
			return err
		}
	}
	return nil
}

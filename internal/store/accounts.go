package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"bidpass/internal/account"
)

const accountColumns = `id, account_name, renamed, type, phone, email, email_verified_at, password_hash, register_process, register_step, auth_state, disabled, created_at, updated_at`

func scanAccount(row interface{ Scan(...any) error }) (account.Account, error) {
	var a account.Account
	var verified sql.NullTime
	err := row.Scan(&a.ID, &a.Name, &a.Renamed, &a.Type, &a.Phone, &a.Email, &verified, &a.PasswordHash,
		&a.RegisterProcess, &a.RegisterStep, &a.AuthState, &a.Disabled, &a.CreatedAt, &a.UpdatedAt)
	if verified.Valid {
		a.EmailVerifiedAt = verified.Time
	}
	if errors.Is(notFound(err), ErrNotFound) {
		return a, account.ErrNotFound
	}
	return a, err
}

// CreateAccount implements account.Store.
func (db *DB) CreateAccount(ctx context.Context, a *account.Account) error {
	a.Email = strings.ToLower(strings.TrimSpace(a.Email))
	var verified sql.NullTime
	if a.Email != "" && !a.EmailVerifiedAt.IsZero() {
		verified = sql.NullTime{Time: a.EmailVerifiedAt.UTC(), Valid: true}
	}
	id, err := db.insertID(ctx, `INSERT INTO accounts (account_name, account_key, renamed, type, phone, email, email_verified_at, password_hash, register_process, register_step, auth_state, disabled, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.Name, strings.ToLower(a.Name), a.Renamed, a.Type, a.Phone, a.Email, verified, a.PasswordHash,
		a.RegisterProcess, a.RegisterStep, a.AuthState, a.Disabled, a.CreatedAt.UTC(), a.UpdatedAt.UTC())
	if isUniqueViolation(err) {
		if verified.Valid && !db.nameTakenNow(ctx, a.Name) {
			return account.ErrEmailTaken
		}
		return account.ErrNameTaken
	}
	if err != nil {
		return err
	}
	a.ID = id
	return nil
}

// AccountByID implements account.Store.
func (db *DB) AccountByID(ctx context.Context, id int64) (account.Account, error) {
	return scanAccount(db.queryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = ?`, id))
}

// AccountByName implements account.Store.
func (db *DB) AccountByName(ctx context.Context, name string) (account.Account, error) {
	return scanAccount(db.queryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE account_key = ?`, strings.ToLower(name)))
}

// AccountsByPhone implements account.Store.
func (db *DB) AccountsByPhone(ctx context.Context, phone string) ([]account.Account, error) {
	return list(ctx, db, scanAccount, `SELECT `+accountColumns+` FROM accounts WHERE phone = ? ORDER BY id`, phone)
}

// AccountNameTaken implements account.Store.
func (db *DB) AccountNameTaken(ctx context.Context, name string) (bool, error) {
	var n int
	err := db.queryRow(ctx, `SELECT count(*) FROM accounts WHERE account_key = ?`, strings.ToLower(name)).Scan(&n)
	return n > 0, err
}

// MoveAccount implements account.Store: the new stage is written only
// where the row still holds the stage it was computed from.
func (db *DB) MoveAccount(ctx context.Context, id int64, from, to account.Stage, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE accounts SET register_process = ?, register_step = ?, auth_state = ?, updated_at = ?
		WHERE id = ? AND register_process = ? AND register_step = ? AND auth_state = ?`,
		to.RegisterProcess, to.RegisterStep, to.AuthState, at.UTC(), id, from.RegisterProcess, from.RegisterStep, from.AuthState)
	return guarded(ctx, db, res, err, id)
}

// RenameAccount implements account.Store.
func (db *DB) RenameAccount(ctx context.Context, id int64, newName string, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE accounts SET account_name = ?, account_key = ?, renamed = ?, updated_at = ? WHERE id = ? AND renamed = ?`,
		newName, strings.ToLower(newName), true, at.UTC(), id, false)
	if isUniqueViolation(err) {
		return account.ErrNameTaken
	}
	if err := guarded(ctx, db, res, err, id); err != nil {
		if errors.Is(err, account.ErrStale) {
			return account.ErrAlreadyRenamed
		}
		return err
	}
	return nil
}

// SetAccountPhone implements account.Store.
func (db *DB) SetAccountPhone(ctx context.Context, id int64, old, phone string, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE accounts SET phone = ?, updated_at = ? WHERE id = ? AND phone = ?`, phone, at.UTC(), id, old)
	return guarded(ctx, db, res, err, id)
}

// SetAccountEmail implements account.Store: the partial unique index on
// verified addresses decides between accounts binding one address at once.
func (db *DB) SetAccountEmail(ctx context.Context, id int64, old, email string, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE accounts SET email = ?, email_verified_at = ?, updated_at = ? WHERE id = ? AND email = ?`,
		strings.ToLower(email), at.UTC(), at.UTC(), id, old)
	if isUniqueViolation(err) {
		return account.ErrEmailTaken
	}
	return guarded(ctx, db, res, err, id)
}

// nameTakenNow tells a name clash from an address clash after an insert failed.
func (db *DB) nameTakenNow(ctx context.Context, name string) bool {
	taken, err := db.AccountNameTaken(ctx, name)
	return err != nil || taken
}

// guarded turns the result of a guarded UPDATE into an error: none when a
// row changed; account.ErrNotFound when the account does not exist;
// account.ErrStale when it exists but no longer matched the guard.
func guarded(ctx context.Context, db *DB, res sql.Result, err error, id int64) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	if _, err := db.AccountByID(ctx, id); err != nil {
		return err
	}
	return account.ErrStale
}

const personColumns = `account_id, real_name, cert_type, cert_num, cert_start, cert_end, cert_long_term, province, city, area, detail_addr, manual_check, cert_front_id, cert_back_id, cert_take_id, cert_address, updated_at, version`

// PersonProfile implements account.Store.
func (db *DB) PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error) {
	var p account.PersonProfile
	err := db.queryRow(ctx, `SELECT `+personColumns+` FROM person_profiles WHERE account_id = ?`, accountID).Scan(
		&p.AccountID, &p.RealName, &p.CertType, db.opened(&p.CertNum, "person_profiles", "cert_num"), &p.CertStart, &p.CertEnd, &p.LongTerm, &p.Province, &p.City, &p.Area,
		&p.DetailAddr, &p.ManualCheck, &p.CertFrontID, &p.CertBackID, &p.CertTakeID, &p.CertAddress, &p.UpdatedAt, &p.Version)
	if errors.Is(notFound(err), ErrNotFound) {
		return p, account.ErrNotFound
	}
	return p, err
}

// SavePersonProfile implements account.Store.
func (db *DB) SavePersonProfile(ctx context.Context, p account.PersonProfile) (int64, error) {
	return db.saveVersioned(ctx, "person_profiles", personColumns, p.Version, p.AccountID,
		p.RealName, p.CertType, db.sealArg(p.CertNum, "person_profiles", "cert_num"), p.CertStart, p.CertEnd, p.LongTerm, p.Province, p.City, p.Area,
		p.DetailAddr, p.ManualCheck, p.CertFrontID, p.CertBackID, p.CertTakeID, p.CertAddress, p.UpdatedAt.UTC())
}

const enterpriseColumns = `account_id, ent_type, name, cert_type, cert_num, province, city, area, detail_addr, industry, capital, capital_unit, capital_currency, license_file_id, legal_name, legal_cert_type, legal_cert_num, legal_front_id, legal_back_id, contact_name, contact_phone, updated_at, version`

// EnterpriseProfile implements account.Store.
func (db *DB) EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error) {
	var p account.EnterpriseProfile
	err := db.queryRow(ctx, `SELECT `+enterpriseColumns+` FROM enterprise_profiles WHERE account_id = ?`, accountID).Scan(
		&p.AccountID, &p.Type, &p.Name, &p.CertType, db.opened(&p.CertNum, "enterprise_profiles", "cert_num"), &p.Province, &p.City, &p.Area, &p.DetailAddr, &p.Industry,
		&p.Capital, &p.CapitalUnit, &p.CapitalCurrency, &p.LicenseFileID, &p.Legal.Name, &p.Legal.CertType, db.opened(&p.Legal.CertNum, "enterprise_profiles", "legal_cert_num"),
		&p.LegalFrontID, &p.LegalBackID, &p.Contact.Name, &p.Contact.Phone, &p.UpdatedAt, &p.Version)
	if errors.Is(notFound(err), ErrNotFound) {
		return p, account.ErrNotFound
	}
	return p, err
}

// SaveEnterpriseProfile implements account.Store.
func (db *DB) SaveEnterpriseProfile(ctx context.Context, p account.EnterpriseProfile) (int64, error) {
	return db.saveVersioned(ctx, "enterprise_profiles", enterpriseColumns, p.Version, p.AccountID,
		p.Type, p.Name, p.CertType, db.sealArg(p.CertNum, "enterprise_profiles", "cert_num"), p.Province, p.City, p.Area, p.DetailAddr, p.Industry,
		p.Capital, p.CapitalUnit, p.CapitalCurrency, p.LicenseFileID, p.Legal.Name, p.Legal.CertType, db.sealArg(p.Legal.CertNum, "enterprise_profiles", "legal_cert_num"),
		p.LegalFrontID, p.LegalBackID, p.Contact.Name, p.Contact.Phone, p.UpdatedAt.UTC())
}

// saveVersioned writes a profile row whose columns are cols (account_id
// first, version last) with the values accountID, vals…: an INSERT at
// version 1 when read is 0 (no row was read), else an UPDATE guarded by
// version = read. Either way a row written by someone else in between
// makes it answer account.ErrStale and write nothing.
func (db *DB) saveVersioned(ctx context.Context, table, cols string, read, accountID int64, vals ...any) (int64, error) {
	names := strings.Split(cols, ", ")
	names = names[1 : len(names)-1] // without account_id and version
	if read == 0 {
		args := append([]any{accountID}, vals...)
		res, err := db.exec(ctx, `INSERT INTO `+table+` (`+cols+`) VALUES (`+strings.Repeat("?, ", len(names)+1)+`1)
			ON CONFLICT (account_id) DO NOTHING`, args...)
		if err != nil {
			return 0, err
		}
		return 1, affectedOne(res)
	}
	set := strings.Join(names, " = ?, ") + " = ?"
	args := append(vals, accountID, read)
	res, err := db.exec(ctx, `UPDATE `+table+` SET `+set+`, version = version + 1 WHERE account_id = ? AND version = ?`, args...)
	if err != nil {
		return 0, err
	}
	return read + 1, affectedOne(res)
}

// affectedOne is nil when the statement changed a row, else account.ErrStale.
func affectedOne(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return account.ErrStale
	}
	return nil
}

package store

import (
	"context"
	"errors"
	"strings"

	"bidpass/internal/account"
)

const accountColumns = `id, account_name, renamed, type, phone, email, password_hash, register_process, register_step, auth_state, disabled, created_at, updated_at`

func scanAccount(row interface{ Scan(...any) error }) (account.Account, error) {
	var a account.Account
	err := row.Scan(&a.ID, &a.Name, &a.Renamed, &a.Type, &a.Phone, &a.Email, &a.PasswordHash,
		&a.RegisterProcess, &a.RegisterStep, &a.AuthState, &a.Disabled, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(notFound(err), ErrNotFound) {
		return a, account.ErrNotFound
	}
	return a, err
}

// CreateAccount implements account.Store.
func (db *DB) CreateAccount(ctx context.Context, a *account.Account) error {
	id, err := db.insertID(ctx, `INSERT INTO accounts (account_name, account_key, renamed, type, phone, email, password_hash, register_process, register_step, auth_state, disabled, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.Name, strings.ToLower(a.Name), a.Renamed, a.Type, a.Phone, a.Email, a.PasswordHash,
		a.RegisterProcess, a.RegisterStep, a.AuthState, a.Disabled, a.CreatedAt.UTC(), a.UpdatedAt.UTC())
	if isUniqueViolation(err) {
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
	rows, err := db.query(ctx, `SELECT `+accountColumns+` FROM accounts WHERE phone = ? ORDER BY id`, phone)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []account.Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AccountNameTaken implements account.Store.
func (db *DB) AccountNameTaken(ctx context.Context, name string) (bool, error) {
	var n int
	err := db.queryRow(ctx, `SELECT count(*) FROM accounts WHERE account_key = ?`, strings.ToLower(name)).Scan(&n)
	return n > 0, err
}

// UpdateAccount implements account.Store.
func (db *DB) UpdateAccount(ctx context.Context, a account.Account) error {
	res, err := db.exec(ctx, `UPDATE accounts SET account_name = ?, account_key = ?, renamed = ?, type = ?, phone = ?, email = ?, password_hash = ?,
		register_process = ?, register_step = ?, auth_state = ?, disabled = ?, updated_at = ? WHERE id = ?`,
		a.Name, strings.ToLower(a.Name), a.Renamed, a.Type, a.Phone, a.Email, a.PasswordHash,
		a.RegisterProcess, a.RegisterStep, a.AuthState, a.Disabled, a.UpdatedAt.UTC(), a.ID)
	if isUniqueViolation(err) {
		return account.ErrNameTaken
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return account.ErrNotFound
	}
	return nil
}

const personColumns = `account_id, real_name, cert_type, cert_num, cert_start, cert_end, cert_long_term, province, city, area, detail_addr, manual_check, cert_front_id, cert_back_id, cert_take_id, cert_address, updated_at`

// PersonProfile implements account.Store.
func (db *DB) PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error) {
	var p account.PersonProfile
	err := db.queryRow(ctx, `SELECT `+personColumns+` FROM person_profiles WHERE account_id = ?`, accountID).Scan(
		&p.AccountID, &p.RealName, &p.CertType, &p.CertNum, &p.CertStart, &p.CertEnd, &p.CertLongTerm, &p.Province, &p.City, &p.Area,
		&p.DetailAddr, &p.ManualCheck, &p.CertFrontID, &p.CertBackID, &p.CertTakeID, &p.CertAddress, &p.UpdatedAt)
	if errors.Is(notFound(err), ErrNotFound) {
		return p, account.ErrNotFound
	}
	return p, err
}

// SavePersonProfile implements account.Store.
func (db *DB) SavePersonProfile(ctx context.Context, p account.PersonProfile) error {
	_, err := db.exec(ctx, `INSERT INTO person_profiles (`+personColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET real_name = excluded.real_name, cert_type = excluded.cert_type, cert_num = excluded.cert_num,
		cert_start = excluded.cert_start, cert_end = excluded.cert_end, cert_long_term = excluded.cert_long_term, province = excluded.province,
		city = excluded.city, area = excluded.area, detail_addr = excluded.detail_addr, manual_check = excluded.manual_check,
		cert_front_id = excluded.cert_front_id, cert_back_id = excluded.cert_back_id, cert_take_id = excluded.cert_take_id,
		cert_address = excluded.cert_address, updated_at = excluded.updated_at`,
		p.AccountID, p.RealName, p.CertType, p.CertNum, p.CertStart, p.CertEnd, p.CertLongTerm, p.Province, p.City, p.Area,
		p.DetailAddr, p.ManualCheck, p.CertFrontID, p.CertBackID, p.CertTakeID, p.CertAddress, p.UpdatedAt.UTC())
	return err
}

const enterpriseColumns = `account_id, ent_type, name, cert_type, cert_num, province, city, area, detail_addr, industry, capital, capital_unit, capital_currency, license_file_id, legal_name, legal_cert_type, legal_cert_num, legal_front_id, legal_back_id, contact_name, contact_phone, updated_at`

// EnterpriseProfile implements account.Store.
func (db *DB) EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error) {
	var p account.EnterpriseProfile
	err := db.queryRow(ctx, `SELECT `+enterpriseColumns+` FROM enterprise_profiles WHERE account_id = ?`, accountID).Scan(
		&p.AccountID, &p.EntType, &p.Name, &p.CertType, &p.CertNum, &p.Province, &p.City, &p.Area, &p.DetailAddr, &p.Industry,
		&p.Capital, &p.CapitalUnit, &p.CapitalCurrency, &p.LicenseFileID, &p.LegalName, &p.LegalCertType, &p.LegalCertNum,
		&p.LegalFrontID, &p.LegalBackID, &p.ContactName, &p.ContactPhone, &p.UpdatedAt)
	if errors.Is(notFound(err), ErrNotFound) {
		return p, account.ErrNotFound
	}
	return p, err
}

// SaveEnterpriseProfile implements account.Store.
func (db *DB) SaveEnterpriseProfile(ctx context.Context, p account.EnterpriseProfile) error {
	_, err := db.exec(ctx, `INSERT INTO enterprise_profiles (`+enterpriseColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET ent_type = excluded.ent_type, name = excluded.name, cert_type = excluded.cert_type,
		cert_num = excluded.cert_num, province = excluded.province, city = excluded.city, area = excluded.area, detail_addr = excluded.detail_addr,
		industry = excluded.industry, capital = excluded.capital, capital_unit = excluded.capital_unit, capital_currency = excluded.capital_currency,
		license_file_id = excluded.license_file_id, legal_name = excluded.legal_name, legal_cert_type = excluded.legal_cert_type,
		legal_cert_num = excluded.legal_cert_num, legal_front_id = excluded.legal_front_id, legal_back_id = excluded.legal_back_id,
		contact_name = excluded.contact_name, contact_phone = excluded.contact_phone, updated_at = excluded.updated_at`,
		p.AccountID, p.EntType, p.Name, p.CertType, p.CertNum, p.Province, p.City, p.Area, p.DetailAddr, p.Industry,
		p.Capital, p.CapitalUnit, p.CapitalCurrency, p.LicenseFileID, p.LegalName, p.LegalCertType, p.LegalCertNum,
		p.LegalFrontID, p.LegalBackID, p.ContactName, p.ContactPhone, p.UpdatedAt.UTC())
	return err
}

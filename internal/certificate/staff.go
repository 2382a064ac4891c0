package certificate

import (
	"context"
	"strconv"

	"bidpass/internal/session"
	"bidpass/internal/staff"
)

// StaffSessions starts a staff session as the staff password sign-in does
// (internal/staff).
type StaffSessions interface {
	SignInAs(ctx context.Context, staffID int64, methods []string, addr, userAgent string) (string, staff.Staff, error)
	Record(ctx context.Context, staffID int64, action, target, detail, addr string) error
}

// StaffSignInChallenge issues the challenge of a staff certificate sign-in.
func (s *Service) StaffSignInChallenge(ctx context.Context, serial, clientAddr, browser string) (string, error) {
	return s.serialChallenge(ctx, ForStaffSignIn, serial, clientAddr, browser)
}

// StaffSignIn signs in the staff member whose bound certificate signed the
// challenge, with the session and record of a staff password sign-in.
func (s *Service) StaffSignIn(ctx context.Context, p Proof) (string, staff.Staff, error) {
	b, err := s.prove(ctx, session.Staff, ForStaffSignIn, p)
	if err != nil {
		return "", staff.Staff{}, err
	}
	return s.cfg.Staff.SignInAs(ctx, b.SubjectID, []string{p.method()}, p.ClientAddr, p.UserAgent)
}

// StaffCertificates lists the certificates bound to a staff member.
func (s *Service) StaffCertificates(ctx context.Context, by staff.Staff, staffID int64) ([]Binding, error) {
	if by.Role != staff.Administrator {
		return nil, staff.ErrNotAllowed
	}
	return s.cfg.Store.BoundCertificatesOf(ctx, session.Staff, staffID)
}

// staffBindingSubject keeps a staff binding's challenges per member and
// per administrator who asked: one administrator's challenge cannot be
// answered into another's binding.
func staffBindingSubject(by staff.Staff, staffID int64) string {
	return "staff-" + strconv.FormatInt(staffID, 10) + "-by-" + strconv.FormatInt(by.ID, 10)
}

// StaffBindChallenge issues the challenge the member's key signs to bind
// its certificate (POST /api/admin/staff/{id}/certificate/prev,
// administrators).
func (s *Service) StaffBindChallenge(ctx context.Context, by staff.Staff, staffID int64) (string, error) {
	if by.Role != staff.Administrator {
		return "", staff.ErrNotAllowed
	}
	return s.challenges.Issue(ctx, ForStaffBinding, staffBindingSubject(by, staffID))
}

// BindStaff binds to a staff member the certificate whose key signed the
// challenge an administrator asked for the member, as the portal's
// binding does: holding a certificate (a public document) is not enough,
// its key must sign (docs/decisions/races-and-denial.md, "Staff
// certificate binding needs the key"). The certificate must be valid now,
// chain to a configured CA and not be revoked; the member proves the key
// again at every sign-in.
func (s *Service) BindStaff(ctx context.Context, by staff.Staff, addr string, staffID int64, sig Signed) (Binding, error) {
	if by.Role != staff.Administrator {
		return Binding{}, staff.ErrNotAllowed
	}
	pending, err := s.challenges.Outstanding(ctx, ForStaffBinding, staffBindingSubject(by, staffID))
	if err != nil {
		return Binding{}, err
	}
	now := s.cfg.Clock.Now()
	v, err := s.cfg.Trust.Verify(sig, Contents(pending), nil, now)
	if err != nil {
		return Binding{}, err
	}
	if err := s.challenges.Use(ctx, pending[v.Content]); err != nil {
		return Binding{}, err
	}
	b := BindingOf(v.Cert)
	b.Realm, b.SubjectID, b.BoundAt = session.Staff, staffID, now.UTC()
	err = s.cfg.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.cfg.Store.BindCertificate(ctx, &b); err != nil {
			return err
		}
		if err := s.cfg.Store.AddCertificateLog(ctx, logOf(b, HandleBind, b.BoundAt)); err != nil {
			return err
		}
		return s.cfg.Staff.Record(ctx, by.ID, "staff.certificate_bound", staffTarget(staffID), "绑定证书 "+b.Serial, addr)
	})
	return b, err
}

// UnbindStaff ends a staff member's certificate binding.
func (s *Service) UnbindStaff(ctx context.Context, by staff.Staff, addr string, staffID int64) error {
	if by.Role != staff.Administrator {
		return staff.ErrNotAllowed
	}
	now := s.cfg.Clock.Now().UTC()
	return s.cfg.Tx.InTx(ctx, func(ctx context.Context) error {
		b, err := s.cfg.Store.UnbindCertificate(ctx, session.Staff, staffID, now)
		if err != nil {
			return err
		}
		if err := s.cfg.Store.AddCertificateLog(ctx, logOf(b, HandleUnbind, now)); err != nil {
			return err
		}
		return s.cfg.Staff.Record(ctx, by.ID, "staff.certificate_unbound", staffTarget(staffID), "解绑证书 "+b.Serial, addr)
	})
}

// staffTarget names a staff member in the action log as internal/staff does.
func staffTarget(id int64) string { return "staff:" + strconv.FormatInt(id, 10) }

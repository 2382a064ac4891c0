package httpapi

import (
	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/operator"
	"bidpass/internal/profile"
	"bidpass/internal/registration"
)

// addRoutes is the whole API surface, one line per route; api/openapi.yaml
// describes every route listed here (TestRoutesMatchOpenAPI keeps the two in
// step). Every handler maker takes Deps first; a maker shared by several
// routes takes what tells them apart after it (docs/decisions/api-contract.md, "One route table, one handler shape, named
// response types").
// Access is composed here: portal (a portal session), staffRole (any staff
// member), reviewer, administrator, throttle.
func addRoutes(rt *router, d Deps) {
	rt.handle("GET /healthz", handleHealthz(d))
	rt.handle("GET /readyz", handleReadyz(d))

	// Reference data and files (refdata.go, files.go).
	rt.handle("GET /api/common/areas", handleAreas(d))
	rt.handle("GET /api/common/industries", handleIndustries(d))
	rt.handle("GET /api/common/config", handleConfig(d))
	rt.handle("POST /api/file/upload", portal(d, handleFileUpload(d)))
	rt.handle("GET /api/file/download/{id}", handleFileDownload(d))

	// Captcha and graphic code (captcha.go).
	rt.handle("POST /captcha/get", handleCaptchaGet(d))
	rt.handle("POST /captcha/check", handleCaptchaCheck(d))
	rt.handle("POST /api/auth/verifycode", handleVerifyCode(d))

	// Sign-in and sessions (auth.go, docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery").
	rt.handle("GET /api/auth/pubkey", handlePubKey(d))
	rt.handle("PUT /api/auth/authToken", handleSignIn(d))
	rt.handle("DELETE /api/auth/logout", portal(d, handleLogout(d)))
	rt.handle("GET /api/auth/me", portal(d, handleMe(d)))
	rt.handle("GET /api/auth/authorize", portal(d, handleAuthorize(d)))
	rt.handle("POST /api/auth/authorize/redeem", handleRedeem(d))
	// The second step and the 动态口令 card (second_factor.go, docs/decisions/second-factor.md, "The second step").
	rt.handle("POST /api/auth/second-step", handleSecondStep(d))
	rt.handle("GET /api/account/security/totp", portal(d, handleFactorStatus(d)))
	rt.handle("POST /api/account/security/totp", portal(d, handleTOTPBegin(d)))
	rt.handle("PUT /api/account/security/totp", portal(d, handleTOTPConfirm(d)))
	rt.handle("POST /api/account/security/totp/remove", portal(d, handleTOTPRemove(d)))
	rt.handle("POST /api/account/security/recovery-codes", portal(d, handleRecoveryCodes(d)))

	// OpenID Connect provider for the platform's systems (sso.go, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"):
	// the standard endpoints in OAuth 2.0 / OIDC shapes; the consent page's
	// calls. A browser without a portal session goes to the login page,
	// which resumes through GET /api/auth/authorize?auth_request=….
	rt.handle("GET /.well-known/openid-configuration", handleOIDC(d))
	rt.handle("GET /oidc/keys", handleOIDC(d))
	rt.handle("GET /oidc/authorize", handleOIDC(d))
	rt.handle("GET /oidc/authorize/callback", handleOIDC(d))
	rt.handle("POST /oidc/token", handleOIDC(d))
	rt.handle("GET /oidc/userinfo", handleOIDC(d))
	rt.handle("POST /oidc/userinfo", handleOIDC(d))
	rt.handle("POST /oidc/introspect", handleOIDC(d))
	rt.handle("POST /oidc/revoke", handleOIDC(d))
	rt.handle("GET /oidc/end_session", handleOIDC(d))
	rt.handle("GET /api/sso/requests/{id}", portal(d, handleSSOPending(d)))
	rt.handle("POST /api/sso/requests/{id}/consent", portal(d, handleSSOConsent(d)))
	rt.handle("GET /api/sso/requests/{id}/login-required", handleSSOLoginRequired(d))
	rt.handle("GET /api/sso/requests/{id}/login", handleSSOLoginInfo(d))

	// SMS and e-mail codes (sms.go), password recovery (recovery.go).
	rt.handle("POST /api/common/sms/send", handleCodeSend(d, false))
	rt.handle("POST /api/common/email/send", handleCodeSend(d, true))
	rt.handle("POST /api/retrieve/pwd/phone", handleRecoverFind(d, false))
	rt.handle("POST /api/retrieve/pwd/email", handleRecoverFind(d, true))
	rt.handle("POST /api/retrieve/pwd/reset", handleRecoverReset(d))

	// Registration of persons and enterprises, agreement and privacy notice
	// (registration.go, docs/decisions/registration.md, "Registration (registration engineer)"). The account steps are public (the codes
	// protect them); the later steps act for the account the account step
	// signed in. The name check tells whether an account exists, so it is
	// throttled per client and cannot list accounts (docs/decisions/limits.md, "Limits and abuse paths" #7).
	rt.handle("POST /api/register/repeat/check", throttle(d.Ephemeral, "namecheck", NameChecksPerMinute, handleRepeatCheck(d)))
	rt.handle("POST /api/register/account", handleRegisterAccount(d, account.Person))
	rt.handle("POST /api/register/enterprise", handleRegisterAccount(d, account.Enterprise))
	rt.handle("POST /api/register/person/realInfo", portal(d, handlePersonRealInfo(d)))
	rt.handle("POST /api/register/person/realAuth", portal(d, handlePersonRealAuth(d)))
	rt.handle("POST /api/register/enterprise/info", portal(d, handleEnterpriseInfo(d)))
	rt.handle("POST /api/register/enterprise/realAuth", portal(d, handleEnterpriseRealAuth(d)))
	rt.handle("GET /api/register/progress", portal(d, handleRegisterProgress(d)))
	rt.handle("GET /api/common/agreement", handleDocument(d, registration.Agreement))
	rt.handle("GET /api/common/privacy", handleDocument(d, registration.Privacy))

	// Account centre: information, edits, security, records (profile.go, docs/decisions/account-centre.md, "Account centre").
	rt.handle("GET /api/account/person", portal(d, handlePerson(d)))
	rt.handle("GET /api/account/person/certNum", portal(d, handleRevealCertNum(d, profile.RevealPerson)))
	rt.handle("GET /api/account/enterprise", portal(d, handleEnterprise(d)))
	rt.handle("GET /api/account/enterprise/certNum", portal(d, handleRevealCertNum(d, "")))
	rt.handle("GET /api/account/auth", portal(d, handleTrust(d)))
	rt.handle("PUT /api/account/person/direct/edit", portal(d, handlePersonEdit(d)))
	rt.handle("PUT /api/account/person/edit", portal(d, handlePersonEdit(d)))
	rt.handle("POST /api/account/person/nonAuth/edit", portal(d, handlePersonEdit(d)))
	rt.handle("PUT /api/update/information", portal(d, handlePersonEdit(d)))
	rt.handle("PUT /api/account/enterprise/direct/edit", portal(d, handleEnterpriseEdit(d)))
	rt.handle("PUT /api/account/enterprise/edit", portal(d, handleEnterpriseEdit(d)))
	rt.handle("POST /api/account/enterprise/nonAuth/edit", portal(d, handleEnterpriseEdit(d)))
	rt.handle("PUT /api/account/update/information", portal(d, handleEnterpriseEdit(d)))
	rt.handle("GET /api/account/businessLicense/edit", portal(d, handleLicenseChange(d)))
	rt.handle("PUT /api/account/businessLicense/edit", portal(d, handleLicenseChange(d)))
	rt.handle("PUT /api/account/reloginname/{newAccount}", portal(d, handleRename(d)))
	rt.handle("GET /api/account/security/info", portal(d, handleSecurityInfo(d)))
	rt.handle("PUT /api/account/pwd", portal(d, handleChangePassword(d)))
	// The signed-in devices (devices.go, docs/decisions/sessions-and-devices.md).
	rt.handle("GET /api/account/devices", portal(d, handleDevices(d)))
	rt.handle("DELETE /api/account/devices", portal(d, handleEndOtherDevices(d)))
	rt.handle("DELETE /api/account/devices/{id}", portal(d, handleEndDevice(d)))
	rt.handle("GET /api/account/signInHistory", portal(d, handleSignInHistory(d)))
	rt.handle("PUT /api/account/phone/{id}", portal(d, handleChangePhone(d)))
	rt.handle("PUT /api/account/email/{id}", portal(d, handleChangeEmail(d)))
	rt.handle("PUT /api/manage/user/revoke", portal(d, handleCancelVerification(d)))
	rt.handle("GET /api/account/modifyRecords", portal(d, handleModifyRecords(d)))
	rt.handle("GET /api/account/export", portal(d, handleDataExport(d)))
	rt.handle("PUT /api/account/modifyRecord/revert/{infoId}", portal(d, handleRevertModification(d)))
	rt.handle("GET /api/management/operation/record", portal(d, handleOperationRecords(d)))
	// The person's review history and latest real-name review (admin.go).
	rt.handle("GET /api/manage/audit/entity/logs", portal(d, handleAuditLogs(d)))
	rt.handle("GET /api/manage/audit/realname/latest", portal(d, handleLatestRealNameAudit(d)))

	// Operator links: the enterprise's operators and the person's enterprises (operators.go, docs/decisions/operators.md, "Operator links").
	rt.handle("GET /api/account/enterprise/operator", portal(d, handleOperatorLinks(d, operator.EnterpriseSide)))
	rt.handle("GET /api/account/operate/enterprise", portal(d, handleOperatorLinks(d, operator.PersonSide)))
	rt.handle("POST /api/account/enterprise/operatorInfo", portal(d, handleOperatorSearch(d, operator.EnterpriseSide)))
	rt.handle("POST /api/common/find/enterprise", portal(d, handleOperatorSearch(d, operator.PersonSide)))
	rt.handle("POST /api/account/operator/invite", portal(d, handleInvite(d)))
	rt.handle("PUT /api/account/operator/invite/{id}", portal(d, handleAnswerInvitation(d)))
	rt.handle("DELETE /api/account/operator/invite/{id}", portal(d, handleLinkAction(d, operator.EnterpriseSide, operator.Cancel)))
	rt.handle("POST /api/account/operator/apply/{id}", portal(d, handleApply(d)))
	rt.handle("PUT /api/account/operator/apply/confirm/{id}", portal(d, handleAcceptApplication(d)))
	rt.handle("DELETE /api/account/operator/frApply/{id}", portal(d, handleLinkAction(d, operator.EnterpriseSide, operator.Refuse)))
	rt.handle("DELETE /api/account/operator/apply/{id}", portal(d, handleLinkAction(d, operator.PersonSide, operator.Cancel)))
	rt.handle("DELETE /api/account/operator/frOperator/{id}", portal(d, handleLinkAction(d, operator.EnterpriseSide, operator.Unbind)))
	rt.handle("DELETE /api/account/operator/{id}", portal(d, handleLinkAction(d, operator.PersonSide, operator.Unbind)))
	rt.handle("GET /api/account/operator/active", portal(d, handleActiveLinks(d)))
	// The person's block of an enterprise's invitations ({id}: a link of the pair; blocks/{id}: a block).
	rt.handle("POST /api/account/operator/block/{id}", portal(d, handleBlock(d)))
	rt.handle("GET /api/account/operator/blocks", portal(d, handleBlocks(d)))
	rt.handle("DELETE /api/account/operator/blocks/{id}", portal(d, handleUnblock(d)))

	// Library admission: organisations, check, drafts, submit, role states, commitment templates (admission.go, docs/decisions/admission.md, "Library admission").
	rt.handle("GET /api/simples", portal(d, handleOrganisations(d)))
	rt.handle("POST /api/register/enterprise/putStorageCkeck", portal(d, handleOrganisationCheck(d)))
	rt.handle("PUT /api/register/enterprise/putStorageDraft", portal(d, handleAdmissionDraft(d)))
	rt.handle("GET /api/register/enterprise/putStorageShow", portal(d, handleAdmissionShow(d)))
	rt.handle("POST /api/register/enterprise/putStorage", portal(d, handleAdmissionSubmit(d)))
	rt.handle("GET /api/applyState", portal(d, handleApplyState(d)))
	rt.handle("GET /api/management/templateFiles/supplier_commitment", handleAdmissionTemplate(d, admission.SupplierCommitment))
	rt.handle("GET /api/management/templateFiles/agency_commitment", handleAdmissionTemplate(d, admission.AgencyCommitment))

	// CA certificates: sign-in, binding, recovery, application, driver (certificates.go, docs/decisions/certificates.md, "CA digital certificates, server side").
	rt.handle("POST /api/login/cert/prev", handleCertChallenge(d, signInChallenge))
	rt.handle("POST /api/login/cert", handleCertSignIn(d))
	rt.handle("POST /api/retrieve/pwd/cert/prev", handleCertChallenge(d, recoveryChallenge))
	rt.handle("POST /api/retrieve/pwd/cert", handleCertRecover(d))
	rt.handle("GET /api/certificate/list", portal(d, handleCertList(d)))
	rt.handle("GET /api/certificate/log", portal(d, handleCertLog(d)))
	rt.handle("POST /api/certificate/add/prev", portal(d, handleCertBindChallenge(d)))
	rt.handle("POST /api/certificate/add", portal(d, handleCertBind(d)))
	rt.handle("DELETE /api/certificate/log/{accountId}", portal(d, handleCertUnbind(d)))
	rt.handle("GET /api/caBuy/params", portal(d, handleCAApply(d)))
	rt.handle("GET /api/management/templateFiles/ca_driver", handleCADriver(d))

	// Staff: sign-in by password or certificate, own profile (admin.go, certificates.go, docs/decisions/review-and-staff.md, "Review console and staff").
	rt.handle("PUT /api/admin/auth/authToken", handleStaffSignIn(d))
	rt.handle("DELETE /api/admin/auth/authToken", staffRole(d, handleStaffSignOut(d)))
	rt.handle("POST /api/admin/auth/second-step", handleStaffSecondStep(d))
	rt.handle("POST /api/admin/auth/enrolment", handleStaffEnrolmentBegin(d))
	rt.handle("PUT /api/admin/auth/enrolment", handleStaffEnrolmentConfirm(d))
	rt.handle("POST /api/admin/login/cert/prev", handleCertChallenge(d, staffChallenge))
	rt.handle("POST /api/admin/login/cert", handleStaffCertSignIn(d))
	rt.handle("GET /api/admin/me", staffRole(d, handleStaffMe(d)))

	// Staff: the review console and the files under review (admin.go).
	rt.handle("GET /api/admin/reviews", reviewer(d, handleReviewList(d)))
	rt.handle("GET /api/admin/reviews/{id}", reviewer(d, handleReviewDetail(d)))
	rt.handle("POST /api/admin/reviews/{id}/claim", reviewer(d, handleReviewClaim(d)))
	rt.handle("POST /api/admin/reviews/{id}/decision", reviewer(d, handleReviewDecision(d)))
	rt.handle("POST /api/admin/files", reviewer(d, handleStaffFileUpload(d)))
	rt.handle("GET /api/admin/files/{id}", reviewer(d, handleStaffFileDownload(d)))

	// Staff: management of staff members and their certificates, the action log (admin.go, certificates.go).
	rt.handle("GET /api/admin/staff", administrator(d, handleStaffList(d)))
	rt.handle("POST /api/admin/staff", administrator(d, handleStaffCreate(d)))
	rt.handle("PUT /api/admin/staff/{id}/disabled", administrator(d, handleStaffDisabled(d)))
	rt.handle("PUT /api/admin/staff/{id}/password", administrator(d, handleStaffPassword(d)))
	rt.handle("DELETE /api/admin/staff/{id}/second-factor", administrator(d, handleStaffFactorReset(d)))
	rt.handle("GET /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertList(d)))
	rt.handle("POST /api/admin/staff/{id}/certificate/prev", administrator(d, handleStaffCertBindChallenge(d)))
	rt.handle("PUT /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertBind(d)))
	rt.handle("DELETE /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertUnbind(d)))
	rt.handle("GET /api/admin/actions", administrator(d, handleStaffActions(d)))

	// Staff: the OpenID Connect clients (sso.go, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)").
	rt.handle("GET /api/admin/oidc/clients", administrator(d, handleOIDCClients(d)))
	rt.handle("POST /api/admin/oidc/clients", administrator(d, handleOIDCClientAdd(d)))
	rt.handle("PUT /api/admin/oidc/clients/{id}", administrator(d, handleOIDCClientUpdate(d)))
	rt.handle("POST /api/admin/oidc/clients/{id}/secret", administrator(d, handleOIDCClientSecret(d)))
	rt.handle("PUT /api/admin/oidc/clients/{id}/disabled", administrator(d, handleOIDCClientDisabled(d)))

	// Staff: the library's organisations (admission.go, docs/decisions/admission.md, "Library admission").
	rt.handle("GET /api/admin/organisations", administrator(d, handleOrganisationList(d)))
	rt.handle("POST /api/admin/organisations", administrator(d, handleOrganisationAdd(d)))
	rt.handle("PUT /api/admin/organisations/{id}", administrator(d, handleOrganisationUpdate(d)))
	rt.handle("POST /api/admin/organisations/import", administrator(d, handleOrganisationImport(d)))

	// Development mode only: answers of the captcha and graphic codes, the
	// outbox of SMS and e-mail, a session expired at once (captcha.go, dev.go, auth.go).
	if d.Dev {
		rt.handle("GET /api/dev/captcha/{token}", handleDevCaptcha(d))
		rt.handle("GET /api/dev/verifycode/{id}", handleDevVerifyCode(d))
		rt.handle("GET /api/dev/outbox", handleDevOutbox(d))
		rt.handle("GET /api/dev/openapi.yaml", handleDevOpenAPI(d))
		rt.handle("POST /api/dev/session/expire", portal(d, handleDevExpireSession(d)))
	}
}

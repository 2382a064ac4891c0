package httpapi

import (
	"net/http"

	"bidpass/internal/operator"
	"bidpass/internal/profile"
)

// addRoutes is the whole API surface. Each capability's handlers live in a
// file of their own; api/openapi.yaml describes every route listed here
// (TestRoutesMatchOpenAPI keeps the two in step).
func addRoutes(rt *router, d Deps) {
	rt.handle("GET /healthz", handleHealthz())
	rt.handle("GET /readyz", handleReadyz(d.Ready))

	// Reference data and files (refdata.go, files.go).
	rt.handle("GET /api/common/areas", handleAreas(d.RefData))
	rt.handle("GET /api/common/industries", handleIndustries(d.RefData))
	rt.handle("GET /api/common/config", handleConfig(d.RefData))
	rt.handle("POST /api/file/upload", portal(d, handleFileUpload(d.Files)))
	rt.handle("GET /api/file/download/{id}", handleFileDownload(d))

	// Captcha and graphic code (captcha.go); the dev routes reveal answers.
	rt.handle("POST /captcha/get", handleCaptchaGet(d.Captcha))
	rt.handle("POST /captcha/check", handleCaptchaCheck(d.Captcha))
	rt.handle("POST /api/auth/verifycode", handleVerifyCode(d.GraphicCodes))

	// Sign-in, sessions, SMS and e-mail codes, recovery, dev outbox (auth.go, issue 4).
	authRoutes(rt, d)

	// Registration of persons and enterprises, agreement and privacy notice (registration.go, issue 5).
	registrationRoutes(rt, d)

	// Account centre (profile.go, issue 6).
	acct := func(h func(*profile.Service) http.Handler) http.Handler {
		return portal(d, h(d.Profile))
	}
	rt.handle("GET /api/account/person", acct(handlePerson))
	rt.handle("GET /api/account/person/certNum", acct(func(s *profile.Service) http.Handler { return handleRevealCertNum(s, profile.RevealPerson) }))
	rt.handle("GET /api/account/enterprise", acct(handleEnterprise))
	rt.handle("GET /api/account/enterprise/certNum", acct(func(s *profile.Service) http.Handler { return handleRevealCertNum(s, "") }))
	rt.handle("GET /api/account/auth", acct(handleTrust))
	rt.handle("PUT /api/account/person/direct/edit", acct(handlePersonEdit))
	rt.handle("PUT /api/account/person/edit", acct(handlePersonEdit))
	rt.handle("POST /api/account/person/nonAuth/edit", acct(handlePersonEdit))
	rt.handle("PUT /api/update/information", acct(handlePersonEdit))
	rt.handle("PUT /api/account/enterprise/direct/edit", acct(handleEnterpriseEdit))
	rt.handle("PUT /api/account/enterprise/edit", acct(handleEnterpriseEdit))
	rt.handle("POST /api/account/enterprise/nonAuth/edit", acct(handleEnterpriseEdit))
	rt.handle("PUT /api/account/update/information", acct(handleEnterpriseEdit))
	rt.handle("GET /api/account/businessLicense/edit", acct(handleLicenseChange))
	rt.handle("PUT /api/account/businessLicense/edit", acct(handleLicenseChange))
	rt.handle("PUT /api/account/reloginname/{newAccount}", acct(handleRename))
	rt.handle("GET /api/account/security/info", acct(handleSecurityInfo))
	rt.handle("PUT /api/account/pwd", acct(handleChangePassword))
	rt.handle("PUT /api/account/phone/{id}", acct(handleChangePhone))
	rt.handle("PUT /api/manage/user/revoke", acct(handleCancelVerification))
	rt.handle("GET /api/account/modifyRecords", acct(handleModifyRecords))
	rt.handle("PUT /api/account/modifyRecord/revert/{infoId}", acct(handleRevertModification))
	rt.handle("GET /api/management/operation/record", acct(handleOperationRecords))

	// Operator links: the enterprise's operators and the person's enterprises (operators.go, issue 14).
	ops := d.Operators
	rt.handle("GET /api/account/enterprise/operator", portal(d, handleOperatorLinks(ops, operator.EnterpriseSide)))
	rt.handle("GET /api/account/operate/enterprise", portal(d, handleOperatorLinks(ops, operator.PersonSide)))
	rt.handle("POST /api/account/enterprise/operatorInfo", portal(d, handleOperatorSearch(ops, operator.EnterpriseSide)))
	rt.handle("POST /api/common/find/enterprise", portal(d, handleOperatorSearch(ops, operator.PersonSide)))
	rt.handle("POST /api/account/operator/invite", portal(d, handleInvite(ops)))
	rt.handle("PUT /api/account/operator/invite/{id}", portal(d, handleAnswerInvitation(ops)))
	rt.handle("DELETE /api/account/operator/invite/{id}", portal(d, handleLinkAction(ops, operator.EnterpriseSide, operator.Cancel)))
	rt.handle("POST /api/account/operator/apply/{id}", portal(d, handleApply(ops)))
	rt.handle("PUT /api/account/operator/apply/confirm/{id}", portal(d, handleAcceptApplication(ops)))
	rt.handle("DELETE /api/account/operator/frApply/{id}", portal(d, handleLinkAction(ops, operator.EnterpriseSide, operator.Refuse)))
	rt.handle("DELETE /api/account/operator/apply/{id}", portal(d, handleLinkAction(ops, operator.PersonSide, operator.Cancel)))
	rt.handle("DELETE /api/account/operator/frOperator/{id}", portal(d, handleLinkAction(ops, operator.EnterpriseSide, operator.Unbind)))
	rt.handle("DELETE /api/account/operator/{id}", portal(d, handleLinkAction(ops, operator.PersonSide, operator.Unbind)))
	rt.handle("GET /api/account/operator/active", portal(d, handleActiveLinks(ops)))

	// CA certificates: sign-in, binding, recovery, application, driver (certificates.go, issue 12).
	rt.handle("POST /api/login/cert/prev", handleCertChallenge(signInChallenge, d.Certificates))
	rt.handle("POST /api/login/cert", handleCertSignIn(d.Certificates))
	rt.handle("POST /api/retrieve/pwd/cert/prev", handleCertChallenge(recoveryChallenge, d.Certificates))
	rt.handle("POST /api/retrieve/pwd/cert", handleCertRecover(d.Certificates))
	rt.handle("GET /api/certificate/list", portal(d, handleCertList(d.Certificates, d.Clock)))
	rt.handle("GET /api/certificate/log", portal(d, handleCertLog(d.Certificates)))
	rt.handle("POST /api/certificate/add/prev", portal(d, handleCertBindChallenge(d.Certificates)))
	rt.handle("POST /api/certificate/add", portal(d, handleCertBind(d.Certificates, d.Clock)))
	rt.handle("DELETE /api/certificate/log/{accountId}", portal(d, handleCertUnbind(d.Certificates)))
	rt.handle("GET /api/caBuy/params", portal(d, handleCAApply(d.Certificates)))
	rt.handle("GET /api/management/templateFiles/ca_driver", handleCADriver(d.Certificates))
	rt.handle("POST /api/admin/login/cert/prev", handleCertChallenge(staffChallenge, d.Certificates))
	rt.handle("POST /api/admin/login/cert", handleStaffCertSignIn(d.Certificates))
	rt.handle("GET /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertList(d.Certificates, d.Clock)))
	rt.handle("PUT /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertBind(d.Certificates, d.Clock)))
	rt.handle("DELETE /api/admin/staff/{id}/certificate", administrator(d, handleStaffCertUnbind(d.Certificates)))

	// Staff API: sign-in, review console, staff management, action log (admin.go, issue 7).
	adminRoutes(rt, d)

	if d.Dev {
		rt.handle("GET /api/dev/captcha/{token}", handleDevCaptcha(d.Captcha))
		rt.handle("GET /api/dev/verifycode/{id}", handleDevVerifyCode(d.GraphicCodes))
	}
}

package httpapi

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
	if d.Dev {
		rt.handle("GET /api/dev/captcha/{token}", handleDevCaptcha(d.Captcha))
		rt.handle("GET /api/dev/verifycode/{id}", handleDevVerifyCode(d.GraphicCodes))
	}
}

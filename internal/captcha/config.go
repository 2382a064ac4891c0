package captcha

import "time"

// Config holds the captcha settings an operator may change. The zero value
// of every field means "the default", so Config{} is a working setup; the
// defaults are listed on each field.
type Config struct {
	// TokenTTL is how long a captcha can be answered (120 s).
	TokenTTL time.Duration
	// VerificationTTL is how long a passed captcha's verification can be
	// presented to the service it protects (180 s).
	VerificationTTL time.Duration

	// PlainPoints switches off the per-captcha secretKey: clients then send
	// pointJson as plain JSON, as AJ-Captcha does with its AES setting off.
	// The default (false) issues a key and requires pointJson encrypted with it.
	PlainPoints bool

	// SliderTolerance is how far the slider's x may be from the answer, in
	// pixels of the 310-wide image (5).
	SliderTolerance float64
	// ClickTolerance is how far a click may be from a character's centre on
	// each axis, in image pixels (30, one character).
	ClickTolerance float64

	// GetPerMinute and CheckPerMinute limit /captcha/get and /captcha/check
	// per client per minute (30 and 60); answers 6201 and 6204 beyond them.
	// A negative value removes the limit.
	GetPerMinute   int
	CheckPerMinute int
	// FailLimit failed checks within FailWindow lock the client out of get
	// and check for LockDuration, answering 6202 (5 within 5 min, 5 min).
	// A negative FailLimit removes the lock.
	FailLimit    int
	FailWindow   time.Duration
	LockDuration time.Duration

	// BackgroundDir, when set, is a folder of .jpg/.png pictures the
	// operator owns the rights to; captchas are drawn on random crops of
	// them. Empty means procedurally painted backgrounds, new every time.
	BackgroundDir string
	// JPEGQuality is the quality of the background JPEG (75); the piece
	// strip is PNG because it needs transparency.
	JPEGQuality int
}

// withDefaults fills every zero field with its default.
func (c Config) withDefaults() Config {
	def := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	defInt := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.TokenTTL, 120*time.Second)
	def(&c.VerificationTTL, 180*time.Second)
	def(&c.FailWindow, 5*time.Minute)
	def(&c.LockDuration, 5*time.Minute)
	defInt(&c.GetPerMinute, 30)
	defInt(&c.CheckPerMinute, 60)
	defInt(&c.FailLimit, 5)
	defInt(&c.JPEGQuality, 75)
	if c.SliderTolerance == 0 {
		c.SliderTolerance = 5
	}
	if c.ClickTolerance == 0 {
		c.ClickTolerance = wordSize
	}
	return c
}

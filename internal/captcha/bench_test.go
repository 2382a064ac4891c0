package captcha

import (
	"context"
	"encoding/base64"
	"image"
	"testing"
)

// BenchmarkGet measures a whole get per type (picture, drawing, encoding,
// storing the token) and reports the decoded bytes of its images.
func BenchmarkGet(b *testing.B) {
	for _, typ := range []string{TypeBlockPuzzle, TypeClickWord} {
		b.Run(typ, func(b *testing.B) {
			s, _ := newTestService(b, Config{GetPerMinute: -1})
			var bytes int
			b.ReportAllocs()
			for b.Loop() {
				resp, err := s.Get(context.Background(), client, GetRequest{CaptchaType: typ})
				if err != nil || resp.RepCode != CodeSuccess {
					b.Fatal(resp, err)
				}
				d := resp.RepData.(GetData)
				bytes += base64.StdEncoding.DecodedLen(len(d.OriginalImageBase64)) + base64.StdEncoding.DecodedLen(len(d.JigsawImageBase64))
			}
			b.ReportMetric(float64(bytes)/float64(b.N), "bytes/captcha")
		})
	}
}

// BenchmarkImageFormat compares encoding one background as JPEG and PNG, the
// measurement behind serving backgrounds as JPEG.
func BenchmarkImageFormat(b *testing.B) {
	bg := image.NewRGBA(image.Rect(0, 0, imageWidth, imageHeight))
	procedural{}.background(newRand(), bg)
	b.Run("jpeg", func(b *testing.B) {
		var n int
		for b.Loop() {
			s, _ := encodeJPEG(bg, 75)
			n = base64.StdEncoding.DecodedLen(len(s))
		}
		b.ReportMetric(float64(n), "bytes/image")
	})
	b.Run("png", func(b *testing.B) {
		var n int
		for b.Loop() {
			s, _ := encodePNG(bg)
			n = base64.StdEncoding.DecodedLen(len(s))
		}
		b.ReportMetric(float64(n), "bytes/image")
	})
}

package captcha

import (
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // operator backgrounds may be JPEG
	_ "image/png"  // or PNG
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/vector"
)

// Image size fixed by the AJ-Captcha protocol: clients scale the user's x
// (and click points) to a 310x155 image.
const (
	imageWidth  = 310
	imageHeight = 155
)

// backgrounds paints the picture a captcha is drawn on into dst, a
// 310x155 image whose previous content is overwritten entirely (dst comes
// from a pool, so that a busy server does not allocate and collect 190 KB
// per captcha).
type backgrounds interface {
	background(r *rand.Rand, dst *image.RGBA)
}

var rgbaPool = sync.Pool{New: func() any { return image.NewRGBA(image.Rect(0, 0, imageWidth, imageHeight)) }}

// rasterizers are reused for the same reason; Reset resizes them.
var rasterizers = sync.Pool{New: func() any { return vector.NewRasterizer(1, 1) }}

// procedural paints a new abstract picture for every captcha: a warped
// colour field from a random palette with translucent shapes on top. A bot
// therefore cannot template-match against a small fixed set of pictures, and
// there are no third-party images whose licence would need checking. The
// field is a sum of one-dimensional waves precomputed per row, column and
// diagonal, so each pixel costs a few additions and one palette lookup.
type procedural struct{}

func (procedural) background(r *rand.Rand, img *image.RGBA) {
	w, h := imageWidth, imageHeight

	// Palette: colour stops around a random base hue, mid lightness so that
	// both the darkened hole and light text stay visible.
	var lut [256]color.RGBA
	hue := r.Float64() * 360
	stops := make([]color.RGBA, 4)
	for i := range stops {
		stops[i] = hsl(hue+float64(i)*(40+r.Float64()*50), 0.25+r.Float64()*0.35, 0.35+r.Float64()*0.35)
	}
	for i := range lut {
		t := float64(i) / 255 * float64(len(stops)-1)
		k := min(int(t), len(stops)-2)
		f := t - float64(k)
		a, b := stops[k], stops[k+1]
		mix := func(p, q uint8) uint8 { return uint8(float64(p)*(1-f) + float64(q)*f + 0.5) }
		lut[i] = color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
	}

	// Waves along x, y and both diagonals, plus a row warp so the result
	// reads as organic bands rather than a plaid.
	wave := func(n int, amp float64) []float64 {
		t := make([]float64, n)
		for k := 0; k < 2; k++ {
			f := (0.01 + r.Float64()*0.05) * 2 * math.Pi / 2
			ph := r.Float64() * 2 * math.Pi
			a := amp * (0.5 + r.Float64())
			for i := range t {
				t[i] += a * math.Sin(float64(i)*f+ph)
			}
		}
		return t
	}
	warp := wave(h, 12)
	const pad = 40 // room for the warp's shift
	ax := wave(w+2*pad, 1)
	by := wave(h, 1)
	cd := wave(w+h+2*pad, 1)
	dd := wave(w+h+2*pad, 1)
	for y := 0; y < h; y++ {
		shift := int(warp[y])
		row := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			xs := x + shift + pad
			v := ax[xs] + by[y] + cd[xs+y] + dd[xs-y+h-1]
			// v is roughly in [-8, 8]; map to the palette.
			i := int((v + 6) * (255.0 / 12))
			i = max(0, min(255, i))
			c := lut[i]
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, 255
		}
	}

	// Translucent shapes break up the bands and give the slider's piece
	// distinctive edges to match by eye.
	z := rasterizers.Get().(*vector.Rasterizer)
	defer rasterizers.Put(z)
	n := 6 + r.IntN(5)
	for i := 0; i < n; i++ {
		var p path
		cx, cy := r.Float64()*float64(w), r.Float64()*float64(h)
		rx, ry := 10+r.Float64()*40, 10+r.Float64()*30
		if r.IntN(2) == 0 {
			p.ellipse(cx, cy, rx, ry)
		} else {
			// A rotated quadrilateral.
			ang := r.Float64() * math.Pi
			var q path
			q.rect(-rx, -ry, rx, ry)
			sin, cos := math.Sincos(ang)
			p = *q.transform(func(v vec) vec { return vec{cx + v.x*cos - v.y*sin, cy + v.x*sin + v.y*cos} })
		}
		c := hsl(hue+r.Float64()*180, 0.3+r.Float64()*0.5, 0.25+r.Float64()*0.55)
		p.fill(z, img, withAlpha(c, 0.25+r.Float64()*0.35))
	}
}

// folder serves backgrounds from images an operator supplies (for example
// photographs the organisation owns). Each is scaled once at start to cover
// a slightly larger frame, and every captcha takes a random crop of a random
// image, mirrored half the time, so repeats are not pixel-identical.
type folder struct {
	images []*image.RGBA
}

// coverW and coverH leave 20 % of room for random crops.
const (
	coverW = imageWidth * 6 / 5
	coverH = imageHeight * 6 / 5
)

func loadFolder(dir string) (*folder, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("captcha backgrounds: %w", err)
	}
	f := &folder{}
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".jpg" && ext != ".jpeg" && ext != ".png") {
			continue
		}
		src, err := decodeFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("captcha backgrounds: %s: %w", e.Name(), err)
		}
		f.images = append(f.images, cover(src, coverW, coverH))
	}
	if len(f.images) == 0 {
		return nil, fmt.Errorf("captcha backgrounds: no .jpg or .png images in %s", dir)
	}
	return f, nil
}

func decodeFile(name string) (image.Image, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	img, _, err := image.Decode(fh)
	return img, err
}

// cover scales src to fill w×h, cropping the excess of the longer side.
func cover(src image.Image, w, h int) *image.RGBA {
	b := src.Bounds()
	scale := math.Max(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	sw, sh := int(float64(w)/scale), int(float64(h)/scale)
	sr := image.Rect(0, 0, sw, sh).Add(b.Min).Add(image.Pt((b.Dx()-sw)/2, (b.Dy()-sh)/2))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, sr, xdraw.Src, nil)
	return dst
}

func (f *folder) background(r *rand.Rand, dst *image.RGBA) {
	src := f.images[r.IntN(len(f.images))]
	ox := r.IntN(src.Bounds().Dx() - imageWidth + 1)
	oy := r.IntN(src.Bounds().Dy() - imageHeight + 1)
	mirror := r.IntN(2) == 0
	for y := 0; y < imageHeight; y++ {
		for x := 0; x < imageWidth; x++ {
			sx := ox + x
			if mirror {
				sx = ox + imageWidth - 1 - x
			}
			si := src.PixOffset(sx, oy+y)
			di := dst.PixOffset(x, y)
			copy(dst.Pix[di:di+4], src.Pix[si:si+4])
		}
	}
}

package captcha

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// path is a vector outline in image coordinates. It is kept as plain
// segments so that glyphs can be rotated before rasterising, which a
// font.Drawer cannot do.
type path struct {
	segs []seg
}

type segOp uint8

const (
	opMove segOp = iota
	opLine
	opQuad
	opCube
)

type seg struct {
	op  segOp
	pts [3]vec
}

type vec struct{ x, y float64 }

func (p *path) moveTo(x, y float64) { p.segs = append(p.segs, seg{op: opMove, pts: [3]vec{{x, y}}}) }
func (p *path) lineTo(x, y float64) { p.segs = append(p.segs, seg{op: opLine, pts: [3]vec{{x, y}}}) }
func (p *path) cubeTo(a, b, c vec)  { p.segs = append(p.segs, seg{op: opCube, pts: [3]vec{a, b, c}}) }

// ellipse adds a closed ellipse made of four cubic Béziers (the usual
// 0.5523 circle approximation), wound the same way as rect so that unions
// accumulate rather than cancel.
func (p *path) ellipse(cx, cy, rx, ry float64) {
	const k = 0.5522847498
	p.moveTo(cx+rx, cy)
	p.cubeTo(vec{cx + rx, cy + k*ry}, vec{cx + k*rx, cy + ry}, vec{cx, cy + ry})
	p.cubeTo(vec{cx - k*rx, cy + ry}, vec{cx - rx, cy + k*ry}, vec{cx - rx, cy})
	p.cubeTo(vec{cx - rx, cy - k*ry}, vec{cx - k*rx, cy - ry}, vec{cx, cy - ry})
	p.cubeTo(vec{cx + k*rx, cy - ry}, vec{cx + rx, cy - k*ry}, vec{cx + rx, cy})
}

// rect adds a closed axis-aligned rectangle, clockwise on screen like ellipse.
func (p *path) rect(x0, y0, x1, y1 float64) {
	p.moveTo(x0, y0)
	p.lineTo(x1, y0)
	p.lineTo(x1, y1)
	p.lineTo(x0, y1)
	p.lineTo(x0, y0)
}

// transform returns a copy with every point mapped by f.
func (p *path) transform(f func(vec) vec) *path {
	out := &path{segs: make([]seg, len(p.segs))}
	for i, s := range p.segs {
		out.segs[i].op = s.op
		for j := range s.pts {
			out.segs[i].pts[j] = f(s.pts[j])
		}
	}
	return out
}

// bounds returns the box of all control points, which contains the curve.
func (p *path) bounds() (min, max vec) {
	min = vec{math.Inf(1), math.Inf(1)}
	max = vec{math.Inf(-1), math.Inf(-1)}
	for _, s := range p.segs {
		n := 1
		switch s.op {
		case opQuad:
			n = 2
		case opCube:
			n = 3
		}
		for _, q := range s.pts[:n] {
			min.x, min.y = math.Min(min.x, q.x), math.Min(min.y, q.y)
			max.x, max.y = math.Max(max.x, q.x), math.Max(max.y, q.y)
		}
	}
	return min, max
}

// fill rasterises p over dst in colour c (Porter-Duff over). The
// rasteriser is sized to the path's bounding box rather than the whole
// image: clearing and compositing a full 310x155 buffer per shape would
// dominate the cost of an image.
func (p *path) fill(z *vector.Rasterizer, dst *image.RGBA, c color.Color) {
	lo, hi := p.bounds()
	r := image.Rect(int(math.Floor(lo.x)), int(math.Floor(lo.y)), int(math.Ceil(hi.x))+1, int(math.Ceil(hi.y))+1).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	z.Reset(r.Dx(), r.Dy())
	p.replay(z, float64(r.Min.X), float64(r.Min.Y))
	z.Draw(dst, r, image.NewUniform(c), image.Point{})
}

// mask rasterises p into a new alpha mask of size w×h, with no offset.
func (p *path) mask(w, h int) *image.Alpha {
	z := vector.NewRasterizer(w, h)
	p.replay(z, 0, 0)
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}

func (p *path) replay(z *vector.Rasterizer, ox, oy float64) {
	f := func(v vec) (float32, float32) { return float32(v.x - ox), float32(v.y - oy) }
	for _, s := range p.segs {
		switch s.op {
		case opMove:
			z.ClosePath()
			x, y := f(s.pts[0])
			z.MoveTo(x, y)
		case opLine:
			x, y := f(s.pts[0])
			z.LineTo(x, y)
		case opQuad:
			x1, y1 := f(s.pts[0])
			x2, y2 := f(s.pts[1])
			z.QuadTo(x1, y1, x2, y2)
		case opCube:
			x1, y1 := f(s.pts[0])
			x2, y2 := f(s.pts[1])
			x3, y3 := f(s.pts[2])
			z.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	z.ClosePath()
}

// glyphPath loads the outline of r at size pixels per em, in pixels with y
// pointing down and the origin on the baseline.
func glyphPath(f *sfnt.Font, buf *sfnt.Buffer, r rune, size float64) (*path, error) {
	idx, err := f.GlyphIndex(buf, r)
	if err != nil {
		return nil, err
	}
	segs, err := f.LoadGlyph(buf, idx, fixed.Int26_6(size*64), nil)
	if err != nil {
		return nil, err
	}
	p := &path{segs: make([]seg, 0, len(segs))}
	cv := func(q fixed.Point26_6) vec { return vec{float64(q.X) / 64, float64(q.Y) / 64} }
	for _, s := range segs {
		var o seg
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			o.op = opMove
		case sfnt.SegmentOpLineTo:
			o.op = opLine
		case sfnt.SegmentOpQuadTo:
			o.op = opQuad
		case sfnt.SegmentOpCubeTo:
			o.op = opCube
		}
		for j := range s.Args {
			o.pts[j] = cv(s.Args[j])
		}
		p.segs = append(p.segs, o)
	}
	return p, nil
}

// placeGlyph centres the glyph's box on (cx, cy) and rotates it by angle
// radians around that centre.
func placeGlyph(g *path, cx, cy, angle float64) *path {
	lo, hi := g.bounds()
	gx, gy := (lo.x+hi.x)/2, (lo.y+hi.y)/2
	sin, cos := math.Sincos(angle)
	return g.transform(func(v vec) vec {
		dx, dy := v.x-gx, v.y-gy
		return vec{cx + dx*cos - dy*sin, cy + dx*sin + dy*cos}
	})
}

// hsl converts hue (degrees), saturation and lightness (0..1) to RGB.
func hsl(h, s, l float64) color.RGBA {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	to := func(v float64) uint8 { return uint8(math.Round(math.Max(0, math.Min(1, v+m)) * 255)) }
	return color.RGBA{to(r), to(g), to(b), 255}
}

// withAlpha returns c premultiplied at opacity a (0..1), the form
// image.Uniform expects.
func withAlpha(c color.RGBA, a float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), uint8(a*255 + 0.5)}
}

package captcha

import (
	"image"
	"math/rand/v2"
	"sync"
)

// The slider's piece travels in a transparent strip as tall as the image,
// so the client only ever moves it horizontally and reports y = 5, as the
// AJ-Captcha protocol has it (docs/spec/DECISIONS.md, table row "Captcha image").
const (
	pieceSize = 47 // strip width, and the piece's box including its knobs
	fixedY    = 5  // the y every AJ client sends for blockPuzzle
	minPieceX = 70 // leave room for a real drag before the hole
)

// pieceShape is one jigsaw outline: an anti-aliased mask of the piece and a
// mask of its rim (the mask minus an inset copy), used to draw the light
// outline on both the piece and the hole.
type pieceShape struct {
	mask, rim *image.Alpha
}

// pieceShapes are the six outlines with knobs on two of the four sides,
// computed once: they do not need to vary per request, the picture does.
var pieceShapes = func() []pieceShape {
	sides := [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}
	var out []pieceShape
	for _, sd := range sides {
		out = append(out, pieceShape{mask: pieceOutline(sd, 0).mask(pieceSize, pieceSize)})
		inner := pieceOutline(sd, 2.2).mask(pieceSize, pieceSize)
		s := &out[len(out)-1]
		s.rim = image.NewAlpha(s.mask.Rect)
		for i := range s.mask.Pix {
			s.rim.Pix[i] = s.mask.Pix[i] - min(s.mask.Pix[i], inner.Pix[i])
		}
	}
	return out
}()

// pieceOutline is a 33 px square centred in the 47 px box with round knobs
// on the given sides (0 top, 1 right, 2 bottom, 3 left), inset by d.
func pieceOutline(knobs [2]int, d float64) *path {
	const lo, hi, r = 7.0, 40.0, 6.5
	c := (lo + hi) / 2
	var p path
	p.rect(lo+d, lo+d, hi-d, hi-d)
	for _, k := range knobs {
		switch k {
		case 0:
			p.ellipse(c, lo, r-d, r-d)
		case 1:
			p.ellipse(hi, c, r-d, r-d)
		case 2:
			p.ellipse(c, hi, r-d, r-d)
		case 3:
			p.ellipse(lo, c, r-d, r-d)
		}
	}
	return &p
}

var stripPool = sync.Pool{New: func() any { return image.NewNRGBA(image.Rect(0, 0, pieceSize, imageHeight)) }}

// blockPuzzle is one generated slider captcha.
type blockPuzzle struct {
	background *image.RGBA  // with the hole (and a decoy hole) drawn in
	strip      *image.NRGBA // pieceSize × imageHeight, transparent but for the piece
	x          int          // the answer: the strip's left edge where it fits
}

func newBlockPuzzle(r *rand.Rand, bg *image.RGBA) blockPuzzle {
	shape := pieceShapes[r.IntN(len(pieceShapes))]
	x := minPieceX + r.IntN(imageWidth-pieceSize-5-minPieceX)
	y := 5 + r.IntN(imageHeight-pieceSize-10)

	strip := stripPool.Get().(*image.NRGBA)
	clear(strip.Pix)
	for py := 0; py < pieceSize; py++ {
		for px := 0; px < pieceSize; px++ {
			a := shape.mask.Pix[py*pieceSize+px]
			if a == 0 {
				continue
			}
			rim := float64(shape.rim.Pix[py*pieceSize+px]) / 255
			si := bg.PixOffset(x+px, y+py)
			di := strip.PixOffset(px, y+py)
			for k := 0; k < 3; k++ {
				v := float64(bg.Pix[si+k])
				strip.Pix[di+k] = uint8(v + (255-v)*rim*0.85)
			}
			strip.Pix[di+3] = a
		}
	}

	cutHole(bg, shape, x, y, 0.55)
	// A fainter decoy hole of another shape, away from the real one, so that
	// finding "the dark patch" is not enough; a person matches the piece's
	// outline and height, which the strip shows.
	decoy := pieceShapes[r.IntN(len(pieceShapes))]
	var spans [][2]int // ranges of x where a decoy does not touch the hole
	if lo, hi := 5, x-pieceSize-8; hi > lo {
		spans = append(spans, [2]int{lo, hi})
	}
	if lo, hi := x+pieceSize+8, imageWidth-pieceSize-5; hi > lo {
		spans = append(spans, [2]int{lo, hi})
	}
	if len(spans) > 0 {
		sp := spans[r.IntN(len(spans))]
		cutHole(bg, decoy, sp[0]+r.IntN(sp[1]-sp[0]), 5+r.IntN(imageHeight-pieceSize-10), 0.4)
	}
	return blockPuzzle{background: bg, strip: strip, x: x}
}

// cutHole darkens the piece's area by dark (0..1) and lightens its rim.
func cutHole(bg *image.RGBA, shape pieceShape, x, y int, dark float64) {
	for py := 0; py < pieceSize; py++ {
		for px := 0; px < pieceSize; px++ {
			a := float64(shape.mask.Pix[py*pieceSize+px]) / 255
			if a == 0 {
				continue
			}
			rim := float64(shape.rim.Pix[py*pieceSize+px]) / 255
			i := bg.PixOffset(x+px, y+py)
			for k := 0; k < 3; k++ {
				v := float64(bg.Pix[i+k]) * (1 - dark*a)
				bg.Pix[i+k] = uint8(v + (255-v)*rim*0.7)
			}
		}
	}
}

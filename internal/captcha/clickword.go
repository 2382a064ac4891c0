package captcha

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"
)

// Click-word layout: four distinct characters, three of which are asked for
// in order, as AJ-Captcha's clickWord does.
const (
	wordCount   = 4
	wordsAsked  = 3
	wordSize    = 30.0 // pixels per em
	maxRotation = math.Pi / 4
)

// point is a position in the 310x155 image, as clients send it.
type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// clickWord is one generated click-word captcha.
type clickWord struct {
	background *image.RGBA
	words      []string // the characters asked for, in order
	points     []point  // their centres, in the same order
}

// newClickWord draws four characters on bg, each in its own quarter of the
// width so they never overlap, at a random height and rotation.
func newClickWord(r *rand.Rand, bg *image.RGBA, f *sfnt.Font, chars []rune) (clickWord, error) {
	var buf sfnt.Buffer
	picked := make([]rune, 0, wordCount)
	for len(picked) < wordCount {
		c := chars[r.IntN(len(chars))]
		dup := false
		for _, p := range picked {
			dup = dup || p == c
		}
		if !dup {
			picked = append(picked, c)
		}
	}
	// Shuffle which column each character lands in, so the order asked for
	// is not left to right.
	cols := r.Perm(wordCount)
	skip := r.IntN(wordCount)
	colW := float64(imageWidth) / wordCount
	z := rasterizers.Get().(*vector.Rasterizer)
	defer rasterizers.Put(z)
	out := clickWord{background: bg}
	for i, c := range picked {
		g, err := glyphPath(f, &buf, c, wordSize)
		if err != nil {
			return clickWord{}, fmt.Errorf("captcha: glyph %q: %w", c, err)
		}
		cx := colW*(float64(cols[i])+0.5) + (r.Float64()*2-1)*colW*0.18
		cy := wordSize*0.8 + r.Float64()*(imageHeight-wordSize*1.6)
		ang := (r.Float64()*2 - 1) * maxRotation
		placed := placeGlyph(g, cx, cy, ang)

		// A dark halo under a bright fill keeps the character legible on
		// any part of the background.
		fill := hsl(r.Float64()*360, 0.85, 0.75+r.Float64()*0.15)
		halo := withAlpha(color.RGBA{20, 20, 30, 255}, 0.55)
		for _, d := range [][2]float64{{-1.2, 0}, {1.2, 0}, {0, -1.2}, {0, 1.2}, {1.5, 1.5}} {
			placed.transform(func(v vec) vec { return vec{v.x + d[0], v.y + d[1]} }).fill(z, bg, halo)
		}
		placed.fill(z, bg, fill)
		if i != skip {
			out.words = append(out.words, string(c))
			out.points = append(out.points, point{X: math.Round(cx), Y: math.Round(cy)})
		}
	}
	return out, nil
}

package contract

import "github.com/getkin/kin-openapi/openapi3"

// closeObjects makes every object schema of doc refuse the properties it
// does not name, so a field the yaml does not document fails validation.
// The yaml itself stays open (additionalProperties is not written there)
// because JSON Schema's additionalProperties only sees the properties of
// its own schema: written on the branches of an allOf (the envelope and the
// data beside it) it would refuse the other branch's properties. So:
//   - an object schema with properties gets additionalProperties: false;
//   - a schema that composes with allOf gets unevaluatedProperties: false,
//     which sees what every branch evaluated, and its branches stay open;
//   - where a schema used as an allOf branch (the Envelope) is also used on
//     its own, that use is wrapped as allOf [it] to be closed the same way.
//
// An object schema without properties ({type: object}) is a documented
// free-form map and stays open; so does one that says additionalProperties.
func closeObjects(doc *openapi3.T) {
	roots := schemaRoots(doc)
	branches := map[*openapi3.Schema]bool{}
	seen := map[*openapi3.Schema]bool{}
	var collect func(sr *openapi3.SchemaRef)
	collect = func(sr *openapi3.SchemaRef) {
		if sr == nil || sr.Value == nil || seen[sr.Value] {
			return
		}
		seen[sr.Value] = true
		for _, b := range sr.Value.AllOf {
			if b != nil && b.Value != nil {
				branches[b.Value] = true
			}
		}
		for _, e := range children(sr.Value) {
			collect(e.ref)
		}
	}
	for _, r := range roots {
		collect(r)
	}

	closed := map[*openapi3.Schema]bool{}
	var close func(sr *openapi3.SchemaRef, asBranch bool)
	close = func(sr *openapi3.SchemaRef, asBranch bool) {
		if sr == nil || sr.Value == nil {
			return
		}
		if !asBranch && branches[sr.Value] {
			inner := &openapi3.SchemaRef{Ref: sr.Ref, Value: sr.Value}
			*sr = openapi3.SchemaRef{Value: &openapi3.Schema{
				AllOf:                 openapi3.SchemaRefs{inner},
				UnevaluatedProperties: openapi3.BoolSchema{Has: openapi3.Ptr(false)},
			}}
			close(inner, true)
			return
		}
		s := sr.Value
		if closed[s] {
			return
		}
		closed[s] = true
		open := s.AdditionalProperties.Has == nil && s.AdditionalProperties.Schema == nil &&
			s.UnevaluatedProperties.Has == nil && s.UnevaluatedProperties.Schema == nil
		switch {
		case branches[s] || !open:
		case len(s.AllOf) > 0:
			s.UnevaluatedProperties = openapi3.BoolSchema{Has: openapi3.Ptr(false)}
		case len(s.Properties) > 0:
			s.AdditionalProperties = openapi3.AdditionalProperties{Has: openapi3.Ptr(false)}
		}
		for _, e := range children(s) {
			close(e.ref, e.branch)
		}
	}
	for _, r := range roots {
		close(r, false)
	}
}

type edge struct {
	ref    *openapi3.SchemaRef
	branch bool // an allOf member
}

// children lists the sub-schemas the yaml uses; keywords it does not use
// (prefixItems, if/then/else, ...) are left as they are.
func children(s *openapi3.Schema) []edge {
	var out []edge
	for _, r := range s.AllOf {
		out = append(out, edge{r, true})
	}
	for _, list := range []openapi3.SchemaRefs{s.AnyOf, s.OneOf} {
		for _, r := range list {
			out = append(out, edge{ref: r})
		}
	}
	for _, r := range s.Properties {
		out = append(out, edge{ref: r})
	}
	for _, r := range []*openapi3.SchemaRef{s.Items, s.Not, s.AdditionalProperties.Schema} {
		if r != nil {
			out = append(out, edge{ref: r})
		}
	}
	return out
}

// schemaRoots lists the schemas at the top of every parameter, request body,
// response body and response header of every operation.
func schemaRoots(doc *openapi3.T) []*openapi3.SchemaRef {
	var roots []*openapi3.SchemaRef
	content := func(c openapi3.Content) {
		for _, mt := range c {
			if mt != nil && mt.Schema != nil {
				roots = append(roots, mt.Schema)
			}
		}
	}
	params := func(ps openapi3.Parameters) {
		for _, p := range ps {
			if p != nil && p.Value != nil {
				if p.Value.Schema != nil {
					roots = append(roots, p.Value.Schema)
				}
				content(p.Value.Content)
			}
		}
	}
	for _, item := range doc.Paths.Map() {
		params(item.Parameters)
		for _, op := range item.Operations() {
			params(op.Parameters)
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				content(op.RequestBody.Value.Content)
			}
			for _, res := range op.Responses.Map() {
				if res == nil || res.Value == nil {
					continue
				}
				content(res.Value.Content)
				for _, h := range res.Value.Headers {
					if h != nil && h.Value != nil && h.Value.Schema != nil {
						roots = append(roots, h.Value.Schema)
					}
				}
			}
		}
	}
	return roots
}

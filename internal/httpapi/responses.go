package httpapi

// mapAll maps a service's list to its response items. A nil list stays nil
// (null on the wire) and an empty one empty, so a response keeps the shape
// the service's list had.
func mapAll[T, R any](in []T, f func(T) R) []R {
	if in == nil {
		return nil
	}
	out := make([]R, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}

package routing

import "context"

// Router plans driving routes. Route returns up to three routes, best first,
// from one point to another through the via points in order. Errors:
// ErrInvalidPoint, ErrNoRoute, ErrUnavailable, ErrRejected, or the context's
// error.
type Router interface {
	Route(ctx context.Context, from, to Point, via []Point) ([]Route, error)
}

// Geocoder finds places by text and the place nearest a point. Geocode
// returns at most limit places, best match first, and an empty list (no
// error) when nothing matches. Reverse fails with ErrNoPlace when no place is
// near. Both may fail with ErrUnavailable, ErrRejected or the context's error.
type Geocoder interface {
	Geocode(ctx context.Context, query string, limit int) ([]Place, error)
	Reverse(ctx context.Context, p Point) (Place, error)
}

var (
	_ Router   = (*Graph)(nil)
	_ Geocoder = (*Gazetteer)(nil)
)

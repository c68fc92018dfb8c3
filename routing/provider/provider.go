// Package provider picks the routing and geocoding providers from
// configuration and holds the adapters for remote services: OSRM, Valhalla
// and GraphHopper for routes, Nominatim and Photon for places. Each adapter
// speaks the service's documented HTTP API and reports failures with the
// routing package's errors (routing.ErrNoRoute, routing.ErrUnavailable, ...)
// wrapped in a *routing.ProviderError.
package provider

import (
	"fmt"
	"strings"

	"fuelportal/routing"
)

// Provider kinds accepted by NewRouter and NewGeocoder.
const (
	KindBuiltin     = "builtin"
	KindOSRM        = "osrm"
	KindValhalla    = "valhalla"
	KindGraphHopper = "graphhopper"
	KindNominatim   = "nominatim"
	KindPhoton      = "photon"
)

// NewRouter returns the router of the given kind: builtin (also for an empty
// kind; baseURL is ignored), osrm, valhalla or graphhopper at baseURL. The
// base URL may carry query parameters (an API key, a GraphHopper profile)
// that are sent with every request.
func NewRouter(kind, baseURL string) (routing.Router, error) {
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "", KindBuiltin:
		return routing.Builtin(), nil
	case KindOSRM:
		return NewOSRM(baseURL, nil)
	case KindValhalla:
		return NewValhalla(baseURL, nil)
	case KindGraphHopper:
		return NewGraphHopper(baseURL, nil)
	}
	return nil, fmt.Errorf("unknown routing provider %q (want builtin, osrm, valhalla or graphhopper)", kind)
}

// IsBuiltin reports whether kind names the built-in provider (as does an
// empty kind).
func IsBuiltin(kind string) bool {
	k := strings.ToLower(strings.TrimSpace(kind))
	return k == "" || k == KindBuiltin
}

// NewGeocoder returns the geocoder of the given kind: builtin (also for an
// empty kind; a new gazetteer of the built-in places, to which the server
// may Add stations), nominatim or photon at baseURL.
func NewGeocoder(kind, baseURL string) (routing.Geocoder, error) {
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "", KindBuiltin:
		return routing.BuiltinGazetteer(), nil
	case KindNominatim:
		return NewNominatim(baseURL, nil)
	case KindPhoton:
		return NewPhoton(baseURL, nil)
	}
	return nil, fmt.Errorf("unknown geocoding provider %q (want builtin, nominatim or photon)", kind)
}

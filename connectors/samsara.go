package connectors

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Samsara (docs/feeds.md): the vehicle stats feed,
// GET {base}/fleet/vehicles/stats/feed?types=gps,obdOdometerMeters,fuelPercents
// with the API token as Bearer. The first call answers each vehicle's
// latest stats and an endCursor; calls with after=endCursor answer what
// came since; hasNextPage says more is waiting now.

// SamsaraMinInterval is the shortest time between two pulls.
const SamsaraMinInterval = 5 * time.Second

// samsaraMaxPages bounds the pages one pull follows (the rest waits for
// the next pull, from the stored cursor).
const samsaraMaxPages = 20

type samsaraStat struct {
	Time  time.Time `json:"time"`
	Value *float64  `json:"value"`
}

type samsaraFeed struct {
	Data []struct {
		ID          string            `json:"id"`
		Name        string            `json:"name"`
		ExternalIDs map[string]string `json:"externalIds"`
		GPS         []struct {
			Time              time.Time `json:"time"`
			Latitude          *float64  `json:"latitude"`
			Longitude         *float64  `json:"longitude"`
			SpeedMilesPerHour *float64  `json:"speedMilesPerHour"`
		} `json:"gps"`
		ObdOdometerMeters []samsaraStat `json:"obdOdometerMeters"`
		FuelPercents      []samsaraStat `json:"fuelPercents"`
	} `json:"data"`
	Pagination *struct {
		EndCursor   string `json:"endCursor"`
		HasNextPage bool   `json:"hasNextPage"`
	} `json:"pagination"`
}

type samsara struct {
	base, token string
	env         *env
}

func (s *samsara) header() http.Header {
	return http.Header{"Authorization": {"Bearer " + s.token}}
}

var samsaraReason = jsonReason("message", "error")

// Test lists one vehicle: the token works.
func (s *samsara) Test(ctx context.Context) error {
	var out struct {
		Data []any `json:"data"`
	}
	return call(ctx, s.env.client, s.env.policy, http.MethodGet, s.base+"/fleet/vehicles?limit=1", s.header(), nil, &out, samsaraReason)
}

func (s *samsara) Pull(ctx context.Context, cursor string) (*batch, error) {
	b := &batch{Cursor: cursor}
	for page := 0; page < samsaraMaxPages; page++ {
		q := url.Values{"types": {"gps,obdOdometerMeters,fuelPercents"}}
		if b.Cursor != "" {
			q.Set("after", b.Cursor)
		}
		var feed samsaraFeed
		if err := call(ctx, s.env.client, s.env.policy, http.MethodGet, s.base+"/fleet/vehicles/stats/feed?"+q.Encode(), s.header(), nil, &feed, samsaraReason); err != nil {
			return b, err
		}
		if feed.Pagination == nil || feed.Pagination.EndCursor == "" {
			return b, &vendorError{Reason: "answer has no pagination.endCursor", Retryable: true}
		}
		for _, v := range feed.Data {
			vehicle := vendorVehicle{ID: v.ID, Name: v.Name, VIN: v.ExternalIDs["samsara.vin"]}
			b.see(vehicle)
			for _, g := range v.GPS {
				if g.Latitude == nil || g.Longitude == nil {
					continue
				}
				r := reading{Vehicle: vehicle, At: g.Time, Lat: *g.Latitude, Lon: *g.Longitude, SpeedMPH: g.SpeedMilesPerHour,
					OdometerMeters: nearestStat(v.ObdOdometerMeters, g.Time), FuelPercent: nearestStat(v.FuelPercents, g.Time)}
				b.Readings = append(b.Readings, r)
			}
		}
		b.Cursor = feed.Pagination.EndCursor
		if !feed.Pagination.HasNextPage {
			break
		}
	}
	return b, nil
}

// nearestStat is the reading of stats (sorted by time, as Samsara sends
// them) nearest to at and at most statWindow away; nil for none.
func nearestStat(stats []samsaraStat, at time.Time) *float64 {
	var best *float64
	bestGap := statWindow + 1
	for _, s := range stats {
		gap := s.Time.Sub(at).Abs()
		if s.Value != nil && gap <= statWindow && gap < bestGap {
			best, bestGap = s.Value, gap
		}
	}
	return best
}

// statWindow: a stat is paired with a GPS fix this close in time.
const statWindow = 10 * time.Minute

func trimBase(base string) string { return strings.TrimRight(strings.TrimSpace(base), "/") }

package connectors

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Motive (docs/feeds.md): the vehicle locations API,
// GET {base}/v1/vehicle_locations?per_page=100&page_no=N with the API key
// as X-Api-Key: each vehicle (id, number, vin) with its current_location
// (lat, lon, located_at, speed, odometer, true_odometer,
// fuel_primary_remaining_percentage), paged by pagination {per_page,
// page_no, total}. It answers current locations only, so a pull has no
// cursor. Values come in the company's system of units unless the
// X-Metric-Units header says which: the pull asks for imperial (speed in
// mph, odometers in miles).

// MotiveMinInterval is the shortest time between two pulls.
const MotiveMinInterval = 30 * time.Second

const (
	motivePerPage  = 100
	motiveMaxPages = 50
)

type motiveLocations struct {
	Vehicles []struct {
		Vehicle struct {
			ID              int64  `json:"id"`
			Number          string `json:"number"`
			VIN             string `json:"vin"`
			CurrentLocation *struct {
				Lat       *float64  `json:"lat"`
				Lon       *float64  `json:"lon"`
				LocatedAt time.Time `json:"located_at"`
				// Speed in mph.
				Speed *float64 `json:"speed"`
				// Odometer is the gateway's reading in miles; TrueOdometer
				// the fleet's corrected one, which Motive says to prefer.
				Odometer     *float64 `json:"odometer"`
				TrueOdometer *float64 `json:"true_odometer"`
				FuelPercent  *float64 `json:"fuel_primary_remaining_percentage"`
			} `json:"current_location"`
		} `json:"vehicle"`
	} `json:"vehicles"`
	Pagination *struct {
		PerPage int `json:"per_page"`
		PageNo  int `json:"page_no"`
		Total   int `json:"total"`
	} `json:"pagination"`
}

type motive struct {
	base, token string
	env         *env
}

var motiveReason = jsonReason("error_message", "message", "error")

func (m *motive) header() http.Header {
	return http.Header{"X-Api-Key": {m.token}, "X-Metric-Units": {"false"}}
}

func (m *motive) page(ctx context.Context, n, perPage int) (*motiveLocations, error) {
	var out motiveLocations
	url := m.base + "/v1/vehicle_locations?per_page=" + strconv.Itoa(perPage) + "&page_no=" + strconv.Itoa(n)
	if err := call(ctx, m.env.client, m.env.policy, http.MethodGet, url, m.header(), nil, &out, motiveReason); err != nil {
		return nil, err
	}
	if out.Pagination == nil {
		return nil, &vendorError{Reason: "answer has no pagination", Retryable: true}
	}
	return &out, nil
}

// Test reads one vehicle's location: the key works.
func (m *motive) Test(ctx context.Context) error {
	_, err := m.page(ctx, 1, 1)
	return err
}

func (m *motive) Pull(ctx context.Context, _ string) (*batch, error) {
	b := &batch{}
	for n := 1; n <= motiveMaxPages; n++ {
		out, err := m.page(ctx, n, motivePerPage)
		if err != nil {
			return b, err
		}
		for _, v := range out.Vehicles {
			vehicle := vendorVehicle{ID: fmt.Sprint(v.Vehicle.ID), Name: v.Vehicle.Number, VIN: v.Vehicle.VIN}
			b.see(vehicle)
			loc := v.Vehicle.CurrentLocation
			if loc == nil || loc.Lat == nil || loc.Lon == nil || loc.LocatedAt.IsZero() {
				continue
			}
			r := reading{Vehicle: vehicle, At: loc.LocatedAt, Lat: *loc.Lat, Lon: *loc.Lon, SpeedMPH: loc.Speed, FuelPercent: loc.FuelPercent}
			if odometer := cmp.Or(loc.TrueOdometer, loc.Odometer); odometer != nil {
				meters := *odometer * metersPerMile
				r.OdometerMeters = &meters
			}
			b.Readings = append(b.Readings, r)
		}
		p := out.Pagination
		if len(out.Vehicles) == 0 || p.PerPage <= 0 || p.PageNo*p.PerPage >= p.Total {
			break
		}
	}
	return b, nil
}

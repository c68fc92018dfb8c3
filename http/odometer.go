package http

import (
	"net/http"
	"time"

	"fuelportal"
)

// odometerJSON is an odometer reading on the wire.
type odometerJSON struct {
	ID            int64  `json:"id"`
	VehicleID     int64  `json:"vehicleId"`
	UnitNumber    string `json:"unitNumber"`
	Odometer      int64  `json:"odometer"`
	ReadAt        string `json:"readAt"`
	Source        string `json:"source"`
	TransactionID *int64 `json:"transactionId"`
	CreatedAt     string `json:"createdAt"`
}

func odometerFrom(r *fuelportal.OdometerReading) odometerJSON {
	out := odometerJSON{ID: r.ID, VehicleID: r.VehicleID, UnitNumber: r.UnitNumber, Odometer: r.Miles, ReadAt: fuelportal.WireTime(r.ReadAt),
		Source: string(r.Source), CreatedAt: fuelportal.WireTime(r.CreatedAt)}
	if r.TransactionID != 0 {
		out.TransactionID = &r.TransactionID
	}
	return out
}

type odometerListJSON struct {
	Value []odometerJSON `json:"value"`
}

// odometerRequest is a reading entered in the app: the miles, and for an
// owner when it was read (default now) and where from (manual or
// telematics; default manual).
type odometerRequest struct {
	Odometer *int64 `json:"odometer"`
	ReadAt   string `json:"readAt" text:"date"`
	Source   string `json:"source" text:"code"`
}

// driverOdometerRequest is a driver's reading: the miles, read now or,
// when the app kept it while offline, at readAt (within DriverOdometerMaxAge).
type driverOdometerRequest struct {
	Odometer *int64 `json:"odometer"`
	ReadAt   string `json:"readAt" text:"date"`
}

// DriverOdometerMaxAge is how old a driver's reading sent late (kept by the
// app while offline) may be.
const DriverOdometerMaxAge = 7 * 24 * time.Hour

// reading converts the request into a reading of source (when the
// request names none) or field errors. A driver's readAt is at most
// DriverOdometerMaxAge before now and kept in whole seconds, so the same
// reading sent again is the same reading.
func (req odometerRequest) reading(source fuelportal.OdometerSource, owner bool, now time.Time) (*fuelportal.OdometerReading, error) {
	fe := fuelportal.FieldErrors{}
	r := &fuelportal.OdometerReading{Source: source}
	if req.Odometer == nil {
		fe.Add("odometer", fuelportal.MsgOdometerBounds)
	} else {
		r.Miles = *req.Odometer
	}
	if owner {
		switch fuelportal.OdometerSource(req.Source) {
		case "":
		case fuelportal.OdometerManual, fuelportal.OdometerTelematics:
			r.Source = fuelportal.OdometerSource(req.Source)
		default:
			fe.Add("source", "Source must be manual or telematics")
		}
	}
	if req.ReadAt != "" {
		t, zoned, err := fuelportal.ParseTransactionTime(req.ReadAt)
		switch {
		case err != nil || !zoned:
			fe.Add("readAt", "Must be a time with its zone, like 2026-11-22T14:03:00Z")
		case !owner && t.Before(now.Add(-DriverOdometerMaxAge)):
			fe.Add("readAt", fuelportal.MsgOdometerReadAtTooOld)
		case !owner:
			t = t.UTC().Truncate(time.Second)
		}
		r.ReadAt = t
	}
	return r, fe.Err()
}

// handleVehicleOdometerList answers the latest readings of one of the
// company's vehicles, newest first.
func (s *Server) handleVehicleOdometerList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	list, err := s.Odometer.Readings(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := odometerListJSON{Value: make([]odometerJSON, len(list))}
	for i, reading := range list {
		out.Value[i] = odometerFrom(reading)
	}
	respond(w, http.StatusOK, out)
}

// handleVehicleOdometerAdd records an owner's reading of one of the
// company's vehicles: 201 with it.
func (s *Server) handleVehicleOdometerAdd(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	var req odometerRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	reading, err := req.reading(fuelportal.OdometerManual, true, s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	if err := s.Odometer.Record(r.Context(), p.CompanyID, p.UserID, id, reading); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, odometerFrom(reading))
}

// handleDriverOdometerAdd records the driver's reading, now or at readAt,
// of the vehicle whose unit number their card carries: 201 with it (the
// one already kept when the same reading comes again); 404 when the card
// has no vehicle.
func (s *Server) handleDriverOdometerAdd(w http.ResponseWriter, r *http.Request) {
	var req driverOdometerRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	reading, err := odometerRequest{Odometer: req.Odometer, ReadAt: req.ReadAt}.reading(fuelportal.OdometerDriver, false, s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	if err := s.Odometer.RecordForDriver(r.Context(), p.CompanyID, p.CardID, p.UserID, reading); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, odometerFrom(reading))
}

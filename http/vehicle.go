package http

import (
	"encoding/json"
	"errors"
	"math"
	"mime"
	"net/http"

	"fuelportal"
	"fuelportal/feed"
	"fuelportal/vehicles"
)

// maxVehicleListBytes bounds a fleet list upload: fuelportal.MaxVehiclesImported
// rows of generous width.
const maxVehicleListBytes = 256 << 10

// vehicleRequest is a vehicle as the owner's form sends it. iftaQualified
// is false and active true when absent.
type vehicleRequest struct {
	UnitNumber          string       `json:"unitNumber" text:"unitNumber"`
	VIN                 string       `json:"vin" text:"vin"`
	Plate               string       `json:"plate" text:"plate"`
	PlateState          string       `json:"plateState" text:"code"`
	FuelType            string       `json:"fuelType" text:"code"`
	TankCapacityGallons *json.Number `json:"tankCapacityGallons"`
	IFTAQualified       *bool        `json:"iftaQualified"`
	Active              *bool        `json:"active"`
}

// vehicle converts the request, adding a field error for a tank capacity
// that is missing or not a number; the rest is checked by Vehicle.Validate.
func (req vehicleRequest) vehicle(fe fuelportal.FieldErrors) fuelportal.Vehicle {
	v := fuelportal.Vehicle{UnitNumber: req.UnitNumber, VIN: req.VIN, Plate: req.Plate, PlateState: req.PlateState,
		FuelType: fuelportal.FuelType(req.FuelType), Active: true}
	if req.TankCapacityGallons == nil {
		fe.Add("tankCapacityGallons", fuelportal.MsgTankCapacityBounds)
	} else if g, err := fuelportal.ParseDecimal(req.TankCapacityGallons.String(), 3); err != nil {
		fe.Add("tankCapacityGallons", fuelportal.MsgTankCapacityBounds)
	} else {
		v.TankCapacity = fuelportal.Gallons(g)
	}
	if req.IFTAQualified != nil {
		v.IFTAQualified = *req.IFTAQualified
	}
	if req.Active != nil {
		v.Active = *req.Active
	}
	return v
}

type vehicleCardJSON struct {
	CardNumber string `json:"cardNumber"`
	DriverName string `json:"driverName"`
}

// vehicleJSON is a vehicle on the wire, with the cards assigned to it.
type vehicleJSON struct {
	ID                  int64             `json:"id"`
	UnitNumber          string            `json:"unitNumber"`
	VIN                 string            `json:"vin"`
	Plate               string            `json:"plate"`
	PlateState          string            `json:"plateState"`
	FuelType            string            `json:"fuelType"`
	TankCapacityGallons float64           `json:"tankCapacityGallons"`
	IFTAQualified       bool              `json:"iftaQualified"`
	Active              bool              `json:"active"`
	GroupID             *int64            `json:"groupId"` // the vehicle's group; null: none
	CreatedAt           string            `json:"createdAt"`
	UpdatedAt           string            `json:"updatedAt"`
	Cards               []vehicleCardJSON `json:"cards"`
	// LastFix is where its telematics last placed it (null: never).
	LastFix *lastFixJSON `json:"lastFix"`
	// MPG is the vehicle's fuel economy over the last 30 days and the 30
	// before (Σ miles ÷ Σ gallons).
	MPG vehicleMPGJSON `json:"mpg"`
}

// vehicleMPGJSON is a vehicle's MPG now and in the window before: nil
// where the window has no miles or no gallons; Dropped when the current
// is more than 15 % below the prior.
type vehicleMPGJSON struct {
	Current      *float64 `json:"current"`
	Prior        *float64 `json:"prior"`
	CurrentMiles int64    `json:"currentMiles"`
	CurrentGal   float64  `json:"currentGallons"`
	Dropped      bool     `json:"dropped"`
}

func vehicleMPGFrom(m fuelportal.VehicleMPG) vehicleMPGJSON {
	out := vehicleMPGJSON{CurrentMiles: m.Current.Miles, CurrentGal: m.Current.Gallons.Float(), Dropped: m.Dropped()}
	round := func(v float64) *float64 {
		r := math.Round(v*10) / 10
		return &r
	}
	if v, ok := m.Current.MPG(); ok {
		out.Current = round(v)
	}
	if v, ok := m.Prior.MPG(); ok {
		out.Prior = round(v)
	}
	return out
}

// vehicleFrom is vehicle v as a caller limited to group groupID sees it
// (0: every card): only the group's cards of its unit number.
func vehicleFrom(v *fuelportal.Vehicle, groupID int64) vehicleJSON {
	out := vehicleJSON{ID: v.ID, UnitNumber: v.UnitNumber, VIN: v.VIN, Plate: v.Plate, PlateState: v.PlateState,
		FuelType: string(v.FuelType), TankCapacityGallons: v.TankCapacity.Float(), IFTAQualified: v.IFTAQualified, Active: v.Active,
		GroupID: optionalID(v.GroupID), CreatedAt: fuelportal.WireTime(v.CreatedAt), UpdatedAt: fuelportal.WireTime(v.UpdatedAt), Cards: []vehicleCardJSON{}}
	if f := v.LastFix; f != nil {
		out.LastFix = &lastFixJSON{At: fuelportal.WireTime(f.At), Latitude: f.Lat, Longitude: f.Lon, SpeedMph: f.SpeedMph,
			FuelPercent: f.FuelPercent, OdometerMiles: f.OdometerMiles, Source: f.Source}
	}
	for _, c := range v.Cards {
		if groupID != 0 && c.GroupID != groupID {
			continue
		}
		out.Cards = append(out.Cards, vehicleCardJSON{CardNumber: c.CardNumber, DriverName: c.DriverName})
	}
	return out
}

type vehicleListJSON struct {
	Value []vehicleJSON `json:"value"`
}

type vehicleImportJSON struct {
	Rows    int `json:"rows"`
	Created int `json:"created"`
	Updated int `json:"updated"`
}

// handleVehicleList answers the company's vehicles by unit number, each
// with its cards.
func (s *Server) handleVehicleList(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	list, mpg, err := s.Vehicles.List(r.Context(), vehicles.Scope{CompanyID: p.CompanyID, GroupID: p.GroupID})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := vehicleListJSON{Value: make([]vehicleJSON, len(list))}
	for i, v := range list {
		out.Value[i] = vehicleFrom(v, p.GroupID)
		out.Value[i].MPG = vehicleMPGFrom(mpg[v.ID])
	}
	respond(w, http.StatusOK, out)
}

// decodeVehicle reads and checks a vehicle body: every field error at once.
func decodeVehicle(w http.ResponseWriter, r *http.Request) (fuelportal.Vehicle, error) {
	var req vehicleRequest
	if err := decode(w, r, &req); err != nil {
		return fuelportal.Vehicle{}, err
	}
	fe := fuelportal.FieldErrors{}
	v := req.vehicle(fe)
	return v, mergeFieldErrors(fe, v.Validate())
}

// handleVehicleCreate adds a vehicle: 201 with it; a unit number the
// company has is 409 with a unitNumber field error.
func (s *Server) handleVehicleCreate(w http.ResponseWriter, r *http.Request) {
	v, err := decodeVehicle(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	saved, err := s.Vehicles.Create(r.Context(), vehicles.Scope{CompanyID: p.CompanyID, GroupID: p.GroupID}, v)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, vehicleFrom(saved, p.GroupID))
}

// handleVehicleGet answers one of the company's vehicles; any other id is
// 404.
func (s *Server) handleVehicleGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	p := PrincipalFromContext(r.Context())
	v, mpg, err := s.Vehicles.Get(r.Context(), p.CompanyID, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := vehicleFrom(v, p.GroupID)
	out.MPG = vehicleMPGFrom(mpg)
	respond(w, http.StatusOK, out)
}

// handleVehicleUpdate saves the whole vehicle over one of the company's.
func (s *Server) handleVehicleUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	v, err := decodeVehicle(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	v.ID = id
	p := PrincipalFromContext(r.Context())
	saved, err := s.Vehicles.Update(r.Context(), p.CompanyID, v)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, vehicleFrom(saved, p.GroupID))
}

// handleVehicleDelete removes one of the company's vehicles: 204.
func (s *Server) handleVehicleDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	if err := s.Vehicles.Delete(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleVehicleImport saves a fleet list sent as a text/csv body
// (feed.ParseVehicles): all or nothing, every bad field answered by line;
// known unit numbers are updated, the others created.
func (s *Server) handleVehicleImport(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "text/csv" && mt != "text/plain") {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "Send the fleet list as a text/csv body"))
		return
	}
	list, err := feed.ParseVehicles(http.MaxBytesReader(w, r.Body, maxVehicleListBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			err = fuelportal.Errorf(fuelportal.EINVALID, "The fleet list must not exceed %d KiB", maxVehicleListBytes>>10)
		}
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	res, err := s.Vehicles.Import(r.Context(), vehicles.Scope{CompanyID: p.CompanyID, GroupID: p.GroupID}, list)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, vehicleImportJSON{Rows: len(list), Created: res.Created, Updated: res.Updated})
}

package http

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/telematics"
	"fuelportal/xlsx"
)

// Telematics (docs/ifta.md, "Telematics"): Traccar forwards positions with
// the company's token; the owner makes the token and reads a vehicle's
// mileage record. The handlers decode, call telematics.Service and encode.

// maxTraccarBodyBytes bounds one forwarded request (1,000 positions with
// Traccar's device object and attributes fit).
const maxTraccarBodyBytes = 4 << 20

// traccarForward is one position as Traccar's JSON forwarding posts it
// (forward.json=true); other fields are ignored.
type traccarForward struct {
	Position *struct {
		DeviceID   int64    `json:"deviceId"`
		FixTime    string   `json:"fixTime" text:"date"`
		Latitude   *float64 `json:"latitude"`
		Longitude  *float64 `json:"longitude"`
		Speed      *float64 `json:"speed"`
		Attributes struct {
			Odometer      *float64 `json:"odometer"`
			TotalDistance *float64 `json:"totalDistance"`
			// FuelLevel, else Fuel: the tank's level in percent when the
			// device reports one (any JSON; read as a number from 0 to 100,
			// anything else ignored: some devices report liters there).
			FuelLevel json.RawMessage `json:"fuelLevel"`
			Fuel      json.RawMessage `json:"fuel"`
		} `json:"attributes"`
	} `json:"position"`
	Device *struct {
		UniqueID string `json:"uniqueId" text:"unitNumber"`
		Name     string `json:"name" text:"unitNumber"`
	} `json:"device"`
}

// traccarTimeLayouts are the fix time forms Traccar versions write.
var traccarTimeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.000-0700", "2006-01-02T15:04:05-0700"}

// positions converts the forwarded positions: missing parts are field
// errors named positions[i].…
func traccarPositions(list []traccarForward) ([]telematics.Position, error) {
	fe := fuelportal.FieldErrors{}
	out := make([]telematics.Position, 0, len(list))
	for i, f := range list {
		if len(fe) >= 10 {
			break
		}
		name := func(field string) string { return fmt.Sprintf("positions[%d].%s", i, field) }
		var p telematics.Position
		if f.Device != nil {
			p.DeviceUniqueID, p.DeviceName = f.Device.UniqueID, f.Device.Name
		}
		if f.Position == nil {
			fe.Add(name("position"), "Needs the position object")
			continue
		}
		pos := f.Position
		for _, layout := range traccarTimeLayouts {
			if t, err := time.Parse(layout, pos.FixTime); err == nil {
				p.FixTime = t
				break
			}
		}
		if pos.Latitude == nil {
			fe.Add(name("latitude"), "Needs the latitude")
		} else {
			p.Lat = *pos.Latitude
		}
		if pos.Longitude == nil {
			fe.Add(name("longitude"), "Needs the longitude")
		} else {
			p.Lon = *pos.Longitude
		}
		p.SpeedKnots = pos.Speed
		p.OdometerMeters = pos.Attributes.Odometer
		if p.OdometerMeters == nil {
			p.OdometerMeters = pos.Attributes.TotalDistance
		}
		p.FuelPercent = fuelPercent(pos.Attributes.FuelLevel)
		if p.FuelPercent == nil {
			p.FuelPercent = fuelPercent(pos.Attributes.Fuel)
		}
		out = append(out, p)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// fuelPercent reads a Traccar fuel attribute as a level in percent: a JSON
// number from 0 to 100; nil for none, another type or a value out of that
// range (a device reporting liters: the position is kept, not the level).
func fuelPercent(raw json.RawMessage) *float64 {
	var v float64
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil || math.IsNaN(v) || v < 0 || v > 100 {
		return nil
	}
	return &v
}

// handleTraccarForward stores positions forwarded by Traccar (one, or a
// JSON array of up to 1,000), authenticated by the company's telematics
// token as Authorization: Bearer, not a user token.
func (s *Server) handleTraccarForward(w http.ResponseWriter, r *http.Request) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	companyID, err := s.Telematics.Company(r.Context(), strings.TrimSpace(token))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var raw json.RawMessage
	if err := decodeJSON(http.MaxBytesReader(w, r.Body, maxTraccarBodyBytes), &raw); err != nil {
		s.respondError(w, r, err)
		return
	}
	var list []traccarForward
	if trimmed := bytes.TrimLeft(raw, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		err = decodeJSON(bytes.NewReader(raw), &list)
	} else {
		var one traccarForward
		err = decodeJSON(bytes.NewReader(raw), &one)
		list = []traccarForward{one}
	}
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if len(list) > telematics.MaxPositions {
		s.respondError(w, r, fuelportal.FieldError("positions", fmt.Sprintf("Send at most %d positions a request", telematics.MaxPositions)))
		return
	}
	positions, err := traccarPositions(list)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res, err := s.Telematics.Ingest(r.Context(), companyID, positions)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, res)
}

// telematicsSettingsResponse is the owner's Telematics section.
type telematicsSettingsResponse struct {
	ForwardPath    string     `json:"forwardPath"`
	ForwardURL     string     `json:"forwardUrl"`
	TokenCreatedAt *time.Time `json:"tokenCreatedAt"`
}

// handleTelematicsSettings answers where Traccar forwards to and when the
// company's token was made (never the token).
func (s *Server) handleTelematicsSettings(w http.ResponseWriter, r *http.Request) {
	at, err := s.Telematics.TokenCreatedAt(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if at != nil {
		utc := at.UTC()
		at = &utc
	}
	const path = "/api/telematics/traccar"
	url := ""
	if s.PublicURL != "" {
		url = strings.TrimSuffix(s.PublicURL, "/") + path
	}
	respond(w, http.StatusOK, telematicsSettingsResponse{ForwardPath: path, ForwardURL: url, TokenCreatedAt: at})
}

// handleTelematicsToken makes or rotates the company's telematics token
// and answers it, the only time it is shown.
func (s *Server) handleTelematicsToken(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	token, err := s.Telematics.RotateToken(r.Context(), p.CompanyID, p.UserID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]string{"token": token})
}

// mileageColumns are the mileage record's spreadsheet: a row per day,
// jurisdiction and source.
var mileageColumns = []xlsx.Column{
	{Title: "Date", Kind: xlsx.Text, Width: 12},
	{Title: "Start Odometer", Kind: xlsx.Decimal2, Width: 15},
	{Title: "End Odometer", Kind: xlsx.Decimal2, Width: 15},
	{Title: "Jurisdiction", Kind: xlsx.Text, Width: 12},
	{Title: "Miles", Kind: xlsx.Decimal2, Width: 10},
	{Title: "Source", Kind: xlsx.Text, Width: 12},
}

// handleVehicleMileage answers a vehicle's mileage record for
// ?dateFrom&dateTo as JSON, or as a spreadsheet with format=xlsx.
func (s *Server) handleVehicleMileage(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Vehicle not found"))
		return
	}
	fe := fuelportal.FieldErrors{}
	q := r.URL.Query()
	from, to := queryText(fe, q, "dateFrom", "date"), queryText(fe, q, "dateTo", "date")
	format := strings.ToLower(queryText(fe, q, "format", "code"))
	if format != "" && format != "json" && format != "xlsx" {
		fe.Add("format", "Must be json or xlsx")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	m, err := s.Telematics.Mileage(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id, from, to)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if format != "xlsx" {
		respond(w, http.StatusOK, m)
		return
	}
	sheet, err := xlsx.NewSheet("Mileage "+m.UnitNumber, mileageColumns)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	defer sheet.Close()
	hundredths := func(v *float64) any {
		if v == nil {
			return nil
		}
		return int64(*v*100 + 0.5)
	}
	for _, d := range m.Days {
		if len(d.Miles) == 0 {
			if err := sheet.AddRow(d.Date, hundredths(d.StartOdometer), hundredths(d.EndOdometer), nil, nil, nil); err != nil {
				s.respondError(w, r, err)
				return
			}
		}
		for _, mi := range d.Miles {
			if err := sheet.AddRow(d.Date, hundredths(d.StartOdometer), hundredths(d.EndOdometer), mi.Jurisdiction, hundredths(&mi.Miles), mi.Source); err != nil {
				s.respondError(w, r, err)
				return
			}
		}
	}
	w.Header().Set("Content-Type", xlsx.ContentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="mileage-%d-%s-%s.xlsx"`, m.VehicleID, m.DateFrom, m.DateTo))
	w.WriteHeader(http.StatusOK)
	if _, err := sheet.WriteTo(w); err != nil {
		s.Logger.WarnContext(r.Context(), "mileage export write", "err", err)
	}
}

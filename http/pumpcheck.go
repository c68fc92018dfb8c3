package http

import (
	"net/http"
	"strconv"

	"fuelportal"
)

// The pump check (docs/product.md, "Pump check"): its settings for the
// company and each card group, the challenges put to a driver, and what a
// decision used (on the transaction, the authorization log, a vehicle's
// last fix).

// lastFixJSON is a vehicle's last fix on the wire.
type lastFixJSON struct {
	At            string   `json:"at"`
	Latitude      float64  `json:"latitude"`
	Longitude     float64  `json:"longitude"`
	SpeedMph      *float64 `json:"speedMph"`
	FuelPercent   *float64 `json:"fuelPercent"`
	OdometerMiles *float64 `json:"odometerMiles"`
	Source        string   `json:"source"`
}

// pumpChallengeAnswer is a driver's answer to a challenge: "yes" or "no".
type pumpChallengeAnswer struct {
	Answer string `json:"answer" text:"code"`
}

// pumpCheckRequest is a PUT body: every field required.
type pumpCheckRequest struct {
	Enabled          *bool                            `json:"enabled"`
	RadiusMiles      *float64                         `json:"radiusMiles"`
	FreshnessMinutes *int                             `json:"freshnessMinutes"`
	StaleChoice      *fuelportal.PumpCheckStaleChoice `json:"staleChoice" text:"code"`
}

func (req pumpCheckRequest) settings() (fuelportal.PumpCheckSettings, error) {
	fe := fuelportal.FieldErrors{}
	s := fuelportal.PumpCheckSettings{}
	if req.Enabled == nil {
		fe.Add("enabled", fuelportal.MsgFieldRequired)
	} else {
		s.Enabled = *req.Enabled
	}
	if req.RadiusMiles == nil {
		fe.Add("radiusMiles", fuelportal.MsgPumpRadiusBounds)
	} else {
		s.RadiusMiles = *req.RadiusMiles
	}
	if req.FreshnessMinutes == nil {
		fe.Add("freshnessMinutes", fuelportal.MsgPumpFreshnessBounds)
	} else {
		s.FreshnessMinutes = *req.FreshnessMinutes
	}
	if req.StaleChoice == nil {
		fe.Add("staleChoice", fuelportal.MsgPumpStaleChoice)
	} else {
		s.StaleChoice = *req.StaleChoice
	}
	return s, fe.Err()
}

func decodePumpCheck(w http.ResponseWriter, r *http.Request) (fuelportal.PumpCheckSettings, error) {
	var req pumpCheckRequest
	if err := decode(w, r, &req); err != nil {
		return fuelportal.PumpCheckSettings{}, err
	}
	return req.settings()
}

func (s *Server) handlePumpCheckGet(w http.ResponseWriter, r *http.Request) {
	settings, err := s.PumpCheck.Settings(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, settings)
}

func (s *Server) handlePumpCheckPut(w http.ResponseWriter, r *http.Request) {
	settings, err := decodePumpCheck(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.PumpCheck.SetSettings(r.Context(), memberScope(r), settings); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, settings)
}

// groupPumpCheckJSON is a group's pump check: Inherited when it follows
// its company's (the group has none of its own).
type groupPumpCheckJSON struct {
	fuelportal.PumpCheckSettings
	Inherited bool `json:"inherited"`
}

func groupID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fuelportal.Errorf(fuelportal.ENOTFOUND, "Group not found")
	}
	return id, nil
}

func (s *Server) handleGroupPumpCheckGet(w http.ResponseWriter, r *http.Request) {
	id, err := groupID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	settings, inherited, err := s.PumpCheck.GroupSettings(r.Context(), memberScope(r), id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, groupPumpCheckJSON{settings, inherited})
}

func (s *Server) handleGroupPumpCheckPut(w http.ResponseWriter, r *http.Request) {
	id, err := groupID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	settings, err := decodePumpCheck(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.PumpCheck.SetGroupSettings(r.Context(), memberScope(r), id, settings); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, groupPumpCheckJSON{settings, false})
}

// handleGroupPumpCheckDelete has the group follow its company's pump check again.
func (s *Server) handleGroupPumpCheckDelete(w http.ResponseWriter, r *http.Request) {
	id, err := groupID(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.PumpCheck.InheritGroupSettings(r.Context(), memberScope(r), id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pumpChallengeJSON is a challenge put to the driver.
type pumpChallengeJSON struct {
	*fuelportal.PumpChallenge
	Question  string `json:"question"`
	CreatedAt string `json:"createdAt"`
	ExpiresAt string `json:"expiresAt"`
}

func pumpChallengeFrom(c *fuelportal.PumpChallenge) pumpChallengeJSON {
	return pumpChallengeJSON{PumpChallenge: c, Question: c.Question(), CreatedAt: fuelportal.WireTime(c.CreatedAt), ExpiresAt: fuelportal.WireTime(c.ExpiresAt)}
}

func (s *Server) handlePumpChallengeList(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	list, err := s.PumpCheck.OpenChallenges(r.Context(), p.CompanyID, p.UserID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := struct {
		Value []pumpChallengeJSON `json:"value"`
	}{Value: make([]pumpChallengeJSON, len(list))}
	for i, c := range list {
		out.Value[i] = pumpChallengeFrom(c)
	}
	respond(w, http.StatusOK, out)
}

func (s *Server) handlePumpChallengeAnswer(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Challenge not found"))
		return
	}
	var req pumpChallengeAnswer
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	answer, err := fuelportal.ParsePumpAnswer(req.Answer)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	c, err := s.PumpCheck.Answer(r.Context(), p.CompanyID, p.UserID, id, answer)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, pumpChallengeFrom(c))
}

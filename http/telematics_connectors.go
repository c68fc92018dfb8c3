package http

import (
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/connectors"
)

// Telematics connectors (docs/feeds.md, "Telematics connectors"): the
// owner connects Samsara, Geotab or Motive with a token the server pulls
// positions with. The handlers decode, call connectors.Service and
// encode; a token is never answered.

// connectorResponse is a connector's state on the wire.
type connectorResponse struct {
	Vendor      string     `json:"vendor"`
	Configured  bool       `json:"configured"`
	Database    string     `json:"database,omitempty"`
	Server      string     `json:"server,omitempty"`
	ConnectedAt *time.Time `json:"connectedAt"`
	LastPullAt  *time.Time `json:"lastPullAt"`
	LastError   string     `json:"lastError"`
	LastErrorAt *time.Time `json:"lastErrorAt"`
	Unmatched   []string   `json:"unmatchedVehicles"`
	Positions   int64      `json:"positions"`
}

func connectorJSON(st connectors.Status) connectorResponse {
	utc := func(t *time.Time) *time.Time {
		if t == nil {
			return nil
		}
		u := t.UTC()
		return &u
	}
	out := connectorResponse{Vendor: string(st.Vendor), Configured: st.Configured, Database: st.Database, Server: st.Server,
		LastPullAt: utc(st.LastPullAt), LastError: st.LastError, LastErrorAt: utc(st.LastErrorAt), Unmatched: st.Unmatched, Positions: st.Positions}
	if st.Configured {
		out.ConnectedAt = utc(&st.CreatedAt)
	}
	if out.Unmatched == nil {
		out.Unmatched = []string{}
	}
	return out
}

// handleConnectorList answers the company's three connectors.
func (s *Server) handleConnectorList(w http.ResponseWriter, r *http.Request) {
	list, err := s.Connectors.Connectors(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]connectorResponse, 0, len(list))
	for _, st := range list {
		out = append(out, connectorJSON(st))
	}
	respond(w, http.StatusOK, map[string]any{"connectors": out})
}

// connectorRequest is a connector's settings.
type connectorRequest struct {
	Token    string `json:"token" text:"vendorToken"`
	Database string `json:"database"`
	Server   string `json:"server"`
}

// handleConnectorSave connects (or reconnects) a vendor: the token is
// tested with one vendor call (400 with the vendor's reason), then kept
// sealed; the answer is the connector's state, never the token.
func (s *Server) handleConnectorSave(w http.ResponseWriter, r *http.Request) {
	vendor, err := fuelportal.ParseTelematicsVendor(r.PathValue("vendor"))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req connectorRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	st, err := s.Connectors.Save(r.Context(), p.CompanyID, p.UserID, vendor,
		fuelportal.TelematicsConnectorInput{Token: req.Token, Database: req.Database, Server: req.Server})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, connectorJSON(*st))
}

// handleConnectorDelete disconnects a vendor: 404 when not connected.
func (s *Server) handleConnectorDelete(w http.ResponseWriter, r *http.Request) {
	vendor, err := fuelportal.ParseTelematicsVendor(r.PathValue("vendor"))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Connectors.Delete(r.Context(), PrincipalFromContext(r.Context()).CompanyID, vendor); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

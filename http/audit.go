package http

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/audit"
)

// auditEventDTO is one row of the audit trail on the wire. Before and
// After are JSON objects of the changed fields.
type auditEventDTO struct {
	ID            int64           `json:"id"`
	At            string          `json:"at"`
	ActorID       *int64          `json:"actorId"`
	ActorEmail    string          `json:"actorEmail"`
	ActorRole     string          `json:"actorRole"`
	Kind          string          `json:"kind"`
	ObjectType    string          `json:"objectType"`
	ObjectID      string          `json:"objectId"`
	Before        json.RawMessage `json:"before"`
	After         json.RawMessage `json:"after"`
	ClientAddress string          `json:"clientAddress"`
	RequestID     string          `json:"requestId"`
}

func auditEventFromDomain(e *fuelportal.AuditEvent) auditEventDTO {
	return auditEventDTO{ID: e.ID, At: fuelportal.WireTime(e.At), ActorID: optionalID(e.ActorID), ActorEmail: e.ActorEmail,
		ActorRole: e.ActorRole, Kind: string(e.Kind), ObjectType: e.ObjectType, ObjectID: e.ObjectID, Before: e.Before,
		After: e.After, ClientAddress: e.ClientAddress, RequestID: e.RequestID}
}

type auditPage struct {
	Content       []auditEventDTO `json:"content"`
	TotalElements int             `json:"totalElements"`
}

// auditQuery reads the trail's filter, page and format from the query,
// adding bad values to fe. Dates without a zone are read in loc; a "to"
// that is a date alone keeps its whole day.
func auditQuery(fe fuelportal.FieldErrors, r *http.Request, loc *time.Location) (q audit.Query) {
	v := r.URL.Query()
	if id := queryText(fe, v, "actorId", "code"); id != "" {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil || n < 1 {
			fe.Add("actorId", "Must be a user id")
		}
		q.ActorID = n
	}
	q.Kind = fuelportal.AuditKind(queryText(fe, v, "kind", "code"))
	q.ObjectType = queryText(fe, v, "objectType", "code")
	q.ObjectID = queryText(fe, v, "objectId", "code")
	for _, d := range []struct {
		name string
		to   *time.Time
	}{{"from", &q.From}, {"to", &q.To}} {
		if s := queryText(fe, v, d.name, "date"); s != "" && !fe.Has(d.name) {
			t, dateOnly, err := queryTime(s, loc)
			if err != nil {
				fe.Add(d.name, "Must be a date like 2026-11-22 or a time like 2026-11-22T23:59:59-06:00")
			}
			if dateOnly && d.name == "to" {
				t = nextDay(t, loc)
			}
			*d.to = t
		}
	}
	switch strings.ToLower(queryText(fe, v, "format", "code")) {
	case "", "json":
	case "csv":
		q.Export = true
	default:
		fe.Add("format", "Must be json or csv")
	}
	defaultSize := defaultPageSize
	if q.Export {
		defaultSize = audit.MaxExportRows
	}
	q.Page = queryInt(fe, v, "page", 0, 0, audit.MaxPage)
	q.Size = queryInt(fe, v, "size", defaultSize, 1, max(audit.MaxPageSize, audit.MaxExportRows))
	return q
}

// handleAuditList answers one page of the caller's company's audit
// trail, newest first, as JSON or (format=csv) as a CSV file.
func (s *Server) handleAuditList(w http.ResponseWriter, r *http.Request) {
	companyID := PrincipalFromContext(r.Context()).CompanyID
	loc, err := s.companyLocation(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	q := auditQuery(fe, r, loc)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	events, total, err := s.Audit.Events(r.Context(), companyID, q)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if q.Export {
		writeAuditCSV(w, events)
		return
	}
	res := auditPage{Content: make([]auditEventDTO, 0, len(events)), TotalElements: total}
	for _, e := range events {
		res.Content = append(res.Content, auditEventFromDomain(e))
	}
	respond(w, http.StatusOK, res)
}

// auditCSVColumns are the export's columns, the JSON's names.
var auditCSVColumns = []string{"id", "at", "actorId", "actorEmail", "actorRole", "kind", "objectType", "objectId",
	"before", "after", "clientAddress", "requestId"}

func writeAuditCSV(w http.ResponseWriter, events []*fuelportal.AuditEvent) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="audit.csv"`)
	w.WriteHeader(http.StatusOK)
	cw := csv.NewWriter(w)
	_ = cw.Write(auditCSVColumns)
	for _, e := range events {
		actor := ""
		if e.ActorID != 0 {
			actor = strconv.FormatInt(e.ActorID, 10)
		}
		cells := []string{strconv.FormatInt(e.ID, 10), fuelportal.WireTime(e.At), actor, e.ActorEmail, e.ActorRole, string(e.Kind),
			e.ObjectType, e.ObjectID, string(e.Before), string(e.After), e.ClientAddress, e.RequestID}
		for i, c := range cells {
			cells[i] = fuelportal.SpreadsheetSafe(c)
		}
		_ = cw.Write(cells)
	}
	cw.Flush()
}

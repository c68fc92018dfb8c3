package http

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// maxBodyBytes bounds every JSON request body.
const maxBodyBytes = 1 << 20

// errorStatus maps error codes to HTTP statuses.
var errorStatus = map[string]int{
	fuelportal.EINVALID:         http.StatusBadRequest,
	fuelportal.EUNAUTHORIZED:    http.StatusUnauthorized,
	fuelportal.EFORBIDDEN:       http.StatusForbidden,
	fuelportal.EPENDING:         http.StatusForbidden,
	fuelportal.ENOTFOUND:        http.StatusNotFound,
	fuelportal.ECONFLICT:        http.StatusConflict,
	fuelportal.EUNPROCESSABLE:   http.StatusUnprocessableEntity,
	fuelportal.ETOOMANYREQUESTS: http.StatusTooManyRequests,
	fuelportal.EUNAVAILABLE:     http.StatusServiceUnavailable,
	fuelportal.EINTERNAL:        http.StatusInternalServerError,
}

// ErrorStatus returns the HTTP status for an error code (500 when unknown).
func ErrorStatus(code string) int {
	if status, ok := errorStatus[code]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// errorResponse is the one error shape on the wire. Message is a string, or
// a map from field name to messages for validation errors; Codes, when the
// error has them, gives those messages as codes with their values.
type errorResponse struct {
	Status  int                                 `json:"status"`
	Message any                                 `json:"message"`
	Codes   map[string][]fuelportal.MessageCode `json:"codes,omitempty"`
}

// respond writes v as JSON with status.
func respond(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// StatusClientClosedRequest is the status logged for a request whose caller
// went away before it was answered (nginx's 499): nobody receives it.
const StatusClientClosedRequest = 499

// unavailableRetryAfter is the Retry-After, in seconds, of a 503 answered
// while the database cannot be reached.
const unavailableRetryAfter = 5

// respondError writes err in the one error shape. Internal errors are logged
// with the request and answered with a generic message; a database outage
// (store.IsUnavailable) is a 503 with Retry-After, never a 500; a request
// whose caller has gone is logged as canceled with status 499.
func (s *Server) respondError(w http.ResponseWriter, r *http.Request, err error) {
	code := fuelportal.ErrorCode(err)
	status := ErrorStatus(code)
	var message any = fuelportal.ErrorMessage(err)
	var codes map[string][]fuelportal.MessageCode
	if fields := fuelportal.ErrorFields(err); len(fields) > 0 {
		message, codes = fields, fuelportal.ErrorCodes(err)
	}
	switch {
	case code == fuelportal.EINTERNAL && r.Context().Err() != nil:
		// The caller went away (or the server is shutting down) while the
		// request was being served: the store's error only reports that, and
		// nobody reads the answer. Not an internal error.
		s.Logger.InfoContext(r.Context(), "request canceled", "method", r.Method, "path", r.URL.Path, "err", err)
		status, message = StatusClientClosedRequest, "Request canceled"
	case code == fuelportal.EINTERNAL:
		s.Logger.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
		message = "Something went wrong. Please try again later."
	case store.IsUnavailable(err):
		s.Logger.WarnContext(r.Context(), "database unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		w.Header().Set("Retry-After", strconv.Itoa(unavailableRetryAfter))
	case status == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "":
		// Every 503 says when to try again (a capture whose authorization
		// is not recorded yet, a service not configured), unless its
		// handler already said (the busy planner).
		w.Header().Set("Retry-After", strconv.Itoa(unavailableRetryAfter))
	}
	respond(w, status, errorResponse{Status: status, Message: message, Codes: codes})
}

// respondTooManyRequests answers 429 with a Retry-After header in whole
// seconds (rounded up).
func (s *Server) respondTooManyRequests(w http.ResponseWriter, r *http.Request, retryAfter time.Duration) {
	seconds := int((retryAfter + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(seconds, 1)))
	s.respondError(w, r, fuelportal.Errorf(fuelportal.ETOOMANYREQUESTS, "Too many requests - Please try again later"))
}

// handleAPINotFound answers any /api path no route matched.
func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "No API endpoint %s %s", r.Method, r.URL.Path))
}

package http

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"fuelportal"
)

// maxBodyBytes bounds every JSON request body.
const maxBodyBytes = 1 << 20

// errorStatus maps error codes to HTTP statuses.
var errorStatus = map[string]int{
	fuelportal.EINVALID:         http.StatusBadRequest,
	fuelportal.EUNAUTHORIZED:    http.StatusUnauthorized,
	fuelportal.EFORBIDDEN:       http.StatusForbidden,
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
// a map from field name to messages for validation errors.
type errorResponse struct {
	Status  int `json:"status"`
	Message any `json:"message"`
}

// decode reads the JSON request body into v. A missing, oversized or
// malformed body is an EINVALID *fuelportal.Error with a message saying why.
// Unknown fields are ignored: the web app sends form-only fields too.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxBodyBytes)
	return decodeJSON(body, v)
}

func decodeJSON(body io.Reader, v any) error {
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		var syntaxErr *json.SyntaxError
		var typeErr *json.UnmarshalTypeError
		var tooLarge *http.MaxBytesError
		switch {
		case errors.Is(err, io.EOF):
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body is required")
		case errors.As(err, &tooLarge):
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body must not exceed %d bytes", tooLarge.Limit)
		case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body is not valid JSON")
		case errors.As(err, &typeErr) && typeErr.Field != "":
			return fuelportal.FieldError(typeErr.Field, fmt.Sprintf("Must be a %s", jsonKind(typeErr.Type.Kind().String())))
		case errors.As(err, &typeErr):
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body must be a JSON object")
		default:
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body is not valid JSON")
		}
	}
	if dec.More() {
		return fuelportal.Errorf(fuelportal.EINVALID, "Request body must hold a single JSON value")
	}
	return nil
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map":
		return "object"
	default:
		return "number"
	}
}

// respond writes v as JSON with status.
func respond(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// respondError writes err in the one error shape. Internal errors are logged
// with the request and answered with a generic message.
func (s *Server) respondError(w http.ResponseWriter, r *http.Request, err error) {
	code := fuelportal.ErrorCode(err)
	status := ErrorStatus(code)
	var message any = fuelportal.ErrorMessage(err)
	if fields := fuelportal.ErrorFields(err); len(fields) > 0 {
		message = fields
	}
	if code == fuelportal.EINTERNAL {
		s.Logger.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
		message = "Something went wrong. Please try again later."
	}
	respond(w, status, errorResponse{Status: status, Message: message})
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

// Package fuelportal holds the domain of the fuel-card portal: companies,
// users, fuel cards, their validation rules and the error type every layer
// shares. It imports no other package of this module.
package fuelportal

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Error codes. Each maps to one HTTP status in the http package.
const (
	EINVALID         = "invalid"           // 400: the request is malformed or fails validation
	EUNAUTHORIZED    = "unauthorized"      // 401: no valid credentials
	EFORBIDDEN       = "forbidden"         // 403: authenticated but not allowed
	EPENDING         = "pending_approval"  // 403: a driver waits for the company's approval
	ENOTFOUND        = "not_found"         // 404: the resource does not exist (for this caller)
	ECONFLICT        = "conflict"          // 409: the request conflicts with existing state
	EUNPROCESSABLE   = "unprocessable"     // 422: well-formed but cannot be carried out
	ETOOMANYREQUESTS = "too_many_requests" // 429: a rate limit was hit
	EUNAVAILABLE     = "unavailable"       // 503: a dependency is down
	EINTERNAL        = "internal"          // 500: a bug or an unexpected failure
)

// Error is an error meant for the user of the application. Message is safe to
// show; Fields, when set, maps a request field name to its messages.
type Error struct {
	Code    string
	Message string
	Fields  map[string][]string
	// Codes, when set, gives a field's messages (same keys, same order) as
	// stable codes with the values they name, for a client that words them
	// in its reader's language; Fields keeps the English.
	Codes map[string][]MessageCode
}

// MessageCode is one message as a stable code and the values it names
// (such as a file's line, column and value), e.g. {"jurisdiction_not_member",
// {"line": 4, "column": "jurisdiction", "value": "XX"}}.
type MessageCode struct {
	Code   string         `json:"code"`
	Params map[string]any `json:"params,omitempty"`
}

// Error implements the error interface.
func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return fmt.Sprintf("fuelportal error: code=%s message=%s", e.Code, e.Message)
	}
	return fmt.Sprintf("fuelportal error: code=%s message=%s fields=%v", e.Code, e.Message, e.Fields)
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code string, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL
// for any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a
// generic message for any other non-nil error (its text may hold internals).
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// ErrorFields returns the field messages of the first *Error in err's chain.
func ErrorFields(err error) map[string][]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// ErrorCodes returns the message codes of the first *Error in err's chain.
func ErrorCodes(err error) map[string][]MessageCode {
	var e *Error
	if errors.As(err, &e) {
		return e.Codes
	}
	return nil
}

// FieldErrors collects validation messages per request field.
type FieldErrors map[string][]string

// Add records message for field.
func (fe FieldErrors) Add(field, message string) {
	fe[field] = append(fe[field], message)
}

// Has reports whether field has at least one message.
func (fe FieldErrors) Has(field string) bool { return len(fe[field]) > 0 }

// Err returns nil when nothing was collected, otherwise an EINVALID *Error
// carrying a copy of the messages.
func (fe FieldErrors) Err() error {
	if len(fe) == 0 {
		return nil
	}
	fields := maps.Clone(map[string][]string(fe))
	for k, v := range fields {
		fields[k] = slices.Clone(v)
	}
	return &Error{Code: EINVALID, Message: "Validation failed", Fields: fields}
}

// FieldError returns an EINVALID *Error with one message for one field.
func FieldError(field, message string) *Error {
	return &Error{Code: EINVALID, Message: "Validation failed", Fields: map[string][]string{field: {message}}}
}

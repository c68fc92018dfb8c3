package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"fuelportal"
)

// Every string of a request is checked here, once, as it is decoded
// (fuelportal.TextRule: UTF-8, no control characters, a maximum length):
// JSON bodies by decode, path and query parameters by pathText and
// queryText. A bad one is a 400 field error before any handler logic, so
// no database sees text it cannot store.

// decode reads the JSON request body into v. A missing, oversized or
// malformed body is an EINVALID *fuelportal.Error with a message saying why,
// and so is a string field breaking its text rule (a field error).
// Unknown fields are ignored: the web app sends form-only fields too.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxBodyBytes)
	return decodeJSON(body, v)
}

func decodeJSON(body io.Reader, v any) error {
	data, err := io.ReadAll(body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return fuelportal.Errorf(fuelportal.EINVALID, "Request body must not exceed %d bytes", tooLarge.Limit)
	} else if err != nil {
		return fuelportal.Errorf(fuelportal.EINVALID, "Request body could not be read")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		var syntaxErr *json.SyntaxError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return fuelportal.Errorf(fuelportal.EINVALID, "Request body is required")
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
	return checkDecodedText(v, utf8.Valid(data))
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

// defaultTextRule names the rule of string fields without a text tag.
const defaultTextRule = "text"

// checkDecodedText checks every string v holds against the rule its struct
// field names with a `text:"rule"` tag (fuelportal.TextRules). encoding/json
// turns invalid UTF-8 into U+FFFD, so when the body was not UTF-8
// (validUTF8 false) a string holding U+FFFD is the bad one.
func checkDecodedText(v any, validUTF8 bool) error {
	fe := fuelportal.FieldErrors{}
	walkText(fe, reflect.ValueOf(v), "", fuelportal.Rule(defaultTextRule), !validUTF8)
	if err := fe.Err(); err != nil {
		return err
	} else if !validUTF8 {
		return fuelportal.Errorf(fuelportal.EINVALID, "Request body is not valid UTF-8")
	}
	return nil
}

// walkText checks the strings in v, reached as field, against rule.
// A field gets at most one message, however many strings it holds.
func walkText(fe fuelportal.FieldErrors, v reflect.Value, field string, rule fuelportal.TextRule, badUTF8 bool) {
	switch v.Kind() {
	case reflect.String:
		if fe.Has(field) {
			return
		}
		s := v.String()
		if badUTF8 && strings.ContainsRune(s, utf8.RuneError) {
			fe.Add(fieldName(field), fuelportal.MsgTextNotUTF8)
			return
		}
		rule.CheckText(fe, fieldName(field), s)
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkText(fe, v.Elem(), field, rule, badUTF8)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // json.RawMessage and []byte: parsed by their own code
		}
		for i := 0; i < v.Len() && !fe.Has(fieldName(field)); i++ {
			walkText(fe, v.Index(i), field, rule, badUTF8)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() && !fe.Has(fieldName(field)) {
			walkText(fe, iter.Key(), field, rule, badUTF8)
			walkText(fe, iter.Value(), field, rule, badUTF8)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" && !sf.Anonymous {
				name = sf.Name
			}
			child := field
			if name != "" {
				child = joinField(field, name)
			}
			childRule := rule
			if tag, ok := sf.Tag.Lookup("text"); ok {
				childRule = fuelportal.Rule(tag)
			} else if name != "" {
				childRule = fuelportal.Rule(defaultTextRule)
			}
			walkText(fe, v.Field(i), child, childRule, badUTF8)
		}
	}
}

func joinField(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// fieldName is the name of a top-level value in messages.
func fieldName(field string) string {
	if field == "" {
		return "body"
	}
	return field
}

// pathText returns the path parameter name, adding a field error to fe
// when it breaks the named text rule.
func pathText(fe fuelportal.FieldErrors, r *http.Request, name, rule string) string {
	v := r.PathValue(name)
	fuelportal.Rule(rule).CheckText(fe, name, v)
	return v
}

// queryText returns the query parameter name ("" when absent), adding a
// field error to fe when it breaks the named text rule.
func queryText(fe fuelportal.FieldErrors, q url.Values, name, rule string) string {
	v := q.Get(name)
	fuelportal.Rule(rule).CheckText(fe, name, v)
	return v
}

// queryFloat parses a required query number within [lo, hi], adding
// "<Label> is required" or "<Label> must be a number from lo to hi" to fe.
func queryFloat(fe fuelportal.FieldErrors, text, field, label string, lo, hi float64) float64 {
	if strings.TrimSpace(text) == "" {
		fe.Add(field, label+" is required")
		return 0
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil || math.IsNaN(v) || v < lo || v > hi {
		fe.Add(field, fmt.Sprintf("%s must be a number from %g to %g", label, lo, hi))
		return 0
	}
	return v
}

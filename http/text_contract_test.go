package http

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fuelportal"
)

// requestBodies names the Go type each JSON request body decodes into;
// nil for a body not decoded with decode (the signed Stripe webhook, the CSV feed).
var requestBodies = map[string]any{
	"PUT /api/wex/company/statement-settings":             statementSettingsDTO{},
	"PUT /api/wex/company/pump-check":                     pumpCheckRequest{},
	"PUT /api/wex/company/groups/{id}/pump-check":         pumpCheckRequest{},
	"POST /api/wex/challenges/{id}":                       pumpChallengeAnswer{},
	"PUT /api/wex/company/telematics/connectors/{vendor}": connectorRequest{},
	"POST /api/authenticate":                              credentialsRequest{},
	"POST /api/refreshToken":                              refreshRequest{},
	"PUT /api/account":                                    accountUpdateRequest{},
	"POST /api/push/subscriptions":                        pushSubscriptionRequest{},
	"DELETE /api/push/subscriptions":                      pushUnsubscribeRequest{},
	"PUT /api/account/notifications":                      notificationSettingsRequest{},
	"PUT /api/wex/company/wallet/low-balance":             walletLowRequest{},
	"POST /api/account/change-password":                   changePasswordRequest{},
	"POST /api/company/account/create":                    ownerSignUpRequest{},
	"POST /api/account/create":                            driverSignUpRequest{},
	"POST /api/account/reset-password/init":               resetInitRequest{},
	"POST /api/account/reset-password/check":              resetCheckRequest{},
	"POST /api/reset-password/check":                      resetCheckRequest{},
	"POST /api/account/reset-password/complete":           resetCompleteRequest{},
	"POST /api/reset-password/complete":                   resetCompleteRequest{},
	"POST /api/locations/near-route":                      []pointJSON{},
	"POST /api/maps/route":                                routeRequest{},
	"POST /api/assistant/plan":                            planRequest{},
	"PUT /api/wex/company/update-card":                    cardDTO{},
	"POST /api/wex/company/cards":                         cardOrderRequest{},
	"PUT /api/wex/company/contract/planner-costs":         plannerCostsRequest{},
	"POST /api/network/transactions":                      networkPurchaseRequest{},
	"POST /api/network/authorizations":                    networkAuthorizationRequest{},
	"DELETE /api/payments/detach":                         detachRequest{},
	"POST /api/payments/payment-intent":                   paymentIntentRequest{},
	"POST /api/payments/webhook":                          nil,
	"POST /api/issuing/stripe/webhook":                    nil,
	"PUT /api/wex/company/authorization-settings":         authorizationSettings{},
	"POST /api/feed/prices":                               nil, // CSV: the feed package checks each field
	"POST /api/trips":                                     tripCreateRequest{},
	"POST /api/trips/{id}/replan":                         tripReplanRequest{},
	"POST /api/trips/{id}/end-request":                    tripEndRequestBody{},
	"POST /api/trips/{id}/replan-request":                 tripReplanRequestBody{},
	"PUT /api/wex/company/controls":                       companyControlsRequest{},
	"PUT /api/wex/company/cards/{cardNumber}/controls":    ControlsRequest{},
	"POST /api/wex/company/cards/{cardNumber}/override":   overrideRequest{},
	"POST /api/wex/cards/{cardNumber}/reveal":             cardRevealRequest{},
	"POST /api/wex/company/webhooks":                      webhookEndpointBody{},
	"PUT /api/wex/company/webhooks/{id}":                  webhookEndpointBody{},
	"PATCH /api/wex/company/members/{id}":                 memberChangeRequest{},
	"POST /api/wex/company/groups":                        groupCreateRequest{},
	"PATCH /api/wex/company/groups/{id}":                  groupCreateRequest{},
	"PUT /api/wex/company/cards/{cardNumber}/group":       groupRequest{},
	"PUT /api/wex/company/vehicles/{id}/group":            groupRequest{},
	"POST /api/wex/company/invitations":                   invitationCreateRequest{},
	"POST /api/invitations/{token}/accept":                invitationAcceptRequest{},
	"POST /api/wex/company/vehicles":                      vehicleRequest{},
	"PUT /api/wex/company/vehicles/{id}":                  vehicleRequest{},
	"POST /api/wex/company/vehicles/import":               nil, // CSV: feed.ParseVehicles checks each field
	"POST /api/wex/company/ifta/rates":                    nil, // CSV: ifta.ParseRatesCSV checks each field
	"POST /api/telematics/traccar":                        traccarForward{},
	"POST /api/wex/company/vehicles/{id}/odometer":        odometerRequest{},
	"POST /api/wex/odometer":                              driverOdometerRequest{},
	"PUT /api/wex/company/transactions/{id}/coding":       fuelportal.Coding{},
	"POST /api/wex/company/transactions/coding":           codingRequest{},
	"PUT /api/wex/transactions/{id}/job":                  jobRequest{},
	"POST /api/wex/company/coding-rules":                  codingRuleRequest{},
	"PUT /api/wex/company/coding-rules/{id}":              codingRuleRequest{},
	"PUT /api/wex/company/cards/{cardNumber}/require-job": requireJobRequest{},
	"PUT /api/wex/company/accounting/qbo/mapping":         qboMappingRequest{},
	"POST /api/wex/company/accounting/qbo/push":           qboPushRequest{},
}

// textParams names the text rule of each string path, query and header
// parameter the handlers read with pathText, queryText or a rule.
var textParams = map[string]string{
	"POST /api/network/authorizations/{authorizationId}/reversal authorizationId": "authorizationId",
	"GET /api/account/check/email/{email} email":                                  "email",
	"GET /api/account/check/cardNumber/{cardNumber} cardNumber":                   "cardNumber",
	"POST /api/wex/cards/{cardNumber}/reveal cardNumber":                          "cardNumber",
	"POST /api/invitations/{token}/accept token":                                  "token",
	"PUT /api/wex/company/cards/{cardNumber}/group cardNumber":                    "cardNumber",
	"GET /api/locations orderBy":                                                  "code",
	"GET /api/locations chainCode":                                                "codeList",
	"POST /api/locations/near-route chainCodes":                                   "codeList",
	"GET /api/locations/map chainCode":                                            "codeList",
	"GET /api/maps/geocode q":                                                     "geocodeQuery",
	"GET /api/wex/company/get-cards searchText":                                   "searchText",
	"POST /api/payments/payment-intent Idempotency-Key":                           "idempotencyKey",
	"GET /api/trips status":                                                       "code",
	"GET /api/trips cardNumber":                                                   "cardNumber",
	"GET /api/wex/company/trip-requests status":                                   "code",
	"GET /api/wex/company/alerts kind":                                            "code",
	"GET /api/wex/company/audit kind":                                             "code",
	"GET /api/wex/company/audit objectType":                                       "code",
	"GET /api/wex/company/audit objectId":                                         "code",
	"GET /api/wex/company/audit from":                                             "date",
	"GET /api/wex/company/audit to":                                               "date",
	"GET /api/wex/company/audit format":                                           "code",
	"GET /api/wex/company/compliance dateFrom":                                    "date",
	"GET /api/wex/company/compliance dateTo":                                      "date",
	"GET /api/wex/company/compliance/export dateFrom":                             "date",
	"GET /api/wex/company/compliance/export dateTo":                               "date",
	"GET /api/wex/company/vehicles/{id}/mileage dateFrom":                         "date",
	"GET /api/wex/company/vehicles/{id}/mileage dateTo":                           "date",
	"GET /api/wex/company/vehicles/{id}/mileage format":                           "code",
	"GET /api/wex/company/cards/{cardNumber}/controls cardNumber":                 "cardNumber",
	"PUT /api/wex/company/cards/{cardNumber}/controls cardNumber":                 "cardNumber",
	"POST /api/wex/company/cards/{cardNumber}/override cardNumber":                "cardNumber",
	"DELETE /api/wex/company/cards/{cardNumber}/override cardNumber":              "cardNumber",
	"PUT /api/wex/company/cards/{cardNumber}/require-job cardNumber":              "cardNumber",
	"GET /api/wex/company/transactions missingJob":                                "code",
	"GET /api/wex/transactions missingJob":                                        "code",
	"GET /api/wex/company/transactions uncoded":                                   "code",
	"GET /api/wex/company/accounting/export format":                               "code",
	"GET /api/wex/company/accounting/export from":                                 "date",
	"GET /api/wex/company/accounting/export to":                                   "date",
	"GET /api/accounting/qbo/callback code":                                       "oauthParam",
	"GET /api/accounting/qbo/callback state":                                      "oauthParam",
	"GET /api/accounting/qbo/callback realmId":                                    "oauthParam",
	"GET /api/accounting/qbo/callback error":                                      "oauthParam",
}

// strictParams are string parameters parsed whole into something else (a
// number, a known file name) or compared as secrets, never stored or
// queried as text.
var strictParams = map[string]bool{
	"GET /api/wex/company/statements/{id} format":                               true,
	"GET /api/wex/company/statements/{id} lang":                                 true,
	"PUT /api/wex/company/telematics/connectors/{vendor} vendor":                true,
	"DELETE /api/wex/company/telematics/connectors/{vendor} vendor":             true,
	"GET /api/locations/logos/{file} file":                                      true,
	"GET /api/wex/company/transactions/{id} id":                                 true,
	"PUT /api/wex/company/transactions/{id}/coding id":                          true,
	"PUT /api/wex/transactions/{id}/job id":                                     true,
	"PUT /api/wex/company/coding-rules/{id} id":                                 true,
	"DELETE /api/wex/company/coding-rules/{id} id":                              true,
	"GET /api/wex/transactions/{id} id":                                         true,
	"POST /api/wex/company/driver-requests/{id}/approve id":                     true,
	"POST /api/wex/company/driver-requests/{id}/reject id":                      true,
	"GET /api/locations/map bbox":                                               true,
	"POST /api/feed/prices X-Feed-Key":                                          true,
	"POST /api/network/transactions X-Network-Key":                              true,
	"POST /api/network/authorizations X-Network-Key":                            true,
	"POST /api/network/authorizations/{authorizationId}/reversal X-Network-Key": true,
	"POST /api/payments/webhook Stripe-Signature":                               true,
	"POST /api/issuing/stripe/webhook Stripe-Signature":                         true,
	"GET /api/trips/{id} id":                                                    true,
	"GET /api/trips/{id}/plans id":                                              true,
	"POST /api/trips/{id}/replan id":                                            true,
	"POST /api/trips/{id}/complete id":                                          true,
	"POST /api/trips/{id}/cancel id":                                            true,
	"GET /api/trips/{id}/requests id":                                           true,
	"POST /api/trips/{id}/end-request id":                                       true,
	"POST /api/trips/{id}/replan-request id":                                    true,
	"POST /api/wex/company/trip-requests/{id}/approve id":                       true,
	"POST /api/wex/company/trip-requests/{id}/deny id":                          true,
	"PUT /api/wex/company/webhooks/{id} id":                                     true,
	"DELETE /api/wex/company/webhooks/{id} id":                                  true,
	"PATCH /api/wex/company/members/{id} id":                                    true,
	"DELETE /api/wex/company/members/{id} id":                                   true,
	"DELETE /api/wex/company/invitations/{id} id":                               true,
	"GET /api/wex/company/webhooks/{id}/deliveries id":                          true,
	"POST /api/wex/company/webhooks/deliveries/{id}/resend id":                  true,
	"GET /api/wex/company/transactions/{id}/receipt id":                         true,
	"GET /api/wex/transactions/{id}/receipt id":                                 true,
	"GET /api/wex/company/transactions/{id}/receipt lang":                       true,
	"GET /api/wex/transactions/{id}/receipt lang":                               true,
	"GET /api/wex/company/vehicles/{id} id":                                     true,
	"POST /api/notifications/{id}/read id":                                      true,
	"PUT /api/wex/company/vehicles/{id} id":                                     true,
	"DELETE /api/wex/company/vehicles/{id} id":                                  true,
	"PUT /api/wex/company/vehicles/{id}/group id":                               true,
	"GET /api/wex/company/vehicles/{id}/mileage id":                             true,
	"GET /api/wex/company/vehicles/{id}/odometer id":                            true,
	"POST /api/wex/company/vehicles/{id}/odometer id":                           true,
}

func init() {
	for _, base := range []string{"/api/wex/company/transactions", "/api/wex/transactions"} {
		for _, path := range []string{base, base + "/export"} {
			for param, rule := range map[string]string{"sort": "code", "searchText": "searchText", "dateFrom": "date", "dateTo": "date", "cardNumber": "cardNumber"} {
				textParams["GET "+path+" "+param] = rule
			}
		}
	}
}

type openAPIDoc struct {
	Components struct {
		Schemas map[string]*openAPISchema `json:"schemas"`
	} `json:"components"`
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

type openAPISchema struct {
	Ref        string                    `json:"$ref"`
	Type       string                    `json:"type"`
	MaxLength  *int                      `json:"maxLength"`
	Pattern    string                    `json:"pattern"`
	Properties map[string]*openAPISchema `json:"properties"`
	Items      *openAPISchema            `json:"items"`
	OneOf      []*openAPISchema          `json:"oneOf"`
}

type openAPIOperation struct {
	Parameters []struct {
		Name   string         `json:"name"`
		In     string         `json:"in"`
		Schema *openAPISchema `json:"schema"`
	} `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema *openAPISchema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

// noControlPattern is the pattern openapi.json gives every request string.
const noControlPattern = "^[^\u0000-\u001f\u007f-\u009f]*$"

// contractStrings lists the string fields of a schema by dotted path.
func contractStrings(doc *openAPIDoc, s *openAPISchema, path string, out map[string]*openAPISchema) {
	if s == nil {
		return
	}
	if s.Ref != "" {
		s = doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	switch s.Type {
	case "string":
		out[path] = s
	case "array":
		contractStrings(doc, s.Items, path, out)
	}
	for name, p := range s.Properties {
		contractStrings(doc, p, joinField(path, name), out)
	}
	for _, alt := range s.OneOf { // one object or an array of them: the same fields
		if alt.Type != "string" && alt.Type != "number" && alt.Type != "integer" {
			contractStrings(doc, alt, path, out)
		}
	}
}

var jsonNumberType = reflect.TypeOf(json.Number(""))

// goStrings lists the string fields of a request type by dotted path with
// the rule decode checks them against (the walkText rules).
func goStrings(t reflect.Type, path string, rule fuelportal.TextRule, out map[string]fuelportal.TextRule) {
	switch t.Kind() {
	case reflect.String:
		if t != jsonNumberType {
			out[path] = rule
		}
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if t.Elem().Kind() != reflect.Uint8 {
			goStrings(t.Elem(), path, rule, out)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if !sf.IsExported() || name == "-" {
				continue
			}
			childRule := fuelportal.Rule(defaultTextRule)
			if tag, ok := sf.Tag.Lookup("text"); ok {
				childRule = fuelportal.Rule(tag)
			}
			if name == "" && sf.Anonymous { // embedded: its fields are the parent's, as for encoding/json
				goStrings(sf.Type, path, rule, out)
				continue
			}
			goStrings(sf.Type, joinField(path, cmpOr(name, sf.Name)), childRule, out)
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestTextLimits_ContractMatchesTheDecoder keeps openapi.json's maxLength
// of every request string equal to the rule the server applies, and makes
// every new request body or string parameter name its rule.
func TestTextLimits_ContractMatchesTheDecoder(t *testing.T) {
	var doc openAPIDoc
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	seenBodies, seenParams := map[string]bool{}, map[string]bool{}
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			if method == "parameters" {
				continue
			}
			var op openAPIOperation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			route := strings.ToUpper(method) + " " + path
			for _, p := range op.Parameters {
				if p.Schema == nil || p.Schema.Type != "string" {
					continue
				}
				key := route + " " + p.Name
				rule, ok := textParams[key]
				switch {
				case strictParams[key]:
					continue
				case !ok:
					t.Errorf("%s: string parameter without a text rule: add it to textParams (and read it with pathText/queryText)", key)
					continue
				}
				seenParams[key] = true
				checkLimit(t, key, p.Schema, fuelportal.Rule(rule))
			}
			if op.RequestBody == nil {
				continue
			}
			goType, ok := requestBodies[route]
			if !ok {
				t.Errorf("%s: request body without a Go type in requestBodies", route)
				continue
			}
			seenBodies[route] = true
			content, ok := op.RequestBody.Content["application/json"]
			if goType == nil || !ok {
				continue
			}
			contract := map[string]*openAPISchema{}
			contractStrings(&doc, content.Schema, "", contract)
			decoded := map[string]fuelportal.TextRule{}
			goStrings(reflect.TypeOf(goType), "", fuelportal.Rule(defaultTextRule), decoded)
			for field, rule := range decoded {
				s, ok := contract[field]
				if !ok {
					t.Errorf("%s: Go field %s is not a string of the contract", route, field)
					continue
				}
				checkLimit(t, route+" "+field, s, rule)
			}
			for field := range contract {
				if _, ok := decoded[field]; !ok {
					t.Errorf("%s: contract string %s is not decoded into a Go string", route, field)
				}
			}
		}
	}
	for route := range requestBodies {
		if !seenBodies[route] {
			t.Errorf("requestBodies names %s, which openapi.json lacks", route)
		}
	}
	for key := range textParams {
		if !seenParams[key] {
			t.Errorf("textParams names %s, which openapi.json lacks", key)
		}
	}
}

func checkLimit(t *testing.T, what string, s *openAPISchema, rule fuelportal.TextRule) {
	t.Helper()
	if s.MaxLength == nil || *s.MaxLength != rule.MaxLength {
		got := "none"
		if s.MaxLength != nil {
			got = strconv.Itoa(*s.MaxLength)
		}
		t.Errorf("%s: openapi.json maxLength %s, the server allows %d", what, got, rule.MaxLength)
	}
	if s.Pattern != noControlPattern {
		t.Errorf("%s: openapi.json pattern %q, want %q", what, s.Pattern, noControlPattern)
	}
}

package fuelportal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Actor is who makes a change: a signed-in person (UserID, Email, Role) or
// an API caller (Token names the token; UserID 0), from ClientAddress, in
// the request RequestID. The http auth middleware puts it in the request's
// context (NewContextWithActor); the store reads it there when it writes
// the audit row of a change (store.Tx.Audit). A change made with no actor
// in its context (a feed, a schedule, the demo seed) is the system's and
// is not audited.
type Actor struct {
	UserID        int64
	Email         string
	Role          string // MemberRole of the person; "api" for a token caller
	Token         string // the API token's name, "" for a person
	ClientAddress string
	RequestID     string
}

type actorKey struct{}

// NewContextWithActor returns ctx carrying a.
func NewContextWithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFromContext returns the actor of ctx, false when there is none.
func ActorFromContext(ctx context.Context) (Actor, bool) {
	a, ok := ctx.Value(actorKey{}).(Actor)
	return a, ok
}

// AuditKind names the change an audit row records: "<object>.<verb>".
type AuditKind string

// Audit kinds.
const (
	AuditCardOrdered           AuditKind = "card.ordered"
	AuditCardUpdated           AuditKind = "card.updated"
	AuditCardRevealed          AuditKind = "card.revealed"
	AuditCardControlsSet       AuditKind = "card.controls_set"
	AuditCompanyControlsSet    AuditKind = "company.controls_set"
	AuditCompanySettingsSet    AuditKind = "company.settings_set"
	AuditOverrideGranted       AuditKind = "override.granted"
	AuditOverrideEnded         AuditKind = "override.ended"
	AuditOverrideRequested     AuditKind = "override.requested"
	AuditOverrideDecided       AuditKind = "override.decided"
	AuditTripCreated           AuditKind = "trip.created"
	AuditTripUpdated           AuditKind = "trip.updated"
	AuditTripReplanned         AuditKind = "trip.replanned"
	AuditTripEnded             AuditKind = "trip.ended"
	AuditTripRequested         AuditKind = "trip.requested"
	AuditTripRequestDecided    AuditKind = "trip.request_decided"
	AuditVehicleCreated        AuditKind = "vehicle.created"
	AuditVehicleUpdated        AuditKind = "vehicle.updated"
	AuditVehicleDeleted        AuditKind = "vehicle.deleted"
	AuditOdometerAdded         AuditKind = "vehicle.odometer_added"
	AuditDriverDecided         AuditKind = "driver.decided"
	AuditWebhookCreated        AuditKind = "webhook.created"
	AuditWebhookUpdated        AuditKind = "webhook.updated"
	AuditWebhookDeleted        AuditKind = "webhook.deleted"
	AuditWebhookResent         AuditKind = "webhook.resent"
	AuditTokenIssued           AuditKind = "token.issued"
	AuditTokenRevoked          AuditKind = "token.revoked"
	AuditPaymentMethodAdded    AuditKind = "payment_method.added"
	AuditPaymentMethodRemoved  AuditKind = "payment_method.removed"
	AuditFundingStarted        AuditKind = "funding.started"
	AuditIFTAEntryAdded        AuditKind = "ifta.entry_added"
	AuditIFTAEntryDeleted      AuditKind = "ifta.entry_deleted"
	AuditIFTARatesSet          AuditKind = "ifta.rates_set"
	AuditIFTAReturnClosed      AuditKind = "ifta.return_closed"
	AuditMemberChanged         AuditKind = "member.changed"
	AuditMemberRemoved         AuditKind = "member.removed"
	AuditMemberJoined          AuditKind = "member.joined"
	AuditInvitationSent        AuditKind = "invitation.sent"
	AuditInvitationRevoked     AuditKind = "invitation.revoked"
	AuditGroupCreated          AuditKind = "group.created"
	AuditGroupRenamed          AuditKind = "group.renamed"
	AuditGroupDeleted          AuditKind = "group.deleted"
	AuditCompanyClosed         AuditKind = "company.closed"
	AuditGroupPumpCheckSet     AuditKind = "group.pump_check_set"
	AuditPumpChallengeAnswered AuditKind = "pump_check.answered"
)

// Audited object types.
const (
	AuditObjectCard        = "card"
	AuditObjectCompany     = "company"
	AuditObjectVehicle     = "vehicle"
	AuditObjectTrip        = "trip"
	AuditObjectTripRequest = "trip_request"
	AuditObjectOverride    = "override_request"
	AuditObjectDriver      = "driver"
	AuditObjectWebhook     = "webhook"
	AuditObjectToken       = "token"
	AuditObjectPayment     = "payment_method"
	AuditObjectFunding     = "funding"
	AuditObjectIFTAEntry   = "ifta_entry"
	AuditObjectIFTAReturn  = "ifta_return"
	AuditObjectIFTARates   = "ifta_rates"
	AuditObjectMember      = "member"
	AuditObjectInvitation  = "invitation"
	AuditObjectGroup       = "group"
)

// AuditChange is what a change tells the audit trail: the company, the
// kind, the object and its fields before and after (Changes keeps the
// changed ones). The actor, the time and the chain come from the
// transaction that writes it.
type AuditChange struct {
	CompanyID  int64
	Kind       AuditKind
	ObjectType string
	ObjectID   string
	// Before and After are the object's audited fields (a struct or map
	// encoding/json takes; nil: none, as for a creation's Before).
	Before, After any
}

// AuditEvent is one row of a company's audit trail. Hash is the SHA-256
// of the row's content and PrevHash (AuditHash); PrevHash is the Hash of
// the company's row of sequence Seq-1 ("" for the first).
type AuditEvent struct {
	ID            int64
	CompanyID     int64
	Seq           int64
	At            time.Time
	ActorID       int64
	ActorEmail    string
	ActorRole     string
	ActorToken    string
	Kind          AuditKind
	ObjectType    string
	ObjectID      string
	Before, After json.RawMessage // JSON objects of the changed fields
	ClientAddress string
	RequestID     string
	PrevHash      string
	Hash          string
}

// AuditHash is the hash of e: SHA-256 over its content (every field but
// ID and Hash) and PrevHash, hex encoded. Each field is length-prefixed,
// so no two rows' contents encode alike.
func AuditHash(e *AuditEvent) string {
	h := sha256.New()
	for _, field := range []string{
		e.PrevHash, strconv.FormatInt(e.CompanyID, 10), strconv.FormatInt(e.Seq, 10),
		strconv.FormatInt(e.At.UnixMicro(), 10), strconv.FormatInt(e.ActorID, 10), e.ActorEmail,
		e.ActorRole, e.ActorToken, string(e.Kind), e.ObjectType, e.ObjectID, string(e.Before),
		string(e.After), e.ClientAddress, e.RequestID,
	} {
		h.Write([]byte(strconv.Itoa(len(field))))
		h.Write([]byte{':'})
		h.Write([]byte(field))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// AuditDiff returns the fields of before and after (each encoded to a
// JSON object) whose values differ, as two JSON objects, with secrets
// hidden (AuditRedact). A field only one side has is in that side only.
func AuditDiff(before, after any) (json.RawMessage, json.RawMessage, error) {
	b, err := auditFields(before)
	if err != nil {
		return nil, nil, err
	}
	a, err := auditFields(after)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range b {
		if w, ok := a[k]; ok && reflect.DeepEqual(v, w) {
			delete(a, k)
			delete(b, k)
		}
	}
	bj, err := json.Marshal(b)
	if err != nil {
		return nil, nil, err
	}
	aj, err := json.Marshal(a)
	return bj, aj, err
}

// auditFields encodes v as a JSON object's fields, secrets hidden.
func auditFields(v any) (map[string]any, error) {
	fields := map[string]any{}
	if v == nil {
		return fields, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if string(raw) == "null" {
		return fields, nil
	}
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, err
	}
	for k, v := range fields {
		fields[k] = AuditRedact(k, v)
	}
	return fields, nil
}

// AuditRedact is what the audit trail keeps of field name's value v:
// nothing of a secret, a token or a password, and only the last four
// digits of a card number.
func AuditRedact(name string, v any) any {
	lower := strings.ToLower(name)
	switch {
	case strings.Contains(lower, "secret"), strings.Contains(lower, "token"), strings.Contains(lower, "password"):
		return "[hidden]"
	case lower == "number" || strings.Contains(lower, "cardnumber") || lower == "pan":
		s, ok := v.(string)
		if !ok || s == "" {
			return v
		}
		return "…" + s[max(0, len(s)-4):]
	}
	return v
}

// AuditFilter selects a company's audit rows: each set field narrows;
// From is inclusive, To exclusive. Limit and Offset page them.
type AuditFilter struct {
	CompanyID  int64
	ActorID    int64
	Kind       AuditKind
	ObjectType string
	ObjectID   string
	From, To   time.Time
	Limit      int
	Offset     int
}

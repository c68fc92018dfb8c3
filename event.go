package fuelportal

import (
	"slices"
	"strconv"
	"time"
)

// EventType names something that happened in a company: the one
// vocabulary every flow publishes in (Event). Who hears of an event, on
// which channel, is EventRoutes' business, not the publisher's.
type EventType string

// Event types. Those with a webhook have the webhook's name.
const (
	EventTransactionApproved  EventType = "transaction.approved"  // a purchase on a company card was approved (its driver is asked for a job it lacks)
	EventTransactionDeclined  EventType = "transaction.declined"  // a purchase on a company card was declined
	EventAuthorizationRequest EventType = "authorization.request" // an issuer asked whether to authorize, and the portal answered
	EventAuthorizationAlert   EventType = "authorization.alert"   // an authorization answered past its deadline, or a capture above its hold
	EventCardNearLimit        EventType = "card.near_limit"       // a purchase took a card past 80 % of a limit
	EventCardDeactivated      EventType = "card.deactivated"      // an owner deactivated a card a driver holds
	EventCardShipping         EventType = "card.shipping"         // a physical card's shipment moved on (shipped, delivered, not delivered): the owners' alert, the holder's notice
	EventTripCreated          EventType = "trip.created"          // a trip was saved
	EventTripReplanned        EventType = "trip.replanned"        // a trip got a new plan
	EventTripCompleted        EventType = "trip.completed"        // a trip was completed
	EventTripEnded            EventType = "trip.ended"            // a locked trip ended (completed or cancelled)
	EventTripRequested        EventType = "trip.requested"        // a driver asks to end or re-plan an owner-locked trip
	EventTripRequestDecided   EventType = "trip.request_decided"  // an owner approved or denied a driver's trip request
	EventOverrideRequested    EventType = "override.requested"    // a driver asked for an override
	EventOverrideDecided      EventType = "override.decided"      // an owner approved or denied an override request
	EventWalletLow            EventType = "wallet.low"            // the wallet fell below the owner's threshold
	EventDriverWaiting        EventType = "driver.waiting"        // a driver signed up and waits for approval
	EventDriverDecided        EventType = "driver.decided"        // an owner approved or declined a driver's sign-up
	EventIFTADue              EventType = "ifta.due"              // a quarter's IFTA return is due in 30, 7 or 1 days
	EventIFTAReturnClosed     EventType = "ifta.return_closed"    // an IFTA return was closed
	EventWebhookFailing       EventType = "webhook.failing"       // a webhook endpoint took no delivery for 24 hours
	EventMPGDropped           EventType = "vehicle.mpg_dropped"   // a vehicle's MPG fell more than 15 % on the prior window
	EventMemberInvited        EventType = "member.invited"        // an owner or admin invited a person to join the company
	EventPumpChallenge        EventType = "pump_check.challenge"  // no fresh fix placed the truck: its driver is asked
	EventPumpRefused          EventType = "pump_check.refused"    // a driver answered No to a challenge: the card is frozen
	EventPumpFlagged          EventType = "pump_check.flagged"    // a purchase after the fact: the truck was elsewhere, or more fuel than its tank
	EventStatementReady       EventType = "statement.ready"       // a period ended: its statement is closed and ready
	EventRefundCreated        EventType = "refund.created"        // money came back to the wallet: a merchant's refund or a network's reversal
)

// Event is one thing that happened in a company, published once
// (store.Tx.Publish) in the transaction that makes it happen. Everything
// users and systems hear of it is derived from it by EventRoutes: the
// owners' alert, the users' notices (push, e-mail, in-app), the webhook
// deliveries. The publisher gives the words of each channel that applies
// (a trip that was not locked has no Alert); the route decides who gets
// them.
type Event struct {
	ID        int64
	Type      EventType
	CompanyID int64
	// UserID is the one user the event is addressed to (a card's driver,
	// the driver who asked), 0: none. Only a user of CompanyID hears of it.
	UserID int64
	// Alert is the owners' inbox entry (its Kind comes from the route).
	Alert *Alert
	// Notice is what users are told on push, e-mail and the in-app list.
	Notice *Notice
	// Mail is the one mail of an event to one person: someone who is no
	// user yet (an invitation's link, to the address it names: the
	// route's Invitee), or the user it names, answered on a request of
	// theirs (to their address: the route's AnswerMail).
	Mail *MailMessage
	// Data is the webhook payload's "data" (any value encoding/json takes;
	// read back from the database it is the JSON as published).
	Data any
	// Muted events are history (the demo's seed): derived into the owners'
	// alerts only, with no mail, push, notice or webhook.
	Muted     bool
	CreatedAt time.Time
}

// EventRoute says who hears of an event type and how.
type EventRoute struct {
	// Webhook is the type the company's webhook endpoints subscribe to
	// ("": none); the event's Data is its payload's data.
	Webhook WebhookEventType
	// Alert is the kind of the owners' inbox entry ("": none), mailed to
	// each owner as their Preference allows (every owner when the route
	// has no Preference).
	Alert AlertKind
	// OwnersPush: the company's owners get the Notice as a push, as their
	// Preference allows.
	OwnersPush bool
	// User: the user the event names gets the Notice on the channels their
	// Preference allows (push, e-mail, in-app list).
	User bool
	// Preference is the notification event whose preferences and quiet
	// hours decide the channels (fuelportal.DecideDelivery).
	Preference NotificationEvent
	// AnswerMail: the user the event names is mailed its Mail at their
	// address, at once, whatever their preferences, never in a digest: it
	// answers a request of theirs, one mail per request.
	AnswerMail bool
	// Invitee: the event's Mail goes to the address it names.
	Invitee bool
	// Office are the office roles who hear of the event (its alert's
	// mail, the owners' push); nil: owners and admins (OfficeAudience).
	Office []MemberRole
}

// Office audiences of events by role.
var (
	officeManagers    = []MemberRole{MemberOwner, MemberAdmin}
	officeDispatchers = []MemberRole{MemberOwner, MemberAdmin, MemberDispatcher}
	officeBookkeepers = []MemberRole{MemberOwner, MemberAdmin, MemberBookkeeper}
)

// OfficeAudience is the office roles who hear of an event of route r.
func (r EventRoute) OfficeAudience() []MemberRole {
	if r.Office == nil {
		return officeManagers
	}
	return r.Office
}

// Hears reports whether a member of role m hears of notification event
// e: a driver hears their own events; an office member those of the
// event routes whose office audience holds m (a dispatcher declines and
// override requests, a bookkeeper a low wallet and IFTA due dates).
func (m MemberRole) Hears(e NotificationEvent) bool {
	if !m.Office() {
		return true
	}
	for _, r := range EventRoutes {
		if r.Preference == e && slices.Contains(r.OfficeAudience(), m) {
			return true
		}
	}
	return false
}

// OwnerPreference is the owners' notification event of r (the one its
// Preference names when owners have it), "" when owners have none: its
// alert is then mailed to every owner.
func (r EventRoute) OwnerPreference() NotificationEvent {
	if slices.Contains(NotificationEvents(RoleCompany), r.Preference) {
		return r.Preference
	}
	return ""
}

// EventRoutes is the one table of who hears what: for each event type,
// the audiences and channels it is derived to.
var EventRoutes = map[EventType]EventRoute{
	EventTransactionApproved:  {Webhook: WebhookTransactionApproved, User: true, Preference: NotifyJobNeeded, Office: []MemberRole{}},
	EventTransactionDeclined:  {Webhook: WebhookTransactionDeclined, Alert: AlertDecline, OwnersPush: true, User: true, Preference: NotifyPurchaseDeclined, Office: officeDispatchers},
	EventAuthorizationRequest: {Webhook: WebhookAuthorizationRequest},
	EventAuthorizationAlert:   {Alert: AlertAuthorization, Office: officeDispatchers},
	EventCardNearLimit:        {Alert: AlertNearLimit, Office: officeDispatchers},
	EventCardDeactivated:      {User: true, Preference: NotifyCardDeactivated},
	EventCardShipping:         {Webhook: WebhookCardShipping, Alert: AlertCardShipping, User: true, Preference: NotifyCardShipping},
	EventTripCreated:          {Webhook: WebhookTripCreated},
	EventTripReplanned:        {Webhook: WebhookTripReplanned, Alert: AlertTripReplanned, User: true, Preference: NotifyTripReplanned, Office: officeDispatchers},
	EventTripCompleted:        {Webhook: WebhookTripCompleted},
	EventTripEnded:            {Alert: AlertTripEnded, Office: officeDispatchers},
	EventTripRequested:        {Alert: AlertTripRequest, Office: officeDispatchers},
	EventTripRequestDecided:   {AnswerMail: true},
	EventOverrideRequested:    {Webhook: WebhookOverrideRequested, Alert: AlertOverrideRequest, OwnersPush: true, Preference: NotifyOverrideRequested, Office: officeDispatchers},
	EventOverrideDecided:      {Webhook: WebhookOverrideDecided, User: true, Preference: NotifyOverrideDecided},
	EventWalletLow:            {Webhook: WebhookWalletLow, Alert: AlertWalletLow, OwnersPush: true, Preference: NotifyWalletLow, Office: officeBookkeepers},
	EventDriverWaiting:        {Alert: AlertDriverWaiting, OwnersPush: true, Preference: NotifyDriverWaiting, Office: officeDispatchers},
	EventDriverDecided:        {AnswerMail: true},
	EventIFTADue:              {Alert: AlertIFTADue, OwnersPush: true, Preference: NotifyIFTADue, Office: officeBookkeepers},
	EventIFTAReturnClosed:     {Webhook: WebhookIFTAReturnClosed},
	EventWebhookFailing:       {Alert: AlertWebhookFailing},
	EventMPGDropped:           {Alert: AlertMPGDrop, Office: officeDispatchers},
	EventMemberInvited:        {Invitee: true},
	EventPumpChallenge:        {User: true, Preference: NotifyPurchaseDeclined},
	EventPumpRefused:          {Alert: AlertAuthorization, OwnersPush: true, Preference: NotifyPurchaseDeclined, Office: officeDispatchers},
	EventPumpFlagged:          {Alert: AlertAuthorization, Office: officeDispatchers},
	EventStatementReady:       {Alert: AlertStatementReady, OwnersPush: true, Preference: NotifyStatementReady, Office: officeBookkeepers},
	EventRefundCreated:        {Webhook: WebhookRefundCreated, Alert: AlertRefund, Office: officeBookkeepers},
}

// EventHistory is how long a dispatched event is kept.
const EventHistory = 30 * 24 * time.Hour

// MailDigestWindow is how long after a mail of one kind to one recipient
// further mails of that kind wait: they join one digest mailed when the
// window ends, with their count. So a recipient gets at most one mail per
// kind and hour however many events there are.
const MailDigestWindow = time.Hour

// MailDigestKey names the digest of mails of kind (an alert kind or a
// notification event) to address to.
func MailDigestKey(kind, to string) string { return "digest:" + kind + ":" + to }

// LastMail is the newest mail of one kind to one recipient, as the
// outbox holds it: when it goes (or went) out and whether it was sent.
type LastMail struct {
	Due  time.Time
	Sent bool
}

// MailPlan is what becomes of one more mail of a kind to a recipient
// (PlanMail): sent on its own, joined to the digest still held back, or
// the first of a new digest held until SendAfter.
type MailPlan struct {
	Join      bool      // into the held-back mail, its count one more
	Digest    bool      // a new digest of one, held until SendAfter
	SendAfter time.Time // zero: now
}

// PlanMail decides one more mail of a kind to a recipient at now, whose
// previous one is last (nil: none) and which quiet hours hold until
// notBefore (zero: not held): at most one mail per kind and recipient per
// MailDigestWindow. Without a mail within the window it goes on its own
// (at notBefore); while the previous one is still held back it joins it;
// else it starts the digest held until the window after the previous one
// ends (or quiet hours do, when later).
func PlanMail(last *LastMail, now, notBefore time.Time) MailPlan {
	switch {
	case last == nil || !last.Due.After(now.Add(-MailDigestWindow)):
		return MailPlan{SendAfter: notBefore}
	case last.Due.After(now) && !last.Sent:
		return MailPlan{Join: true}
	}
	until := last.Due.Add(MailDigestWindow)
	if notBefore.After(until) {
		until = notBefore
	}
	return MailPlan{Digest: true, SendAfter: until}
}

// DigestMail is the one mail to address to (reading lang) standing for
// count mails of kind (an alert kind, or the notification event of a
// user's notices) within MailDigestWindow: the count in the subject and
// the first line, then the latest of them (its body, footer included).
func DigestMail(to string, lang Language, kind string, count int, latest *MailMessage) *MailMessage {
	d := textsIn(lang).digest
	sentence, ok := d.Kinds[kind]
	if !ok {
		sentence = textsIn(LanguageEnglish).digest.Kinds[kind]
	}
	text := sentence.Other
	if count == 1 {
		text = sentence.One
	}
	summary := map[string]string{"summary": interpolate(text, map[string]string{"count": strconv.Itoa(count)})}
	body := interpolate(d.Body, summary) + "\n\n" + interpolate(d.Latest, map[string]string{"message": latest.Body})
	return &MailMessage{To: to, Subject: interpolate(d.Subject, summary), Body: body}
}

// digestTexts are the digest mails' words (alerts.json
// notifications.digest): each kind's sentence for one and for more.
type digestTexts struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
	Latest  string `json:"latest"`
	Kinds   map[string]struct {
		One   string `json:"one"`
		Other string `json:"other"`
	} `json:"kinds"`
}

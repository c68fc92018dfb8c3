package fuelportal

import (
	"strings"
	"time"
	"unicode/utf8"
)

// MemberStatus says whether a member may sign in.
type MemberStatus string

// Member statuses.
const (
	MemberActive    MemberStatus = "ACTIVE"
	MemberSuspended MemberStatus = "SUSPENDED"
)

// Valid reports whether s is a member status.
func (s MemberStatus) Valid() bool { return s == MemberActive || s == MemberSuspended }

// Member is a user of a company as its members list shows them.
type Member struct {
	ID        int64
	CompanyID int64
	Email     string
	FirstName string
	LastName  string
	Role      MemberRole
	// GroupID is the group of cards and vehicles the member is limited
	// to; 0: the whole company.
	GroupID int64
	Status  MemberStatus
	// CardGroupID is the group of the card a driver holds (0: none, or no
	// card): a fact the store reads for MemberScope.SeesMember, never
	// written.
	CardGroupID int64
}

// SeesMember reports whether a member of scope sees member m in the
// members list: a member of the whole company sees every member; one
// limited to a group sees the office members limited to that group and
// the drivers holding one of its cards, as they see its cards. A member
// of the whole company (an owner, say) or of another group is not the
// group's to read, as a coding rule of every group is not.
func (s MemberScope) SeesMember(m *Member) bool {
	switch {
	case s.GroupID == 0:
		return true
	case m.Role == MemberDriver:
		return m.CardGroupID == s.GroupID
	}
	return m.GroupID == s.GroupID
}

// SeesInvitation reports whether a member of scope sees the pending
// invitation inv: every one for a member of the whole company, only the
// invitations to their group for one limited to it.
func (s MemberScope) SeesInvitation(inv *Invitation) bool {
	return s.GroupID == 0 || inv.GroupID == s.GroupID
}

// MemberChange is a change of a member: each field nil keeps it.
type MemberChange struct {
	Role    *MemberRole
	GroupID *int64 // 0: the whole company
	Status  *MemberStatus
}

// Messages of the member rules.
const (
	MsgLastOwner         = "A company keeps at least one owner"
	MsgOwnersOnlyByOwner = "Only an owner can manage owners"
	MsgDriverRoleFixed   = "A driver's role cannot be changed here, nor an office member made a driver"
	MsgMemberRoleInvalid = "Role must be owner, admin, dispatcher or bookkeeper"
	MsgNotYourself       = "You cannot change or remove yourself here"
	MsgMemberSuspended   = "Your access to this company is suspended"
)

// CheckMemberChange decides whether actor may apply change to target
// (change nil: remove target) in a company with owners active owners.
// Only an owner manages owners (EFORBIDDEN); the last active owner is
// never demoted, suspended or removed (ECONFLICT); a driver stays a
// driver and an office member stays in the office (EINVALID); nobody
// changes themselves here (EINVALID).
func CheckMemberChange(actor *Member, target *Member, change *MemberChange, owners int) error {
	if actor.ID == target.ID {
		return Errorf(EINVALID, MsgNotYourself)
	}
	makesOwner := change != nil && change.Role != nil && *change.Role == MemberOwner
	if (target.Role == MemberOwner || makesOwner) && !actor.Role.Can(ActionOwnersManage) {
		return Errorf(EFORBIDDEN, MsgOwnersOnlyByOwner)
	}
	if change != nil && change.Role != nil {
		if !change.Role.Office() || !target.Role.Office() {
			fe := FieldErrors{}
			if !change.Role.Valid() {
				fe.Add("role", MsgMemberRoleInvalid)
			} else {
				fe.Add("role", MsgDriverRoleFixed)
			}
			return fe.Err()
		}
	}
	if change != nil && change.Status != nil && !change.Status.Valid() {
		fe := FieldErrors{}
		fe.Add("status", "Status must be ACTIVE or SUSPENDED")
		return fe.Err()
	}
	losesOwner := change == nil ||
		change.Role != nil && *change.Role != MemberOwner ||
		change.Status != nil && *change.Status == MemberSuspended
	if target.Role == MemberOwner && target.Status == MemberActive && losesOwner && owners <= 1 {
		return Errorf(ECONFLICT, MsgLastOwner)
	}
	return nil
}

// EndsSessions reports whether change ends the member's sessions: any
// change of role, group or status does, so no token outlives what it was
// issued for.
func (c *MemberChange) EndsSessions() bool {
	return c == nil || c.Role != nil || c.GroupID != nil || c.Status != nil
}

// Group is a part of a company's cards and vehicles (a terminal, say) to
// which members may be limited.
type Group struct {
	ID        int64
	CompanyID int64
	Name      string
	CreatedAt time.Time
	// Cards, Vehicles and Members count what the group holds (read by
	// the list of groups only).
	Cards, Vehicles, Members int64
}

// MaxGroupNameLength bounds a group's name.
const MaxGroupNameLength = 60

// ValidateGroupName checks a group's name: 1 to MaxGroupNameLength
// characters once trimmed.
func ValidateGroupName(name string) error {
	fe := FieldErrors{}
	switch n := utf8.RuneCountInString(strings.TrimSpace(name)); {
	case n == 0:
		fe.Add("name", MsgFieldRequired)
	case n > MaxGroupNameLength:
		fe.Add("name", "Name must not exceed 60 characters")
	}
	return fe.Err()
}

// Invitation asks a person, by e-mail, to join a company with a role (and
// a group). Its link's token is single use, lives InvitationTTL, can be
// revoked, and only its hash is stored.
type Invitation struct {
	ID        int64
	CompanyID int64
	Email     string
	Role      MemberRole
	GroupID   int64
	InvitedBy int64
	ExpiresAt time.Time
	CreatedAt time.Time
}

// InvitationTTL is how long an invitation's link works.
const InvitationTTL = 72 * time.Hour

// invitationMailTexts are the words of the mail inviting a person to a
// company (alerts.json notifications.invitationMail); the role is named
// as the members page names it (members.json roles).
type invitationMailTexts struct {
	Subject     string `json:"subject"`
	Body        string `json:"body"`
	Link        string `json:"link"`
	Ignore      string `json:"ignore"`
	YourCompany string `json:"yourCompany"`
	roles       map[MemberRole]string
}

// InvitationMail is the mail inviting email to inviter's company as role
// through link (its token among the secrets, good until expires), in the
// inviter's language: the invitee has none yet. It names the company and
// who invited (their name, or their address when they gave none).
func InvitationMail(inviter *User, email string, role MemberRole, link, token string, expires time.Time) *MailMessage {
	texts := textsIn(inviter.Language).invitation
	company := texts.YourCompany
	if inviter.Company != nil && inviter.Company.Name != "" {
		company = inviter.Company.Name
	}
	who := strings.TrimSpace(inviter.FirstName + " " + inviter.LastName)
	if who == "" {
		who = inviter.Email
	}
	values := map[string]string{"company": company, "inviter": who, "role": cmpOr(texts.roles[role], string(role))}
	body := interpolate(texts.Body, values) + "\n\n" + texts.Link + "\n" + link + "\n\n" + texts.Ignore + "\n"
	return &MailMessage{To: email, Subject: interpolate(texts.Subject, values), Body: body, ExpiresAt: &expires, Secrets: []string{token}}
}

// Messages of invitations.
const (
	MsgInvitationInvalid = "This invitation is no longer valid"
	// MsgAlreadyMember: the invited address is a member of the company.
	MsgAlreadyMember = "This address is already a member of the company"
	// MsgLoginElsewhere: the invited address signs in to another company
	// that is open; a login belongs to one company.
	MsgLoginElsewhere = "This address signs in to another company: a login belongs to one company until that company closes"
	// MsgGroupNameTaken: the company has a group of that name already.
	MsgGroupNameTaken = "A group of this name exists"
	// MsgLoginPassword: the invited address has a login, whose password
	// joins it to the company.
	MsgLoginPassword = "This address already has a login: enter its password"
)

// ValidateInvitation checks an invitation's address and role (an office
// role; drivers join through their card).
func ValidateInvitation(email string, role MemberRole) error {
	fe := FieldErrors{}
	ValidateEmail(fe, "email", email)
	if !role.Office() {
		fe.Add("role", MsgMemberRoleInvalid)
	}
	return fe.Err()
}

// MsgCompanyNotEmpty is the 409 answer to closing a company whose wallet
// still holds money, owes money or has purchases on hold.
const MsgCompanyNotEmpty = "A company can be closed only with an empty wallet and no purchase on hold: refund or settle the balance first"

// CompanyCloseFacts are what closing a company reads: whether it is
// closed already, and its wallet's balance and held cents.
type CompanyCloseFacts struct {
	Closed        bool
	Balance, Held int64
}

// CheckCompanyClose decides whether a company may close: not twice
// (ECONFLICT), and only with an empty wallet and nothing on hold (ECONFLICT
// MsgCompanyNotEmpty otherwise), so closing never strands money.
func CheckCompanyClose(f CompanyCloseFacts) error {
	if f.Closed {
		return Errorf(ECONFLICT, "The company is closed")
	}
	if f.Balance != 0 || f.Held != 0 {
		return Errorf(ECONFLICT, MsgCompanyNotEmpty)
	}
	return nil
}

// GroupUse is what names a group: its members, pending invitations and
// coding rules.
type GroupUse struct {
	Members, Invitations, CodingRules int64
}

// CheckGroupDeleted decides whether a group named as use says may be
// deleted: not while a member, a pending invitation or a coding rule names
// it (ECONFLICT), for deleting it would widen what a member limited to it
// sees.
func CheckGroupDeleted(use GroupUse) error {
	switch {
	case use.Members > 0:
		return Errorf(ECONFLICT, "Members are limited to this group: change their group first")
	case use.Invitations > 0:
		return Errorf(ECONFLICT, "Pending invitations limit to this group: revoke them first")
	case use.CodingRules > 0:
		return Errorf(ECONFLICT, "Coding rules match this group: change them first")
	}
	return nil
}

// CheckInvitation decides whether an address may be invited to a company
// of which members accounts sign in with it: not when it is a member
// already (ECONFLICT). An address that signs in to another company may be
// invited (CheckJoin decides when it accepts).
func CheckInvitation(members int) error {
	if members > 0 {
		return Errorf(ECONFLICT, MsgAlreadyMember)
	}
	return nil
}

// JoinFacts are what accepting an invitation reads of the login that
// accepts it: the company it signs in to (0: none), whether that company
// is closed, and the inviting company.
type JoinFacts struct {
	CompanyID        int64
	CompanyClosed    bool
	InvitedCompanyID int64
}

// CheckJoin decides whether a login may join the company that invited it:
// a login belongs to one company, so only a login of no company or of a
// closed one moves (ECONFLICT MsgLoginElsewhere otherwise;
// MsgAlreadyMember for one of the inviting company).
func CheckJoin(f JoinFacts) error {
	switch {
	case f.CompanyID == f.InvitedCompanyID:
		return Errorf(ECONFLICT, MsgAlreadyMember)
	case f.CompanyID != 0 && !f.CompanyClosed:
		return Errorf(ECONFLICT, MsgLoginElsewhere)
	}
	return nil
}

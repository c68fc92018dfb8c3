// Package members runs the office of a company: its members and their
// roles, groups of cards and vehicles, and invitations to join. Every
// entry point (the HTTP handlers today) calls this service; the rules are
// the root package's (fuelportal.CheckMemberChange, RoleActions), the
// SQL the store's.
package members

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the service reads and writes (*store.DB).
type Store interface {
	CompanyMembers(ctx context.Context, companyID int64) ([]*fuelportal.Member, error)
	UserByID(ctx context.Context, id int64) (*fuelportal.User, error)
	ChangeMember(ctx context.Context, companyID, actorID, id int64, change *fuelportal.MemberChange, decide store.MemberDecision) (*fuelportal.Member, error)
	CreateGroup(ctx context.Context, g *fuelportal.Group) error
	Groups(ctx context.Context, companyID int64) ([]*fuelportal.Group, error)
	RenameGroup(ctx context.Context, companyID, id int64, name string) (*fuelportal.Group, error)
	DeleteGroup(ctx context.Context, companyID, id int64, decide func(fuelportal.GroupUse) error) error
	PendingInvitations(ctx context.Context, companyID int64) ([]*fuelportal.Invitation, error)
	RevokeInvitation(ctx context.Context, companyID, id int64) error
	AcceptInvitation(ctx context.Context, tokenHash string, user *fuelportal.User) (*fuelportal.User, error)
	InvitationLogin(ctx context.Context, tokenHash string) (*fuelportal.User, error)
	JoinInvitation(ctx context.Context, tokenHash string, userID int64, decide func(fuelportal.JoinFacts) error) (*fuelportal.User, error)
	SetCardGroup(ctx context.Context, companyID int64, number string, groupID int64) error
	CardGroup(ctx context.Context, companyID int64, number string) (groupID int64, err error)
	VehicleGroup(ctx context.Context, companyID, id int64) (groupID int64, err error)
	SetVehicleGroup(ctx context.Context, companyID, id, groupID int64) error
	CloseCompany(ctx context.Context, companyID int64, decide func(fuelportal.CompanyCloseFacts) error) error
	// InTx runs an invitation's transaction (Invite): its row, its
	// audit and its event.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Service runs the office flows. Create it with New.
type Service struct {
	store     Store
	passwords *fuelportal.PasswordHasher
	now       func() time.Time
}

// Deps are what the service calls.
type Deps struct {
	Store Store
	// Passwords hash the password an invitee sets.
	Passwords *fuelportal.PasswordHasher
	// Now is the clock invitations expire by (nil: time.Now).
	Now func() time.Time
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{store: d.Store, passwords: d.Passwords, now: d.Now}
}

// List returns the members of scope's company that its member sees
// (fuelportal.MemberScope.SeesMember): every member for a member of the
// whole company; for one limited to a group, the members limited to it
// and the drivers holding its cards.
func (s *Service) List(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.Member, error) {
	list, err := s.store.CompanyMembers(ctx, scope.CompanyID)
	if err != nil || scope.GroupID == 0 {
		return list, err
	}
	return slices.DeleteFunc(list, func(m *fuelportal.Member) bool { return !scope.SeesMember(m) }), nil
}

// Change applies change to member id of scope's company on behalf of
// member actorID, as fuelportal.CheckMemberChange allows; the member's
// sessions end at once. A member of another company is ENOTFOUND; a
// member limited to a group changes nobody, of their group or another
// (EFORBIDDEN MsgWholeCompanyOnly: a member's role and group decide what
// they see).
func (s *Service) Change(ctx context.Context, scope fuelportal.MemberScope, actorID, id int64, change fuelportal.MemberChange) (*fuelportal.Member, error) {
	if err := scope.CheckWholeCompany(); err != nil {
		return nil, err
	}
	return s.store.ChangeMember(ctx, scope.CompanyID, actorID, id, &change, func(actor, target *fuelportal.Member, owners int) error {
		return fuelportal.CheckMemberChange(actor, target, &change, owners)
	})
}

// Remove deletes member id of scope's company (their login and sessions)
// on behalf of member actorID, as fuelportal.CheckMemberChange allows; a
// member limited to a group removes nobody (EFORBIDDEN, as Change).
func (s *Service) Remove(ctx context.Context, scope fuelportal.MemberScope, actorID, id int64) error {
	if err := scope.CheckWholeCompany(); err != nil {
		return err
	}
	_, err := s.store.ChangeMember(ctx, scope.CompanyID, actorID, id, nil, func(actor, target *fuelportal.Member, owners int) error {
		return fuelportal.CheckMemberChange(actor, target, nil, owners)
	})
	return err
}

// Groups returns the groups of scope's company that its member sees: every
// group for a member of the whole company, only their own for one limited
// to a group (another group's name and counts are not theirs to read, as
// nothing else of it is).
func (s *Service) Groups(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.Group, error) {
	groups, err := s.store.Groups(ctx, scope.CompanyID)
	if err != nil || scope.GroupID == 0 {
		return groups, err
	}
	return slices.DeleteFunc(groups, func(g *fuelportal.Group) bool { return scope.CheckSeesGroup(g.ID) != nil }), nil
}

// CreateGroup adds a group named name to company companyID.
func (s *Service) CreateGroup(ctx context.Context, companyID int64, name string) (*fuelportal.Group, error) {
	if err := fuelportal.ValidateGroupName(name); err != nil {
		return nil, err
	}
	g := &fuelportal.Group{CompanyID: companyID, Name: name}
	return g, s.store.CreateGroup(ctx, g)
}

// RenameGroup renames company companyID's group id: ENOTFOUND for
// another company's, ECONFLICT for a name the company already uses.
func (s *Service) RenameGroup(ctx context.Context, companyID, id int64, name string) (*fuelportal.Group, error) {
	if err := fuelportal.ValidateGroupName(name); err != nil {
		return nil, err
	}
	return s.store.RenameGroup(ctx, companyID, id, name)
}

// DeleteGroup deletes company companyID's group id; its cards and
// vehicles then belong to no group. ECONFLICT while a member, a pending
// invitation or a coding rule names it (deleting it would widen what a
// member limited to it sees).
func (s *Service) DeleteGroup(ctx context.Context, companyID, id int64) error {
	return s.store.DeleteGroup(ctx, companyID, id, fuelportal.CheckGroupDeleted)
}

// SetCardGroup puts the company's card number in group groupID (0: out
// of every group); members limited to the group then see it.
func (s *Service) SetCardGroup(ctx context.Context, companyID int64, number string, groupID int64) error {
	if groupID < 0 {
		return fuelportal.FieldError("groupId", "Group not found")
	}
	return s.store.SetCardGroup(ctx, companyID, number, groupID)
}

// CardGroup is the group of company companyID's card number (0: none).
// Another company's card is ENOTFOUND.
func (s *Service) CardGroup(ctx context.Context, companyID int64, number string) (int64, error) {
	return s.store.CardGroup(ctx, companyID, number)
}

// VehicleGroup is the group of company companyID's vehicle id (0: none).
// Another company's vehicle is ENOTFOUND.
func (s *Service) VehicleGroup(ctx context.Context, companyID, id int64) (int64, error) {
	return s.store.VehicleGroup(ctx, companyID, id)
}

// SetVehicleGroup puts the company's vehicle id in group groupID (0: out
// of every group); members limited to the group then see it.
func (s *Service) SetVehicleGroup(ctx context.Context, companyID, id, groupID int64) error {
	if groupID < 0 {
		return fuelportal.FieldError("groupId", "Group not found")
	}
	return s.store.SetVehicleGroup(ctx, companyID, id, groupID)
}

// Invite invites email to company companyID with role (and group) on
// behalf of actor (a member of role actorRole): only an owner invites
// owners; an address that is a member of the company is ECONFLICT
// (fuelportal.CheckInvitation); a group of another company is a field
// error. The invitation, its audit and its event
// (fuelportal.EventMemberInvited) are written in one transaction: the
// event's mail carries the link {publicURL}/invite/{token}, naming the
// company and the actor (fuelportal.InvitationMail); only the token's
// hash is stored.
func (s *Service) Invite(ctx context.Context, companyID, actorID int64, actorRole fuelportal.MemberRole, email string, role fuelportal.MemberRole, groupID int64, publicURL string) (*fuelportal.Invitation, error) {
	if err := fuelportal.ValidateInvitation(email, role); err != nil {
		return nil, err
	}
	if role == fuelportal.MemberOwner && !actorRole.Can(fuelportal.ActionOwnersManage) {
		return nil, fuelportal.Errorf(fuelportal.EFORBIDDEN, fuelportal.MsgOwnersOnlyByOwner)
	}
	inviter, err := s.store.UserByID(ctx, actorID)
	if err != nil {
		return nil, err
	}
	token := newToken()
	inv := &fuelportal.Invitation{CompanyID: companyID, Email: fuelportal.NormalizeEmail(email), Role: role, GroupID: groupID,
		InvitedBy: actorID, ExpiresAt: s.now().Add(fuelportal.InvitationTTL)}
	link := strings.TrimRight(publicURL, "/") + "/invite/" + token
	mail := fuelportal.InvitationMail(inviter, inv.Email, role, link, token, inv.ExpiresAt)
	err = s.store.InTx(ctx, func(tx *store.Tx) error {
		if groupID != 0 {
			if err := tx.GroupOf(ctx, companyID, groupID); err != nil {
				return err
			}
		}
		members, err := tx.CompanyMembersWithEmail(ctx, companyID, inv.Email)
		if err != nil {
			return err
		}
		if err := fuelportal.CheckInvitation(members); err != nil {
			return err
		}
		if err := tx.CreateInvitation(ctx, inv, hashToken(token)); err != nil {
			return err
		}
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventMemberInvited, CompanyID: companyID, Mail: mail})
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// Invitations returns the pending invitations of scope's company that its
// member sees: all for a member of the whole company, those to their group
// for one limited to a group (fuelportal.MemberScope.SeesInvitation).
func (s *Service) Invitations(ctx context.Context, scope fuelportal.MemberScope) ([]*fuelportal.Invitation, error) {
	invs, err := s.store.PendingInvitations(ctx, scope.CompanyID)
	if err != nil || scope.GroupID == 0 {
		return invs, err
	}
	return slices.DeleteFunc(invs, func(inv *fuelportal.Invitation) bool { return !scope.SeesInvitation(inv) }), nil
}

// Revoke ends invitation id of company companyID (ENOTFOUND for another
// company's or one no longer pending).
func (s *Service) Revoke(ctx context.Context, companyID, id int64) error {
	return s.store.RevokeInvitation(ctx, companyID, id)
}

// Accept spends the invitation of token and creates its member with the
// names and password given; the caller signs them in. When the invited
// address already has a login, password must be that login's (a password
// field error otherwise) and the login joins (store.JoinInvitation: only
// one of a closed company moves); the names are then the login's. An
// unknown, used, revoked or expired token is ENOTFOUND.
func (s *Service) Accept(ctx context.Context, token, firstName, lastName, password string) (*fuelportal.User, error) {
	if len(token) == 0 || len(token) > 100 {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgInvitationInvalid)
	}
	login, err := s.store.InvitationLogin(ctx, hashToken(token))
	if err != nil {
		return nil, err
	}
	if login != nil {
		if ok, err := s.passwords.Verify(ctx, password, login.PasswordHash); err != nil {
			return nil, err
		} else if !ok {
			return nil, fuelportal.FieldError("password", fuelportal.MsgLoginPassword)
		}
		return s.store.JoinInvitation(ctx, hashToken(token), login.ID, fuelportal.CheckJoin)
	}
	fe := fuelportal.FieldErrors{}
	fuelportal.ValidatePersonName(fe, "firstName", "First name", firstName)
	fuelportal.ValidatePersonName(fe, "lastName", "Last name", lastName)
	fuelportal.ValidatePassword(fe, "password", password)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	hash, err := s.passwords.Hash(ctx, password)
	if err != nil {
		return nil, err
	}
	user := &fuelportal.User{PasswordHash: hash, FirstName: strings.TrimSpace(firstName), LastName: strings.TrimSpace(lastName)}
	return s.store.AcceptInvitation(ctx, hashToken(token), user)
}

// newToken returns a random URL-safe invitation token.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CloseCompany closes company companyID for good, as its owner asked: only
// with an empty wallet and nothing on hold (fuelportal.CheckCompanyClose);
// its cards stop, its members are suspended and every session ends at
// once. The company's rows and audit trail stay.
func (s *Service) CloseCompany(ctx context.Context, companyID int64) error {
	return s.store.CloseCompany(ctx, companyID, fuelportal.CheckCompanyClose)
}

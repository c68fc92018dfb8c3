package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"fuelportal"
)

// Members, groups and invitations of a company (migration 00730). The
// rules (who may change whom, the last owner) are the caller's decide
// function's; these methods read the facts and apply the outcome in one
// transaction.

// memberSelect reads a member with the group of the card they hold (a
// driver holds one at most: cards.driver_user_id is unique).
const memberSelect = `SELECT id, company_id, email, first_name, last_name, member_role, group_id, member_status,
	(SELECT MAX(c.group_id) FROM cards c WHERE c.company_id = users.company_id AND c.driver_user_id = users.id) FROM users`

func scanMember(row interface{ Scan(...any) error }) (*fuelportal.Member, error) {
	m := &fuelportal.Member{}
	var group, cardGroup sql.NullInt64
	if err := row.Scan(&m.ID, &m.CompanyID, &m.Email, &m.FirstName, &m.LastName, &m.Role, &group, &m.Status, &cardGroup); err != nil {
		return nil, err
	}
	m.GroupID, m.CardGroupID = group.Int64, cardGroup.Int64
	return m, nil
}

// CompanyMembers returns the members of company companyID (office members
// and approved drivers), by e-mail, each with the group of the card they
// hold (CardGroupID).
func (db *DB) CompanyMembers(ctx context.Context, companyID int64) (members []*fuelportal.Member, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, memberSelect+` WHERE company_id = ? AND driver_status = ? ORDER BY email`, companyID, fuelportal.DriverApproved)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMember(rows)
			if err != nil {
				return err
			}
			members = append(members, m)
		}
		return rows.Err()
	})
	return members, err
}

// memberOf returns member id of company companyID, or ENOTFOUND (also for
// a user of another company).
func (tx *Tx) memberOf(ctx context.Context, companyID, id int64) (*fuelportal.Member, error) {
	m, err := scanMember(tx.QueryRow(ctx, memberSelect+` WHERE id = ? AND company_id = ?`, id, companyID))
	if err != nil {
		return nil, notFound(err, "Member not found")
	}
	return m, nil
}

// ActiveOwners counts the active owners of company companyID.
func (tx *Tx) ActiveOwners(ctx context.Context, companyID int64) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE company_id = ? AND member_role = ? AND member_status = ?`,
		companyID, fuelportal.MemberOwner, fuelportal.MemberActive).Scan(&n)
	return n, err
}

// MemberDecision decides a change of target by actor in a company with
// owners active owners (nil change: removal); an error stops it.
type MemberDecision func(actor, target *fuelportal.Member, owners int) error

// ChangeMember applies change (nil: removes the member) to member id of
// company companyID, made by member actorID, once decide allows it, and
// ends the member's sessions when the change says so
// (fuelportal.MemberChange.EndsSessions): their tokens stop working at once
// in every process (SessionAlive). A member or group of another company is
// ENOTFOUND. It returns the member as changed (nil when removed).
func (db *DB) ChangeMember(ctx context.Context, companyID, actorID, id int64, change *fuelportal.MemberChange, decide MemberDecision) (m *fuelportal.Member, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		if tx.Engine() == Postgres {
			// Two owners demoting each other at once must not both pass
			// the last-owner rule: changes of one company's members queue.
			if _, err := tx.Exec(ctx, `SELECT id FROM companies WHERE id = ? FOR UPDATE`, companyID); err != nil {
				return err
			}
		}
		actor, err := tx.memberOf(ctx, companyID, actorID)
		if err != nil {
			return err
		}
		target, err := tx.memberOf(ctx, companyID, id)
		if err != nil {
			return err
		}
		owners, err := tx.ActiveOwners(ctx, companyID)
		if err != nil {
			return err
		}
		if err := decide(actor, target, owners); err != nil {
			return err
		}
		audited := func(m *fuelportal.Member) map[string]any {
			if m == nil {
				return nil
			}
			return map[string]any{"email": m.Email, "role": m.Role, "groupId": m.GroupID, "status": m.Status}
		}
		if change == nil {
			if _, err := tx.Exec(ctx, `DELETE FROM users WHERE id = ?`, id); err != nil {
				return err
			}
			return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditMemberRemoved,
				ObjectType: fuelportal.AuditObjectMember, ObjectID: strconv.FormatInt(id, 10), Before: audited(target)})
		}
		if change.GroupID != nil && *change.GroupID != 0 {
			if err := tx.GroupOf(ctx, companyID, *change.GroupID); err != nil {
				return err
			}
		}
		role, group, status := target.Role, target.GroupID, target.Status
		if change.Role != nil {
			role = *change.Role
		}
		if change.GroupID != nil {
			group = *change.GroupID
		}
		if change.Status != nil {
			status = *change.Status
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET member_role = ?, group_id = ?, member_status = ?, updated_at = ? WHERE id = ?`,
			role, nullInt(group), status, tx.Now, id); err != nil {
			return err
		}
		if change.EndsSessions() {
			if err := tx.revokeUserSessions(ctx, id, ""); err != nil {
				return err
			}
		}
		if m, err = tx.memberOf(ctx, companyID, id); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditMemberChanged,
			ObjectType: fuelportal.AuditObjectMember, ObjectID: strconv.FormatInt(id, 10), Before: audited(target), After: audited(m)})
	})
	return m, err
}

// GroupOf checks that group id belongs to company companyID: a field error
// on groupId otherwise (a group of another company is as unknown).
func (tx *Tx) GroupOf(ctx context.Context, companyID, id int64) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM member_groups WHERE id = ? AND company_id = ?`, id, companyID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		fe := fuelportal.FieldErrors{}
		fe.Add("groupId", "Group not found")
		return fe.Err()
	}
	return nil
}

// CreateGroup adds group g to its company and sets its ID and CreatedAt;
// a name the company already uses is ECONFLICT.
func (db *DB) CreateGroup(ctx context.Context, g *fuelportal.Group) error {
	return db.InTx(ctx, func(tx *Tx) error {
		g.Name, g.CreatedAt = strings.TrimSpace(g.Name), tx.Now
		err := tx.QueryRow(ctx, `INSERT INTO member_groups (company_id, name, created_at) VALUES (?, ?, ?) RETURNING id`,
			g.CompanyID, g.Name, g.CreatedAt).Scan(&g.ID)
		if isUniqueViolation(err) {
			return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgGroupNameTaken)
		} else if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: g.CompanyID, Kind: fuelportal.AuditGroupCreated,
			ObjectType: fuelportal.AuditObjectGroup, ObjectID: strconv.FormatInt(g.ID, 10), After: map[string]any{"name": g.Name}})
	})
}

// RenameGroup renames the company's group id; a group of another company
// is ENOTFOUND, a name the company already uses ECONFLICT.
func (db *DB) RenameGroup(ctx context.Context, companyID, id int64, name string) (*fuelportal.Group, error) {
	g := &fuelportal.Group{ID: id, CompanyID: companyID}
	err := db.InTx(ctx, func(tx *Tx) error {
		var was string
		var created nullTime
		err := tx.QueryRow(ctx, `SELECT name, created_at FROM member_groups WHERE id = ? AND company_id = ?`, id, companyID).Scan(&was, &created)
		if err != nil {
			return notFound(err, "Group not found")
		}
		g.Name, g.CreatedAt = strings.TrimSpace(name), created.Time
		if g.Name == was {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE member_groups SET name = ? WHERE id = ?`, g.Name, id)
		if isUniqueViolation(err) {
			return fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgGroupNameTaken)
		} else if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditGroupRenamed,
			ObjectType: fuelportal.AuditObjectGroup, ObjectID: strconv.FormatInt(id, 10),
			Before: map[string]any{"name": was}, After: map[string]any{"name": g.Name}})
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// DeleteGroup deletes the company's group id: its cards and vehicles
// belong to no group after; as decide allows: it is called in the
// transaction with what names the group (fuelportal.CheckGroupDeleted
// decides) and its error is returned. A group of another company is
// ENOTFOUND.
func (db *DB) DeleteGroup(ctx context.Context, companyID, id int64, decide func(fuelportal.GroupUse) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var name string
		if err := tx.QueryRow(ctx, `SELECT name FROM member_groups WHERE id = ? AND company_id = ?`, id, companyID).Scan(&name); err != nil {
			return notFound(err, "Group not found")
		}
		var use fuelportal.GroupUse
		err := tx.QueryRow(ctx, `SELECT
			(SELECT COUNT(*) FROM users WHERE company_id = ? AND group_id = ?),
			(SELECT COUNT(*) FROM invitations WHERE company_id = ? AND group_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?),
			(SELECT COUNT(*) FROM coding_rules WHERE company_id = ? AND group_id = ?)`,
			companyID, id, companyID, id, tx.Now, companyID, id).Scan(&use.Members, &use.Invitations, &use.CodingRules)
		if err != nil {
			return err
		}
		if err := decide(use); err != nil {
			return err
		}
		var cards, vehicles int64
		res, err := tx.Exec(ctx, `UPDATE cards SET group_id = NULL, updated_at = ? WHERE company_id = ? AND group_id = ?`, tx.Now, companyID, id)
		if err != nil {
			return err
		}
		cards, _ = res.RowsAffected()
		if res, err = tx.Exec(ctx, `UPDATE vehicles SET group_id = NULL, updated_at = ? WHERE company_id = ? AND group_id = ?`, tx.Now, companyID, id); err != nil {
			return err
		}
		vehicles, _ = res.RowsAffected()
		// Invitations no longer pending keep no link to the group.
		if _, err := tx.Exec(ctx, `UPDATE invitations SET group_id = NULL WHERE company_id = ? AND group_id = ?`, companyID, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM member_groups WHERE id = ?`, id); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditGroupDeleted,
			ObjectType: fuelportal.AuditObjectGroup, ObjectID: strconv.FormatInt(id, 10),
			Before: map[string]any{"name": name, "cards": cards, "vehicles": vehicles}})
	})
}

// Groups returns company companyID's groups by name, each with how many
// cards, vehicles and members it holds.
func (db *DB) Groups(ctx context.Context, companyID int64) (groups []*fuelportal.Group, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT g.id, g.company_id, g.name, g.created_at,
			(SELECT COUNT(*) FROM cards c WHERE c.company_id = g.company_id AND c.group_id = g.id),
			(SELECT COUNT(*) FROM vehicles v WHERE v.company_id = g.company_id AND v.group_id = g.id),
			(SELECT COUNT(*) FROM users u WHERE u.company_id = g.company_id AND u.group_id = g.id)
			FROM member_groups g WHERE g.company_id = ? ORDER BY g.name`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			g := &fuelportal.Group{}
			var created nullTime
			if err := rows.Scan(&g.ID, &g.CompanyID, &g.Name, &created, &g.Cards, &g.Vehicles, &g.Members); err != nil {
				return err
			}
			g.CreatedAt = created.Time
			groups = append(groups, g)
		}
		return rows.Err()
	})
	return groups, err
}

const invitationSelect = `SELECT id, company_id, email, member_role, group_id, invited_by, expires_at, created_at FROM invitations`

func scanInvitation(row interface{ Scan(...any) error }) (*fuelportal.Invitation, error) {
	inv := &fuelportal.Invitation{}
	var group, by sql.NullInt64
	var expires, created nullTime
	if err := row.Scan(&inv.ID, &inv.CompanyID, &inv.Email, &inv.Role, &group, &by, &expires, &created); err != nil {
		return nil, err
	}
	inv.GroupID, inv.InvitedBy, inv.ExpiresAt, inv.CreatedAt = group.Int64, by.Int64, expires.Time, created.Time
	return inv, nil
}

// CompanyMembersWithEmail returns how many of company companyID's members
// sign in with email (what fuelportal.CheckInvitation decides on).
func (tx *Tx) CompanyMembersWithEmail(ctx context.Context, companyID int64, email string) (n int, err error) {
	err = tx.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ? AND company_id = ?`, fuelportal.NormalizeEmail(email), companyID).Scan(&n)
	return n, err
}

// CreateInvitation stores inv under the hash of its link's token, sets
// its ID and CreatedAt, and audits it. Its group, if any, is the
// caller's to check (GroupOf); the invitation's mail is the caller's to
// publish (members.Service.Invite).
func (tx *Tx) CreateInvitation(ctx context.Context, inv *fuelportal.Invitation, tokenHash string) error {
	inv.Email, inv.CreatedAt = fuelportal.NormalizeEmail(inv.Email), tx.Now
	if err := tx.QueryRow(ctx, `
		INSERT INTO invitations (company_id, email, member_role, group_id, token_hash, invited_by, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		inv.CompanyID, inv.Email, inv.Role, nullInt(inv.GroupID), tokenHash, nullInt(inv.InvitedBy), inv.ExpiresAt, inv.CreatedAt).Scan(&inv.ID); err != nil {
		return err
	}
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: inv.CompanyID, Kind: fuelportal.AuditInvitationSent,
		ObjectType: fuelportal.AuditObjectInvitation, ObjectID: strconv.FormatInt(inv.ID, 10),
		After: map[string]any{"email": inv.Email, "role": inv.Role, "groupId": inv.GroupID, "expiresAt": inv.ExpiresAt}})
}

// PendingInvitations returns company companyID's invitations neither
// accepted, revoked nor expired, newest first.
func (db *DB) PendingInvitations(ctx context.Context, companyID int64) (invs []*fuelportal.Invitation, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, invitationSelect+` WHERE company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?
			ORDER BY id DESC`, companyID, tx.Now)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			inv, err := scanInvitation(rows)
			if err != nil {
				return err
			}
			invs = append(invs, inv)
		}
		return rows.Err()
	})
	return invs, err
}

// RevokeInvitation ends invitation id of company companyID; one of
// another company, or no longer pending, is ENOTFOUND.
func (db *DB) RevokeInvitation(ctx context.Context, companyID, id int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE invitations SET revoked_at = ?
			WHERE id = ? AND company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`, tx.Now, id, companyID, tx.Now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "Invitation not found")
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditInvitationRevoked,
			ObjectType: fuelportal.AuditObjectInvitation, ObjectID: strconv.FormatInt(id, 10)})
	})
}

// AcceptInvitation spends the pending invitation whose token hashes to
// tokenHash and creates user (its password hash and names set by the
// caller) as the member it invites, in one transaction; it returns the
// user as stored. A token unknown, used, revoked or expired is ENOTFOUND
// fuelportal.MsgInvitationInvalid; of two acceptances at once one wins.
func (db *DB) AcceptInvitation(ctx context.Context, tokenHash string, user *fuelportal.User) (u *fuelportal.User, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		inv, err := tx.spendInvitation(ctx, tokenHash)
		if err != nil {
			return err
		}
		user.Email, user.CompanyID, user.MemberRole, user.GroupID = inv.Email, inv.CompanyID, inv.Role, inv.GroupID
		if err := tx.CreateUser(ctx, user); err != nil {
			return err
		}
		if u, err = tx.UserByID(ctx, user.ID); err != nil {
			return err
		}
		return tx.auditJoined(ctx, inv, u)
	})
	return u, err
}

// spendInvitation marks the pending invitation whose token hashes to
// tokenHash accepted and returns it; one unknown, used, revoked or expired
// is ENOTFOUND fuelportal.MsgInvitationInvalid (of two at once one wins).
func (tx *Tx) spendInvitation(ctx context.Context, tokenHash string) (*fuelportal.Invitation, error) {
	inv, err := scanInvitation(tx.QueryRow(ctx, invitationSelect+` WHERE token_hash = ?
		AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`, tokenHash, tx.Now))
	if err != nil {
		return nil, notFound(err, fuelportal.MsgInvitationInvalid)
	}
	res, err := tx.Exec(ctx, `UPDATE invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL`, tx.Now, inv.ID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgInvitationInvalid)
	}
	return inv, nil
}

// auditJoined records that u joined inv's company through it. The invitee
// joins signed out: the new member is who acts.
func (tx *Tx) auditJoined(ctx context.Context, inv *fuelportal.Invitation, u *fuelportal.User) error {
	actor, _ := fuelportal.ActorFromContext(ctx)
	actor.UserID, actor.Email, actor.Role = u.ID, u.Email, string(inv.Role)
	return tx.Audit(fuelportal.NewContextWithActor(ctx, actor), fuelportal.AuditChange{CompanyID: inv.CompanyID,
		Kind: fuelportal.AuditMemberJoined, ObjectType: fuelportal.AuditObjectMember, ObjectID: strconv.FormatInt(u.ID, 10),
		After: map[string]any{"email": u.Email, "role": inv.Role, "groupId": inv.GroupID, "invitation": inv.ID}})
}

// InvitationLogin returns the login of the address the pending invitation
// of tokenHash invites, nil when the address has none. An invitation
// unknown, used, revoked or expired is ENOTFOUND
// fuelportal.MsgInvitationInvalid.
func (db *DB) InvitationLogin(ctx context.Context, tokenHash string) (u *fuelportal.User, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		inv, err := scanInvitation(tx.QueryRow(ctx, invitationSelect+` WHERE token_hash = ?
			AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`, tokenHash, tx.Now))
		if err != nil {
			return notFound(err, fuelportal.MsgInvitationInvalid)
		}
		u, err = tx.UserByEmail(ctx, inv.Email)
		if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
			u, err = nil, nil
		}
		return err
	})
	return u, err
}

// JoinInvitation spends the pending invitation of tokenHash and moves
// login userID (the invited address's, whose password the caller checked)
// into its company with its role and group, in one transaction, as decide
// allows: it is called with the login's company and whether it is closed
// (fuelportal.CheckJoin decides) and its error is returned. Its sessions
// end and the cards it held in its closed company are let go. It returns
// the user as stored.
func (db *DB) JoinInvitation(ctx context.Context, tokenHash string, userID int64, decide func(fuelportal.JoinFacts) error) (u *fuelportal.User, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		inv, err := tx.spendInvitation(ctx, tokenHash)
		if err != nil {
			return err
		}
		was, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		if was.Email != inv.Email {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgInvitationInvalid)
		}
		var closed nullTime
		if was.CompanyID != 0 {
			if err := tx.QueryRow(ctx, `SELECT closed_at FROM companies WHERE id = ?`, was.CompanyID).Scan(&closed); err != nil && !isNoRows(err) {
				return err
			}
		}
		if err := decide(fuelportal.JoinFacts{CompanyID: was.CompanyID, CompanyClosed: closed.Valid, InvitedCompanyID: inv.CompanyID}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE cards SET driver_user_id = NULL WHERE driver_user_id = ?`, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET company_id = ?, role = ?, member_role = ?, group_id = ?, member_status = ?, driver_status = ?, updated_at = ?
			WHERE id = ?`, inv.CompanyID, inv.Role.Authority(), inv.Role, nullInt(inv.GroupID), fuelportal.MemberActive, fuelportal.DriverApproved, tx.Now, userID); err != nil {
			return err
		}
		if err := tx.revokeUserSessions(ctx, userID, ""); err != nil {
			return err
		}
		if u, err = tx.UserByID(ctx, userID); err != nil {
			return err
		}
		return tx.auditJoined(ctx, inv, u)
	})
	return u, err
}

// SetCardGroup puts the company's card number in group groupID (0: none).
// A card of another company is ENOTFOUND; a group of another company a
// field error.
func (db *DB) SetCardGroup(ctx context.Context, companyID int64, number string, groupID int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var cardID int64
		var was sql.NullInt64
		err := tx.QueryRow(ctx, `SELECT id, group_id FROM cards WHERE company_id = ? AND card_number = ?`, companyID, number).Scan(&cardID, &was)
		if err != nil {
			return notFound(err, "Card not found")
		}
		if groupID != 0 {
			if err := tx.GroupOf(ctx, companyID, groupID); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE cards SET group_id = ?, updated_at = ? WHERE id = ?`, nullInt(groupID), tx.Now, cardID); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditCardUpdated,
			ObjectType: fuelportal.AuditObjectCard, ObjectID: strconv.FormatInt(cardID, 10),
			Before: map[string]any{"groupId": auditGroup(was.Int64)}, After: map[string]any{"groupId": auditGroup(groupID)}})
	})
}

// auditGroup is a group id as the audit trail keeps it: none (0) is null,
// as a member's, so the trail reads "— → 4", not "0 → 4".
func auditGroup(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// CloseCompany closes company companyID once decide allows it, given
// whether it is closed and the wallet's balance and held cents read under
// the wallet's lock (fuelportal.CheckCompanyClose decides): every card
// goes INACTIVE (its purchases are declined), every member is suspended
// and every session ends at once, in one audited transaction. Its rows
// stay.
func (db *DB) CloseCompany(ctx context.Context, companyID int64, decide func(fuelportal.CompanyCloseFacts) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var closed nullTime
		if err := tx.QueryRow(ctx, `SELECT closed_at FROM companies WHERE id = ?`, companyID).Scan(&closed); err != nil {
			return notFound(err, "Company not found")
		}
		if tx.Engine() == Postgres {
			// Money moves under the wallet row's lock: none moves while closing.
			if _, err := tx.Exec(ctx, `SELECT id FROM ledger_accounts WHERE company_id = ? FOR UPDATE`, companyID); err != nil {
				return err
			}
		}
		facts := fuelportal.CompanyCloseFacts{Closed: closed.Valid}
		err := tx.QueryRow(ctx, `SELECT balance_cents, `+walletHeldSQL+` FROM ledger_accounts WHERE company_id = ?`, companyID).Scan(&facts.Balance, &facts.Held)
		if err != nil && !isNoRows(err) {
			return err
		}
		if err := decide(facts); err != nil {
			return err
		}
		var cards, members int64
		res, err := tx.Exec(ctx, `UPDATE cards SET status = ?, updated_at = ? WHERE company_id = ? AND status <> ?`,
			fuelportal.CardInactive, tx.Now, companyID, fuelportal.CardInactive)
		if err != nil {
			return err
		}
		cards, _ = res.RowsAffected()
		if res, err = tx.Exec(ctx, `UPDATE users SET member_status = ?, updated_at = ? WHERE company_id = ?`, fuelportal.MemberSuspended, tx.Now, companyID); err != nil {
			return err
		}
		members, _ = res.RowsAffected()
		if _, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE company_id = ?)`,
			tx.Now, companyID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET closed_at = ? WHERE id = ?`, tx.Now, companyID); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditCompanyClosed,
			ObjectType: fuelportal.AuditObjectCompany, ObjectID: strconv.FormatInt(companyID, 10),
			After: map[string]any{"closedAt": tx.Now, "cardsDeactivated": cards, "membersSuspended": members}})
	})
}

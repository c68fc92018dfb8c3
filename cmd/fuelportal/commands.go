package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
)

// openMigrated opens the database of dsn and applies pending migrations.
func openMigrated(ctx context.Context, dsn string) (*store.DB, error) {
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	// No dispatcher runs in a command: its events are derived as each
	// transaction commits (a server's dispatcher would find them too).
	db.DispatchOnCommit()
	return db, nil
}

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := dbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := openMigrated(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	version, err := db.MigrationVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Database migrated to version %d.\n", version)
	return nil
}

func runUserCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := dbFlag(fs)
	email := fs.String("email", "", "login e-mail (required)")
	password := fs.String("password", "", "password: 8-32 characters with a letter and a digit (required)")
	role := fs.String("role", "owner", "owner (creates the company, ROLE_COMPANY) or driver (ROLE_USER, linked to --card)")
	company := fs.String("company", "", "owner: name of the new company; driver: name of the card's company")
	carrier := fs.String("carrier-id", "", "owner: 7-digit carrier id")
	card := fs.String("card", "", "driver: 19-digit number of an unlinked company card")
	first := fs.String("first-name", "", "first name")
	last := fs.String("last-name", "", "last name")
	phone := fs.String("phone", "", "phone number")
	if err := fs.Parse(args); err != nil {
		return err
	}

	fe := fuelportal.FieldErrors{}
	fuelportal.ValidateEmail(fe, "email", *email)
	fuelportal.ValidatePassword(fe, "password", *password)
	switch *role {
	case "owner":
		fuelportal.ValidateCompanyName(fe, "company", *company)
		fuelportal.ValidateCarrierID(fe, "carrier-id", *carrier)
	case "driver":
		fuelportal.ValidateCompanyName(fe, "company", *company)
		fuelportal.ValidateCardNumber(fe, "card", *card)
	default:
		fe.Add("role", "Role must be owner or driver")
	}
	if err := fe.Err(); err != nil {
		return fmt.Errorf("invalid flags: %s", formatFieldErrors(fuelportal.ErrorFields(err)))
	}

	db, err := openMigrated(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	users := accounts.New(accounts.Deps{Store: db, Passwords: fuelportal.NewPasswordHasher(fuelportal.DefaultArgon2Params)})
	if *role == "owner" {
		u, err := users.SignUpOwner(ctx, fuelportal.OwnerSignUp{Email: *email, Password: *password, CompanyName: strings.TrimSpace(*company),
			CarrierID: *carrier, PhoneNumber: *phone, FirstName: *first, LastName: *last})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Created company %q (id %d) with owner %s (user id %d).\n", u.Company.Name, u.CompanyID, u.Email, u.ID)
		return nil
	}
	u, err := users.CreateApprovedDriver(ctx, fuelportal.DriverSignUp{Email: *email, Password: *password, FirstName: *first, LastName: *last,
		CompanyName: *company, CardNumber: *card, PhoneNumber: *phone})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Created driver %s (user id %d) on card %s of %s.\n", u.Email, u.ID, fuelportal.MaskedCardNumber(u.CardNumber), u.Company.Name)
	return nil
}

func formatFieldErrors(fields map[string][]string) string {
	var parts []string
	for field, msgs := range fields {
		parts = append(parts, "--"+field+": "+strings.Join(msgs, ", "))
	}
	return strings.Join(parts, "; ")
}

func runMailOutbox(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mail outbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := dbFlag(fs)
	to := fs.String("to", "", "only messages to this address")
	limit := fs.Int("n", 10, "number of messages, newest first")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := openMigrated(ctx, *dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	msgs, err := db.OutboxMessages(ctx, *to, *limit)
	if err != nil {
		return err
	}
	if len(msgs) == 0 {
		fmt.Fprintln(stdout, "The outbox is empty.")
	}
	for _, m := range msgs {
		state := "unsent"
		if m.SentAt != nil {
			state = "sent " + m.SentAt.Format("2006-01-02 15:04:05Z")
		}
		if m.ExpiresAt != nil {
			state += ", its code expires " + m.ExpiresAt.Format("2006-01-02 15:04:05Z")
		}
		fmt.Fprintf(stdout, "#%d  %s  to %s  (%s)\nSubject: %s\n\n%s\n\n", m.ID, m.CreatedAt.Format("2006-01-02 15:04:05Z"), m.To, state, m.Subject, m.Body)
	}
	return nil
}

// Command fuelportal runs the fuel-card portal: the JSON API and web app
// (serve), database migrations (migrate), user creation (user create) and
// the mail outbox viewer (mail outbox).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "fuelportal:", err)
		}
		os.Exit(1)
	}
}

const usage = `Usage: fuelportal <command> [flags]

Commands:
  serve          run the web server (migrates the database first)
  migrate        apply database migrations and exit
  user create    create a company owner or a driver
  mail outbox    print the newest outbox messages
  audit verify   check every company's audit trail; fails naming the first
                 edited or missing row
  statements verify
                 check every company's statements against the ledger; fails
                 naming the first period that differs
  import prices  import a station price feed CSV (columns: go doc fuelportal/feed)
  import transactions FILE.csv
                 record card purchases from the card network's feed file
  import ifta-rates FILE.csv
                 load IFTA tax rates; each quarter in the file replaces its stored rates

Run "fuelportal <command> -h" for the flags of a command.
Environment: FUELPORTAL_ADDR, FUELPORTAL_DB, FUELPORTAL_JWT_SECRET,
FUELPORTAL_SMTP_URL (or FUELPORTAL_SMTP_HOST/_PORT/_USER/_PASSWORD/_FROM/_TLS),
STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE,
FUELPORTAL_MAP_STYLE_URL, FUELPORTAL_TRUSTED_PROXIES, FUELPORTAL_PUBLIC_URL,
FUELPORTAL_ROUTER/_URL, FUELPORTAL_GEOCODER/_URL, FUELPORTAL_FEED_KEY,
FUELPORTAL_NETWORK_KEY, FUELPORTAL_PLAN_TIMEOUT, FUELPORTAL_PLAN_CONCURRENCY,
FUELPORTAL_MEMORY_LIMIT (or GOMEMLIMIT), FUELPORTAL_STANDIN_JOURNAL,
FUELPORTAL_SECRET_KEY, FUELPORTAL_SAMSARA_API_BASE, FUELPORTAL_MOTIVE_API_BASE,
FUELPORTAL_QBO_CLIENT_ID/_CLIENT_SECRET/_API_BASE/_AUTH_URL/_TOKEN_URL/_REVOKE_URL.
`

// run dispatches a command line; main and tests call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	}
	switch cmd, rest := args[0], args[1:]; {
	case cmd == "serve":
		return runServe(ctx, rest, stdout, stderr)
	case cmd == "migrate":
		return runMigrate(ctx, rest, stdout, stderr)
	case cmd == "user" && len(rest) > 0 && rest[0] == "create":
		return runUserCreate(ctx, rest[1:], stdout, stderr)
	case cmd == "import" && len(rest) > 0 && rest[0] == "prices":
		return runImportPrices(ctx, rest[1:], stdout, stderr)
	case cmd == "import" && len(rest) > 0 && rest[0] == "transactions":
		return runImportTransactions(ctx, rest[1:], stdout, stderr)
	case cmd == "import" && len(rest) > 0 && rest[0] == "ifta-rates":
		return runImportIFTARates(ctx, rest[1:], stdout, stderr)
	case cmd == "audit" && len(rest) > 0 && rest[0] == "verify":
		return runAuditVerify(ctx, rest[1:], stdout, stderr)
	case cmd == "statements" && len(rest) > 0 && rest[0] == "verify":
		return runStatementsVerify(ctx, rest[1:], stdout, stderr)
	case cmd == "mail" && len(rest) > 0 && rest[0] == "outbox":
		return runMailOutbox(ctx, rest[1:], stdout, stderr)
	case cmd == "help" || cmd == "-h" || cmd == "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}

// envOr returns the environment variable name, or def when it is empty.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// DefaultDB is where the embedded database lives by default.
const DefaultDB = "sqlite:data/fuelportal.db"

func dbFlag(fs *flag.FlagSet) *string {
	return fs.String("db", envOr("FUELPORTAL_DB", DefaultDB), "database: sqlite:PATH or postgres://… (env FUELPORTAL_DB)")
}

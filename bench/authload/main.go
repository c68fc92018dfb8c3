// Command authload measures card authorizations under load, end to end:
// it creates a fresh PostgreSQL database, seeds one company with -cards
// network cards and a funded wallet, starts -servers `fuelportal serve`
// processes on it (each reaching PostgreSQL through a loopback TCP proxy
// the command can freeze), drives POST /api/network/authorizations, and
// captures a share of the approvals (POST /api/network/transactions with
// the authorization id) a moment later, as pumps do. It reports the
// latency at the client, the answers (approved, declined, by the stand-in,
// 503 and other errors), the PostgreSQL sessions opened, and checks the
// money: every answer equals its record, the wallet holds exactly the
// open approvals, its balance moved by exactly the captured purchases and
// the ledger balances. It exits 1 when the money check fails. It talks
// only to loopback addresses, and drops its database at the end.
//
// With -pump-check every card's unit is a truck whose telematics forwards
// its position as Traccar does (POST /api/telematics/traccar, one
// position a request, each truck every 10–60 s) while the load runs: most
// parked at the station the authorizations name, -far-share of them 30
// miles away; the owner signs in and turns the company's pump check on
// with its default radius and freshness (PUT /api/wex/company/pump-check).
// The report counts the decisions by the check's outcome. -fixes-only
// feeds the same fixes with the check left off: the ingest's share.
//
// Scenarios:
//
//	# sustained rate: 100 authorizations a second over 500 cards, 80 % captured, 3 minutes
//	go run ./bench/authload -rate 100 -cards 500 -capture 0.8 -duration 3m
//	# the same with the pump check on, 2 % of the trucks away from the station
//	go run ./bench/authload -rate 100 -cards 500 -capture 0.8 -duration 3m -pump-check
//	# the same with the database link frozen for 5 s after 30 s
//	go run ./bench/authload -rate 100 -duration 1m -freeze-at 30s -freeze 5s
//	# 200 requests at once on one card ($500 daily limit, approve on timeout), over both servers
//	go run ./bench/authload -scenario onecard -n 200
//	# the same while the database link is frozen
//	go run ./bench/authload -scenario onecard -n 200 -freeze 5s
package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"fuelportal"
	"fuelportal/store"
)

const networkKey = "authload-network-key"

type config struct {
	pg, bin, scenario, onTimeout, logs string
	servers, cards, n                  int
	rate, capture                      float64
	duration, deadline                 time.Duration
	freezeAt, freeze                   time.Duration
	pumpCheck, fixesOnly               bool
	farShare                           float64
}

// fleet reports whether the cards' units have trucks that forward fixes.
func (c config) fleet() bool { return c.pumpCheck || c.fixesOnly }

func main() {
	var c config
	flag.StringVar(&c.pg, "pg", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "PostgreSQL server (loopback) where a fresh database is made")
	flag.StringVar(&c.bin, "bin", "", "fuelportal binary (default: built from ./cmd/fuelportal)")
	flag.StringVar(&c.scenario, "scenario", "rate", "rate (a sustained rate over many cards) or onecard (-n requests at once on one card)")
	flag.StringVar(&c.onTimeout, "on-timeout", "approve", "the company's answer on timeout: approve or decline")
	flag.IntVar(&c.servers, "servers", 2, "fuelportal serve processes on the one database")
	flag.IntVar(&c.cards, "cards", 500, "cards (rate scenario)")
	flag.IntVar(&c.n, "n", 200, "requests at once (onecard scenario)")
	flag.Float64Var(&c.rate, "rate", 100, "authorizations a second (rate scenario)")
	flag.Float64Var(&c.capture, "capture", 0.8, "share of approvals captured")
	flag.DurationVar(&c.duration, "duration", 3*time.Minute, "how long the rate is sent")
	flag.DurationVar(&c.deadline, "deadline", 1500*time.Millisecond, "FUELPORTAL_AUTHORIZATION_DEADLINE of the servers")
	flag.DurationVar(&c.freezeAt, "freeze-at", 0, "rate scenario: when to freeze the database link")
	flag.DurationVar(&c.freeze, "freeze", 0, "how long the database link stays frozen (0: never)")
	flag.StringVar(&c.logs, "logs", "", "directory to keep the servers' logs in (default: dropped)")
	flag.BoolVar(&c.pumpCheck, "pump-check", false, "give each card's unit a truck forwarding fixes and turn the company's pump check on")
	flag.BoolVar(&c.fixesOnly, "fixes-only", false, "the trucks and their fixes of -pump-check, the check left off")
	flag.Float64Var(&c.farShare, "far-share", 0.02, "share of the trucks parked away from the station (-pump-check)")
	flag.Parse()
	ok, err := run(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "authload:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

// answer is what the client saw of one authorization and its capture.
type answer struct {
	sentAt            time.Duration // after the start
	id, card          string
	status            int
	took              time.Duration
	approved          bool
	cents             int64
	declineCode       string
	captureStatus     int // 0: not captured
	captureResent     int // times sent again after a 503
	captureTook       time.Duration
	captureNetworkID  string
	captureCents      int64
	captureGallons    int64
	captureRetailTenC int64
}

// The owner signs in (-pump-check) to turn the check on.
const ownerEmail, ownerPassword = "load@example.com", "authload-owner-password"

const (
	stationID    = 412
	stationLat   = 29.1
	stationLon   = -82.1
	retailTenthC = 3859 // $3.859 a gallon
	contractFee  = 150  // cents a purchase
)

func run(c config) (bool, error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "authload")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	if c.bin == "" {
		c.bin = filepath.Join(dir, "fuelportal")
		build := exec.Command("go", "build", "-o", c.bin, "./cmd/fuelportal")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return false, fmt.Errorf("build: %w", err)
		}
	}
	dsn, drop, err := createDatabase(ctx, c.pg)
	if err != nil {
		return false, err
	}
	defer drop()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return false, err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return false, err
	}
	company, cards, err := seed(ctx, db, c)
	if err != nil {
		return false, err
	}
	before, err := db.Wallet(ctx, company)
	if err != nil {
		return false, err
	}
	u, _ := url.Parse(dsn)
	proxy, err := newProxy(u.Host)
	if err != nil {
		return false, err
	}
	defer proxy.close()
	viaProxy := *u
	viaProxy.Host = proxy.addr
	var servers []string
	for i := range c.servers {
		logDir := dir
		if c.logs != "" {
			logDir = c.logs
		}
		base, stop, err := startServer(c, viaProxy.String(), filepath.Join(logDir, fmt.Sprintf("server%d.log", i)), filepath.Join(dir, "standin"))
		if err != nil {
			return false, err
		}
		defer stop()
		servers = append(servers, base)
	}
	sessionsBefore, _ := sessions(ctx, db, u)

	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1024, MaxConnsPerHost: 0}}
	var trucks *fleet
	if c.fleet() {
		if trucks, err = startFleet(client, servers, c, cards); err != nil {
			return false, err
		}
		defer trucks.stop()
	}
	var mu sync.Mutex
	var answers []*answer
	var wg sync.WaitGroup
	start := time.Now()
	send := func(i int, card string, cents int64) {
		defer wg.Done()
		sentAt := time.Since(start)
		a := authorize(client, servers[i%len(servers)], card, cents)
		a.sentAt = sentAt
		mu.Lock()
		answers = append(answers, a)
		mu.Unlock()
		if a.status/100 == 2 && a.approved && mrand.Float64() < c.capture {
			time.Sleep(time.Duration(500+mrand.IntN(2500)) * time.Millisecond) // the pump runs
			capture(client, servers[(i+1)%len(servers)], a)
		}
	}
	switch c.scenario {
	case "rate":
		if c.freeze > 0 {
			go func() {
				time.Sleep(c.freezeAt)
				proxy.setFrozen(true)
				time.Sleep(c.freeze)
				proxy.setFrozen(false)
			}()
		}
		interval := time.Duration(float64(time.Second) / c.rate)
		for i := 0; time.Since(start) < c.duration; i++ {
			next := start.Add(time.Duration(i) * interval)
			time.Sleep(time.Until(next))
			wg.Add(1)
			go send(i, cards[mrand.IntN(len(cards))], int64(20_00+mrand.IntN(130_00)))
		}
	case "onecard":
		if c.freeze > 0 {
			proxy.setFrozen(true)
			go func() { time.Sleep(c.freeze); proxy.setFrozen(false) }()
		}
		for i := range c.n {
			wg.Add(1)
			go send(i, cards[0], 13_37)
		}
	default:
		return false, fmt.Errorf("unknown scenario %q", c.scenario)
	}
	wg.Wait()
	sent := time.Since(start)
	if trucks != nil {
		trucks.stop()
	}
	proxy.setFrozen(false)
	// The stand-in's answers are recorded once the database allows: wait
	// (up to 2 minutes) until every answer has its record.
	recordedBy := time.Now()
	for waitStart := time.Now(); time.Since(waitStart) < 2*time.Minute; time.Sleep(time.Second) {
		if n, err := unrecorded(ctx, db, company, answers); err != nil || n == 0 {
			break
		}
		recordedBy = time.Now()
	}
	fmt.Printf("every answer recorded %v after the last one\n", recordedBy.Sub(start.Add(sent)).Round(time.Second))
	sessionsAfter, _ := sessions(ctx, db, u)

	report(c, answers, sent, sessionsAfter-sessionsBefore)
	if trucks != nil {
		if err := trucks.report(ctx, db, company); err != nil {
			return false, err
		}
	}
	return checkMoney(ctx, db, company, before, answers)
}

func authorize(client *http.Client, base, card string, cents int64) *answer {
	a := &answer{id: "AL-" + randomHex(8), card: card}
	body := fmt.Sprintf(`{"authorizationId":%q,"cardNumber":%q,"locationId":%d,"amount":%d.%02d}`, a.id, card, stationID, cents/100, cents%100)
	start := time.Now()
	status, res, err := post(client, base+"/api/network/authorizations", body)
	a.took, a.status = time.Since(start), status
	if err != nil {
		return a
	}
	var ans struct {
		Approved    bool
		Amount      json.Number
		DeclineCode *string
	}
	if status/100 == 2 && json.Unmarshal(res, &ans) == nil {
		a.approved = ans.Approved
		a.cents, _ = fuelportal.ParseDecimal(ans.Amount.String(), 2)
		if ans.DeclineCode != nil {
			a.declineCode = *ans.DeclineCode
		}
	}
	return a
}

func capture(client *http.Client, base string, a *answer) {
	gallons := a.cents * 10_000 / retailTenthC // thousandths, within the approved amount
	if gallons <= 0 {
		return
	}
	a.captureNetworkID, a.captureGallons, a.captureRetailTenC = "TX-"+a.id, gallons, retailTenthC
	a.captureCents = int64(fuelportal.PriceOf(fuelportal.Gallons(gallons), retailTenthC))
	body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":"%d.%03d","retailPrice":"3.859","transactionDate":%q,"authorizationId":%q}`,
		a.captureNetworkID, a.card, stationID, gallons/1000, gallons%1000, time.Now().UTC().Format(time.RFC3339), a.id)
	start := time.Now()
	status, res, _ := post(client, base+"/api/network/transactions", body)
	// A 503 is sent again after its Retry-After (the servers' 5 s), as the
	// network does: the stand-in's approval may wait for its record in the
	// other server, or the database for room.
	for tries := 1; status == http.StatusServiceUnavailable && tries < captureTries; tries++ {
		time.Sleep(5 * time.Second)
		a.captureResent++
		status, res, _ = post(client, base+"/api/network/transactions", body)
	}
	a.captureTook, a.captureStatus = time.Since(start), status
	if status/100 != 2 {
		captureErrors.Do(func() { fmt.Fprintf(os.Stderr, "a capture answered %d: %s\n", status, res) })
	}
}

// captureTries is how often a capture answered 503 is sent.
const captureTries = 12

// captureErrors prints the first capture that fails.
var captureErrors sync.Once

// post sends body to a network endpoint with the network's key.
func post(client *http.Client, url, body string) (int, []byte, error) {
	return request(client, "POST", url, body, "X-Network-Key", networkKey)
}

// request sends method url with the JSON body (none when "") and the
// header's name, value pairs, and answers the status and the body.
func request(client *http.Client, method, url, body string, header ...string) (int, []byte, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

func report(c config, answers []*answer, sent time.Duration, sessions int64) {
	var took, captureTook []time.Duration
	statuses := map[int]int{}
	captureStatuses := map[int]int{}
	resent := 0
	var approved, declined, over2s int
	declineCodes := map[string]int{}
	for _, a := range answers {
		took = append(took, a.took)
		statuses[a.status]++
		if a.took > 2*time.Second {
			over2s++
		}
		switch {
		case a.status/100 != 2:
		case a.approved:
			approved++
		default:
			declined++
			declineCodes[a.declineCode]++
		}
		resent += a.captureResent
		if a.captureStatus != 0 {
			captureTook = append(captureTook, a.captureTook)
			captureStatuses[a.captureStatus]++
		}
	}
	fmt.Printf("scenario %s: %d servers, deadline %v", c.scenario, c.servers, c.deadline)
	if c.scenario == "rate" {
		fmt.Printf(", %.0f/s over %d cards for %v, %.0f %% captured", c.rate, c.cards, c.duration, 100*c.capture)
	} else {
		fmt.Printf(", %d at once on one card", c.n)
	}
	if c.freeze > 0 {
		fmt.Printf(", database link frozen %v", c.freeze)
	}
	fmt.Printf("\nauthorizations: %d sent in %v; at the client p50 %v, p99 %v, max %v; over 2 s: %d\n",
		len(answers), sent.Round(time.Millisecond), pct(took, 50), pct(took, 99), pct(took, 100), over2s)
	fmt.Printf("  statuses %v; approved %d, declined %d %v\n", statuses, approved, declined, declineCodes)
	if c.scenario == "rate" {
		// p50 and p99 of each 30 s of sending: does it hold, recover?
		fmt.Printf("  by 30 s sent:")
		for from := time.Duration(0); from < c.duration; from += 30 * time.Second {
			var window []time.Duration
			for _, a := range answers {
				if a.sentAt >= from && a.sentAt < from+30*time.Second {
					window = append(window, a.took)
				}
			}
			fmt.Printf(" [%v p50 %v p99 %v]", from, pct(window, 50), pct(window, 99))
		}
		fmt.Println()
	}
	fmt.Printf("captures: %d; p50 %v, p99 %v, max %v; statuses %v; sent again after a 503: %d\n", len(captureTook), pct(captureTook, 50), pct(captureTook, 99), pct(captureTook, 100), captureStatuses, resent)
	fmt.Printf("PostgreSQL sessions opened during the run: %d\n", sessions)
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := min(len(d)*p/100, len(d)-1)
	return d[i].Round(time.Millisecond)
}

// unrecorded counts the answers (2xx) without their record yet.
func unrecorded(ctx context.Context, db *store.DB, company int64, answers []*answer) (int, error) {
	ids := map[string]bool{}
	err := db.InReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT authorization_id FROM card_authorizations WHERE company_id = ?`, company)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids[id] = true
		}
		return rows.Err()
	})
	n := 0
	for _, a := range answers {
		if a.status/100 == 2 && !ids[a.id] {
			n++
		}
	}
	return n, err
}

// checkMoney compares every answer with its record and the wallet with
// the answers.
func checkMoney(ctx context.Context, db *store.DB, company int64, before *fuelportal.Wallet, answers []*answer) (bool, error) {
	type record struct {
		approved    bool
		cents, held int64
		status      string
		timedOut    bool
	}
	records := map[string]*record{}
	var fundedTotal int64
	captured := map[string]int64{} // network transaction id -> funded total
	err := db.InReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT authorization_id, approved, amount_cents, held_cents, status, timed_out FROM card_authorizations WHERE company_id = ?`, company)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			r := &record{}
			if err := rows.Scan(&id, &r.approved, &r.cents, &r.held, &r.status, &r.timedOut); err != nil {
				rows.Close()
				return err
			}
			records[id] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT network_transaction_id, funded_total_cents FROM card_transactions WHERE company_id = ? AND status = 'APPROVED'`, company)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var funded int64
			if err := rows.Scan(&id, &funded); err != nil {
				return err
			}
			captured[id] = funded
			fundedTotal += funded
		}
		return rows.Err()
	})
	if err != nil {
		return false, err
	}
	after, err := db.Wallet(ctx, company)
	if err != nil {
		return false, err
	}
	audit, err := db.CheckLedger(ctx)
	if err != nil {
		return false, err
	}
	var problems []string
	problem := func(format string, args ...any) {
		if len(problems) < 20 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	var wantHeld int64
	var standIns, answeredNotRecorded, recordedNot2xx, captureMismatch int
	for _, a := range answers {
		r := records[a.id]
		if a.status/100 != 2 {
			if r != nil && r.approved {
				recordedNot2xx++
				problem("%s answered %d but recorded approved %d", a.id, a.status, r.cents)
			}
			continue
		}
		if r == nil {
			answeredNotRecorded++
			problem("%s answered (approved %v) but not recorded", a.id, a.approved)
			continue
		}
		if r.timedOut {
			standIns++
		}
		if r.approved != a.approved || r.cents != a.cents {
			problem("%s answered approved %v %d, recorded approved %v %d", a.id, a.approved, a.cents, r.approved, r.cents)
		}
		captureOK := a.captureStatus/100 == 2
		_, recorded := captured[a.captureNetworkID]
		if a.captureNetworkID != "" && captureOK != recorded {
			captureMismatch++
			problem("%s: capture answered %d, recorded %v", a.id, a.captureStatus, recorded)
		}
		if a.approved && !recorded {
			wantHeld += a.cents + contractFee // an approval holds the fee too
		}
	}
	heldOK := after.HeldCents-before.HeldCents == wantHeld
	if !heldOK {
		problem("wallet holds %d cents more than before, the open approvals answered are %d", after.HeldCents-before.HeldCents, wantHeld)
	}
	balanceOK := before.BalanceCents-after.BalanceCents == fundedTotal
	if !balanceOK {
		problem("wallet balance fell %d cents, the captured purchases' funded totals are %d", before.BalanceCents-after.BalanceCents, fundedTotal)
	}
	ledgerOK := audit.EntriesSum == 0 && audit.UnpairedTransfers == 0 && len(audit.BalanceMismatches) == 0
	if !ledgerOK {
		problem("ledger audit %+v", audit)
	}
	ok := len(problems) == 0
	fmt.Printf("money: %d answers checked against their records (%d by the stand-in), %d captures recorded ($%.2f funded), holds open $%.2f; answered-but-not-recorded %d, non-2xx-but-recorded %d, capture answer/record mismatches %d; ledger balanced %v: ",
		len(answers), standIns, len(captured), float64(fundedTotal)/100, float64(wantHeld)/100, answeredNotRecorded, recordedNot2xx, captureMismatch, ledgerOK)
	if ok {
		fmt.Println("EXACT")
	} else {
		fmt.Println("WRONG")
		for _, p := range problems {
			fmt.Println("  ", p)
		}
	}
	return ok, nil
}

func seed(ctx context.Context, db *store.DB, c config) (company int64, cards []string, err error) {
	co := &fuelportal.Company{Name: "Load Freight", CarrierID: 7654321}
	password, err := fuelportal.NewPasswordHasher(fuelportal.DefaultArgon2Params).Hash(ctx, ownerPassword)
	if err != nil {
		return 0, nil, err
	}
	if err := db.CreateCompanyOwner(ctx, co, &fuelportal.User{Email: ownerEmail, PasswordHash: password}); err != nil {
		return 0, nil, err
	}
	n := c.cards
	if c.scenario == "onecard" {
		n = 1
	}
	created := time.Now().UTC().Add(-48 * time.Hour)
	err = db.InTx(ctx, func(tx *store.Tx) error {
		for i := range n {
			card := &fuelportal.Card{CompanyID: co.ID, CardNumber: fmt.Sprintf("70710000%011d", i+1), DriverName: fmt.Sprintf("Driver %d", i+1),
				DriverID: fmt.Sprintf("D-%d", i+1), UnitNumber: fmt.Sprintf("U-%d", i+1), CreatedAt: created}
			if err := tx.CreateCard(ctx, card); err != nil {
				return err
			}
			cards = append(cards, card.CardNumber)
			if c.fleet() { // the card's unit: the truck whose fixes the pump check reads
				truck := &fuelportal.Vehicle{CompanyID: co.ID, UnitNumber: card.UnitNumber, FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true}
				if err := tx.CreateVehicle(ctx, truck); err != nil {
					return err
				}
			}
		}
		station := &fuelportal.Station{ID: stationID, Name: "Pilot Travel Center #412", City: "Ocala", State: "FL", ZipCode: "34475",
			Latitude: stationLat, Longitude: stationLon, RetailPrice: retailTenthC, NetPrice: 3579, PriceDate: time.Now().UTC()}
		if _, err := tx.UpsertStations(ctx, []*fuelportal.Station{station}); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &fuelportal.Contract{CompanyID: co.ID, Pricing: fuelportal.PricingRetailMinus,
			RetailMinusTenthCents: 120, Billing: fuelportal.BillingPrepaid, FeeCents: contractFee})
	})
	if err != nil {
		return 0, nil, err
	}
	if c.scenario == "onecard" {
		daily := int64(500_00)
		if _, err := db.SaveCardControls(ctx, co.ID, cards[0], fuelportal.Controls{DailyCents: &daily}); err != nil {
			return 0, nil, err
		}
	}
	if err := db.SetCompanyAuthorizationTimeout(ctx, co.ID, fuelportal.AuthorizationTimeout(c.onTimeout)); err != nil {
		return 0, nil, err
	}
	if _, _, err := db.CreditWallet(ctx, co.ID, 10_000_000_00, fuelportal.LedgerTopUp, "authload-seed"); err != nil {
		return 0, nil, err
	}
	return co.ID, cards, nil
}

// createDatabase makes a fresh database on the server of base and returns
// its DSN and how to drop it.
func createDatabase(ctx context.Context, base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	if host := u.Hostname(); host != "127.0.0.1" && host != "localhost" && host != "::1" {
		return "", nil, fmt.Errorf("-pg must be a loopback server, not %s", host)
	}
	name := "authload_" + randomHex(6)
	if err := execOutsideTx(ctx, base, "CREATE DATABASE "+name); err != nil {
		return "", nil, err
	}
	if v := os.Getenv("AUTHLOAD_DB_SETTING"); v != "" {
		if err := execOutsideTx(ctx, base, "ALTER DATABASE "+name+" SET "+v); err != nil {
			return "", nil, err
		}
	}
	u.Path = "/" + name
	return u.String(), func() { _ = execOutsideTx(context.Background(), base, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") }, nil
}

// execOutsideTx runs one statement that cannot run in a transaction
// (CREATE DATABASE) on its own connection.
func execOutsideTx(ctx context.Context, dsn, statement string) error {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, statement)
	return err
}

// sessions is how many sessions PostgreSQL opened on the database so far.
func sessions(ctx context.Context, db *store.DB, u *url.URL) (n int64, err error) {
	err = db.InReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT sessions FROM pg_stat_database WHERE datname = ?`, strings.TrimPrefix(u.Path, "/")).Scan(&n)
	})
	return n, err
}

func startServer(c config, dsn, logPath, journal string) (base string, stop func(), err error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(c.bin, "serve", "--addr", "127.0.0.1:0", "--db", dsn)
	cmd.Env = append(os.Environ(), "FUELPORTAL_TRUST_PROXY=", "FUELPORTAL_SMTP_URL=", "FUELPORTAL_SMTP_HOST=",
		"FUELPORTAL_NETWORK_KEY="+networkKey, "GOMEMLIMIT=400MiB", "FUELPORTAL_AUTHORIZATION_DEADLINE="+c.deadline.String(),
		"FUELPORTAL_STANDIN_JOURNAL="+journal)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if addr, ok := strings.CutPrefix(sc.Text(), "Fuel portal listening on "); ok {
				found <- addr
			}
		}
	}()
	select {
	case addr := <-found:
		return addr, stop, nil
	case <-time.After(2 * time.Minute):
		stop()
		log, _ := os.ReadFile(logPath)
		return "", nil, fmt.Errorf("server did not start:\n%s", log)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// proxy forwards loopback TCP to PostgreSQL; frozen, it moves no byte in
// either direction and closes nothing, as a network dropping packets.
type proxy struct {
	addr string
	ln   net.Listener
	mu   sync.Mutex
	cond *sync.Cond
	// frozen is read under mu.
	frozen bool
}

func newProxy(target string) (*proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &proxy{addr: ln.Addr().String(), ln: ln}
	p.cond = sync.NewCond(&p.mu)
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				p.waitThawed()
				server, err := net.DialTimeout("tcp", target, 5*time.Second)
				if err != nil {
					client.Close()
					return
				}
				go p.pipe(server, client)
				p.pipe(client, server)
			}()
		}
	}()
	return p, nil
}

func (p *proxy) waitThawed() {
	p.mu.Lock()
	for p.frozen {
		p.cond.Wait()
	}
	p.mu.Unlock()
}

func (p *proxy) setFrozen(frozen bool) {
	p.mu.Lock()
	p.frozen = frozen
	p.mu.Unlock()
	p.cond.Broadcast()
}

func (p *proxy) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		p.waitThawed()
		n, err := src.Read(buf)
		p.waitThawed()
		if n > 0 {
			if _, err := dst.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *proxy) close() { p.ln.Close() }

package qbo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"fuelportal"
	"fuelportal/netguard"
	"fuelportal/store"
)

// MaxPushDays bounds a push's range.
const MaxPushDays = 366

// pushPage is how many purchases a push reads from the database at once.
const pushPage = 1000

// DocNumberPrefix starts the DocNumber of every Purchase the portal
// creates: the prefix and the portal's transaction id are the key a push
// looks for in QuickBooks before it creates.
const DocNumberPrefix = "FP-"

// DocNumber is the QuickBooks DocNumber of the portal's transaction id.
func DocNumber(id int64) string { return DocNumberPrefix + strconv.FormatInt(id, 10) }

// money is an amount in cents written as QuickBooks' decimal dollars.
type money int64

func (m money) MarshalJSON() ([]byte, error) {
	sign := ""
	v := int64(m)
	if v < 0 {
		sign, v = "-", -v
	}
	return []byte(fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)), nil
}

type ref struct {
	Value string `json:"value"`
	Name  string `json:"name,omitempty"`
}

// purchase is QuickBooks' Purchase entity, as the portal creates it.
type purchase struct {
	ID          string `json:"Id,omitempty"`
	PaymentType string `json:"PaymentType"`
	AccountRef  ref    `json:"AccountRef"`
	TxnDate     string `json:"TxnDate"`
	DocNumber   string `json:"DocNumber"`
	PrivateNote string `json:"PrivateNote,omitempty"`
	Line        []line `json:"Line"`
}

type line struct {
	Amount                        money         `json:"Amount"`
	DetailType                    string        `json:"DetailType"`
	Description                   string        `json:"Description,omitempty"`
	AccountBasedExpenseLineDetail expenseDetail `json:"AccountBasedExpenseLineDetail"`
}

type expenseDetail struct {
	AccountRef ref  `json:"AccountRef"`
	ClassRef   *ref `json:"ClassRef,omitempty"`
	// CustomerRef is the job's customer (QuickBooks' jobs are customers).
	CustomerRef *ref `json:"CustomerRef,omitempty"`
}

type batchItemRequest struct {
	BID       string    `json:"bId"`
	Operation string    `json:"operation"`
	Purchase  *purchase `json:"Purchase"`
}

type batchItemResponse struct {
	BID      string     `json:"bId"`
	Purchase *purchase  `json:"Purchase"`
	Fault    *faultBody `json:"Fault"`
}

// item is one purchase to send.
type item struct {
	id      int64
	product fuelportal.ProductCode
	body    purchase
	class   string // the coded class's name
	job     string // the coded job's name
}

// Push sends the company's posted purchases of the days from to to (dates
// in the company's time zone, both included) to QuickBooks: each one not
// yet there becomes one Purchase. Field errors for a bad range;
// EUNPROCESSABLE without a payment account; the run's summary otherwise
// (purchases QuickBooks refused are counted and listed in the status).
func (s *Service) Push(ctx context.Context, companyID int64, from, to string) (*fuelportal.QBOPushRun, error) {
	if !s.Configured() {
		return nil, errNotConfigured
	}
	controls, err := s.d.Store.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	loc := controls.Location()
	start, end, err := fuelportal.DayRange(from, to, loc, MaxPushDays)
	if err != nil {
		return nil, err
	}
	c, err := s.open(ctx, companyID, "")
	if err != nil {
		return nil, err
	}
	m := c.secret.Mapping
	if m.PaymentAccount == "" {
		return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Choose the QuickBooks account the card program pays from (the mapping) before sending purchases")
	}
	p := &pushRun{s: s, c: c, mapping: m, loc: loc, run: fuelportal.QBOPushRun{From: from, To: to}}
	err = p.all(ctx, start, end)
	p.run.Created, p.run.Found, p.run.Failed = int(p.created.Load()), int(p.found.Load()), int(p.failed.Load())
	p.run.Requests = int(p.requests.Load())
	errText := ""
	if err != nil {
		errText = reasonOf(err)
	} else if p.run.Failed > 0 {
		errText = fmt.Sprintf("QuickBooks refused %d purchase(s)", p.run.Failed)
	}
	if ctx.Err() == nil || err == nil {
		if rerr := s.d.Store.RecordQBOPushRun(context.WithoutCancel(ctx), companyID, p.run, errText); rerr != nil && err == nil {
			err = rerr
		}
	}
	p.run.At = s.d.Now()
	if err != nil {
		return &p.run, s.callError(err)
	}
	return &p.run, nil
}

// pushRun is one push under way.
type pushRun struct {
	s       *Service
	c       *conn
	cmu     sync.Mutex // guards c (a 401 renews it)
	mapping fuelportal.QBOMapping
	loc     *time.Location
	run     fuelportal.QBOPushRun

	classes     map[string]string // lower-case name → id
	classesOnce sync.Once
	classesErr  error

	jobsMu sync.Mutex
	jobs   map[string]*jobLookup // lower-case job → its lookup in this push

	created, found, failed, requests atomic.Int64
}

func (p *pushRun) conn() *conn {
	p.cmu.Lock()
	defer p.cmu.Unlock()
	c := *p.c
	return &c
}

func (p *pushRun) api(ctx context.Context, method, path string, q url.Values, body, out any) error {
	c := p.conn()
	err := p.s.api(ctx, c, method, path, q, body, out, &p.requests)
	p.cmu.Lock()
	if c.access != p.c.access && c.secret.AccessExpiresAt.After(p.c.secret.AccessExpiresAt) {
		*p.c = *c
	}
	p.cmu.Unlock()
	return err
}

// all reads the purchases page by page and sends each page's in batches,
// at most the realm's concurrency at once.
func (p *pushRun) all(ctx context.Context, start, end time.Time) error {
	f := fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: p.c.companyID}, From: start, To: end, Ascending: true, Limit: pushPage}
	for {
		var items []item
		rows := 0
		err := p.s.d.Store.EachTransaction(ctx, f, func(t *fuelportal.Transaction) error {
			rows++
			if t.Status == fuelportal.TransactionApproved && t.FundedTotalCents > 0 {
				items = append(items, p.item(t))
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := p.page(ctx, items); err != nil {
			return err
		}
		if rows < pushPage {
			return nil
		}
		f.Offset += pushPage
	}
}

func (p *pushRun) page(ctx context.Context, items []item) error {
	size := p.s.d.BatchSize
	sem := make(chan struct{}, p.s.d.Concurrent)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for i := 0; i < len(items); i += size {
		batch := items[i:min(i+size, len(items))]
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := p.batch(ctx, batch); err != nil {
				once.Do(func() { first = err; cancel() })
			}
		}()
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// item is t as a QuickBooks Purchase.
func (p *pushRun) item(t *fuelportal.Transaction) item {
	desc := t.Coding.Memo
	if desc == "" {
		card := t.CardNumber
		if len(card) > 4 {
			card = card[len(card)-4:]
		}
		desc = fmt.Sprintf("%s %s %d.%03d gal card %s", t.LocationName, t.Product, int64(t.Gallons)/1000, int64(t.Gallons)%1000, card)
	}
	note := fmt.Sprintf("Fuel portal transaction %d (%s)", t.ID, t.InvoiceRef)
	if t.Coding.Job != "" {
		note += ", job " + t.Coding.Job
	}
	return item{id: t.ID, product: t.Product, class: t.Coding.Class, job: t.Coding.Job, body: purchase{
		PaymentType: "CreditCard", AccountRef: ref{Value: p.mapping.PaymentAccount},
		TxnDate: t.TransactionDate.In(p.loc).Format("2006-01-02"), DocNumber: DocNumber(t.ID),
		PrivateNote: truncateRunes(note, 4000),
		Line: []line{{Amount: money(t.FundedTotalCents), DetailType: "AccountBasedExpenseLineDetail", Description: truncateRunes(desc, 4000),
			AccountBasedExpenseLineDetail: expenseDetail{AccountRef: ref{Value: p.mapping.Products[t.Product]}}}},
	}}
}

func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// classRef is the QuickBooks class named name (nil for none or unknown).
func (p *pushRun) classRef(ctx context.Context, name string) (*ref, error) {
	if name == "" {
		return nil, nil
	}
	p.classesOnce.Do(func() {
		var ans struct {
			QueryResponse struct {
				Class []struct {
					ID                 string `json:"Id"`
					Name               string `json:"Name"`
					FullyQualifiedName string `json:"FullyQualifiedName"`
				} `json:"Class"`
			} `json:"QueryResponse"`
		}
		p.classes = map[string]string{}
		p.classesErr = p.api(ctx, http.MethodGet, "/query", url.Values{"query": {"select * from Class where Active = true maxresults 1000"}}, nil, &ans)
		for _, c := range ans.QueryResponse.Class {
			p.classes[strings.ToLower(c.Name)] = c.ID
			p.classes[strings.ToLower(c.FullyQualifiedName)] = c.ID
		}
	})
	if p.classesErr != nil {
		return nil, p.classesErr
	}
	if id, ok := p.classes[strings.ToLower(name)]; ok {
		return &ref{Value: id}, nil
	}
	return nil, nil
}

// batch sends one batch: it claims the purchases (those another push
// holds or that are already in QuickBooks drop out), asks QuickBooks for
// those it may have created before (their DocNumber), creates the rest in
// one batch request and records each outcome.
func (p *pushRun) batch(ctx context.Context, items []item) error {
	s := p.s
	raw := make([]byte, 16)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	claim := hex.EncodeToString(raw)
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.id
	}
	claimed, err := s.d.Store.ClaimQBOPushes(ctx, p.c.companyID, p.c.realm, ids, claim, s.d.Now(), s.d.Now().Add(s.d.ClaimLease))
	if err != nil || len(claimed) == 0 {
		return err
	}
	mine := map[int64]bool{}
	for _, c := range claimed {
		mine[c.TransactionID] = true
	}
	var outcomes []store.QBOPushOutcome
	var send []item
	for _, it := range items {
		if !mine[it.id] {
			continue
		}
		if it.body.Line[0].AccountBasedExpenseLineDetail.AccountRef.Value == "" {
			outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, Error: fmt.Sprintf("No QuickBooks account is mapped to product %s", it.product)})
			p.failed.Add(1)
			continue
		}
		send = append(send, it)
	}
	record := func() error {
		return s.d.Store.RecordQBOPushes(context.WithoutCancel(ctx), p.c.companyID, claim, outcomes)
	}
	if len(send) == 0 {
		return record()
	}
	// What QuickBooks already has of these (a push that stopped after its
	// batch was sent created them).
	docs := make([]string, len(send))
	for i, it := range send {
		docs[i] = "'" + it.body.DocNumber + "'"
	}
	var existing struct {
		QueryResponse struct {
			Purchase []purchase `json:"Purchase"`
		} `json:"QueryResponse"`
	}
	q := "select Id, DocNumber from Purchase where DocNumber in (" + strings.Join(docs, ", ") + ") maxresults 1000"
	if err := p.api(ctx, http.MethodGet, "/query", url.Values{"query": {q}}, nil, &existing); err != nil {
		return p.fail(ctx, claim, send, outcomes, err)
	}
	have := map[string]string{}
	for _, e := range existing.QueryResponse.Purchase {
		have[e.DocNumber] = e.ID
	}
	var create []item
	for _, it := range send {
		if id, ok := have[it.body.DocNumber]; ok {
			outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, QBOID: id})
			p.found.Add(1)
			continue
		}
		cl, err := p.classRef(ctx, it.class)
		if err != nil {
			return p.fail(ctx, claim, send, outcomes, err)
		}
		cu, err := p.customerRef(ctx, it.job)
		if err != nil {
			return p.fail(ctx, claim, send, outcomes, err)
		}
		it.body.Line[0].AccountBasedExpenseLineDetail.ClassRef = cl
		it.body.Line[0].AccountBasedExpenseLineDetail.CustomerRef = cu
		create = append(create, it)
	}
	if len(create) == 0 {
		return record()
	}
	createIDs := make([]int64, len(create))
	req := struct {
		BatchItemRequest []batchItemRequest `json:"BatchItemRequest"`
	}{}
	for i, it := range create {
		createIDs[i] = it.id
		body := it.body
		req.BatchItemRequest = append(req.BatchItemRequest, batchItemRequest{BID: strconv.FormatInt(it.id, 10), Operation: "create", Purchase: &body})
	}
	if err := s.d.Store.MarkQBOPushesSent(ctx, p.c.companyID, claim, createIDs); err != nil {
		return err
	}
	var ans struct {
		BatchItemResponse []batchItemResponse `json:"BatchItemResponse"`
	}
	if err := p.api(ctx, http.MethodPost, "/batch", nil, req, &ans); err != nil {
		return p.fail(ctx, claim, create, outcomes, err)
	}
	if s.afterBatch != nil {
		if err := s.afterBatch(createIDs); err != nil {
			return err // as a crash: the claim stays until its lease ends
		}
	}
	byBID := map[string]batchItemResponse{}
	for _, r := range ans.BatchItemResponse {
		byBID[r.BID] = r
	}
	for _, it := range create {
		r, ok := byBID[strconv.FormatInt(it.id, 10)]
		switch {
		case ok && r.Purchase != nil && r.Purchase.ID != "":
			outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, QBOID: r.Purchase.ID})
			p.created.Add(1)
		case ok && r.Fault != nil:
			p.s.jobCache(p.c.companyID, p.c.realm).forget() // a job's customer may be gone
			outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, Error: netguard.OneLine(r.Fault.reason(), "QuickBooks refused it")})
			p.failed.Add(1)
		default:
			outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, Error: "QuickBooks' batch answer did not mention it"})
			p.failed.Add(1)
		}
	}
	return record()
}

// fail records items as not sent with err's reason (their claim is
// released: the next push tries them again, asking QuickBooks first), and
// answers err when it ends the push (the token, the context).
func (p *pushRun) fail(ctx context.Context, claim string, items []item, outcomes []store.QBOPushOutcome, err error) error {
	reason := reasonOf(err)
	for _, it := range items {
		outcomes = append(outcomes, store.QBOPushOutcome{TransactionID: it.id, Error: reason})
	}
	p.failed.Add(int64(len(items)))
	if rerr := p.s.d.Store.RecordQBOPushes(context.WithoutCancel(ctx), p.c.companyID, claim, outcomes); rerr != nil {
		return rerr
	}
	var ae *apiError
	if errors.As(err, &ae) && ae.Status != http.StatusUnauthorized && ae.Status != http.StatusForbidden {
		return nil // QuickBooks refused this batch: the others go on
	}
	return err
}

// RunDaily pushes every connected company's purchases of the last
// DailyDays days once a day (first soon after the start) until ctx ends.
func (s *Service) RunDaily(ctx context.Context, every time.Duration) {
	if !s.Configured() {
		return
	}
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s.PushAll(ctx)
		t.Reset(every)
	}
}

// PushAll pushes every connected company's purchases of the last
// DailyDays days; errors are logged.
func (s *Service) PushAll(ctx context.Context) {
	ids, err := s.d.Store.QBOCompanies(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.d.Logger.Warn("list QuickBooks connections", "err", err)
		}
		return
	}
	for _, id := range ids {
		controls, err := s.d.Store.CompanyControls(ctx, id)
		if err != nil {
			continue
		}
		today := s.d.Now().In(controls.Location())
		from := today.AddDate(0, 0, -s.d.DailyDays).Format("2006-01-02")
		run, err := s.Push(ctx, id, from, today.Format("2006-01-02"))
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.d.Logger.Info("daily QuickBooks push", "company", id, "err", err)
		} else if run.Created+run.Failed > 0 {
			s.d.Logger.Info("daily QuickBooks push", "company", id, "created", run.Created, "failed", run.Failed)
		}
	}
}

package qbo

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// QuickBooks has no job entity: a job (or project) is a Customer, a
// sub-customer when it has a parent, and an expense line names it in its
// CustomerRef. A purchase's coded job is the Customer whose DisplayName is
// the job; a job written "Parent:Job" is the sub-customer of that
// FullyQualifiedName. A job QuickBooks does not have is created as a
// customer of its own name, except one naming a parent (QuickBooks refuses
// a colon in a name): that purchase is sent without a CustomerRef, its job
// in the note. The ids found are kept per company and QuickBooks company
// for the Service's life, forgotten when QuickBooks refuses a purchase.

// faultDuplicateName is the Fault code of a name already in use.
const faultDuplicateName = "6240"

// customer is QuickBooks' Customer entity, the fields the portal reads or
// writes.
type customer struct {
	ID                 string `json:"Id,omitempty"`
	DisplayName        string `json:"DisplayName"`
	FullyQualifiedName string `json:"FullyQualifiedName,omitempty"`
}

// jobIDs are the customer ids of one company's jobs in one realm, by
// lower-case job.
type jobIDs struct {
	mu  sync.Mutex
	ids map[string]string
}

func (j *jobIDs) get(key string) (string, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	id, ok := j.ids[key]
	return id, ok
}

func (j *jobIDs) put(key, id string) {
	j.mu.Lock()
	j.ids[key] = id
	j.mu.Unlock()
}

func (j *jobIDs) forget() {
	j.mu.Lock()
	j.ids = map[string]string{}
	j.mu.Unlock()
}

// jobCache is the company's job ids in realm.
func (s *Service) jobCache(companyID int64, realm string) *jobIDs {
	type key struct {
		company int64
		realm   string
	}
	v, _ := s.jobs.LoadOrStore(key{companyID, realm}, &jobIDs{ids: map[string]string{}})
	return v.(*jobIDs)
}

// jobLookup is one job's lookup in a push: run once however many batches
// ask at once.
type jobLookup struct {
	once sync.Once
	id   string
	err  error
}

// customerRef is the QuickBooks customer of job (nil for none, or a
// sub-customer QuickBooks does not have).
func (p *pushRun) customerRef(ctx context.Context, job string) (*ref, error) {
	if job == "" {
		return nil, nil
	}
	key := strings.ToLower(job)
	cache := p.s.jobCache(p.c.companyID, p.c.realm)
	if id, ok := cache.get(key); ok {
		return &ref{Value: id}, nil
	}
	p.jobsMu.Lock()
	if p.jobs == nil {
		p.jobs = map[string]*jobLookup{}
	}
	l := p.jobs[key]
	if l == nil {
		l = &jobLookup{}
		p.jobs[key] = l
	}
	p.jobsMu.Unlock()
	l.once.Do(func() {
		l.id, l.err = p.findOrCreateCustomer(ctx, job)
		if l.err == nil && l.id != "" {
			cache.put(key, l.id)
		}
	})
	if l.err != nil || l.id == "" {
		return nil, l.err
	}
	return &ref{Value: l.id}, nil
}

// findOrCreateCustomer answers the id of the customer named job, created
// when QuickBooks has none ("" for a sub-customer it does not have). Two
// pushes creating the same job at once: the second is refused as a
// duplicate name and finds the first's.
func (p *pushRun) findOrCreateCustomer(ctx context.Context, job string) (string, error) {
	id, err := p.findCustomer(ctx, job)
	if err != nil || id != "" || strings.Contains(job, ":") {
		return id, err
	}
	var created struct {
		Customer customer `json:"Customer"`
	}
	err = p.api(ctx, http.MethodPost, "/customer", nil, customer{DisplayName: job}, &created)
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == faultDuplicateName {
		return p.findCustomer(ctx, job)
	}
	if err != nil {
		return "", err
	}
	return created.Customer.ID, nil
}

// findCustomer answers the id of the active customer named job ("" for
// none): by DisplayName, or by FullyQualifiedName for "Parent:Job".
func (p *pushRun) findCustomer(ctx context.Context, job string) (string, error) {
	field := "DisplayName"
	if strings.Contains(job, ":") {
		field = "FullyQualifiedName"
	}
	var ans struct {
		QueryResponse struct {
			Customer []customer `json:"Customer"`
		} `json:"QueryResponse"`
	}
	q := "select Id, DisplayName, FullyQualifiedName from Customer where " + field + " = '" + queryString(job) + "'"
	if err := p.api(ctx, http.MethodGet, "/query", url.Values{"query": {q}}, nil, &ans); err != nil {
		return "", err
	}
	for _, c := range ans.QueryResponse.Customer {
		if strings.EqualFold(c.DisplayName, job) || strings.EqualFold(c.FullyQualifiedName, job) {
			return c.ID, nil
		}
	}
	return "", nil
}

// queryString is s as a string literal's content in QuickBooks' query
// language: a backslash escapes an apostrophe (and itself).
func queryString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s)
}

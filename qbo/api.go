package qbo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"fuelportal/netguard"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"fuelportal"
)

func (s *Service) limiter(realm string) *limiter {
	v, _ := s.limiters.LoadOrStore(realm, newLimiter(s.d.RequestsPerMinute, s.d.Concurrent))
	return v.(*limiter)
}

// api calls the accounting API of c's realm: path under
// /v3/company/{realmId}, query (minorversion added), body JSON (nil for
// GET); the answer is decoded into out. Within Intuit's limits (the
// realm's limiter); a 429 waits (Retry-After, else a growing pause) and
// tries again, up to maxTries, as does a failure to reach QuickBooks or a
// 5xx of a read (a GET); a write that may have been carried out is not
// sent again (the next push asks QuickBooks first). A 401 renews the
// token once.
// requests counts the calls made.
func (s *Service) api(ctx context.Context, c *conn, method, path string, query url.Values, body, out any, requests *atomic.Int64) error {
	if query == nil {
		query = url.Values{}
	}
	query.Set("minorversion", MinorVersion)
	u := s.d.APIBase + "/v3/company/" + url.PathEscape(c.realm) + path + "?" + query.Encode()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return err
		}
	}
	lim := s.limiter(c.realm)
	renewed := false
	pause := time.Second
	for try := 1; ; try++ {
		var rd *bytes.Reader
		if raw != nil {
			rd = bytes.NewReader(raw)
		}
		var req *http.Request
		var err error
		if rd != nil {
			req, err = http.NewRequest(method, u, rd)
		} else {
			req, err = http.NewRequest(method, u, nil)
		}
		if err != nil {
			return &apiError{Reason: "bad QuickBooks address"}
		}
		req.Header.Set("Authorization", "Bearer "+c.access)
		req.Header.Set("Accept", "application/json")
		if raw != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if err := lim.acquire(ctx); err != nil {
			return err
		}
		if requests != nil {
			requests.Add(1)
		}
		status, header, answer, err := send(ctx, s.http, s.d.Policy, req)
		lim.release()
		if err == nil && status >= 200 && status <= 299 {
			if err := json.Unmarshal(answer, out); err != nil {
				return &apiError{Status: status, Reason: "the answer is not QuickBooks' JSON"}
			}
			return nil
		}
		if err == nil {
			var f fault
			_ = json.Unmarshal(answer, &f)
			e := &apiError{Status: status, Reason: netguard.OneLine(f.Fault.reason(), http.StatusText(status)), Code: f.Fault.code()}
			if status == http.StatusTooManyRequests || status >= 500 {
				e.Retryable, e.RetryAfter = true, netguard.RetryAfter(header.Get("Retry-After"), time.Now(), maxRetryAfter)
			}
			err = e
		}
		var ae *apiError
		if !errors.As(err, &ae) {
			return err
		}
		if ae.Status == http.StatusUnauthorized && !renewed {
			renewed = true
			fresh, ferr := s.open(ctx, c.companyID, c.secret.AccessSealed)
			if ferr != nil {
				return ferr
			}
			*c = *fresh
			continue
		}
		if !ae.Retryable || try >= maxTries || (method != http.MethodGet && ae.Status != http.StatusTooManyRequests) {
			return err
		}
		wait := ae.RetryAfter
		if wait == 0 {
			wait = pause
			pause = min(pause*2, time.Minute)
		}
		if err := sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// Account is one of the company's QuickBooks accounts.
type Account struct {
	ID                 string `json:"Id"`
	Name               string `json:"Name"`
	FullyQualifiedName string `json:"FullyQualifiedName"`
	AccountType        string `json:"AccountType"`
	Classification     string `json:"Classification"`
	Active             bool   `json:"Active"`
}

// maxAccounts bounds the accounts read (QuickBooks answers at most 1000
// a query; the rest are paged).
const maxAccounts = 5000

// Accounts reads the company's active accounts from QuickBooks, by name.
func (s *Service) Accounts(ctx context.Context, companyID int64) ([]Account, error) {
	if !s.Configured() {
		return nil, errNotConfigured
	}
	c, err := s.open(ctx, companyID, "")
	if err != nil {
		return nil, err
	}
	return s.accounts(ctx, c)
}

func (s *Service) accounts(ctx context.Context, c *conn) ([]Account, error) {
	list := []Account{}
	for start := 1; start <= maxAccounts; start += 1000 {
		var ans struct {
			QueryResponse struct {
				Account []Account `json:"Account"`
			} `json:"QueryResponse"`
		}
		q := fmt.Sprintf("select * from Account where Active = true startposition %d maxresults 1000", start)
		if err := s.api(ctx, c, http.MethodGet, "/query", url.Values{"query": {q}}, nil, &ans, nil); err != nil {
			return nil, s.callError(err)
		}
		list = append(list, ans.QueryResponse.Account...)
		if len(ans.QueryResponse.Account) < 1000 {
			break
		}
	}
	slices.SortFunc(list, func(a, b Account) int {
		return strings.Compare(a.FullyQualifiedName+a.Name, b.FullyQualifiedName+b.Name)
	})
	return list, nil
}

// callError is a failed QuickBooks call as the caller sees it: the
// flow's own errors as they are, QuickBooks' refusal as 503 with its
// reason.
func (s *Service) callError(err error) error {
	var ae *apiError
	if errors.As(err, &ae) {
		return fuelportal.Errorf(fuelportal.EUNAVAILABLE, "QuickBooks: %s", ae.Error())
	}
	return err
}

// SetMapping stores the company's mapping after checking each account is
// one of the company's QuickBooks accounts (field errors otherwise).
func (s *Service) SetMapping(ctx context.Context, companyID int64, m fuelportal.QBOMapping) (*fuelportal.QBOMapping, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if !s.Configured() {
		return nil, errNotConfigured
	}
	c, err := s.open(ctx, companyID, "")
	if err != nil {
		return nil, err
	}
	accounts, err := s.accounts(ctx, c)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, a := range accounts {
		known[a.ID] = true
	}
	fe := fuelportal.FieldErrors{}
	for code, id := range m.Products {
		if !known[id] {
			fe.Add("products."+string(code), "Not an account of this QuickBooks company")
		}
	}
	if m.PaymentAccount != "" && !known[m.PaymentAccount] {
		fe.Add("paymentAccount", "Not an account of this QuickBooks company")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if err := s.d.Store.SetQBOMapping(ctx, companyID, m); err != nil {
		return nil, err
	}
	return &m, nil
}

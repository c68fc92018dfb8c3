package http

import (
	"context"
	"net/http"

	"fuelportal"
)

// inboxRoute is an API path of an inbox (fuelportal.Inbox): which inbox
// the caller reads there and how its entries are written. The owners'
// alerts (alertsInbox) and a user's notices (noticesInbox) are served by
// the one handler set below.
type inboxRoute struct {
	of func(Principal) fuelportal.Inbox
	// kind, when set, checks the ?kind= filter (nil: the path takes none).
	kind     func(string) bool
	kindHelp string
	maxPage  int
	// encode writes an entry for a reader of lang (the signed-in user's
	// account language).
	encode  func(item *fuelportal.InboxItem, lang fuelportal.Language) any
	missing string // the 404's message
}

type inboxPage struct {
	Content     []any    `json:"content"`
	Page        pageInfo `json:"page"`
	UnreadCount int      `json:"unreadCount"`
}

// optionalID is nil (JSON null) for 0, which is no id.
func optionalID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// handleInboxList answers a page of the caller's inbox at route, newest
// first (only unread ones with unread=true, only one kind with kind=),
// with the unread count, its entries written for the caller's language.
func (s *Server) handleInboxList(route inboxRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fe := fuelportal.FieldErrors{}
		unread := false
		switch queryText(fe, q, "unread", "code") {
		case "", "false":
		case "true":
			unread = true
		default:
			if !fe.Has("unread") {
				fe.Add("unread", "Must be true or false")
			}
		}
		var kind string
		if route.kind != nil {
			kind = queryText(fe, q, "kind", "code")
			if kind != "" && !route.kind(kind) && !fe.Has("kind") {
				fe.Add("kind", route.kindHelp)
			}
		}
		page := queryInt(fe, q, "page", 0, 0, route.maxPage)
		size := queryInt(fe, q, "size", defaultPageSize, 1, maxPageSize)
		if err := fe.Err(); err != nil {
			s.respondError(w, r, err)
			return
		}
		ctx := r.Context()
		p := PrincipalFromContext(ctx)
		res, err := s.inboxStore.Inbox(ctx, fuelportal.InboxFilter{Inbox: route.of(p), Reader: p.UserID, UnreadOnly: unread, Kind: kind,
			Offset: page * size, Limit: size})
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		out := inboxPage{Content: make([]any, 0, len(res.Items)), UnreadCount: res.Unread,
			Page: pageInfo{Number: page, Size: size, TotalElements: res.Total, TotalPages: (res.Total + size - 1) / size}}
		for _, item := range res.Items {
			out.Content = append(out.Content, route.encode(item, res.Language))
		}
		respond(w, http.StatusOK, out)
	}
}

// handleInboxRead marks one entry of the caller's inbox at route read:
// 204, and 404 for any other id (another company's, another user's).
func (s *Server) handleInboxRead(route inboxRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, ok := pathID(r)
		if !ok {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "%s", route.missing))
			return
		}
		if err := s.inboxStore.MarkInboxRead(ctx, route.of(PrincipalFromContext(ctx)), id, route.missing); err != nil {
			s.respondError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// handleInboxReadAll marks every entry of the caller's inbox at route
// read: 204.
func (s *Server) handleInboxReadAll(route inboxRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if err := s.inboxStore.MarkInboxAllRead(ctx, route.of(PrincipalFromContext(ctx))); err != nil {
			s.respondError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// inboxStore is the store as seen by the inbox handlers (*store.DB).
type inboxStore interface {
	Inbox(ctx context.Context, f fuelportal.InboxFilter) (*fuelportal.InboxPage, error)
	MarkInboxAllRead(ctx context.Context, i fuelportal.Inbox) error
	MarkInboxRead(ctx context.Context, i fuelportal.Inbox, id int64, missing string) error
}

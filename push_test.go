package fuelportal_test

import (
	"strings"
	"testing"

	"fuelportal"
)

// TestPushNotification_Bounded: a push's texts are cut to what a
// notification shows, at most two actions are kept, and a URL that is
// not a path in the app becomes "/".
func TestPushNotification_Bounded(t *testing.T) {
	long := strings.Repeat("é", 1000)
	n := fuelportal.PushNotification{Title: long, Body: long, Tag: long, URL: "/transactions/12", Actions: []fuelportal.PushAction{
		{Action: "a", Title: long, URL: "/a"}, {Action: "b", Title: "B", URL: "/b"}, {Action: "c", Title: "C", URL: "/c"}}}
	b := n.Bounded()
	for name, got := range map[string]struct {
		text string
		max  int
	}{"title": {b.Title, fuelportal.MaxPushTitleLength}, "body": {b.Body, fuelportal.MaxPushBodyLength},
		"tag": {b.Tag, fuelportal.MaxPushTagLength}, "action title": {b.Actions[0].Title, fuelportal.MaxPushActionTitleLength}} {
		if r := []rune(got.text); len(r) != got.max || r[len(r)-1] != '…' {
			t.Errorf("%s: %d characters ending %q, want %d ending …", name, len(r), string(r[len(r)-1]), got.max)
		}
	}
	if len(b.Actions) != fuelportal.MaxPushActions || b.URL != "/transactions/12" || n.Actions[0].Title != long {
		t.Errorf("bounded = %+v (the original changed: %v)", b, n.Actions[0].Title != long)
	}
	short := fuelportal.PushNotification{Title: "t", Body: "b"}
	if got := short.Bounded(); got.Title != "t" || got.Body != "b" || got.URL != "" {
		t.Errorf("short notification changed: %+v", got)
	}
	for _, url := range []string{"https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/" + strings.Repeat("a", fuelportal.MaxPushURLLength)} {
		if got := (fuelportal.PushNotification{URL: url}).Bounded().URL; got != "/" {
			t.Errorf("URL %q bounded to %q, want /", url, got)
		}
	}
}

package push_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"fuelportal/push"
)

func TestLogSMS_LogsWithoutTheWholeNumber(t *testing.T) {
	var out bytes.Buffer
	var sms push.SMS = push.LogSMS{Logger: slog.New(slog.NewTextHandler(&out, nil))}
	if err := sms.Send(context.Background(), "+15550104321", "Card ending 0042 deactivated"); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.Contains(got, "to_last4=4321") || strings.Contains(got, "5550104321") || !strings.Contains(got, "Card ending 0042") {
		t.Fatalf("log = %q", got)
	}
}

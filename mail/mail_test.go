package mail_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/mail"
)

func TestParseSMTPURL(t *testing.T) {
	tests := []struct {
		name    string
		url     string
		want    mail.SMTPConfig
		wantErr bool
	}{
		{name: "submission with STARTTLS by default", url: "smtp://me:secret@mail.example.com?from=portal@example.com",
			want: mail.SMTPConfig{Host: "mail.example.com", Port: 587, Username: "me", Password: "secret", From: "portal@example.com", TLS: "starttls"}},
		{name: "smtps means implicit TLS on 465", url: "smtps://mail.example.com?from=p@example.com",
			want: mail.SMTPConfig{Host: "mail.example.com", Port: 465, From: "p@example.com", TLS: "tls"}},
		{name: "local relay without TLS", url: "smtp://127.0.0.1:1025?from=p@example.com&tls=none",
			want: mail.SMTPConfig{Host: "127.0.0.1", Port: 1025, From: "p@example.com", TLS: "none"}},
		{name: "missing sender is refused", url: "smtp://mail.example.com", wantErr: true},
		{name: "other scheme is refused", url: "http://mail.example.com?from=p@example.com", wantErr: true},
		{name: "unknown tls mode is refused", url: "smtp://mail.example.com?from=p@example.com&tls=maybe", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := mail.ParseSMTPURL(tt.url)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil || *got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestQueued_WithoutSMTPLogsTheMessageWithCodesMasked(t *testing.T) {
	var log bytes.Buffer
	sender := mail.New(mail.Deps{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	sender.Queued(&fuelportal.MailMessage{
		To: "owner@demo.test", Subject: "Your Fuel Portal password reset code",
		Body:    "Your code is 123456.\nhttp://portal.test/reset-password?email=owner%40demo.test&otpCode=123456\n",
		Secrets: []string{"123456"},
	})
	out := log.String()
	if strings.Contains(out, "123456") {
		t.Fatalf("code in the log: %s", out)
	}
	for _, want := range []string{"Your code is ******.", "otpCode=******", "fuelportal mail outbox --to owner@demo.test"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q: %s", want, out)
		}
	}
}

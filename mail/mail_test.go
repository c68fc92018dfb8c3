package mail_test

import (
	"testing"

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

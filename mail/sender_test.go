package mail_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/mail"
	"fuelportal/store/storetest"
)

// smtpSink is a minimal plain SMTP server that keeps every message's data.
type smtpSink struct {
	ln       net.Listener
	mu       sync.Mutex
	messages []string
	received chan struct{}
}

func newSMTPSink(t *testing.T) *smtpSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpSink{ln: ln, received: make(chan struct{}, 10)}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

func (s *smtpSink) serve(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	reply := func(line string) { io.WriteString(conn, line+"\r\n") }
	reply("220 sink ready")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			reply("250 sink")
		case strings.HasPrefix(cmd, "DATA"):
			reply("354 go on")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(l)
			}
			s.mu.Lock()
			s.messages = append(s.messages, data.String())
			s.mu.Unlock()
			reply("250 queued")
			s.received <- struct{}{}
		case strings.HasPrefix(cmd, "QUIT"):
			reply("221 bye")
			return
		default: // MAIL FROM, RCPT TO, RSET, NOOP
			reply("250 ok")
		}
	}
}

// noHang is how long a delivery or its outbox mark may take before the
// sender is taken to hang (what the test catches), not to be slow: a
// loaded host may take seconds.
const noHang = 2 * time.Minute

func TestSender_DeliversQueuedMailAndMarksItSent(t *testing.T) {
	db := storetest.OpenSQLite(t)
	sink := newSMTPSink(t)
	port := sink.ln.Addr().(*net.TCPAddr).Port
	cfg, err := mail.ParseSMTPURL("smtp://127.0.0.1:" + strconv.Itoa(port) + "?from=portal@example.com&tls=none")
	if err != nil {
		t.Fatal(err)
	}
	sender := mail.New(mail.Deps{Outbox: db, SMTP: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sender.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	msg := &fuelportal.MailMessage{To: "driver@demo.test", Subject: "Your code", Body: "Your code is 123456."}
	if err := db.EnqueueMail(ctx, msg); err != nil {
		t.Fatal(err)
	}
	sender.Queued(msg)

	select {
	case <-sink.received:
	case <-time.After(noHang):
		t.Fatalf("no message reached the SMTP server in %s", noHang)
	}
	sink.mu.Lock()
	data := sink.messages[0]
	sink.mu.Unlock()
	if !strings.Contains(data, "Your code is 123456.") || !strings.Contains(data, "Subject: Your code") {
		t.Fatalf("message data:\n%s", data)
	}
	// Marking sent follows delivery; wait for it by polling the outbox.
	for deadline := time.Now().Add(noHang); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		msgs, _ := db.OutboxMessages(ctx, "driver@demo.test", 1)
		if len(msgs) == 1 && msgs[0].SentAt != nil {
			return
		}
	}
	t.Fatalf("message not marked sent %s after its delivery", noHang)
}

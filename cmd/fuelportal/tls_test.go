package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fuelportal/store/storetest"
)

// selfSignedCert writes a certificate for 127.0.0.1 and its key (PEM) into
// a temp directory and returns their paths and the certificate.
func selfSignedCert(t *testing.T) (certFile, keyFile string, cert *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	if cert, err = x509.ParseCertificate(der); err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile, cert
}

// TestServe_TLSServesHTTP2AndRefusesPlainHTTP starts `fuelportal serve`
// with --tls-cert and --tls-key: it prints an https URL, answers a client
// that trusts the certificate over HTTP/2 (with HSTS), gives a plain-HTTP
// request on the same port an error instead of the app, and on SIGTERM
// exits 0.
func TestServe_TLSServesHTTP2AndRefusesPlainHTTP(t *testing.T) {
	certFile, keyFile, cert := selfSignedCert(t)
	server := startServeProcess(t, []string{"--db", "sqlite:" + storetest.SQLiteFile(t), "--tls-cert", certFile, "--tls-key", keyFile})
	base := server.URL
	addr, ok := strings.CutPrefix(base, "https://")
	if !ok {
		t.Fatalf("printed URL %q, want https://", base)
	}

	roots := x509.NewCertPool()
	roots.AddCert(cert)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		TLSClientConfig:   &tls.Config{RootCAs: roots},
		ForceAttemptHTTP2: true, // a custom TLS config turns it off otherwise
	}}
	getTLS := func(path string) (*http.Response, string) {
		t.Helper()
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, string(body)
	}
	res, body := getTLS("/api/health")
	if res.StatusCode != http.StatusOK || !strings.Contains(body, `"ok"`) {
		t.Fatalf("health over TLS = %d %s", res.StatusCode, body)
	}
	if res.Proto != "HTTP/2.0" {
		t.Errorf("health over TLS answered in %s, want HTTP/2.0", res.Proto)
	}
	if res.TLS == nil || res.TLS.Version < tls.VersionTLS12 {
		t.Errorf("TLS connection state %+v", res.TLS)
	}
	if res.Header.Get("Strict-Transport-Security") == "" {
		t.Error("no Strict-Transport-Security over TLS")
	}
	res, app := getTLS("/")
	if res.StatusCode != http.StatusOK || app == "" || res.Proto != "HTTP/2.0" {
		t.Fatalf("the app over TLS = %d %s, %d bytes", res.StatusCode, res.Proto, len(app))
	}

	// A client that does not speak TLS 1.2 or later gets no connection.
	old := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS10, MaxVersion: tls.VersionTLS11},
	}}
	if res, err := old.Get(base + "/api/health"); err == nil {
		res.Body.Close()
		t.Errorf("a TLS 1.1 client got %d", res.StatusCode)
	}

	// Plain HTTP on the TLS port: an error answer, not the app.
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	plain, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("plain HTTP to the TLS port: %v", err)
	}
	plainBody, _ := io.ReadAll(plain.Body)
	plain.Body.Close()
	if plain.StatusCode != http.StatusBadRequest || strings.Contains(string(plainBody), app) || plain.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("plain HTTP to the TLS port = %d %q, want 400 without the app", plain.StatusCode, plainBody)
	}

	if err := server.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := server.cmd.Wait(); err != nil {
		t.Errorf("exit after SIGTERM: %v, want 0; stderr:\n%s", err, server.stderr.String())
	}
}

// TestServe_TLSNeedsBothCertificateAndKey: one of --tls-cert and --tls-key
// (flag or environment) without the other stops serve with the reason,
// before the database is opened.
func TestServe_TLSNeedsBothCertificateAndKey(t *testing.T) {
	certFile, keyFile, _ := selfSignedCert(t)
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"certificate flag alone", []string{"--tls-cert", certFile}, nil},
		{"key flag alone", []string{"--tls-key", keyFile}, nil},
		{"certificate in the environment alone", nil, map[string]string{"FUELPORTAL_TLS_CERT": certFile}},
		{"key in the environment alone", nil, map[string]string{"FUELPORTAL_TLS_KEY": keyFile}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FUELPORTAL_TLS_CERT", "")
			t.Setenv("FUELPORTAL_TLS_KEY", "")
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			db := filepath.Join(t.TempDir(), "never.db")
			var stdout, stderr strings.Builder
			args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + db}, c.args...)
			// Cancelled: a serve that started anyway returns at once.
			ctx, cancel := context.WithCancel(t.Context())
			cancel()
			err := run(ctx, args, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), "--tls-cert and --tls-key") {
				t.Fatalf("serve %v: error %v, want one naming --tls-cert and --tls-key; stdout %q", c.args, err, stdout.String())
			}
			if _, err := os.Stat(db); !os.IsNotExist(err) {
				t.Errorf("the database was created before the error (stat: %v)", err)
			}
		})
	}
}

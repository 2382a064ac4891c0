package sms_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	"bidpass/internal/sms"
)

// TestSMTPSender sends through a real SMTP server in a separate process:
// Python's smtpd DebuggingServer, which prints each message it receives.
func TestSMTPSender(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("SKIP: python3 not installed")
	}
	if exec.Command(py, "-W", "ignore", "-c", "import smtpd").Run() != nil {
		t.Skip("SKIP: python3 has no smtpd module (removed in 3.12)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(py, "-u", "-W", "ignore", "-m", "smtpd", "-n", "-c", "DebuggingServer", addr)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("SMTP server did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}

	s := &sms.SMTPSender{Addr: addr, From: "noreply@bidpass.test"}
	m := sms.Message{Channel: sms.Email, To: "zhang@example.com", Scene: "recover",
		Subject: "邮箱验证码", Text: "您的验证码为 482913 ，5分钟内有效。", Code: "482913", At: time.Now()}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var got []string
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("server ended; printed:\n%s", strings.Join(got, "\n"))
			}
			got = append(got, line)
			if strings.Contains(line, "END MESSAGE") {
				text := strings.Join(got, "\n")
				for _, want := range []string{"To: zhang@example.com", "From: noreply@bidpass.test", "482913", "Subject: =?UTF-8?b?"} {
					if !strings.Contains(text, want) {
						t.Errorf("message lacks %q:\n%s", want, text)
					}
				}
				return
			}
		case <-timeout:
			t.Fatalf("no message printed; got:\n%s", strings.Join(got, "\n"))
		}
	}
}

func ExampleValidPhone() {
	fmt.Println(sms.ValidPhone("13800000001"), sms.ValidPhone("1380000000"))
	// Output: true false
}

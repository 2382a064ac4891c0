package httpapi_test

import (
	"bytes"
	"context"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bidpass/internal/sealed"
	"bidpass/internal/store/storetest"
)

// The numbers registered below; neither may appear in clear at rest.
const (
	protectedID     = "11010519491231002X"
	protectedCredit = "91350100M000100Y43"
)

// TestNothingClearAtRest (docs/decisions/personal-data.md, "Data protection"): after a person and an enterprise
// register through the API (numbers, photos, real-name submissions), no
// byte of the SQLite files and no line of a pg_dump holds an ID number, a
// credit code or a transport private key (PEM or DER), while the API and
// the store still read them back.
func TestNothingClearAtRest(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		j := protectedJourney(t, "--data-dir", dir)
		secrets := registerBoth(j)
		var dump []byte
		files, _ := filepath.Glob(filepath.Join(dir, "bidpass.db*"))
		if len(files) == 0 {
			t.Fatal("no SQLite files")
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dump = append(dump, b...)
		}
		assertAbsent(t, dump, secrets)
	})
	t.Run("postgres", func(t *testing.T) {
		url := storetest.PostgresURL(t)
		if _, err := exec.LookPath("pg_dump"); err != nil {
			t.Fatal("pg_dump is needed for this test")
		}
		j := protectedJourney(t, "--data-dir", t.TempDir(), "--database-url", url)
		secrets := registerBoth(j)
		out, err := exec.Command("pg_dump", "--no-owner", url).Output()
		if err != nil || !bytes.Contains(out, []byte("person_profiles")) {
			t.Fatalf("pg_dump: %v", err)
		}
		assertAbsent(t, out, secrets)
	})
}

func protectedJourney(t *testing.T, args ...string) *journey {
	t.Helper()
	a := openDevApp(t, args...)
	return &journey{t: t, a: a, h: a.Handler()}
}

// registerBoth registers a person and an enterprise with their numbers and
// photos, checks the numbers read back, and returns what must not be found
// at rest: the numbers and every transport private key (its DER and each
// base64 line of its PEM).
func registerBoth(j *journey) map[string][]byte {
	j.t.Helper()
	pid, ptok := j.register("/api/register/account", "prot01", "13711130001", "Passw0rd1")
	j.call("POST", "/api/register/person/realInfo", ptok, map[string]any{"realName": "张三", "certType": "1",
		"certNum": protectedID, "certStart": "2020-01-01", "certEnd": "2040-01-01",
		"province": "350000", "city": "350100", "area": "350102", "certDetailAddr": "福州市鼓楼区", "checkType": true}, 200, nil)
	j.call("POST", "/api/register/person/realAuth", ptok, map[string]string{"certFrontId": j.upload(ptok),
		"certBackId": j.upload(ptok), "certTakeId": j.upload(ptok), "certDetailAddr": "福州市鼓楼区"}, 200, nil)

	eid, etok := j.register("/api/register/enterprise", "protcorp01", "13711130002", "Abcdefg12345!")
	cid, ccode := j.sms("13711130003", "contact", etok)
	j.call("POST", "/api/register/enterprise/info", etok, map[string]any{
		"enterpriseDto": map[string]any{"type": "A1", "name": "福建省路桥建设有限公司", "certType": "1", "certNum": protectedCredit,
			"province": "350000", "city": "350100", "area": "350102", "detailAddr": "五四路100号",
			"industry": "E,E48,E481,E4812", "capital": "5000", "capitalUnit": "WAN_YUAN", "capitalCurrency": "CNY"},
		"legalPersonDto": map[string]any{"name": "李四", "certType": "1", "certNum": protectedID,
			"linkName": "王五", "linkPhone": "13711130003", "checkCodeId": cid, "checkCode": ccode},
	}, 200, nil)
	j.call("POST", "/api/register/enterprise/realAuth", etok, map[string]string{
		"enterpriseId": j.upload(etok), "personFrontId": j.upload(etok), "personBackId": j.upload(etok)}, 200, nil)

	ctx := context.Background()
	pp, err := j.a.DB.PersonProfile(ctx, pid)
	if err != nil || pp.CertNum != protectedID {
		j.t.Fatalf("person number read back: %q %v", pp.CertNum, err)
	}
	ep, err := j.a.DB.EnterpriseProfile(ctx, eid)
	if err != nil || ep.CertNum != protectedCredit || ep.Legal.CertNum != protectedID {
		j.t.Fatalf("enterprise numbers read back: %q %q %v", ep.CertNum, ep.Legal.CertNum, err)
	}
	secrets := map[string][]byte{"ID number": []byte(protectedID), "credit code": []byte(protectedCredit),
		"PEM header": []byte("PRIVATE KEY-----")}
	keys, err := j.a.DB.ActiveTransportKeys(ctx)
	if err != nil || len(keys) == 0 {
		j.t.Fatalf("transport keys: %d %v", len(keys), err)
	}
	for _, k := range keys {
		blk, _ := pem.Decode([]byte(k.PrivatePEM))
		if blk == nil {
			j.t.Fatalf("transport key %s does not read back as PEM", k.ID)
		}
		secrets["DER of transport key "+k.ID] = blk.Bytes
		for i, line := range strings.Split(strings.TrimSpace(k.PrivatePEM), "\n") {
			if !strings.HasPrefix(line, "-----") {
				secrets["PEM line "+strconv.Itoa(i)+" of transport key "+k.ID] = []byte(line)
			}
		}
	}
	return secrets
}

func assertAbsent(t *testing.T, dump []byte, secrets map[string][]byte) {
	t.Helper()
	if !bytes.Contains(dump, []byte(sealed.Prefix)) {
		t.Fatal("no sealed value at rest: the dump read is not the database written")
	}
	for what, b := range secrets {
		if i := bytes.Index(dump, b); i >= 0 {
			lo, hi := max(0, i-80), min(len(dump), i+len(b)+40)
			t.Errorf("%s found at rest: …%q…", what, dump[lo:hi])
		}
	}
}

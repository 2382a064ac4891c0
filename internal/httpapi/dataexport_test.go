package httpapi_test

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"bidpass/internal/httpapi"
)

// TestDataExport (docs/decisions/personal-data.md, "Data protection"): a person downloads a zip of their own data
// (information as JSON and text, records, photos); another account's
// download holds none of it, and without a session there is none.
func TestDataExport(t *testing.T) {
	j := protectedJourney(t, "--data-dir", t.TempDir())
	_, tok := j.register("/api/register/account", "export01", "13711140001", "Passw0rd1")
	j.call("POST", "/api/register/person/realInfo", tok, map[string]any{"realName": "张三", "certType": "1",
		"certNum": protectedID, "certStart": "2020-01-01", "certEnd": "2040-01-01",
		"province": "350000", "city": "350100", "area": "350102", "certDetailAddr": "福州市鼓楼区", "checkType": true}, 200, nil)
	photos := []string{j.upload(tok), j.upload(tok), j.upload(tok)}
	j.call("POST", "/api/register/person/realAuth", tok, map[string]string{"certFrontId": photos[0],
		"certBackId": photos[1], "certTakeId": photos[2], "certDetailAddr": "福州市鼓楼区"}, 200, nil)

	entries := exportOf(t, j, tok, 200)
	for _, name := range []string{"account.json", "我的数据.txt", "records/modification-records.json", "records/operation-records.json"} {
		if _, ok := entries[name]; !ok {
			t.Errorf("no %s in %v", name, keys(entries))
		}
	}
	for _, id := range photos {
		if b, ok := entries["photos/"+id+".png"]; !ok || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("photo %s missing or not the uploaded bytes", id)
		}
	}
	if !bytes.Contains(entries["account.json"], []byte(protectedID)) || !strings.Contains(string(entries["我的数据.txt"]), "证件号码："+protectedID) {
		t.Errorf("the holder's own number is not in the export")
	}

	other := j.account("export02", "13711140002", "Passw0rd1")
	theirs := exportOf(t, j, other, 200)
	for name, b := range theirs {
		if bytes.Contains(b, []byte(protectedID)) || strings.HasPrefix(name, "photos/") {
			t.Errorf("another account's export holds the first one's data: %s", name)
		}
	}
	exportOf(t, j, "", 401)
}

func exportOf(t *testing.T, j *journey, tok string, status int) map[string][]byte {
	t.Helper()
	req := httptest.NewRequest("GET", "/api/account/export", nil)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res := httpapi.ServeChecked(t, j.h, req)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != status {
		t.Fatalf("export: %d %s", res.StatusCode, body)
	}
	if status != 200 {
		return nil
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), ".zip") {
		t.Fatalf("export headers: %q %q", ct, res.Header.Get("Content-Disposition"))
	}
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		out[f.Name] = b
	}
	return out
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

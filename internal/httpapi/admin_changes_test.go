package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/files"
	"bidpass/internal/review"
	staffsvc "bidpass/internal/staff"
)

// submitChange stores a change item for a new account of the subject's type
// with the payload as the account centre writes it (the JSON literal keeps
// the test on the stored shape, whatever Go type writes it) and returns the
// item's id.
func (e *adminEnv) submitChange(t *testing.T, subject, payload string) int64 {
	t.Helper()
	ctx := context.Background()
	typ := account.Person
	if subject == review.SubjectEnterprise {
		typ = account.Enterprise
	}
	n := e.changeAccounts
	e.changeAccounts++
	a := account.Account{Name: fmt.Sprintf("change%02d", n), Type: typ, Phone: fmt.Sprintf("1390000%04d", n), PasswordHash: "x",
		AuthState: account.Verifying, CreatedAt: e.d.Clock.Now(), UpdatedAt: e.d.Clock.Now()}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	id, err := e.d.Reviews.Submit(ctx, review.Submission{Kind: review.KindChange, AccountID: a.ID, Subject: subject, Payload: json.RawMessage(payload)})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// reviewDetail reads GET /api/admin/reviews/{id} as the reviewer and returns
// the raw body and its typed change rows.
func (e *adminEnv) reviewDetail(t *testing.T, id int64) (string, []reviewChange) {
	t.Helper()
	res := do(t, e.h, "GET", fmt.Sprintf("/api/admin/reviews/%d", id), "", "Authorization", "Bearer "+e.revT)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("detail %d: %s", res.StatusCode, body)
	}
	var env struct {
		Data struct {
			Changes []reviewChange `json:"changes"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	return string(body), env.Data.Changes
}

// assertNothingInternal fails when the detail shows what the change request
// keeps for the decision's effects.
func assertNothingInternal(t *testing.T, body string) {
	t.Helper()
	for _, s := range []string{"prevAuthState", `"class"`, `"payload"`, "beforeValue"} {
		if strings.Contains(body, s) {
			t.Errorf("the detail shows %s: %s", s, body)
		}
	}
}

func TestReviewDetailShowsANameChangeAsOneRow(t *testing.T) {
	e := newAdminEnv(t)
	id := e.submitChange(t, review.SubjectEnterprise, `{"subject":"enterprise","class":"identity","prevAuthState":1,
		"changes":[{"key":"name","fieldName":"企业名称","beforeValue":"福建省路桥建设有限公司","afterValue":"福建省路桥集团有限公司"}]}`)
	body, rows := e.reviewDetail(t, id)
	want := []reviewChange{{Key: "name", Label: "企业名称", Kind: "text", Current: "福建省路桥建设有限公司", Requested: "福建省路桥集团有限公司"}}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows %+v, want %+v", rows, want)
	}
	assertNothingInternal(t, body)
}

func TestReviewDetailShowsALicenceChangeAsPhotos(t *testing.T) {
	e := newAdminEnv(t)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{1}, 64)...)
	f, err := e.d.Files.Upload(context.Background(), e.holder.ID, files.KindPhoto, "licence.png", bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	id := e.submitChange(t, review.SubjectEnterprise, fmt.Sprintf(`{"subject":"enterprise","class":"license","prevAuthState":1,
		"changes":[{"key":"licenseId","fieldName":"营业执照","beforeValue":%q,"afterValue":%q}]}`, e.photo, f.ID))
	body, rows := e.reviewDetail(t, id)
	want := []reviewChange{{Key: "licenseId", Label: "营业执照", Kind: "photo", Current: e.photo, Requested: f.ID}}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows %+v, want %+v", rows, want)
	}
	assertNothingInternal(t, body)
	// both licences open at full size through the staff download, each view logged
	for _, id := range []string{e.photo, f.ID} {
		if res := do(t, e.h, "GET", "/api/admin/files/"+id, "", "Authorization", "Bearer "+e.revT); res.StatusCode != 200 {
			t.Fatalf("licence %s: %d", id, res.StatusCode)
		}
	}
	acts, _, err := e.d.Staff.Actions(context.Background(), e.admin, staffsvc.ActionFilter{PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	views := map[string]bool{}
	for _, a := range acts {
		if a.Action == "file.view" {
			views[a.Target] = true
		}
	}
	if !views["file:"+e.photo] || !views["file:"+f.ID] {
		t.Fatalf("file views logged: %v", views)
	}
}

func TestReviewDetailNamesCodesAndKeepsUnknownKeys(t *testing.T) {
	e := newAdminEnv(t)
	id := e.submitChange(t, review.SubjectEnterprise, `{"subject":"enterprise","class":"identity","prevAuthState":1,"changes":[
		{"key":"type","fieldName":"企业类型","beforeValue":"A1","afterValue":"A3"},
		{"key":"certType","fieldName":"证件类型","beforeValue":"1","afterValue":"2"},
		{"key":"certNum","fieldName":"证件号码","beforeValue":"91350100M000100Y43","afterValue":"91350100M000100Y44"},
		{"key":"legalCertType","fieldName":"法定代表人证件类型","beforeValue":"1","afterValue":""},
		{"key":"region","fieldName":"所在地区","beforeValue":"350000,350100,350102","afterValue":"110000,110101,"},
		{"key":"industry","fieldName":"所属行业","beforeValue":"E,E48","afterValue":"E,E48,E481,E4812"},
		{"key":"capitalUnit","fieldName":"注册资本单位","beforeValue":"WAN_YUAN","afterValue":"YUAN"},
		{"key":"unknownField","beforeValue":"a","afterValue":"b"}]}`)
	_, rows := e.reviewDetail(t, id)
	want := []reviewChange{
		{Key: "type", Label: "企业类型", Kind: "text", Current: "A1", Requested: "A3", CurrentName: "境内企业", RequestedName: "其他（政府机关、事业单位、科研院校、社会团体、个体工商户）"},
		{Key: "certType", Label: "证件类型", Kind: "text", Current: "1", Requested: "2", CurrentName: "统一社会信用代码", RequestedName: "其他有效证件"},
		// the full number: the reviewer checks it against the licence
		{Key: "certNum", Label: "证件号码", Kind: "text", Current: "91350100M000100Y43", Requested: "91350100M000100Y44"},
		{Key: "legalCertType", Label: "法定代表人证件类型", Kind: "text", Current: "1", CurrentName: "居民身份证"},
		{Key: "region", Label: "所在地区", Kind: "text", Current: "350000,350100,350102", Requested: "110000,110101,", CurrentName: "福建省福州市鼓楼区", RequestedName: "北京市东城区"},
		{Key: "industry", Label: "所属行业", Kind: "text", Current: "E,E48", Requested: "E,E48,E481,E4812", CurrentName: e.d.RefData.IndustryPathName("E,E48"), RequestedName: e.d.RefData.IndustryPathName("E,E48,E481,E4812")},
		{Key: "capitalUnit", Label: "注册资本单位", Kind: "text", Current: "WAN_YUAN", Requested: "YUAN", CurrentName: "万元", RequestedName: "元"},
		// a key this server does not know is shown under its own name, not dropped
		{Key: "unknownField", Label: "unknownField", Kind: "text", Current: "a", Requested: "b"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("rows\n%+v\nwant\n%+v", rows, want)
	}
	if want[5].CurrentName == "" || !strings.Contains(want[5].RequestedName, "/") {
		t.Fatalf("industry names %q %q", want[5].CurrentName, want[5].RequestedName)
	}
	// a person's certificate types and the long-term end
	id = e.submitChange(t, review.SubjectPerson, `{"subject":"person","class":"identity","prevAuthState":1,"changes":[
		{"key":"certType","fieldName":"证件类型","beforeValue":"1","afterValue":"1"},
		{"key":"certEnd","fieldName":"证件有效期结束","beforeValue":"2040-01-01","afterValue":"9999-12-31"},
		{"key":"personfrontId","fieldName":"证件人像面照片","beforeValue":"","afterValue":"0123456789abcdef0123456789abcdef"}]}`)
	_, rows = e.reviewDetail(t, id)
	want = []reviewChange{
		{Key: "certType", Label: "证件类型", Kind: "text", Current: "1", Requested: "1", CurrentName: "居民身份证", RequestedName: "居民身份证"},
		{Key: "certEnd", Label: "证件有效期结束", Kind: "text", Current: "2040-01-01", Requested: "9999-12-31", RequestedName: "长期"},
		{Key: "personfrontId", Label: "证件人像面照片", Kind: "photo", Requested: "0123456789abcdef0123456789abcdef"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("person rows\n%+v\nwant\n%+v", rows, want)
	}
}

// A real-name item keeps its payload and has no change rows.
func TestReviewDetailOfARealNameItemKeepsItsPayload(t *testing.T) {
	e := newAdminEnv(t)
	body, rows := e.reviewDetail(t, e.item)
	if rows != nil || !strings.Contains(body, `"payload":{`) || strings.Contains(body, `"changes"`) {
		t.Fatalf("real-name detail: %s", body)
	}
}

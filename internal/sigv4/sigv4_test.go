package sigv4

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The examples of the Amazon S3 API reference, "Signature Calculations for
// the Authorization Header: Transferring Payload in a Single Chunk": their
// credentials, date and expected Authorization headers.
var example = Signer{
	AccessKey: "AKIAIOSFODNN7EXAMPLE",
	SecretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	Region:    "us-east-1",
	Service:   "s3",
}

var exampleTime = time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC)

func TestPublishedS3Examples(t *testing.T) {
	welcome := sha256.Sum256([]byte("Welcome to Amazon S3."))
	tests := []struct {
		name    string
		method  string
		url     string
		headers map[string]string
		payload string
		want    string
	}{
		{
			name:    "GET Object",
			method:  "GET",
			url:     "https://examplebucket.s3.amazonaws.com/test.txt",
			headers: map[string]string{"Range": "bytes=0-9"},
			payload: EmptyHash,
			want:    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
		},
		{
			name:   "PUT Object",
			method: "PUT",
			// The key is test$file.text: the '$' must be encoded %24.
			url:     "https://examplebucket.s3.amazonaws.com/test$file.text",
			headers: map[string]string{"Date": "Fri, 24 May 2013 00:00:00 GMT", "X-Amz-Storage-Class": "REDUCED_REDUNDANCY"},
			payload: hex.EncodeToString(welcome[:]),
			want:    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
		},
		{
			name:    "GET Bucket Lifecycle",
			method:  "GET",
			url:     "https://examplebucket.s3.amazonaws.com/?lifecycle",
			payload: EmptyHash,
			want:    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
		},
		{
			name:    "Get Bucket (List Objects)",
			method:  "GET",
			url:     "https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2", // sorted by the signer
			payload: EmptyHash,
			want:    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, tt.url, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.headers {
				req.Header.Set(k, v)
			}
			req.Header.Set("User-Agent", "bidpass") // never signed
			example.Sign(req, tt.payload, exampleTime)
			if got := req.Header.Get("Authorization"); got != tt.want {
				t.Errorf("Authorization\n got %s\nwant %s", got, tt.want)
			}
			if err := example.Verify(req); err != nil {
				t.Errorf("Verify of a correctly signed request: %v", err)
			}
		})
	}
}

func TestVerifyRefusesTampering(t *testing.T) {
	sign := func() *http.Request {
		req, _ := http.NewRequest("PUT", "http://127.0.0.1:9000/bucket/0123456789abcdef0123456789abcdef", nil)
		example.Sign(req, EmptyHash, exampleTime)
		return req
	}
	if err := example.Verify(sign()); err != nil {
		t.Fatalf("untouched: %v", err)
	}
	for name, tamper := range map[string]func(r *http.Request){
		"path":    func(r *http.Request) { r.URL.Path = "/bucket/ffffffffffffffffffffffffffffffff" },
		"method":  func(r *http.Request) { r.Method = "DELETE" },
		"payload": func(r *http.Request) { r.Header.Set("X-Amz-Content-Sha256", strings.Repeat("0", 64)) },
		"date":    func(r *http.Request) { r.Header.Set("X-Amz-Date", "20130525T000000Z") },
		"host":    func(r *http.Request) { r.Host = "evil:9000" },
		"none":    func(r *http.Request) { r.Header.Del("Authorization") },
	} {
		req := sign()
		tamper(req)
		if err := example.Verify(req); err == nil {
			t.Errorf("%s changed, still verified", name)
		}
	}
	other := example
	other.SecretKey = "another secret"
	if err := other.Verify(sign()); err == nil {
		t.Error("verified with another secret")
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"abc-_.~XYZ09": "abc-_.~XYZ09",
		"a b":          "a%20b",
		"test$file":    "test%24file",
		"证":            "%E8%AF%81",
		"a/b":          "a%2Fb",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

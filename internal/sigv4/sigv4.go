// Package sigv4 signs HTTP requests with AWS Signature Version 4, the
// scheme every S3-compatible object store accepts (AWS, MinIO, Ceph RGW,
// Alibaba OSS and Tencent COS in their S3 modes). It is the few dozen lines
// bidpass needs instead of an SDK: minio-go or aws-sdk-go-v2 would add
// megabytes to a binary that must stay under 40 MiB (docs/decisions/deployment.md,
// "Files on S3-compatible storage, PostgreSQL HA"). Only header signing with a precomputed payload hash is
// supported; presigned URLs and chunked (aws-chunked) payloads are not used.
package sigv4

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
)

// EmptyHash is the SHA-256 of an empty payload, for requests without a body.
const EmptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

// Signer holds one set of credentials for one region and service.
type Signer struct {
	AccessKey string
	SecretKey string
	Region    string // e.g. us-east-1; MinIO and most gateways accept us-east-1
	Service   string // "s3"
}

// unsigned are headers a proxy or the transport may add, drop or rewrite
// on the way; signing them would make an honest request fail.
var unsigned = map[string]bool{
	"authorization":     true,
	"user-agent":        true,
	"content-length":    true,
	"expect":            true,
	"accept-encoding":   true,
	"connection":        true,
	"transfer-encoding": true,
	"x-amzn-trace-id":   true,
}

// Sign sets X-Amz-Date, X-Amz-Content-Sha256 and Authorization on req.
// payloadHash is the lower-case hex SHA-256 of the body (EmptyHash when
// there is none). Every header already on req, and Host, is signed, except
// those in unsigned.
func (s Signer) Sign(req *http.Request, payloadHash string, now time.Time) {
	now = now.UTC()
	amzDate := now.Format("20060102T150405Z")
	day := amzDate[:8]
	req.Header.Set("X-Amz-Date", amzDate)
	req.Header.Set("X-Amz-Content-Sha256", payloadHash)

	canonical, signed := s.canonicalRequest(req, payloadHash, nil)
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+s.AccessKey+"/"+s.scope(day)+
		",SignedHeaders="+signed+",Signature="+s.signature(amzDate, canonical))
}

func (s Signer) scope(day string) string {
	return day + "/" + s.Region + "/" + s.Service + "/aws4_request"
}

// signature signs the canonical request with the key derived for the day.
func (s Signer) signature(amzDate, canonical string) string {
	day := amzDate[:8]
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + s.scope(day) + "\n" + hexSHA256([]byte(canonical))
	key := hmacSHA256([]byte("AWS4"+s.SecretKey), day)
	key = hmacSHA256(key, s.Region)
	key = hmacSHA256(key, s.Service)
	key = hmacSHA256(key, "aws4_request")
	return hex.EncodeToString(hmacSHA256(key, toSign))
}

// ErrSignature is returned by Verify for a request not signed with the
// signer's credentials.
var ErrSignature = errors.New("sigv4: signature does not match")

// Verify checks, on the receiving side, that req carries a valid signature
// by s's credentials over the headers it names and the payload hash it
// declares (checking the body against that hash is the caller's business).
// Test servers use it to prove that what the client signed survives the
// trip over HTTP.
func (s Signer) Verify(req *http.Request) error {
	auth := req.Header.Get("Authorization")
	rest, ok := strings.CutPrefix(auth, "AWS4-HMAC-SHA256 ")
	if !ok {
		return ErrSignature
	}
	fields := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		fields[k] = v
	}
	amzDate := req.Header.Get("X-Amz-Date")
	if len(amzDate) != 16 || fields["Credential"] != s.AccessKey+"/"+s.scope(amzDate[:8]) {
		return ErrSignature
	}
	only := map[string]bool{}
	for _, name := range strings.Split(fields["SignedHeaders"], ";") {
		only[name] = true
	}
	canonical, signed := s.canonicalRequest(req, req.Header.Get("X-Amz-Content-Sha256"), only)
	if signed != fields["SignedHeaders"] ||
		!hmac.Equal([]byte(s.signature(amzDate, canonical)), []byte(fields["Signature"])) {
		return ErrSignature
	}
	return nil
}

// canonicalRequest builds the canonical request and the list of signed
// header names, as the specification defines them. With only set, exactly
// those headers are taken (verifying); otherwise all but unsigned.
func (s Signer) canonicalRequest(req *http.Request, payloadHash string, only map[string]bool) (string, string) {
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	values := map[string][]string{"host": {host}}
	for name, vs := range req.Header {
		lower := strings.ToLower(name)
		if only != nil && !only[lower] || only == nil && unsigned[lower] {
			continue
		}
		values[lower] = append(values[lower], vs...)
	}
	names := slices.Sorted(maps.Keys(values))
	var headers strings.Builder
	for _, name := range names {
		vs := make([]string, len(values[name]))
		for i, v := range values[name] {
			vs[i] = strings.Join(strings.Fields(v), " ") // trim, collapse runs of spaces
		}
		headers.WriteString(name + ":" + strings.Join(vs, ",") + "\n")
	}
	signed := strings.Join(names, ";")
	return strings.Join([]string{
		req.Method,
		canonicalPath(req.URL),
		canonicalQuery(req.URL.Query()),
		headers.String(),
		signed,
		payloadHash,
	}, "\n"), signed
}

// canonicalPath is the path with every segment URI-encoded once (S3 does
// not normalise or double-encode).
func canonicalPath(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		return "/"
	}
	// Decode what the URL escaped its own way, then encode the AWS way.
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		segs[i] = Escape(seg)
	}
	return strings.Join(segs, "/")
}

// canonicalQuery sorts the parameters by name, then value, each encoded.
func canonicalQuery(q url.Values) string {
	pairs := make([]string, 0, len(q))
	for k, vs := range q {
		for _, v := range vs {
			pairs = append(pairs, Escape(k)+"="+Escape(v))
		}
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "&")
}

// Escape percent-encodes everything but the unreserved characters of RFC
// 3986 (A–Z a–z 0–9 - _ . ~), with upper-case hex, as SigV4 requires.
func Escape(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	return b.String()
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

func hexSHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

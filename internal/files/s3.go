package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"bidpass/internal/sigv4"
)

// S3Config says where an S3-compatible bucket is and how to reach it.
type S3Config struct {
	// Endpoint is the store's base URL, scheme and host only:
	// https://s3.cn-north-1.amazonaws.com.cn, http://minio:9000.
	Endpoint string
	Bucket   string
	// Region signs the requests; MinIO and most other stores accept
	// us-east-1.
	Region    string
	AccessKey string
	SecretKey string
	// PathStyle addresses the bucket as Endpoint/Bucket/key rather than
	// Bucket.Endpoint/key: needed for MinIO, versitygw and any endpoint
	// given as an IP address.
	PathStyle bool
	// SpoolDir holds uploads while they are read (see S3.Put).
	SpoolDir string
	// Client makes the requests (default: one with connect and response
	// header timeouts).
	Client *http.Client
}

// S3 is Blobs in a bucket of an S3-compatible object store. The object
// key is the file id (32 hex digits), so no user text reaches a key.
//
// An upload is first written to a temporary file in SpoolDir while its
// size limit is enforced and its SHA-256 computed, and only then sent with
// one PUT: S3 needs the length (and, to sign the body, its hash) before
// the first byte, an upload cut off at 10 MB must leave nothing in the
// bucket, and a request must not hold 10 MB of memory. The spool is local
// and short-lived (removed when the PUT ends; the upload sweep removes
// what a crash left).
type S3 struct {
	cfg    S3Config
	base   *url.URL // the bucket's URL, ending in "/"
	signer sigv4.Signer
	client *http.Client
}

// NewS3 returns S3 for cfg, creating SpoolDir if needed. It does not
// contact the store; Check does.
func NewS3(cfg S3Config) (*S3, error) {
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("files: S3 endpoint %q must be http(s)://host[:port]", cfg.Endpoint)
	}
	if cfg.Bucket == "" || cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("files: S3 needs a bucket, an access key and a secret key")
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	if err := os.MkdirAll(cfg.SpoolDir, 0o750); err != nil {
		return nil, fmt.Errorf("files: create spool %s: %w", cfg.SpoolDir, err)
	}
	base := &url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/" + cfg.Bucket + "/"}
	if !cfg.PathStyle {
		base = &url.URL{Scheme: u.Scheme, Host: cfg.Bucket + "." + u.Host, Path: "/"}
	}
	client := cfg.Client
	if client == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.DialContext = (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext
		t.ResponseHeaderTimeout = 30 * time.Second
		t.MaxIdleConnsPerHost = 32
		client = &http.Client{Transport: t}
	}
	return &S3{
		cfg:    cfg,
		base:   base,
		signer: sigv4.Signer{AccessKey: cfg.AccessKey, SecretKey: cfg.SecretKey, Region: cfg.Region, Service: "s3"},
		client: client,
	}, nil
}

// Put spools r (see S3), then stores it under key with one PUT.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if !validID(key) {
		return 0, errBadKey
	}
	tmp, err := os.CreateTemp(s.cfg.SpoolDir, tempPrefix+"*")
	if err != nil {
		return 0, err
	}
	defer func() {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name())
	}()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), ctxReader{ctx, r})
	if err != nil {
		return n, err
	}
	// The spool is read by position, so the transport can send it again
	// (GetBody) when a kept-alive connection turns out to be closed.
	// An empty body must be NoBody: with a length of 0 any other reader is
	// sent chunked, which S3 refuses.
	body := func() io.ReadCloser {
		if n == 0 {
			return http.NoBody
		}
		return io.NopCloser(io.NewSectionReader(tmp, 0, n))
	}
	req, err := s.request(ctx, http.MethodPut, key, body())
	if err != nil {
		return n, err
	}
	req.ContentLength = n
	req.GetBody = func() (io.ReadCloser, error) { return body(), nil }
	req.Header.Set("Content-Type", "application/octet-stream")
	resp, err := s.do(req, hex.EncodeToString(h.Sum(nil)))
	if err != nil {
		return n, err
	}
	defer drain(resp)
	if resp.StatusCode/100 != 2 {
		return n, s3Error("put", key, resp)
	}
	return n, nil
}

// Open streams the object: the body comes straight from the store to the
// caller, never wholly in memory.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if !validID(key) {
		return nil, ErrNotFound
	}
	req, err := s.request(ctx, http.MethodGet, key, nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.do(req, sigv4.EmptyHash)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusOK:
		return resp.Body, nil
	case http.StatusNotFound:
		drain(resp)
		return nil, ErrNotFound
	}
	defer drain(resp)
	return nil, s3Error("get", key, resp)
}

// Delete removes key; S3 answers 204 for an absent key too.
func (s *S3) Delete(ctx context.Context, key string) error {
	if !validID(key) {
		return errBadKey
	}
	req, err := s.request(ctx, http.MethodDelete, key, nil)
	if err != nil {
		return err
	}
	resp, err := s.do(req, sigv4.EmptyHash)
	if err != nil {
		return err
	}
	defer drain(resp)
	switch resp.StatusCode {
	case http.StatusOK, http.StatusNoContent, http.StatusNotFound:
		return nil
	}
	return s3Error("delete", key, resp)
}

// Check asks the store for the bucket (HEAD), so a wrong endpoint, bucket
// or key stops the server at start with one clear line rather than
// failing the first upload.
func (s *S3) Check(ctx context.Context) error {
	req, err := s.request(ctx, http.MethodHead, "", nil)
	if err != nil {
		return err
	}
	resp, err := s.do(req, sigv4.EmptyHash)
	if err != nil {
		return fmt.Errorf("files: S3 endpoint %s: %w", s.cfg.Endpoint, err)
	}
	drain(resp)
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusNotFound:
		return fmt.Errorf("files: S3 bucket %q does not exist at %s", s.cfg.Bucket, s.cfg.Endpoint)
	case http.StatusForbidden, http.StatusUnauthorized:
		return fmt.Errorf("files: S3 refused the access key for bucket %q (%s): check the keys and the bucket policy", s.cfg.Bucket, resp.Status)
	}
	return fmt.Errorf("files: S3 bucket %q: %s", s.cfg.Bucket, resp.Status)
}

// SweepTemp removes spooled uploads a crash left behind.
func (s *S3) SweepTemp(before time.Time) (int, error) {
	return sweepTempFiles(s.cfg.SpoolDir, before)
}

// listPage is a page of ListObjectsV2.
type listPage struct {
	Contents []struct {
		Key          string    `xml:"Key"`
		LastModified time.Time `xml:"LastModified"`
	} `xml:"Contents"`
	IsTruncated           bool   `xml:"IsTruncated"`
	NextContinuationToken string `xml:"NextContinuationToken"`
}

// OldKeys calls fn with the keys of the objects last written before
// before, in batches of up to n, listing the bucket a thousand keys a
// request (ListObjectsV2): the sweep looks their rows up and removes the
// objects that have none, as on disk. Keys that are not file ids are not
// bidpass's and are left alone.
func (s *S3) OldKeys(before time.Time, n int, fn func(keys []string) error) error {
	batch := make([]string, 0, n)
	token := ""
	for {
		page, err := s.list(token)
		if err != nil {
			return err
		}
		for _, c := range page.Contents {
			if !validID(c.Key) || !c.LastModified.Before(before) {
				continue
			}
			if batch = append(batch, c.Key); len(batch) == n {
				if err := fn(batch); err != nil {
					return err
				}
				batch = batch[:0]
			}
		}
		if !page.IsTruncated || page.NextContinuationToken == "" {
			break
		}
		token = page.NextContinuationToken
	}
	if len(batch) > 0 {
		return fn(batch)
	}
	return nil
}

// list fetches one page of the bucket's keys after token.
func (s *S3) list(token string) (*listPage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, err := s.request(ctx, http.MethodGet, "", nil)
	if err != nil {
		return nil, err
	}
	// Encoded exactly as the signature encodes it (a token may hold + / =).
	req.URL.RawQuery = "list-type=2&max-keys=1000"
	if token != "" {
		req.URL.RawQuery = "continuation-token=" + sigv4.Escape(token) + "&" + req.URL.RawQuery
	}
	resp, err := s.do(req, sigv4.EmptyHash)
	if err != nil {
		return nil, err
	}
	defer drain(resp)
	if resp.StatusCode != http.StatusOK {
		return nil, s3Error("list", s.cfg.Bucket, resp)
	}
	var page listPage
	if err := xml.NewDecoder(resp.Body).Decode(&page); err != nil {
		return nil, fmt.Errorf("files: S3 list %s: %w", s.cfg.Bucket, err)
	}
	return &page, nil
}

func (s *S3) request(ctx context.Context, method, key string, body io.Reader) (*http.Request, error) {
	u := *s.base
	u.Path += key
	return http.NewRequestWithContext(ctx, method, u.String(), body)
}

func (s *S3) do(req *http.Request, payloadHash string) (*http.Response, error) {
	s.signer.Sign(req, payloadHash, time.Now())
	return s.client.Do(req)
}

// drain reads a little of what is left so the connection can be reused,
// then closes.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
}

// s3Error turns an S3 error response (<Error><Code>…</Code>) into an error
// naming the operation, the status and S3's code.
func s3Error(op, key string, resp *http.Response) error {
	var e struct {
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	}
	_ = xml.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&e)
	detail := strings.TrimSpace(e.Code + " " + e.Message)
	if detail == "" {
		detail = "no details"
	}
	return fmt.Errorf("files: S3 %s %s: %s: %s", op, key, resp.Status, detail)
}

// Package files receives uploads (certificate photos, licences, admission
// evidence) and hands them back to the people allowed to see them. Files
// are personal data: only the owner and reviewers may open one; its type is
// decided from its bytes, never from its name; the size limit is enforced
// while reading, so an oversized upload is cut off and nothing is kept; and
// an upload no submission ever referenced is swept after a day.
//
// Bytes live behind Blobs (local disk now, S3-compatible storage later);
// metadata lives behind Store (implemented in internal/store).
package files

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
)

// MaxSize is the upload limit of the spec, 10 MB (10 × 2^20 bytes, as the
// client's size check computes it).
const MaxSize = 10 << 20

// Kind says what an upload is for; it decides the accepted types and the
// messages.
type Kind string

// The kinds of upload.
const (
	// KindPhoto is a certificate photo, licence or legal-person photo:
	// JPEG or PNG.
	KindPhoto Kind = "photo"
	// KindEvidence is library-admission evidence: pdf, rar, zip, png, jpg,
	// doc or docx.
	KindEvidence Kind = "evidence"
)

// File is the metadata of one upload.
type File struct {
	ID           string // 32 hex digits, random; also the blob key
	OwnerID      int64  // the account that uploaded it
	Kind         Kind
	ContentType  string // from the bytes
	Ext          string // from the bytes, without the dot: jpg, png, pdf, zip, docx, rar, doc
	Size         int64
	OriginalName string // cleaned; shown and used in Content-Disposition only
	CreatedAt    time.Time
	AttachedAt   *time.Time // set when a submission references the file
}

// DownloadName is the name offered to the browser: the original base name
// with the extension the bytes call for, so a PDF uploaded as scan.jpg is
// saved as scan.pdf and opens in the right program.
func (f File) DownloadName() string {
	name := f.OriginalName
	if ext := path.Ext(name); ext != "" {
		name = strings.TrimSuffix(name, ext)
	}
	if name == "" {
		name = f.ID
	}
	return name + "." + f.Ext
}

// Actor is who asks to open a file; the session layer fills it.
type Actor struct {
	AccountID  int64 // a portal account, or 0 for staff
	IsReviewer bool  // staff with the reviewer role
}

// ErrNotFound is returned by Store and Blobs when an id is unknown.
var ErrNotFound = errors.New("files: not found")

// Store keeps file metadata. Implementations run each method inside the
// transaction carried by ctx, if any.
type Store interface {
	// CreateFile inserts f.
	CreateFile(ctx context.Context, f File) error
	// File returns the file with id, or ErrNotFound.
	File(ctx context.Context, id string) (File, error)
	// AttachFile sets attached_at to at (if not yet set) on the file id
	// owned by owner; it returns ErrNotFound when no such file of that
	// owner exists.
	AttachFile(ctx context.Context, owner int64, id string, at time.Time) error
	// UnattachedBefore lists up to limit files never attached and created
	// before t, oldest first.
	UnattachedBefore(ctx context.Context, t time.Time, limit int) ([]File, error)
	// DeleteUnattached deletes the file id if it is still unattached and
	// created before t, reporting whether it did; the condition makes a
	// sweep safe against an attach that happens meanwhile.
	DeleteUnattached(ctx context.Context, id string, t time.Time) (bool, error)
	// KnownFiles reports which of ids have a row.
	KnownFiles(ctx context.Context, ids []string) (map[string]bool, error)
}

// Sharing says whether a file uploaded by staff is shared with a portal
// account: a reviewer's decision attachments are shown to the holder of the
// reviewed item in the operation record, so that holder must be able to
// open them. Implemented in internal/store over review_decisions.
type Sharing interface {
	// SharedWith reports whether fileID is attached to a decision on one of
	// accountID's review items.
	SharedWith(ctx context.Context, fileID string, accountID int64) (bool, error)
}

// Blobs stores file contents under opaque keys.
type Blobs interface {
	// Put stores everything r yields under key. If r fails, nothing is
	// left under key and the error is returned (wrapped).
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open returns the contents, or ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	// Delete removes key; an absent key is not an error.
	Delete(ctx context.Context, key string) error
}

// User-facing errors; the messages are the spec's.
var (
	ErrPhotoType     = fieldErr("file.type", "file", "请上传 JPG,JPEG,PNG 格式")
	ErrEvidenceType  = fieldErr("file.type", "file", "请上传 pdf、rar、zip、png、jpg、doc、docx 格式")
	ErrPhotoTooLarge = fieldErr("file.too_large", "file", "图片大小不能超过 10MB!")
	ErrFileTooLarge  = fieldErr("file.too_large", "file", "文件大小不能超过 10MB!")
	ErrEmpty         = fieldErr("file.empty", "file", "请选择文件")
	ErrKind          = fieldErr("file.kind", "kind", "文件用途无效")
	// ErrFileNotFound answers both "no such file" and "not yours": the two
	// are indistinguishable to the caller, so an id reveals nothing.
	ErrFileNotFound = apperr.New(apperr.NotFound, "file.not_found", "文件不存在")
	// ErrNotOwned refuses attaching a file that is missing or belongs to
	// another account (or was swept).
	ErrNotOwned = apperr.New(apperr.Invalid, "file.not_owned", "文件不存在或已过期，请重新上传")
)

func fieldErr(reason, field, msg string) *apperr.Error {
	return &apperr.Error{Kind: apperr.Invalid, Reason: reason, Msg: msg, Fields: map[string]string{field: msg}}
}

// Service uploads, opens, attaches and sweeps files.
type Service struct {
	store   Store
	blobs   Blobs
	tx      Tx
	clock   clock.Clock
	log     *slog.Logger
	sharing Sharing
	quota   Quota
}

// Tx runs fn in a transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Deps are the collaborators of a Service.
type Deps struct {
	Store Store
	Blobs Blobs
	// Tx holds a file's row and what UploadRecorded records about it in
	// one transaction.
	Tx    Tx
	Clock clock.Clock
	Log   *slog.Logger
	// Sharing says which staff uploads a portal account may open (nil:
	// none).
	Sharing Sharing
	// Quota bounds what one owner may upload (the zero Quota: no limit).
	Quota Quota
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, blobs: d.Blobs, tx: d.Tx, clock: d.Clock, log: d.Log, sharing: d.Sharing, quota: d.Quota}
}

// Upload stores r as a new file of owner. The type is sniffed from the
// first bytes and must be allowed for kind; more than MaxSize bytes fail
// while reading with the kind's size message, leaving nothing stored. The
// quota (Deps.Quota) is checked first and charged with what was stored.
func (s *Service) Upload(ctx context.Context, owner int64, kind Kind, filename string, r io.Reader) (File, error) {
	return s.UploadRecorded(ctx, owner, kind, filename, r, nil)
}

// UploadRecorded is Upload that runs record (when not nil) in the
// transaction that inserts the file's row: the upload and its record (the
// staff action log) are committed together or not at all. If record fails,
// the row is rolled back, the blob deleted, and record's error returned.
func (s *Service) UploadRecorded(ctx context.Context, owner int64, kind Kind, filename string, r io.Reader,
	record func(ctx context.Context, f File) error) (f File, err error) {
	if kind != KindPhoto && kind != KindEvidence {
		return File{}, ErrKind
	}
	settle, err := s.quota.reserve(ctx, owner, s.clock.Now(), s.blobs)
	if err != nil {
		return File{}, err
	}
	defer func() { settle(f.Size, err) }()
	return s.upload(ctx, owner, kind, filename, r, record)
}

func (s *Service) upload(ctx context.Context, owner int64, kind Kind, filename string, r io.Reader,
	record func(ctx context.Context, f File) error) (File, error) {
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return File{}, fmt.Errorf("read upload: %w", err)
	}
	head = head[:n]
	if n == 0 {
		return File{}, ErrEmpty
	}
	t, ok := sniff(head, filename)
	if !ok || !t.allowedFor(kind) {
		if kind == KindPhoto {
			return File{}, ErrPhotoType
		}
		return File{}, ErrEvidenceType
	}
	id, err := newID()
	if err != nil {
		return File{}, err
	}
	body := &limitReader{r: io.MultiReader(bytes.NewReader(head), r), left: MaxSize}
	size, err := s.blobs.Put(ctx, id, body)
	if err != nil {
		if errors.Is(err, errTooLarge) {
			if kind == KindPhoto {
				return File{}, ErrPhotoTooLarge
			}
			return File{}, ErrFileTooLarge
		}
		return File{}, fmt.Errorf("store upload: %w", err)
	}
	f := File{
		ID:           id,
		OwnerID:      owner,
		Kind:         kind,
		ContentType:  t.contentType,
		Ext:          t.ext,
		Size:         size,
		OriginalName: cleanName(filename),
		CreatedAt:    s.clock.Now().UTC(),
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateFile(ctx, f); err != nil {
			return fmt.Errorf("save file metadata: %w", err)
		}
		if record != nil {
			return record(ctx, f)
		}
		return nil
	})
	if err != nil {
		// Without metadata the blob can never be reached or swept.
		if derr := s.blobs.Delete(context.WithoutCancel(ctx), id); derr != nil {
			s.log.Warn("files: orphan blob after failed insert", "id", id, "err", derr)
		}
		return File{}, err
	}
	return f, nil
}

// Open returns the file's metadata and contents if actor owns it, is a
// reviewer, or is a portal account a staff upload is shared with (Sharing:
// attachments of decisions on the account's own review items); otherwise
// ErrFileNotFound, as for an unknown id. The caller closes the reader.
func (s *Service) Open(ctx context.Context, actor Actor, id string) (File, io.ReadCloser, error) {
	return s.OpenRecorded(ctx, actor, id, nil)
}

// OpenRecorded is Open that runs record (when not nil) once access is
// granted and before the contents are opened: a view that cannot be
// recorded (the staff action log) is not served, and record's error is
// returned.
func (s *Service) OpenRecorded(ctx context.Context, actor Actor, id string, record func(ctx context.Context, f File) error) (File, io.ReadCloser, error) {
	if !validID(id) {
		return File{}, nil, ErrFileNotFound
	}
	f, err := s.store.File(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return File{}, nil, ErrFileNotFound
	}
	if err != nil {
		return File{}, nil, fmt.Errorf("load file %s: %w", id, err)
	}
	ok, err := s.mayOpen(ctx, actor, f)
	if err != nil {
		return File{}, nil, err
	}
	if !ok {
		return File{}, nil, ErrFileNotFound
	}
	if record != nil {
		if err := record(ctx, f); err != nil {
			return File{}, nil, err
		}
	}
	rc, err := s.blobs.Open(ctx, id)
	if err != nil {
		return File{}, nil, fmt.Errorf("open blob %s: %w", id, err)
	}
	return f, rc, nil
}

// mayOpen decides Open's access rule. Only staff uploads (negative owner
// ids) can be shared: one portal account's files are never shown to
// another, whatever a decision record lists.
func (s *Service) mayOpen(ctx context.Context, actor Actor, f File) (bool, error) {
	switch {
	case actor.IsReviewer:
		return true, nil
	case actor.AccountID == 0:
		return false, nil
	case actor.AccountID == f.OwnerID:
		return true, nil
	case f.OwnerID >= 0 || s.sharing == nil:
		return false, nil
	}
	ok, err := s.sharing.SharedWith(ctx, f.ID, actor.AccountID)
	if err != nil {
		return false, fmt.Errorf("check sharing of file %s: %w", f.ID, err)
	}
	return ok, nil
}

// Attach marks files as part of a submission of owner, so the sweep keeps
// them. Every id must name a file owned by owner; otherwise ErrNotOwned and
// (inside the caller's transaction) nothing should be committed. Call it
// with the transaction context of the submission.
func (s *Service) Attach(ctx context.Context, owner int64, ids ...string) error {
	return s.attach(ctx, owner, "", ids)
}

// AttachAs is Attach that also requires every file's type to be allowed for
// kind (for KindPhoto: JPEG or PNG), so a PDF cannot stand in for a
// certificate photo a reviewer must see. The type is checked, not the kind
// it was uploaded as: a JPEG uploaded as evidence is still a photo.
func (s *Service) AttachAs(ctx context.Context, owner int64, kind Kind, ids ...string) error {
	return s.attach(ctx, owner, kind, ids)
}

func (s *Service) attach(ctx context.Context, owner int64, kind Kind, ids []string) error {
	now := s.clock.Now().UTC()
	for _, id := range ids {
		if !validID(id) {
			return ErrNotOwned
		}
		if kind != "" {
			f, err := s.store.File(ctx, id)
			if errors.Is(err, ErrNotFound) {
				return ErrNotOwned
			}
			if err != nil {
				return fmt.Errorf("load file %s: %w", id, err)
			}
			if f.OwnerID != owner {
				return ErrNotOwned
			}
			if t, _ := sniffExt(f.Ext); !t.allowedFor(kind) {
				if kind == KindPhoto {
					return ErrPhotoType
				}
				return ErrEvidenceType
			}
		}
		err := s.store.AttachFile(ctx, owner, id, now)
		if errors.Is(err, ErrNotFound) {
			return ErrNotOwned
		}
		if err != nil {
			return fmt.Errorf("attach file %s: %w", id, err)
		}
	}
	return nil
}

// Sweep deletes files never attached and older than olderThan (the app
// passes a day) and reports how many it removed. Metadata goes first, so a
// file is never listed without its bytes; a blob whose delete fails is only
// logged (it is unreachable and costs only space). Temporary files that
// uploads cut short by a crash left behind are removed at the same age
// (docs/decisions/limits.md, "Limits and abuse paths" #10); they count among the removed.
func (s *Service) Sweep(ctx context.Context, olderThan time.Duration) (int, error) {
	cutoff := s.clock.Now().UTC().Add(-olderThan)
	removed := 0
	if t, ok := s.blobs.(interface {
		SweepTemp(before time.Time) (int, error)
	}); ok {
		n, err := t.SweepTemp(cutoff)
		removed += n
		if err != nil {
			return removed, fmt.Errorf("sweep temporary uploads: %w", err)
		}
	}
	n, err := s.sweepUnreferenced(ctx)
	removed += n
	if err != nil {
		return removed, err
	}
	for {
		batch, err := s.store.UnattachedBefore(ctx, cutoff, 200)
		if err != nil {
			return removed, fmt.Errorf("list unattached files: %w", err)
		}
		for _, f := range batch {
			ok, err := s.store.DeleteUnattached(ctx, f.ID, cutoff)
			if err != nil {
				return removed, fmt.Errorf("delete file %s: %w", f.ID, err)
			}
			if !ok {
				continue // attached meanwhile
			}
			if err := s.blobs.Delete(ctx, f.ID); err != nil {
				s.log.Warn("files: blob not deleted", "id", f.ID, "err", err)
			}
			removed++
		}
		if len(batch) < 200 {
			return removed, nil
		}
	}
}

// unreferencedAfter is the age after which a stored blob without a file
// row is removed. Upload inserts the row right after the blob is renamed
// into place, in the same request, so a blob still without a row an hour
// later is what a kill -9 between the two left: no request can reach it.
const unreferencedAfter = time.Hour

// sweepUnreferenced removes the blobs older than unreferencedAfter that no
// file row names, looking the rows up in batches. Blobs that can list their
// keys are swept this way: the disk walks its directory, S3 lists the
// bucket.
func (s *Service) sweepUnreferenced(ctx context.Context) (int, error) {
	lister, ok := s.blobs.(interface {
		OldKeys(before time.Time, n int, fn func(keys []string) error) error
	})
	if !ok {
		return 0, nil
	}
	removed := 0
	err := lister.OldKeys(s.clock.Now().Add(-unreferencedAfter), 500, func(keys []string) error {
		known, err := s.store.KnownFiles(ctx, keys)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if known[k] {
				continue
			}
			if err := s.blobs.Delete(ctx, k); err != nil {
				return err
			}
			s.log.Info("files: blob without a file row removed", "id", k)
			removed++
		}
		return nil
	})
	if err != nil {
		return removed, fmt.Errorf("sweep unreferenced blobs: %w", err)
	}
	return removed, nil
}

// newID returns 128 random bits as 32 hex digits: unguessable, and free of
// anything a user typed, so it is safe as a storage key.
func newID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// validID reports whether id has the form newID produces.
func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// cleanName keeps the base name of what the browser sent (old browsers send
// a full Windows path), drops control characters and limits it to 200
// characters; it is only ever shown or put in a header, never used as a
// path.
func cleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	return name
}

var errTooLarge = errors.New("files: upload over the limit")

// limitReader fails with errTooLarge as soon as more than left bytes have
// come through, so the blob store aborts mid-stream and removes what it
// wrote; io.LimitReader would silently truncate instead.
type limitReader struct {
	r    io.Reader
	left int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, errTooLarge
	}
	// Read one byte beyond the limit to tell "exactly the limit" from "over".
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

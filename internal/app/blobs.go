package app

import (
	"context"
	"fmt"
	"time"

	"bidpass/internal/config"
	"bidpass/internal/files"
)

// openBlobs opens where uploads are kept (BIDPASS_FILES): the files
// directory, or an S3-compatible bucket, which is asked for once so a wrong
// endpoint, bucket or key stops the server at start with one clear line.
// On S3 the files directory spools uploads while they are read.
func openBlobs(ctx context.Context, cfg *config.Config) (files.Blobs, error) {
	if cfg.Files != "s3" {
		disk, err := files.NewDisk(cfg.FilesDir)
		if err != nil {
			return nil, fmt.Errorf("file storage %s (BIDPASS_FILES_DIR): %w", cfg.FilesDir, err)
		}
		return disk, nil
	}
	s3, err := files.NewS3(files.S3Config{
		Endpoint:  cfg.S3.Endpoint,
		Bucket:    cfg.S3.Bucket,
		Region:    cfg.S3.Region,
		AccessKey: cfg.S3.AccessKey,
		SecretKey: cfg.S3.SecretKey,
		PathStyle: cfg.S3.PathStyle,
		SpoolDir:  cfg.FilesDir,
	})
	if err != nil {
		return nil, fmt.Errorf("file storage (BIDPASS_FILES=s3): %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := s3.Check(ctx); err != nil {
		return nil, fmt.Errorf("file storage (BIDPASS_FILES=s3): %w", err)
	}
	return s3, nil
}

import { useEffect, useState } from 'react';
import { fetchFileBlob } from '@/shared/api/fetchFileBlob';
import { PreviewImage } from '@/shared/components/PreviewImage';
import { accountText } from '@/shared/locales/account';

/**
 * BlobImage previews a protected file: an <img> cannot send the bearer header, so the
 * bytes are fetched with it and shown through a blob: URL (revoked when the id changes).
 */
export function BlobImage({ id, alt, width = 160 }: { id: string; alt: string; width?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    const ctl = new AbortController();
    let made: string | null = null;
    fetchFileBlob(id, ctl.signal)
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        // No preview: the placeholder stays.
      });
    return () => {
      ctl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (!id) {
    return (
      <div
        style={{ width, height: width * 0.63, background: '#f5f5f5', border: '1px dashed #d9d9d9', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#595959' }}
        data-testid="photo-empty"
      >
        {accountText.noPhoto}
      </div>
    );
  }
  return url ? (
    <PreviewImage src={url} alt={alt} width={width} height={width * 0.63} style={{ objectFit: 'cover' }} data-testid="photo-preview" />
  ) : (
    // While the bytes load (or when they cannot be read), a box of the same
    // size named like the picture, so the row does not jump and a screen
    // reader still says what the cell holds.
    <div role="img" aria-label={alt} style={{ width, height: width * 0.63, background: '#fafafa' }} />
  );
}

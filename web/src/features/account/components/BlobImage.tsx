// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useImageStyle from 'antd/es/image/style';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { Suspense, useEffect, useState } from 'react';
import { fetchFileBlob } from '@/shared/api/fetchFileBlob';
import { classes } from '@/shared/components/antdLike';
import { lazyPart } from '@/shared/components/lazyPart';
import { accountText } from '@/shared/locales/account';

const PhotoPreview = lazyPart(() => import('./PhotoPreview'), 'PhotoPreview');

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
        style={{ width, height: width * 0.63, background: '#f5f5f5', border: '1px dashed #d9d9d9', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'rgba(0,0,0,0.45)' }}
        data-testid="photo-empty"
      >
        {accountText.noPhoto}
      </div>
    );
  }
  return url ? (
    <Thumbnail src={url} alt={alt} width={width} height={width * 0.63} />
  ) : (
    // While the bytes load (or when they cannot be read), a box of the same
    // size named like the picture, so the row does not jump and a screen
    // reader still says what the cell holds.
    <div role="img" aria-label={alt} style={{ width, height: width * 0.63, background: '#fafafa' }} />
  );
}

/**
 * Thumbnail is antd Image's thumbnail (the same elements, class names and styles: antd's image
 * stylesheet with the theme) that opens antd's preview on a click or Enter, loading the preview's
 * code then (it is fetched ahead when the pointer or the focus comes to the picture).
 */
function Thumbnail({ src, alt, width, height }: { src: string; alt: string; width: number; height: number }) {
  const { getPrefixCls, className: contextClassName, style: contextStyle } = useComponentConfig('image');
  const prefixCls = getPrefixCls('image');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useImageStyle(prefixCls, rootCls);
  const [open, setOpen] = useState(false);
  const preload = () => void PhotoPreview.preload().catch(() => undefined);
  return (
    <>
      <div
        data-testid="photo-preview"
        className={classes(prefixCls, hashId, cssVarCls, rootCls)}
        role="button"
        tabIndex={0}
        aria-label={alt}
        style={{ width, height }}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <img alt={alt} className={classes(`${prefixCls}-img`, hashId, contextClassName)} style={{ ...contextStyle, height, objectFit: 'cover' }} width={width} height={height} src={src} />
        <div className={`${prefixCls}-cover ${prefixCls}-cover-center`} />
      </div>
      {open && (
        <Suspense>
          <PhotoPreview src={src} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFile } from '../api/fetchFile';
import { PreviewImage } from '@/shared/components/PreviewImage';
import styles from './admin.module.css';
import { PlainText } from '@/shared/components/PlainTypography';

/** StaffImage shows an uploaded photo through the logged staff download; a click opens it at full size. */
export function StaffImage({ id, alt }: { id: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    let url: string | null = null;
    fetchFile(id, ctl.signal)
      .then((u) => {
        url = u;
        setSrc(u);
      })
      .catch(() => {
        if (!ctl.signal.aborted) setFailed(true);
      });
    return () => {
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  if (failed) return <PlainText type="danger">{alt}：加载失败</PlainText>;
  if (!src) return <Spin />;
  return <PreviewImage src={src} alt={alt} className={styles.photo} data-testid={`photo-${alt}`} />;
}

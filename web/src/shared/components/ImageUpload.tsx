import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, upload } from '../api/http';
import { zhCN } from '../locales/zh-CN';
import { fetchFileBlob } from '../api/fetchFileBlob';
import { useMessage } from '@/shared/feedback/message';

/** MAX_IMAGE_BYTES is the photo limit of 01 §9 (10 MB); the server enforces it while reading. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** checkImage returns the 01 §5 message that refuses file, or null when it may be uploaded. */
export function checkImage(file: { type: string; name: string; size: number }): string | null {
  const t = zhCN.registration.upload;
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!PHOTO_TYPES.includes(file.type) && !(file.type === '' && byName)) return t.typePhoto;
  if (file.size > MAX_IMAGE_BYTES) return t.sizePhoto;
  return null;
}

export interface ImageUploadProps {
  /** The uploaded file's id (what the form sends), or empty. */
  value?: string;
  onChange?: (id: string) => void;
  /** The caption under the box, e.g. 证件正面. */
  label: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * ImageUpload is one photo box of the real-name forms: a JPEG or PNG under 10 MB is
 * uploaded at once (POST /api/file/upload) and its id becomes the field value; the
 * box then shows the picture. A saved id (a resumed registration) is previewed by
 * downloading it with the bearer token, because an <img> cannot send the header.
 * Used by registration and the account centre.
 */
export function ImageUpload({ value, onChange, label, disabled, 'data-testid': testId }: ImageUploadProps) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<{ id: string; url: string } | null>(null);
  const [remote, setRemote] = useState<{ id: string; url: string } | null>(null);

  // Preview a saved id that was not uploaded in this page.
  useEffect(() => {
    if (!value || local?.id === value || remote?.id === value) return;
    const ctl = new AbortController();
    fetchFileBlob(value, ctl.signal)
      .then((blob) => {
        if (!blob) return;
        setRemote({ id: value, url: URL.createObjectURL(blob) });
      })
      .catch(() => {
        // No preview; the id is still sent.
      });
    return () => ctl.abort();
  }, [value, local?.id, remote?.id]);

  useEffect(() => () => {
    if (local) URL.revokeObjectURL(local.url);
  }, [local]);
  useEffect(() => () => {
    if (remote) URL.revokeObjectURL(remote.url);
  }, [remote]);

  const url = value ? (local?.id === value ? local.url : remote?.id === value ? remote.url : null) : null;

  async function send(file: File) {
    const refused = checkImage(file);
    if (refused) {
      void message.error(refused);
      return;
    }
    setBusy(true);
    try {
      const id = await upload(file, { silent: true, fileName: file.name });
      setLocal({ id, url: URL.createObjectURL(file) });
      onChange?.(id);
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 4 }} data-testid={testId}>
      {/* The box itself is the button (role, Tab stop, Enter and Space open the file chooser): antd
          assumes a control inside by default, and the photo boxes were out of reach of the
          keyboard (docs/accessibility.md, "Conformance by WCAG 2.2 AA criterion"). */}
      <Upload
        hasControlInside={false}
        listType="picture-card"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        {url ? (
          // A plain <img> filling the box: antd's Image wraps it in an unsized inline block, so
          // a tall photo (the hand-held one) grew out of the box.
          <img src={url} alt={label} style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', borderRadius: 'inherit' }} />
        ) : (
          <div>
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{busy ? zhCN.registration.upload.uploading : zhCN.registration.upload.choose}</div>
          </div>
        )}
      </Upload>
      <span style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)' }}>{label}</span>
    </div>
  );
}

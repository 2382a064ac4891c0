import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { ApiError, upload } from '@/shared/api/http';
import { admissionText } from '@/shared/locales/admission';
import { useMessage } from '@/shared/feedback/message';
import { PlainText } from '@/shared/components/PlainTypography';

/** MAX_EVIDENCE_BYTES is the evidence limit of 02 §9 (10 MB); the server enforces it while reading. */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

const EVIDENCE_NAME = /\.(pdf|rar|zip|png|jpe?g|docx?)$/i;

/** checkEvidence returns the spec's message refusing file, or null when it may be uploaded (the server decides the type from the bytes). */
export function checkEvidence(file: { name: string; size: number }): string | null {
  if (!EVIDENCE_NAME.test(file.name)) return admissionText.rules.evidenceType;
  if (file.size > MAX_EVIDENCE_BYTES) return admissionText.rules.evidenceSize;
  return null;
}

/**
 * EvidenceUpload uploads one evidence file (POST /api/file/upload?kind=evidence) and makes
 * its id the field value; the chosen file's name (or a draft's fname) is shown beside it.
 */
export function EvidenceUpload({
  value,
  onChange,
  fileName,
  disabled,
}: {
  value?: string;
  onChange?: (id: string) => void;
  fileName?: string;
  disabled?: boolean;
}) {
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(null);

  async function send(file: File) {
    const refused = checkEvidence(file);
    if (refused) {
      void message.error(refused);
      return;
    }
    setBusy(true);
    try {
      const id = await upload(file, { query: { kind: 'evidence' }, silent: true, fileName: file.name });
      setName(file.name);
      onChange?.(id);
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    } finally {
      setBusy(false);
    }
  }

  const shown = value ? (name ?? fileName) : null;
  return (
    <Space orientation="vertical" size={4}>
      <Upload
        accept=".pdf,.rar,.zip,.png,.jpg,.jpeg,.doc,.docx"
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(f) => {
          void send(f);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} data-testid="admission-evidence-button">
          {admissionText.upload}
        </Button>
      </Upload>
      <PlainText type="secondary">{admissionText.uploadHint}</PlainText>
      {shown && (
        <PlainText data-testid="admission-evidence-name">
          <PaperClipOutlined /> {shown}
        </PlainText>
      )}
    </Space>
  );
}

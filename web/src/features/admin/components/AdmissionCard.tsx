import { Button, Descriptions } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { toast } from '@/shared/feedback';
import { admissionText } from '@/shared/locales/admission';
import { fetchFile } from '../api/fetchFile';

const t = admissionText.review;

/** inline tells the evidence the browser shows itself (PDF and images); archives and Word files are downloaded. */
function inline(name: string): boolean {
  return /\.(pdf|png|jpe?g)$/i.test(name);
}

function text(p: Record<string, unknown>, k: string): string {
  const v = p[k];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/**
 * AdmissionCard shows an admission item to the reviewer: the enterprise, the role, the type the
 * server computed, the organisation, and the evidence, fetched through the staff download (each
 * view logged) and opened in the browser or downloaded by its type.
 */
export function AdmissionCard({ payload }: { payload: Record<string, unknown> }) {
  const [busy, setBusy] = useState(false);
  const evidence = text(payload, 'evidence');
  const name = text(payload, 'evidenceName') || evidence;
  async function open() {
    setBusy(true);
    try {
      const url = await fetchFile(evidence);
      if (inline(name)) {
        window.open(url, '_blank', 'noopener');
      } else {
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
      }
      // The tab or the download holds its own reference; the URL is kept a minute for it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast.error(t.failed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={t.title} data-testid="admission-review">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t.enterprise}>{text(payload, 'enterpriseName') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t.role}>
          <span data-testid="admission-review-role">{text(payload, 'roleName')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t.type}>{t.types[Number(payload.type)] ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t.org}>
          <span data-testid="admission-review-org">{text(payload, 'orgName')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t.evidence}>
          {name}{' '}
          {evidence && (
            <Button type="link" loading={busy} onClick={() => void open()} data-testid="admission-review-evidence">
              {inline(name) ? t.open : t.download}
            </Button>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}

import { Button, Space } from 'antd';
import { useState } from 'react';
import { accountText } from '@/shared/locales/account';
import { revealCertNum, type RevealWhich } from '../api/revealCertNum';

/** CertNumText shows a masked certificate number with an explicit reveal (the server logs it). */
export function CertNumText({ masked, which }: { masked: string; which: RevealWhich }) {
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = accountText.actions;
  async function reveal() {
    setBusy(true);
    try {
      setFull(await revealCertNum(which));
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  if (!masked) return <span>-</span>;
  return (
    <Space>
      <span data-testid={`certnum-${which}`}>{full ?? masked}</span>
      {full ? (
        <Button type="link" size="small" onClick={() => setFull(null)}>
          {t.hide}
        </Button>
      ) : (
        <Button type="link" size="small" loading={busy} onClick={() => void reveal()}>
          {t.reveal}
        </Button>
      )}
    </Space>
  );
}

import { Alert, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import type { FoundAccount } from '../api/findAccounts';
import { AccountPicker } from '../components/AccountPicker';
import styles from '../components/recovery.module.css';
import { VerifyForm } from '../components/VerifyForm';

const t = zhCN.recovery;

/** FindAccountPage is the 找回账号 tab: prove a phone or address, see the accounts on it. */
export default function FindAccountPage() {
  const navigate = useNavigate();
  const [channel, setChannel] = useState<'sms' | 'email'>('sms');
  const [accounts, setAccounts] = useState<FoundAccount[] | null>(null);
  return (
    <div className={styles.wizard}>
      <Alert type="info" showIcon message={t.findAccountHint} style={{ marginBottom: 16 }} />
      {accounts === null ? (
        <>
          <Tabs
            type="card"
            size="small"
            activeKey={channel}
            onChange={(k) => setChannel(k === 'email' ? 'email' : 'sms')}
            items={[
              { key: 'sms', label: t.bySms },
              { key: 'email', label: t.byEmail },
            ]}
          />
          <VerifyForm key={channel} channel={channel} onFound={(r) => setAccounts(r.accounts)} />
        </>
      ) : (
        <>
          <AccountPicker accounts={accounts} />
          <div className={styles.actions}>
            <Button onClick={() => setAccounts(null)}>{t.previous}</Button>
            <Button type="primary" onClick={() => void navigate(paths.login)}>
              {t.toLogin}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

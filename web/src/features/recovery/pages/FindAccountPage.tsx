import { Alert, Button } from 'antd';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { zhCN } from '@/shared/locales/zh-CN';
import { paths } from '@/shared/paths';
import type { FoundAccount } from '@/shared/api/types';
import { PartLoading } from '@/shared/components/PartLoading';
import { usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { ChannelTabs, type Channel } from '../components/ChannelTabs';
import styles from '../components/recovery.module.css';
import { AccountPicker } from '../components/lazySteps';
import { VerifyForm } from '../components/VerifyForm';

const t = zhCN.recovery;

/** FindAccountPage is the 找回账号 tab: prove a phone or address, see the accounts on it. */
export default function FindAccountPage() {
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('sms');
  const [accounts, setAccounts] = useState<FoundAccount[] | null>(null);
  usePreloadWhenIdle(AccountPicker);
  return (
    <div className={styles.wizard}>
      <Alert type="info" showIcon message={t.findAccountHint} style={{ marginBottom: 16 }} />
      {accounts === null ? (
        <>
          <ChannelTabs channel={channel} onChange={setChannel} />
          <VerifyForm key={channel} channel={channel} onFound={(r) => setAccounts(r.accounts)} />
        </>
      ) : (
        <>
          <Suspense fallback={<PartLoading />}>
            <AccountPicker accounts={accounts} />
          </Suspense>
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

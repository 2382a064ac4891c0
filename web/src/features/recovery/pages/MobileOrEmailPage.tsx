import { PlainTabs } from '@/shared/components/PlainTabs';
import { useState } from 'react';
import { zhCN } from '@/shared/locales/zh-CN';
import { ChannelTabs, type Channel } from '../components/ChannelTabs';
import { RecoveryWizard } from '../components/RecoveryWizard';
import { VerifyForm } from '../components/VerifyForm';

const t = zhCN.recovery;

/**
 * MobileOrEmailPage is /supply/findPwd/mobileOrEmail (docs/spec/DECISIONS.md: real, not a mock):
 * personal and legal-person tabs, SMS or e-mail verification, then the same steps as the
 * phone wizard.
 */
export default function MobileOrEmailPage() {
  const [type, setType] = useState('1');
  const [channel, setChannel] = useState<Channel>('sms');
  return (
    <div>
      <PlainTabs
        activeKey={type}
        onChange={setType}
        items={[
          { key: '1', label: t.tabPersonal },
          { key: '2', label: t.tabLegal },
        ]}
      />
      <ChannelTabs channel={channel} onChange={setChannel} />
      {/* A new tab starts the wizard afresh. */}
      <RecoveryWizard
        key={`${type}-${channel}`}
        steps={t.mobileSteps}
        verify={(onFound) => <VerifyForm channel={channel} type={type === '2' ? 2 : 1} onFound={onFound} />}
      />
    </div>
  );
}

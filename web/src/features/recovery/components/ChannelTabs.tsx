import { PlainTabs } from '@/shared/components/PlainTabs';
import { zhCN } from '@/shared/locales/zh-CN';

/** Channel is how the user proves a contact: an SMS code or an e-mail code. */
export type Channel = 'sms' | 'email';

const t = zhCN.recovery;

/** ChannelTabs are the small card tabs 短信验证 / 邮箱验证 of the recovery pages. */
export function ChannelTabs({ channel, onChange }: { channel: Channel; onChange: (c: Channel) => void }) {
  return (
    <PlainTabs
      type="card"
      size="small"
      activeKey={channel}
      onChange={(k) => onChange(k === 'email' ? 'email' : 'sms')}
      items={[
        { key: 'sms', label: t.bySms },
        { key: 'email', label: t.byEmail },
      ]}
    />
  );
}

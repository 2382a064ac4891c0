import { MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { useRuntimeConfig } from '@/shared/config';
import { zhCN } from '@/shared/locales/zh-CN';
import { PlainTitle } from '@/shared/components/PlainTypography';

/** HelpPanel is the left panel of the registration frame: numbered steps and the configured help phone and QQ (01 §1); the last step names only the ways configured. */
export function HelpPanel() {
  const { helpPhone, helpQQ } = useRuntimeConfig();
  const t = zhCN.registration.help;
  return (
    <aside style={{ background: '#f5f9ff', borderRadius: 8, padding: '20px 20px 12px', height: '100%' }} data-testid="help-panel">
      <PlainTitle level={5} style={{ marginTop: 0 }}>
        {t.title}
      </PlainTitle>
      <ol style={{ paddingLeft: 20, margin: 0, lineHeight: 1.9, color: 'rgba(0,0,0,0.75)' }}>
        {t.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
        <li>{t.contact(helpPhone !== '', helpQQ !== '')}</li>
      </ol>
      {helpPhone && (
        <p style={{ marginTop: 16, fontWeight: 500 }} data-testid="help-phone">
          <PhoneOutlined /> {t.phone(helpPhone)}
        </p>
      )}
      {helpQQ && (
        <p style={{ marginTop: helpPhone ? 0 : 16, fontWeight: 500 }} data-testid="help-qq">
          <MessageOutlined /> {t.qq(helpQQ)}
        </p>
      )}
    </aside>
  );
}

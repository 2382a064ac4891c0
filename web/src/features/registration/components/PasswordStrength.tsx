import { zhCN } from '@/shared/locales/zh-CN';
import { strength } from './rules';

const colours = { weak: '#ff4d4f', medium: '#faad14', strong: '#52c41a' } as const;
/** The level's word is written in a darker shade of its colour: 4.5:1 or more on white (1.4.3). */
const textColours = { weak: '#cf1322', medium: '#874d00', strong: '#237804' } as const;

/** PasswordStrength is the weak/medium/strong meter, shown from 6 characters (01 §5). */
export function PasswordStrength({ password }: { password: string }) {
  const s = strength(password);
  if (!s) return null;
  const t = zhCN.registration.account;
  const level = s === 'weak' ? 1 : s === 'medium' ? 2 : 3;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 }} data-testid="password-strength" data-level={s}>
      <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{t.strength}</span>
      {[1, 2, 3].map((i) => (
        <span key={i} style={{ width: 48, height: 6, borderRadius: 3, background: i <= level ? colours[s] : '#e5e5e5' }} />
      ))}
      <span style={{ fontSize: 12, color: textColours[s] }}>{t[s]}</span>
    </div>
  );
}

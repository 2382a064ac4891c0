import { zhCN } from '../locales/zh-CN';
import { setElderMode, useElderMode } from './elderMode';
import styles from './layout.module.css';

/**
 * ElderModeSwitch is the 长辈模式 toggle of the header (a plain button with aria-pressed: the login
 * page draws without antd). tone 'dark' is for the blue header, 'light' for the bar of pages without it.
 */
export function ElderModeSwitch({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const on = useElderMode();
  return (
    <button
      type="button"
      className={`${styles.elderSwitch} ${tone === 'light' ? styles.elderSwitchLight : ''}`}
      aria-pressed={on}
      onClick={() => setElderMode(!on)}
      data-testid="elder-mode"
    >
      {zhCN.header.elderMode}
    </button>
  );
}

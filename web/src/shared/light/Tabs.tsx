import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './light.module.css';

export interface LightTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * Tabs are antd's centred Tabs without antd (docs/decisions/frontend-load.md, "Front-end load"): tab roles and arrow keys, and a pane
 * is rendered the first time it is chosen and then kept (what was typed in it stays), as antd's.
 * `select` switches to a tab when it changes (the page learned which one is needed).
 */
export function Tabs({ items, select }: { items: LightTab[]; select?: string }) {
  const id = useId();
  const [active, setActive] = useState(select ?? items[0]?.key ?? '');
  const [opened, setOpened] = useState(() => new Set([active]));
  const choose = (key: string) => {
    setActive(key);
    setOpened((o) => (o.has(key) ? o : new Set(o).add(key)));
  };
  // A new `select` switches during render (React's "adjusting state when a prop changes").
  const [selected, setSelected] = useState(select);
  if (select !== selected) {
    setSelected(select);
    if (select) choose(select);
  }
  const onKey = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.key === active);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step || i < 0) return;
    e.preventDefault();
    const next = items[(i + step + items.length) % items.length];
    if (!next) return;
    choose(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div>
      <div className={styles.tabList} role="tablist" onKeyDown={onKey}>
        {items.map((t) => (
          <button
            key={t.key}
            id={`${id}-tab-${t.key}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={t.key === active}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => choose(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) =>
        opened.has(t.key) ? (
          <div
            key={t.key}
            id={`${id}-panel-${t.key}`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${t.key}`}
            className={styles.panel}
            hidden={t.key !== active}
          >
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}

import { Button, Empty, Radio, Table } from 'antd';
import { useState } from 'react';
import { zhCN } from '@/shared/locales/zh-CN';
import type { FoundAccount } from '@/shared/api/types';
import styles from './recovery.module.css';

const t = zhCN.recovery;

export interface AccountPickerProps {
  accounts: FoundAccount[];
  /** Without it the list is read-only (the find-account tab). */
  onPick?: (a: FoundAccount) => void;
  onBack?: () => void;
}

/** AccountPicker lists the accounts on the proven phone or address; one is chosen for the reset. */
export function AccountPicker({ accounts, onPick, onBack }: AccountPickerProps) {
  const [chosen, setChosen] = useState<number | null>(accounts.length === 1 ? (accounts[0]?.accountId ?? null) : null);
  if (accounts.length === 0) {
    return (
      <div className={styles.centre}>
        <Empty description={t.noAccount} />
        {onBack && <Button onClick={onBack}>{t.previous}</Button>}
      </div>
    );
  }
  const c = t.columns;
  return (
    <div data-testid="account-picker">
      {onPick && <p>{t.chooseAccount}</p>}
      <Table<FoundAccount>
        rowKey="accountId"
        size="middle"
        pagination={false}
        dataSource={accounts}
        onRow={(r) => ({ onClick: () => setChosen(r.accountId) })}
        columns={[
          ...(onPick
            ? [
                {
                  key: 'pick',
                  width: 48,
                  render: (_: unknown, r: FoundAccount) => <Radio checked={chosen === r.accountId} aria-label={r.account} />,
                },
              ]
            : []),
          { title: c.account, dataIndex: 'account' },
          { title: c.type, dataIndex: 'type', render: (v: number) => (v === 1 ? t.typePerson : t.typeEnterprise) },
          { title: c.subjectName, dataIndex: 'subjectName', render: (v: string) => v || '—' },
          { title: c.subjectCode, dataIndex: 'subjectCode', render: (v: string) => v || '—' },
          { title: c.authState, dataIndex: 'authState', render: (v: number) => t.authState[v] ?? '—' },
          { title: c.regTime, dataIndex: 'regTime' },
        ]}
      />
      {onPick && (
        <div className={styles.actions}>
          {onBack && <Button onClick={onBack}>{t.previous}</Button>}
          <Button
            type="primary"
            disabled={chosen === null}
            onClick={() => {
              const a = accounts.find((x) => x.accountId === chosen);
              if (a) onPick(a);
            }}
            data-testid="pick-next"
          >
            {t.next}
          </Button>
        </div>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { usePaging } from '@/shared/hooks/usePaging';
import { PlainTable } from '@/shared/components/PlainTable';
import { PlainTag } from '@/shared/components/PlainTag';
import type { SignInEvent } from '@/shared/api/types';
import { formatTime } from '@/shared/formatTime';
import { devicesText } from '@/shared/locales/devices';
import { accountQueries } from '../api/queries';

const t = devicesText;

/**
 * SignInHistoryTable is 登录记录 (docs/decisions/sessions-and-devices.md, "Sign-in history"): the sign-ins
 * and refused attempts of the last 90 days, newest first, 10 a page; a refusal is red, a new device marked.
 */
export function SignInHistoryTable() {
  const { page, size, pagination } = usePaging(10);
  const q = useQuery(accountQueries.signInHistory(page, size));
  return (
    <PlainTable<SignInEvent>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.rows ?? []}
      data-testid="sign-in-history"
      pagination={pagination(q.data?.total ?? 0, { pageSizeOptions: [10, 20, 50], showSizeChanger: true })}
      columns={[
        { title: t.historyTime, dataIndex: 'at', width: 170, render: (v: string) => formatTime(v) },
        { title: t.historyWay, dataIndex: 'way', width: 180 },
        {
          title: t.historyDevice,
          key: 'device',
          render: (_v, r) => (
            <span>
              {r.browser} · {r.system} {r.newDevice && <PlainTag color="gold">{t.newDevice}</PlainTag>}
            </span>
          ),
        },
        { title: t.historyAddress, dataIndex: 'address', width: 140 },
        {
          title: t.historyResult,
          key: 'result',
          width: 120,
          render: (_v, r) => <PlainTag color={r.ok ? 'success' : 'error'}>{r.result}</PlainTag>,
        },
      ]}
    />
  );
}

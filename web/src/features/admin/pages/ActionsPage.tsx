import { useQuery } from '@tanstack/react-query';
import { Select, Space, Table } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { dayjs } from '@/shared/dates';
import { useState } from 'react';
import type { StaffAction } from '@/shared/api/types';
import { DeepPager } from '../components/DeepPager';
import { numberedReach, usePaging } from '../components/usePaging';
import { adminText } from '../strings';
import { PlainText } from '@/shared/components/PlainTypography';
import { adminQueries } from '../api/queries';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';

const t = adminText.actions;

/** ActionsPage (#/admin/actions, administrators) is the staff action log: who, when, what, from which address. */
export default function ActionsPage() {
  const paging = usePaging(20, [20, 50, 100]);
  const { page, pageSize, after, setPage, pagination } = paging;
  const [action, setAction] = useState<string | undefined>(undefined);
  const list = useQuery(adminQueries.actions({ page, pageSize, action, after }));
  return (
    <Panel
      title={t.title}
      extra={
        <Space>
          <PlainText>{t.filter}</PlainText>
          <Select
            style={{ width: 180 }}
            allowClear
            aria-label={t.filter}
            placeholder={t.all}
            value={action}
            onChange={(v) => (setAction(v), setPage(1))}
            options={Object.entries(adminText.actionName).map(([value, label]) => ({ value, label }))}
          />
        </Space>
      }
    >
      <Table<StaffAction>
        caption={<VisuallyHidden>{adminText.captions.actions}</VisuallyHidden>}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total ?? 0, list.data?.capped, numberedReach)}
        columns={[
          { title: t.time, dataIndex: 'time', width: 170, render: (s: string) => dayjs(s).format('YYYY-MM-DD HH:mm:ss') },
          { title: t.staff, dataIndex: 'staffName', width: 110 },
          { title: t.action, dataIndex: 'action', width: 140, render: (a: string) => adminText.actionName[a] ?? a },
          { title: t.target, dataIndex: 'target', width: 200, ellipsis: true },
          { title: t.detail, dataIndex: 'detail', ellipsis: true },
          { title: t.addr, dataIndex: 'clientAddr', width: 140 },
        ]}
      />
      <DeepPager paging={paging} data={list.data} />
    </Panel>
  );
}

import { Table } from 'antd';
import { dayjs } from '@/shared/dates';
import type { AuditLogEntry } from '@/shared/api/types';
import { adminText as t } from '../strings';
import { DecisionTag } from './DecisionTag';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';

/** AuditTable lists the decisions on an item: reviewer, time, result, remark, attachments. */
export function AuditTable({ rows }: { rows: AuditLogEntry[] }) {
  return (
    <Table<AuditLogEntry>
      caption={<VisuallyHidden>{t.captions.decisions}</VisuallyHidden>}
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t.detail.none }}
      // The side card of the review page is narrow: keep the columns readable and scroll instead of
      // wrapping a remark one character per line.
      scroll={{ x: 640 }}
      columns={[
        { title: t.detail.reviewer, dataIndex: 'userName', width: 120 },
        { title: t.detail.time, dataIndex: 'time', width: 170, render: (s: string) => dayjs(s).format('YYYY-MM-DD HH:mm:ss') },
        {
          title: t.detail.result,
          dataIndex: 'action',
          width: 90,
          render: (a: string) => <DecisionTag decision={a} />,
        },
        { title: t.detail.remark, dataIndex: 'remark', width: 180 },
        {
          title: t.detail.files,
          dataIndex: 'files',
          render: (fs: AuditLogEntry['files']) => (fs.length ? fs.map((f) => f.name).join('、') : t.detail.none),
        },
      ]}
    />
  );
}

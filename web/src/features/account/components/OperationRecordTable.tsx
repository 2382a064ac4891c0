import { useQuery } from '@tanstack/react-query';
import { usePaging } from '@/shared/hooks/usePaging';
import { Button, Flex } from 'antd';
import { PlainTable } from '@/shared/components/PlainTable';
import { accountText } from '@/shared/locales/account';
import type { OperationRecord } from '@/shared/api/types';
import { formatTime } from '@/shared/formatTime';
import { downloadFile } from './downloadFile';
import { accountQueries } from '../api/queries';

/** OperationRecordTable is the operation record table (02 §2): page size 5 by default, 5/10/20/30/40. */
export function OperationRecordTable() {
  const t = accountText.ops;
  const { page, size, pagination } = usePaging(5);
  const q = useQuery(accountQueries.operationRecords(page, size));
  return (
    <PlainTable<OperationRecord>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.rows ?? []}
      pagination={pagination(q.data?.total ?? 0, { pageSizeOptions: [5, 10, 20, 30, 40], showSizeChanger: true })}
      columns={[
        { title: t.index, key: 'i', width: 60, render: (_v, _r, i) => (page - 1) * size + i + 1 },
        { title: t.user, dataIndex: 'accountName', width: 140 },
        { title: t.time, dataIndex: 'ctime', width: 170, render: (v: string) => formatTime(v) },
        {
          title: t.type,
          key: 'type',
          width: 220,
          render: (_v, r) => (r.authtype ? `${t.types[r.operationType] ?? r.operationType}（${t.authTypes[r.authtype] ?? r.authtype}）` : (t.types[r.operationType] ?? r.operationType)),
        },
        {
          title: t.remarks,
          key: 'remarks',
          minWidth: 160,
          render: (_v, r) => (
            <div>
              {r.remarks.map((m, i) => (
                <div key={i}>
                  {m.fieldName}：{m.beforeValue.startsWith('file:') ? accountText.records.image : m.beforeValue || '-'} → {m.afterValue.startsWith('file:') ? accountText.records.image : m.afterValue || '-'}
                </div>
              ))}
              {r.noPassReason && <div>{t.reason(r.noPassReason)}</div>}
            </div>
          ),
        },
        {
          title: t.files,
          key: 'files',
          render: (_v, r) =>
            r.appendixList.length === 0
              ? accountText.audit.none
              : (
                  // One attachment a line, each name whole (side by side they wrapped mid-list).
                  <Flex vertical align="flex-start">
                    {r.appendixList.map((f) => (
                      <Button key={f.id} type="link" size="small" onClick={() => void downloadFile(f.id, f.name)}>
                        {f.name}
                      </Button>
                    ))}
                  </Flex>
                ),
        },
      ]}
    />
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaging } from '@/shared/hooks/usePaging';
import { useState } from 'react';
import { Button, Space } from 'antd';
import { Confirm } from '@/shared/components/Confirm';
import { PlainTable } from '@/shared/components/PlainTable';
import { Panel } from '@/shared/components/Panel';
import { Opened, usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { accountText } from '@/shared/locales/account';
import { revertModification } from '../api/revertModification';
import type { ModificationRecord } from '@/shared/api/types';
import { AuditDialog } from '../components/lazyDialogs';
import { BlobImage } from '../components/BlobImage';
import { recordResult } from '../components/recordResult';
import { formatTime } from '@/shared/formatTime';
import { OperationRecordTable } from '../components/OperationRecordTable';
import { useMessage } from '@/shared/feedback/message';
import { accountKeys, accountQueries } from '../api/queries';

/** show is a record value: a photo as its preview (the holder's own file), text as it is. */
function show(v: string) {
  if (!v.startsWith('file:')) return v || '-';
  return <BlobImage id={v.slice('file:'.length)} alt={accountText.records.image} width={64} />;
}

/** ModifyRecordPage lists modification records (02 §2) with revoke while 99 and the audit dialog, and the operation records. */
export default function ModifyRecordPage() {
  const t = accountText.records;
  const { page, size, pagination } = usePaging(10);
  const [audit, setAudit] = useState<number | null>(null);
  usePreloadWhenIdle(AuditDialog);
  const message = useMessage();
  const qc = useQueryClient();
  const q = useQuery(accountQueries.modifyRecords(page, size));
  async function revoke(id: number) {
    try {
      await revertModification(id);
      void message.success(t.revoked);
      await qc.invalidateQueries({ queryKey: accountKeys.all });
    } catch {
      // The client has shown the error.
    }
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel title={t.title}>
        <PlainTable<ModificationRecord>
          rowKey="infoId"
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.rows ?? []}
          scroll={{ x: 1000 }}
          pagination={pagination(q.data?.total ?? 0, { pageSizeOptions: [10, 20, 30, 40, 50, 100], showSizeChanger: true })}
          columns={[
            { title: t.infoItem, dataIndex: 'infoItem' },
            { title: t.before, dataIndex: 'beforeValue', render: show },
            { title: t.after, dataIndex: 'afterValue', render: show },
            // 170 px: the date and the time on one line, as in the operation records below.
            { title: t.time, dataIndex: 'operationTime', width: 170, render: (v: string) => formatTime(v) },
            { title: t.valid, dataIndex: 'isValid', render: (v: number) => t.isValid[v] ?? '-' },
            { title: t.method, dataIndex: 'authMethod', render: (v: string) => t.methods[v] ?? '-' },
            {
              title: t.result,
              key: 'result',
              render: (_v, r) => recordResult(r),
            },
            { title: t.authTime, dataIndex: 'authTime', width: 170, render: (v: string | null) => formatTime(v) },
            {
              title: t.actions,
              key: 'actions',
              fixed: 'right',
              width: 160,
              render: (_v, r) => (
                <Space>
                  {r.revocable && (
                    <Confirm title={t.revokeConfirm} onConfirm={() => void revoke(r.infoId)} okText={accountText.actions.confirm} cancelText={accountText.actions.cancel}>
                      <Button type="link" size="small" danger data-testid="revoke-button">
                        {accountText.actions.revoke}
                      </Button>
                    </Confirm>
                  )}
                  {r.applyId !== null && (
                    <Button type="link" size="small" onClick={() => setAudit(r.applyId)}>
                      {accountText.actions.audit}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Panel>
      <Panel title={accountText.ops.title}>
        <OperationRecordTable />
      </Panel>
      <Opened open={audit !== null}>
        <AuditDialog applyId={audit} onClose={() => setAudit(null)} />
      </Opened>
    </Space>
  );
}

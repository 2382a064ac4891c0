import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { PlainTable } from '@/shared/components/PlainTable';
import { accountText } from '@/shared/locales/account';
import type { AuditLogEntry } from '@/shared/api/types';
import { downloadFile } from './downloadFile';
import { formatTime } from '@/shared/formatTime';
import { accountQueries } from '../api/queries';

/** AuditDialog lists the reviewers' decisions on one review item (02 §2 audit dialog). */
export function AuditDialog({ applyId, onClose }: { applyId: number | null; onClose: () => void }) {
  const t = accountText.audit;
  const q = useQuery(accountQueries.audit(applyId));
  return (
    <Modal open={applyId !== null} title={t.title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <PlainTable<AuditLogEntry>
        rowKey={(_r) => `${_r.time}-${_r.userName}`}
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: t.index, key: 'i', width: 60, render: (_v, _r, i) => i + 1 },
          { title: t.user, dataIndex: 'userName' },
          { title: t.time, dataIndex: 'time', render: (v: string) => formatTime(v) },
          { title: t.result, dataIndex: 'action', render: (v: string) => t.actions[v] ?? v },
          { title: t.remark, dataIndex: 'remark', render: (v: string) => v || '-' },
          {
            title: t.files,
            key: 'files',
            render: (_v, r) =>
              r.files.length === 0
                ? t.none
                : r.files.map((f) => (
                    <Button key={f.id} type="link" size="small" onClick={() => void downloadFile(f.id, f.name)}>
                      {f.name}
                    </Button>
                  )),
          },
        ]}
      />
    </Modal>
  );
}

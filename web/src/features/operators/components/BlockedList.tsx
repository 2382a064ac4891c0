import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty } from 'antd';
import { Confirm } from '@/shared/components/Confirm';
import { PlainTable } from '@/shared/components/PlainTable';
import { PlainParagraph, PlainTitle } from '@/shared/components/PlainTypography';
import { useMessage } from '@/shared/feedback/message';
import { operatorText } from '@/shared/locales/operators';
import { operatorKeys, operatorQueries } from '../api/queries';
import type { BlockedEnterprise } from '../api/types';
import { unblockEnterprise } from '../api/unblockEnterprise';

/** chinaMinute shows an RFC 3339 time as yyyy-MM-dd HH:mm in China time (the server's calendar). */
const chinaMinute = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/**
 * BlockedList is the person's 已屏蔽的企业 under its 我的企业 table: the enterprises whose
 * invitations are refused, each with 解除屏蔽 after a confirmation. Its query shares the
 * page's operatorKeys.all, so a block made in the table shows here at once.
 */
export function BlockedList() {
  const t = operatorText;
  const message = useMessage();
  const qc = useQueryClient();
  const q = useQuery(operatorQueries.blocks());

  async function unblock(id: number) {
    try {
      await unblockEnterprise(id);
      void message.success(t.done.unblocked);
    } catch {
      // The client has shown the error; the list is reloaded.
    }
    await qc.invalidateQueries({ queryKey: operatorKeys.all });
  }

  return (
    <section data-testid="blocked-enterprises" style={{ marginTop: 24 }}>
      <PlainTitle level={5}>{t.blocks.title}</PlainTitle>
      <PlainParagraph type="secondary">{t.blocks.intro}</PlainParagraph>
      <PlainTable<BlockedEnterprise>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.blocks.empty} /> }}
        columns={[
          { title: t.columns.name.person, dataIndex: 'name', render: (v: string) => v || '-' },
          { title: t.columns.certNum.person, dataIndex: 'creditCode', width: 160, render: (v: string) => v || '-' },
          { title: t.columns.account, dataIndex: 'account', width: 110 },
          { title: t.blocks.blockedAt, dataIndex: 'blockedAt', width: 140, render: (v: string) => chinaMinute.format(new Date(v)) },
          {
            title: t.columns.actions,
            key: 'actions',
            width: 100,
            render: (_v, r) => (
              <Confirm title={t.confirm.unblock} onConfirm={() => void unblock(r.id)} okText={t.actions.ok} cancelText={t.actions.cancel}>
                <Button type="link" size="small" data-testid="action-unblock">
                  {t.actions.unblock}
                </Button>
              </Confirm>
            ),
          },
        ]}
      />
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaging } from '@/shared/hooks/usePaging';
import { Button, Empty, Space } from 'antd';
import { Confirm } from '@/shared/components/Confirm';
import { PlainTable } from '@/shared/components/PlainTable';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { lazyPart, Opened, usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { operatorText } from '@/shared/locales/operators';
import { UserType, useSession } from '@/shared/session';
import { acceptApplication } from '../api/acceptApplication';
import { answerInvitation } from '../api/answerInvitation';
import { blockEnterprise } from '../api/blockEnterprise';
import { cancelApplication } from '../api/cancelApplication';
import { cancelInvitation } from '../api/cancelInvitation';
import { refuseApplication } from '../api/refuseApplication';
import type { OperatorLink, Period, Side } from '../api/types';
import { unbind } from '../api/unbind';
import { rowActions, type ActionKind, type RowAction } from '../components/rowActions';
import { BlockedList } from '../components/BlockedList';
import { StateTag, TrustTag } from '../components/StateTag';
import { useMessage } from '@/shared/feedback/message';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { operatorKeys, operatorQueries } from '../api/queries';

// The two dialogs are fetched when first opened or when the page is idle, not with the page
// (docs/decisions/frontend-load.md, "Front-end load"): the period dialog's date picker and the add dialog's steps are 45 KiB gzip.
const AddDialog = lazyPart(() => import('../components/AddDialog'), 'AddDialog');
const PeriodDialog = lazyPart(() => import('../components/PeriodDialog'), 'PeriodDialog');

const PAGE_SIZES = [10, 20, 30, 40, 50, 100];

/** nowrap keeps a certificate number or a date whole in its cell. */
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** PeriodText shows a period on two lines (start, then 至 end), or - before one is set. */
function PeriodText({ start, end }: { start: string; end: string }) {
  if (!start) return <>-</>;
  return (
    <>
      <div>{start}</div>
      <div>
        {operatorText.periodTo} {end}
      </div>
    </>
  );
}

/** run sends one confirmed row action and says what it did. */
const requests: Record<Exclude<ActionKind, 'acceptApplication'>, { send: (side: Side, id: number) => Promise<null>; done: string }> = {
  acceptInvitation: { send: (_s, id) => answerInvitation(id, 'A1'), done: operatorText.done.accepted },
  refuseInvitation: { send: (_s, id) => answerInvitation(id, 'A0'), done: operatorText.done.refused },
  refuseAndBlock: { send: (_s, id) => blockEnterprise(id), done: operatorText.done.blocked },
  block: { send: (_s, id) => blockEnterprise(id), done: operatorText.done.blocked },
  cancelApplication: { send: (_s, id) => cancelApplication(id), done: operatorText.done.cancelled },
  cancelInvitation: { send: (_s, id) => cancelInvitation(id), done: operatorText.done.cancelled },
  refuseApplication: { send: (_s, id) => refuseApplication(id), done: operatorText.done.refused },
  unbind: { send: (s, id) => unbind(s, id), done: operatorText.done.unbound },
};

/**
 * OperatorsPage is the operator link screen (02 §2): a person's 我的企业 or an enterprise's
 * 我的经办人, by the session's account type. The table shows the other party, its trust level,
 * the period and the state; row actions follow state and handleType, each after a
 * confirmation (accepting an application asks for the period instead). Paging 10–100,
 * default 10.
 */
export default function OperatorsPage() {
  const { userType } = useSession();
  const side: Side = userType === UserType.Enterprise ? 'enterprise' : 'person';
  const t = operatorText;
  const { page, size, pagination } = usePaging(PAGE_SIZES[0]);
  const [adding, setAdding] = useState(false);
  const [accepting, setAccepting] = useState<number | null>(null);
  usePreloadWhenIdle(AddDialog, PeriodDialog);
  const message = useMessage();
  const qc = useQueryClient();
  const q = useQuery(operatorQueries.links(side, page, size));
  const refresh = () => qc.invalidateQueries({ queryKey: operatorKeys.all });

  async function run(kind: Exclude<ActionKind, 'acceptApplication'>, id: number) {
    try {
      await requests[kind].send(side, id);
      void message.success(requests[kind].done);
    } catch {
      // The client has shown the error; the list is reloaded, since a 409 means the link moved on.
    }
    await refresh();
  }

  async function accept(p: Period) {
    if (accepting === null) return;
    await acceptApplication(accepting, p);
    setAccepting(null);
    void message.success(t.done.accepted);
    await refresh();
  }

  const button = (row: OperatorLink, a: RowAction) => {
    const b = (
      <Button type="link" size="small" danger={a.danger} data-testid={`action-${a.kind}`} onClick={a.kind === 'acceptApplication' ? () => setAccepting(row.id) : undefined}>
        {a.label}
      </Button>
    );
    if (a.kind === 'acceptApplication' || a.confirm === null) return <span key={a.kind}>{b}</span>;
    const kind = a.kind;
    return (
      <Confirm key={kind} title={a.confirm} onConfirm={() => void run(kind, row.id)} okText={t.actions.ok} cancelText={t.actions.cancel}>
        {b}
      </Confirm>
    );
  };

  return (
    <Panel
      title={t.title[side]}
      extra={
        <Button type="primary" onClick={() => setAdding(true)} data-testid="add-button">
          {t.add[side]}
        </Button>
      }
    >
      <PlainParagraph type="secondary">{t.intro[side]}</PlainParagraph>
      <PlainTable<OperatorLink>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        scroll={{ x: 880 }}
        locale={{ emptyText: <Empty description={t.empty[side]} /> }}
        pagination={pagination(q.data?.count ?? 0, { pageSizeOptions: PAGE_SIZES, showSizeChanger: true, hideOnSinglePage: false })}
        columns={[
          { title: t.columns.name[side], dataIndex: 'name', render: (v: string) => v || '-' },
          { title: t.columns.certNum[side], dataIndex: 'certNum', width: 160, onCell: nowrap, render: (v: string) => v || '-' },
          { title: t.columns.account, dataIndex: 'account', width: 110 },
          { title: t.columns.trust, dataIndex: 'authState', width: 84, render: (v: number) => <TrustTag authState={v} /> },
          { title: t.columns.period, key: 'period', width: 115, onCell: nowrap, render: (_v, r) => <PeriodText start={r.operateStart} end={r.operateEnd} /> },
          { title: t.columns.state, key: 'state', width: 96, render: (_v, r) => <StateTag side={side} row={r} /> },
          {
            title: t.columns.actions,
            key: 'actions',
            fixed: 'right',
            width: side === 'person' ? 200 : 120,
            render: (_v, r) => {
              const actions = rowActions(side, r);
              return actions.length ? <Space size={0}>{actions.map((a) => button(r, a))}</Space> : '-';
            },
          },
        ]}
      />
      {side === 'person' && <BlockedList />}
      <Opened open={adding}>
        <AddDialog side={side} open={adding} onClose={() => setAdding(false)} onDone={() => void refresh()} />
      </Opened>
      <Opened open={accepting !== null}>
        <PeriodDialog open={accepting !== null} onClose={() => setAccepting(null)} submit={accept} />
      </Opened>
    </Panel>
  );
}

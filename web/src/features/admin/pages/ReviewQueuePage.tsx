import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Space, Table, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { Panel } from '@/shared/components/Panel';
import type { TableColumnsType } from 'antd';
import { dayjs } from '@/shared/dates';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/shared/feedback';
import { useSingleFlight } from '@/shared/hooks/singleFlight';
import { claimReview } from '../api/claimReview';
import { type ReviewQuery } from '../api/listReviews';
import type { ReviewItem } from '@/shared/api/types';
import { DeepPager } from '../components/DeepPager';
import { numberedReach, usePaging, withinReach } from '../components/usePaging';
import { adminText as t } from '../strings';
import { PlainText } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { DecisionTag } from '../components/DecisionTag';
import { adminKeys, adminQueries } from '../api/queries';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';

/** The queue tabs (docs/decisions/review-and-staff.md, "Review console and staff"): person and enterprise real-name authentication, changes, admission. */
const tabs = {
  personRealname: { kind: 'realname', subject: 'person' },
  enterpriseRealname: { kind: 'realname', subject: 'enterprise' },
  change: { kind: 'change', subject: undefined },
  admission: { kind: 'admission', subject: undefined },
} as const;
type TabKey = keyof typeof tabs;
type StateKey = ReviewQuery['state'];

const fmt = (s?: string) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm') : '');

/**
 * ReviewQueuePage (#/admin/reviews) lists a queue with tabs per kind, a state filter, paging, waiting
 * time and claim. Where it stands (tab, state, page, size, and the cursor past the numbered pages) is
 * kept in the address, so a reviewer can share or reload it.
 */
export default function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as TabKey | null) ?? 'personRealname';
  const state = (params.get('state') as StateKey | null) ?? 'pending';
  const set = (next: { tab?: string; state?: string; page: number; pageSize: number; after?: string }) =>
    setParams({
      tab: next.tab ?? tab,
      state: next.state ?? state,
      page: String(next.page),
      pageSize: String(next.pageSize),
      ...(next.after ? { after: next.after } : {}),
    });
  const sizeInAddress = Number(params.get('pageSize') ?? '10') || 10;
  const pageInAddress = Number(params.get('page') ?? '1') || 1;
  const pageShown = withinReach(pageInAddress, sizeInAddress);
  // An address past the reach shows the last numbered page; the address says so too (in place, so
  // Back does not return to it), and a link copied from it names the page on screen.
  useEffect(() => {
    if (pageShown !== pageInAddress)
      setParams(
        (p) => {
          p.set('page', String(pageShown));
          return p;
        },
        { replace: true },
      );
  }, [pageShown, pageInAddress, setParams]);
  const paging = usePaging(10, [10, 20, 30, 40, 50, 100], {
    state: {
      page: pageShown,
      pageSize: sizeInAddress,
      ...(params.get('after') ? { after: params.get('after') ?? '' } : {}),
    },
    set,
  });
  const { page, pageSize, after } = paging;
  const nav = useNavigate();
  const qc = useQueryClient();

  const q: ReviewQuery = { kind: tabs[tab].kind, subject: tabs[tab].subject, state, page, pageSize, ...(after ? { after } : {}) };
  const list = useQuery(adminQueries.reviews(q));
  const flight = useSingleFlight();
  const claim = useMutation({
    mutationFn: (id: number) => claimReview(id),
    onSuccess: (_, id) => {
      toast.success('领取成功');
      void qc.invalidateQueries({ queryKey: adminKeys.reviews });
      void nav(`/admin/reviews/${id}`);
    },
    onError: () => void qc.invalidateQueries({ queryKey: adminKeys.reviews }),
  });
  // A claimed item is never claimed again from this page: on a loaded machine a double-click's second
  // click can be handled after the first claim has answered (the flight is over) and before the page
  // has moved to the item.
  const claimed = useRef(new Set<number>());
  const claimOnce = (id: number) =>
    flight(async () => {
      if (claimed.current.has(id)) return;
      await claim.mutateAsync(id);
      claimed.current.add(id);
    });

  const columns: TableColumnsType<ReviewItem> = [
    { title: t.queue.id, dataIndex: 'id', width: 80 },
    { title: t.queue.account, dataIndex: 'account' },
    { title: t.queue.kind, dataIndex: 'kind', width: 100, render: (k: string, r) => `${t.subject[r.subject] ?? ''}${t.kind[k] ?? k}` },
    { title: t.queue.submittedAt, dataIndex: 'submittedAt', width: 160, render: fmt },
    {
      title: t.queue.waiting,
      dataIndex: 'waitingSeconds',
      width: 130,
      render: (s: number) => <PlainText type={s > 86400 ? 'danger' : undefined}>{t.waiting(s)}</PlainText>,
    },
    {
      title: t.queue.state,
      dataIndex: 'state',
      width: 150,
      render: (s: string, r) =>
        s === 'claimed' ? (
          <PlainTag color={r.claimedByMe ? 'green' : 'orange'}>{r.claimedByMe ? t.queue.claimedByMe : `${t.state.claimed}（${r.claimedBy ?? ''}）`}</PlainTag>
        ) : s === 'decided' ? (
          <DecisionTag decision={r.decision} />
        ) : (
          <PlainTag>{t.state[s] ?? s}</PlainTag>
        ),
    },
    ...(state === 'decided'
      ? [
          { title: t.queue.decidedBy, dataIndex: 'decidedBy', width: 100 },
          { title: t.detail.time, dataIndex: 'decidedAt', width: 160, render: fmt },
        ]
      : []),
    {
      title: t.queue.actions,
      key: 'actions',
      width: 160,
      render: (_: unknown, r) => (
        <Space>
          {r.state === 'pending' && (
            <Button type="primary" size="small" loading={claim.isPending && claim.variables === r.id} onClick={() => void claimOnce(r.id)}>
              {t.queue.claim}
            </Button>
          )}
          <Button size="small" onClick={() => void nav(`/admin/reviews/${r.id}`)}>
            {r.state === 'decided' || (r.state === 'claimed' && !r.claimedByMe) ? t.queue.view : t.queue.open}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Panel>
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k, page: 1, pageSize })}
        items={(Object.keys(tabs) as TabKey[]).map((k) => ({ key: k, label: t.kindTabs[k] }))}
      />
      <Flex justify="space-between" style={{ marginBottom: 12 }}>
        <Space>
          <PlainText>{t.stateFilter}</PlainText>
          <Segmented
            value={state}
            onChange={(v) => set({ state: v, page: 1, pageSize })}
            options={(['pending', 'claimed', 'decided'] as const).map((s) => ({ value: s, label: t.state[s] }))}
          />
        </Space>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t.queue.refresh}
        </Button>
      </Flex>
      <Table<ReviewItem>
        caption={<VisuallyHidden>{t.captions.queue(`${t.kindTabs[tab]}${t.state[state] ?? ''}`)}</VisuallyHidden>}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        pagination={paging.pagination(list.data?.total ?? 0, list.data?.capped, numberedReach)}
      />
      <DeepPager paging={paging} data={list.data} />
    </Panel>
  );
}

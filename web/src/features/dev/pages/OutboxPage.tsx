import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { Suspense, useEffect } from 'react';
import { lazyPart } from '@/shared/components/lazyPart';
import { PlainTable } from '@/shared/components/PlainTable';
import { Panel } from '@/shared/components/Panel';
import type { TableColumnsType } from 'antd';
import { dayjs } from '@/shared/dates';
import { ApiError } from '@/shared/api/http';
import { zhCN } from '@/shared/locales/zh-CN';
import type { OutboxMessage } from '@/shared/api/types';
import { PlainResult } from '@/shared/components/PlainResult';
import { PlainParagraph, PlainText } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { devQueries } from '../api/queries';

const t = zhCN.outbox;

// The copy buttons and the error's Alert are fetched after the page (docs/decisions/frontend-load.md, "Front-end load"): see CopyText.
const CopyText = lazyPart(() => import('../components/CopyText'), 'CopyText');
const Alert = lazyPart(() => import('antd/es/alert'), 'default');

/** Copyable is a cell's text, its copy button added once CopyText is in (it is fetched as the page mounts). */
function Copyable({ children, code }: { children: string; code?: boolean }) {
  return (
    <Suspense
      fallback={
        <PlainText strong={code} code={code}>
          {children}
        </PlainText>
      }
    >
      <CopyText code={code}>{children}</CopyText>
    </Suspense>
  );
}

const columns: TableColumnsType<OutboxMessage> = [
  {
    title: t.columns.channel,
    dataIndex: 'channel',
    width: 80,
    render: (channel: string) => (
      <PlainTag color={channel === 'sms' ? 'blue' : 'purple'}>{t.channel[channel] ?? channel}</PlainTag>
    ),
  },
  { title: t.columns.to, dataIndex: 'to', width: 200, render: (to: string) => <Copyable>{to}</Copyable> },
  {
    title: t.columns.scene,
    dataIndex: 'scene',
    width: 160,
    render: (scene: string) => (t.scene[scene] ? `${t.scene[scene]}（${scene}）` : scene),
  },
  { title: t.columns.text, dataIndex: 'text' },
  {
    title: t.columns.code,
    dataIndex: 'code',
    width: 120,
    render: (code: string) =>
      code ? (
        <Copyable code>{code}</Copyable>
      ) : null,
  },
  {
    title: t.columns.at,
    dataIndex: 'at',
    width: 180,
    render: (at: string) => (dayjs(at).isValid() ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : at),
  },
];

/** OutboxPage (#/dev/outbox) lists the SMS and e-mail messages of the development server, newest first. */
export default function OutboxPage() {
  const query = useQuery(devQueries.outbox());
  // CopyText is wanted as soon as the messages are in: it is fetched now, beside them.
  useEffect(() => void CopyText.preload().catch(() => undefined), []);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Panel>
        <PlainResult status="info" title={t.title} subTitle={t.notDev} />
      </Panel>
    );
  }

  return (
    <Panel
      title={t.title}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {zhCN.common.refresh}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PlainParagraph type="secondary" style={{ margin: 0 }}>
          {t.description}
        </PlainParagraph>
        {query.error && !(query.error instanceof ApiError && query.error.handled) && (
          <Suspense fallback={null}>
            <Alert type="error" showIcon title={query.error instanceof ApiError ? query.error.msg : String(query.error)} />
          </Suspense>
        )}
        <PlainTable<OutboxMessage>
          rowKey={(m) => `${m.at}|${m.channel}|${m.to}|${m.code}|${m.text}`}
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isLoading}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: zhCN.common.empty }}
          size="middle"
        />
      </Space>
    </Panel>
  );
}

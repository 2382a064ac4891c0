import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { PlainTable } from '@/shared/components/PlainTable';
import { Panel } from '@/shared/components/Panel';
import type { TableColumnsType } from 'antd';
import { dayjs } from '@/shared/dates';
import { ApiError } from '@/shared/api/http';
import { zhCN } from '@/shared/locales/zh-CN';
import type { OutboxMessage } from '@/shared/api/types';
import { getOutbox } from '../api/getOutbox';
import { PlainResult } from '@/shared/components/PlainResult';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';

const t = zhCN.outbox;

const columns: TableColumnsType<OutboxMessage> = [
  {
    title: t.columns.channel,
    dataIndex: 'channel',
    width: 80,
    render: (channel: string) => (
      <PlainTag color={channel === 'sms' ? 'blue' : 'purple'}>{t.channel[channel] ?? channel}</PlainTag>
    ),
  },
  { title: t.columns.to, dataIndex: 'to', width: 200, render: (to: string) => <Typography.Text copyable>{to}</Typography.Text> },
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
        <Typography.Text strong copyable code>
          {code}
        </Typography.Text>
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
  const query = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: ({ signal }) => getOutbox(signal),
    staleTime: 0,
  });

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
          <Alert type="error" showIcon title={query.error instanceof ApiError ? query.error.msg : String(query.error)} />
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

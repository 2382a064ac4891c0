import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePaging } from '@/shared/hooks/usePaging';
import { Button, Space } from 'antd';
import { Confirm } from '@/shared/components/Confirm';
import { PlainTable } from '@/shared/components/PlainTable';
import { Panel } from '@/shared/components/Panel';
import { formatDateTime } from '@/shared/formatTime';
import { Suspense, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { certText as t } from '@/shared/locales/certificates';
import { useSession } from '@/shared/session';
import { caApplyAddress, unbindCertificate, type BoundCertificate, type CertificateLogEntry } from '../api/certificateCalls';
import { lazyPart } from '@/shared/components/lazyPart';
import { DriverLink } from '../components/DriverLink';
import { useMessage } from '@/shared/feedback/message';
import { PlainParagraph, PlainText, PlainTitle } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { certificateKeys, certificateQueries } from '../api/queries';

// The bind dialog brings the certificate libraries (PKIjs, node-forge, sm-crypto: 78 KiB gzip)
// and its steps; it is fetched when 绑定证书 is pointed at or focused, not with the page (docs/decisions/frontend-load.md, "Front-end load").
const BindDialog = lazyPart(() => import('../components/BindDialog'), 'BindDialog');

// A 32-digit serial breaks anywhere so that the DN keeps the room.
const serial = (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>;

/** useApply opens the CA application address; the server refuses an account without real-name authentication (02 §2). */
function useApply() {
  const message = useMessage();
  return async () => {
    try {
      const address = await caApplyAddress();
      if (!address) {
        void message.info(t.applyLater);
        return;
      }
      window.open(address, '_blank', 'noopener');
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    }
  };
}

/**
 * CaCertificatePage is the CA certificate screen (02 §2): the application button, the
 * bound-certificate table with unbind, the bind button and its dialog, the links to a CA
 * and to the driver, and the bind/unbind record. It serves /accountCenter/CAcertificate and
 * the header-less /basic/CAcertificate.
 */
export default function CaCertificatePage() {
  const message = useMessage();
  const { userId, userName } = useSession();
  const queryClient = useQueryClient();
  const apply = useApply();
  const [binding, setBinding] = useState(false);
  const { page, size, pagination } = usePaging(10);
  const bound = useQuery(certificateQueries.bound());
  // One certificate per account: 绑定证书 waits for the unbinding (the server refuses a second).
  const holding = (bound.data?.length ?? 0) > 0;
  const records = useQuery(certificateQueries.records(page, size));
  const refresh = () => queryClient.invalidateQueries({ queryKey: certificateKeys.all });

  async function unbind() {
    try {
      await unbindCertificate(userId ?? '');
      void message.success(t.unbound);
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    }
    await refresh();
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="ca-page">
      <Panel
        title={t.pageTitle}
        extra={
          <Space>
            <Button onClick={() => void apply()} data-testid="ca-apply">
              {t.apply}
            </Button>
            {holding && <PlainText type="secondary" data-testid="ca-one-bound">{t.oneBound}</PlainText>}
            <Button
              type="primary"
              disabled={holding}
              onClick={() => setBinding(true)}
              onPointerEnter={() => void BindDialog.preload()}
              onFocus={() => void BindDialog.preload()}
              data-testid="ca-bind"
            >
              {t.bind}
            </Button>
          </Space>
        }
      >
        <Space style={{ marginBottom: 12 }} size={24}>
          <Button type="link" style={{ padding: 0 }} onClick={() => void apply()} data-testid="ca-get">
            {t.getCertificate}
          </Button>
          <DriverLink />
        </Space>
        <PlainTitle level={5}>{t.bound}</PlainTitle>
        <PlainTable<BoundCertificate>
          rowKey="id"
          size="small"
          loading={bound.isLoading}
          dataSource={bound.data ?? []}
          pagination={false}
          locale={{ emptyText: t.noBound }}
          data-testid="ca-bound"
          columns={[
            { title: t.colNumber, dataIndex: 'number', width: 170, render: serial },
            { title: t.colDn, dataIndex: 'dn', minWidth: 220 },
            { title: t.colStart, dataIndex: 'validStart', width: 170, render: formatDateTime },
            { title: t.colEnd, dataIndex: 'validEnd', width: 170, render: formatDateTime },
            { title: t.colState, dataIndex: 'state', width: 80, render: (s: number) => <PlainTag color={t.stateColors[s]}>{t.states[s]}</PlainTag> },
            { title: t.colBindTime, dataIndex: 'bindTime', width: 170, render: formatDateTime },
            {
              title: t.colAction,
              key: 'action',
              width: 80,
              render: () => (
                <Confirm title={t.unbindConfirm} onConfirm={() => void unbind()} okText={t.unbind} cancelText={t.cancel}>
                  <Button type="link" danger style={{ padding: 0 }} data-testid="ca-unbind">
                    {t.unbind}
                  </Button>
                </Confirm>
              ),
            },
          ]}
        />
        <PlainParagraph type="secondary" style={{ marginTop: 8 }}>
          {t.bindNote}
        </PlainParagraph>
      </Panel>
      <Panel title={t.records}>
        <PlainTable<CertificateLogEntry>
          rowKey="id"
          size="small"
          loading={records.isLoading}
          dataSource={records.data?.rows ?? []}
          locale={{ emptyText: t.noRecords }}
          data-testid="ca-records"
          pagination={pagination(records.data?.total ?? 0)}
          columns={[
            { title: t.colHandleType, dataIndex: 'handleType', width: 90, render: (h: number) => t.handleTypes[h] },
            { title: t.colNumber, dataIndex: 'number', width: 170, render: serial },
            { title: t.colDn, dataIndex: 'dn', minWidth: 220 },
            { title: t.colStart, dataIndex: 'validStart', width: 170, render: formatDateTime },
            { title: t.colEnd, dataIndex: 'validEnd', width: 170, render: formatDateTime },
            { title: t.colHandleTime, dataIndex: 'handleTime', width: 170, render: formatDateTime },
          ]}
        />
      </Panel>
      {binding && (
        // No fallback: the dialog appears when its code is in (already, after a hover).
        <Suspense fallback={null}>
          <BindDialog
            accountName={userName ?? ''}
            onClose={() => setBinding(false)}
            onBound={() => {
              setBinding(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}

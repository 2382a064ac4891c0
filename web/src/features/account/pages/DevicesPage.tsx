import { DesktopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Confirm } from '@/shared/components/Confirm';
import { Panel } from '@/shared/components/Panel';
import { PlainList, PlainListItem, PlainListMeta } from '@/shared/components/PlainList';
import { PlainTag } from '@/shared/components/PlainTag';
import type { Device } from '@/shared/api/types';
import { useMessage } from '@/shared/feedback/message';
import { formatTime } from '@/shared/formatTime';
import { devicesText } from '@/shared/locales/devices';
import { accountQueries } from '../api/queries';
import { endDevice, endOtherDevices } from '../api/devices';
import { SignInHistoryTable } from '../components/SignInHistoryTable';
import styles from './DevicesPage.module.css';

const t = devicesText;

/** useIdleWarning is true from one minute before the session's idle limit, counted from the page's last request. */
function useIdleWarning(idleSeconds: number | undefined, lastRequestAt: number) {
  // The warning belongs to one request time: a later request (继续使用) puts it away.
  const [warnedFor, setWarnedFor] = useState<number | null>(null);
  useEffect(() => {
    if (!idleSeconds) return;
    const due = lastRequestAt + (idleSeconds - 60) * 1000 - Date.now();
    const timer = setTimeout(() => setWarnedFor(lastRequestAt), Math.max(due, 0));
    return () => clearTimeout(timer);
  }, [idleSeconds, lastRequestAt]);
  return warnedFor === lastRequestAt;
}

/** DeviceDetails are a device's way, address, times and systems. */
function DeviceDetails({ d }: { d: Device }) {
  return (
    <dl className={styles.details}>
      <dt>{t.way}</dt>
      <dd>{d.way}</dd>
      <dt>{t.address}</dt>
      <dd>{d.address}</dd>
      <dt>{t.signedInAt}</dt>
      <dd>{formatTime(d.signedInAt)}</dd>
      <dt>{t.lastSeenAt}</dt>
      <dd>{formatTime(d.lastSeenAt)}</dd>
      <dt>{t.clients}</dt>
      <dd>{d.clients.length > 0 ? d.clients.join('、') : t.noClients}</dd>
    </dl>
  );
}

/**
 * DevicesPage is 登录设备管理 (docs/decisions/sessions-and-devices.md): every live session of the
 * account with how it was signed in, the browser and system, the masked address, its times and
 * the systems signed in through it; 本机 for this one. Another device can be signed out, or all
 * but this one. The session limits are said, and one minute before the idle limit the page warns.
 * Below, 登录记录: the last 90 days of sign-ins and refused attempts.
 */
export default function DevicesPage() {
  const message = useMessage();
  const qc = useQueryClient();
  const q = useQuery(accountQueries.devices());
  const warn = useIdleWarning(q.data?.idleSeconds, q.dataUpdatedAt);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      void message.success(await action());
      await qc.invalidateQueries({ queryKey: accountQueries.devices().queryKey });
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  }

  const devices = q.data?.devices ?? [];
  const others = devices.filter((d) => !d.current).length;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {warn && (
        <div role="alert" className={styles.warning} data-testid="idle-warning">
          {t.idleWarning}
          <Button size="small" type="primary" onClick={() => void q.refetch()}>
            {t.stay}
          </Button>
        </div>
      )}
      <Panel
        title={t.title}
        loading={q.isLoading}
        data-testid="devices"
        extra={
          <Confirm title={t.endOthersAsk} okText={t.ok} cancelText={t.cancel} onConfirm={() => void run(async () => t.endedOthers((await endOtherDevices()).ended))}>
            <Button danger disabled={others === 0 || busy} data-testid="end-others">
              {t.endOthers}
            </Button>
          </Confirm>
        }
      >
        <p className={styles.intro}>{t.intro}</p>
        <PlainList<Device>
          dataSource={devices}
          rowKey={(d) => d.id}
          renderItem={(d) => (
            <PlainListItem
              actions={
                d.current
                  ? []
                  : [
                      <Confirm
                        key="end"
                        title={t.endAsk}
                        okText={t.ok}
                        cancelText={t.cancel}
                        onConfirm={() =>
                          void run(async () => {
                            await endDevice(d.id);
                            return t.ended;
                          })
                        }
                      >
                        <Button danger size="small" disabled={busy} data-testid="end-device">
                          {t.end}
                        </Button>
                      </Confirm>,
                    ]
              }
            >
              <div className={styles.item} data-testid="device" data-current={d.current}>
                <PlainListMeta
                  avatar={<DesktopOutlined className={styles.icon} />}
                  title={
                    <span>
                      {d.browser} · {d.system} {d.current && <PlainTag color="blue">{t.current}</PlainTag>}
                    </span>
                  }
                  description={<DeviceDetails d={d} />}
                />
              </div>
            </PlainListItem>
          )}
        />
        {q.data && (
          <p className={styles.limits} data-testid="session-limits">
            {t.limits(t.minutes(q.data.idleSeconds / 60), t.minutes(q.data.absoluteSeconds / 60))}
          </p>
        )}
      </Panel>
      <Panel title={t.history}>
        <p className={styles.intro}>{t.historyIntro}</p>
        <SignInHistoryTable />
      </Panel>
    </Space>
  );
}

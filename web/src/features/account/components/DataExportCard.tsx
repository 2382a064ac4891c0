import { Button } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { dataExportText } from '@/shared/locales/dataExport';
import { downloadMyData } from '../api/downloadMyData';
import { useMessage } from '@/shared/feedback/message';
import styles from './DataExportCard.module.css';
import { lazyPart, Opened } from '@/shared/components/lazyPart';

// The question before the download brings antd's Modal: fetched when first wanted. Declared here,
// not in lazyDialogs with the information pages' dialogs, whose list of chunks to fetch ahead
// (about 2 KiB) the security page would otherwise load for this one.
const DataExportConfirm = lazyPart(() => import('./DataExportConfirm'), 'DataExportConfirm');

const t = dataExportText;

/** saveBlob offers blob to the browser as a download named name. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * DataExportCard is 下载我的数据 (docs/decisions/personal-data.md, "Data protection", the holder's right of access): it says what the zip
 * holds, asks once before a file with full certificate numbers is saved, and downloads it with
 * the session (never a link carrying the token). The button shows 正在打包… while the server
 * builds the zip; a failure is the client's Chinese toast (or the session-expired path).
 */
export function DataExportCard() {
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const [asking, setAsking] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadMyData();
      saveBlob(blob, fileName || t.defaultName);
      void message.success(t.done);
    } catch (e) {
      // The client has toasted every failure it answers for; anything else is said here.
      if (!(e instanceof ApiError && e.handled)) void message.error(e instanceof ApiError ? e.msg : t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t.card} data-testid="data-export">
      <div className={styles.paragraph}>{t.intro}</div>
      <ul data-testid="data-export-contents">
        {t.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className={`${styles.paragraph} ${styles.warning}`}>{t.sensitive}</div>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => setAsking(true)}
        onMouseEnter={() => void DataExportConfirm.preload()}
        onFocus={() => void DataExportConfirm.preload()}
        data-testid="data-export-button"
      >
        {busy ? t.preparing : t.button}
      </Button>
      <Opened open={asking}>
        <DataExportConfirm
          open={asking}
          onOk={() => {
            setAsking(false);
            void download();
          }}
          onCancel={() => setAsking(false)}
        />
      </Opened>
    </Panel>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { certText as t } from '@/shared/locales/certificates';
import { zhCN } from '@/shared/locales/zh-CN';
import { driverPath } from '../api/certificateCalls';
import { useMessage } from '@/shared/feedback/message';

/** fileName reads the name of an attachment (RFC 6266 filename*, else filename). */
function fileName(disposition: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'ca_driver';
}

/**
 * DriverLink downloads the CA driver (02 §2 "the driver can be downloaded"). The file is
 * public; when none is configured the server's message (证书驱动暂未提供下载，请联系客服) is shown.
 */
export function DriverLink() {
  const message = useMessage();

  async function download() {
    try {
      const res = await fetch(driverPath);
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { msg?: string } | null;
        void message.error(body?.msg ?? zhCN.http.networkError);
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName(res.headers.get('Content-Disposition'));
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      void message.error(zhCN.http.networkError);
    }
  }

  return (
    <Button type="link" icon={<DownloadOutlined />} onClick={() => void download()} style={{ padding: 0 }} data-testid="cert-driver">
      {t.driver}
    </Button>
  );
}

import { ReloadOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Radio, Space, Spin, Upload, type UploadFile } from 'antd';
import { dayjs } from '@/shared/dates';
import { useState } from 'react';
import { certText as t } from '@/shared/locales/certificates';
import { CertificateError, type CertificateInfo } from '../providers/types';
import styles from './certificates.module.css';
import { DriverLink } from './DriverLink';
import type { Certificates } from './useCertificates';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';

interface Values {
  file?: UploadFile[];
  password?: string;
}

/** validityAt says whether c is out of its validity at now (ms); null when it is valid. */
export function validityAt(c: CertificateInfo, now: number): 'expired' | 'notYetValid' | null {
  if (c.validTo.getTime() < now) return 'expired';
  if (c.validFrom.getTime() > now) return 'notYetValid';
  return null;
}

/** validity tags a certificate that cannot sign in today (the server refuses it with its own message). */
function ValidityTag({ c }: { c: CertificateInfo }) {
  // The time the row was first shown is close enough for a hint.
  const [now] = useState(() => Date.now());
  const v = validityAt(c, now);
  return v && <PlainTag color={v === 'expired' ? 'red' : 'orange'}>{t[v]}</PlainTag>;
}

/**
 * CertificatePicker is the 选择证书 part of every certificate screen (01 §2 certificate tab,
 * 02 §4 bind dialog step 1): the source, then for a soft certificate its file and password,
 * then the certificates read, one of which is chosen. A wrong password or an unreadable file
 * is said at its field and what was typed stays.
 */
export function CertificatePicker({ certs, layout = 'inline' }: { certs: Certificates; layout?: 'inline' | 'vertical' }) {
  const [form] = Form.useForm<Values>();
  const [reading, setReading] = useState(false);

  async function read() {
    const v = await form.validateFields().catch(() => null);
    const file = v?.file?.[0]?.originFileObj;
    if (!v || !file) return;
    setReading(true);
    try {
      await certs.open(file, v.password ?? '');
    } catch (e) {
      const msg = e instanceof CertificateError ? e.message : t.readError;
      form.setFields([{ name: msg === t.wrongPassword ? 'password' : 'file', errors: [msg] }]);
    } finally {
      setReading(false);
    }
  }

  const key = certs.source === 'key';
  return (
    <div className={styles.picker} data-testid="cert-picker">
      <Form.Item label={t.source} colon>
        <Radio.Group value={certs.source} onChange={(e) => void certs.choose(e.target.value as 'soft' | 'key')} data-testid="cert-source">
          <Radio value="soft">{t.sourceSoft}</Radio>
          <Radio value="key" disabled={!certs.keysConfigured} data-testid="cert-source-key">
            {t.sourceKey}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Spin spinning={reading || certs.probing} delay={100} tip={certs.probing ? t.probing : t.loading}>
        <PlainParagraph type="secondary" className={styles.hint}>
          {key ? t.sourceKeyHint : t.sourceSoftHint}
        </PlainParagraph>
        {key ? (
          <KeyStatus certs={certs} />
        ) : (
          <Form form={form} layout={layout} className={styles.fileForm} onFinish={() => void read()}>
            <Form.Item
              name="file"
              label={t.file}
              valuePropName="fileList"
              getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
              rules={[{ required: true, message: t.chooseFile }]}
            >
              <Upload accept=".pfx,.p12" maxCount={1} beforeUpload={() => false} data-testid="cert-file">
                <Button icon={<UploadOutlined />}>{t.pickFile}</Button>
              </Upload>
            </Form.Item>
            <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.enterPassword }]}>
              <Input.Password placeholder={t.passwordPlaceholder} autoComplete="off" data-testid="cert-password" />
            </Form.Item>
            <Form.Item>
              <Button htmlType="submit" loading={reading} data-testid="cert-read">
                {t.read}
              </Button>
            </Form.Item>
          </Form>
        )}
        <div className={styles.listTitle}>{t.list}</div>
        {certs.certificates.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noCertificate} />
        ) : (
          <Radio.Group className={styles.list} value={certs.selected?.id ?? null} onChange={(e) => certs.select(e.target.value as string)}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {certs.certificates.map((c) => (
                <Radio key={c.id} value={c.id} className={styles.option} data-testid="cert-option">
                  <SafetyCertificateOutlined className={styles.icon} />
                  <span className={styles.owner}>{c.owner}</span> <ValidityTag c={c} />
                  {'vendor' in c && typeof c.vendor === 'string' && <PlainTag>{t.vendors[c.vendor] ?? c.vendor}</PlainTag>}
                  <div className={styles.meta}>
                    {t.colSerial}：{c.serialNumber}
                    <br />
                    {t.colIssuer}：{c.issuer} · {t.colValid}：{dayjs(c.validTo).format('YYYY-MM-DD')}
                  </div>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
        {key && certs.certificates.length > 0 && (
          <Form layout={layout} className={styles.fileForm}>
            <Form.Item label={t.pin} required>
              <Input.Password value={certs.pin} onChange={(e) => certs.setPin(e.target.value)} placeholder={t.pinPlaceholder} autoComplete="off" data-testid="cert-pin" />
            </Form.Item>
          </Form>
        )}
      </Spin>
    </div>
  );
}

/** KeyStatus says what probing the USB keys' services found: why nothing, with what to do, and 重新检测. */
function KeyStatus({ certs }: { certs: Certificates }) {
  const error = certs.keyError;
  const help = error === t.localNetworkBlocked ? t.localNetworkHelp : error === t.notInstalled ? t.notInstalledHelp : undefined;
  return (
    <div className={styles.keyStatus}>
      {error && (
        <Alert
          type={error === t.localNetworkBlocked ? 'warning' : 'error'}
          showIcon
          message={<span data-testid="cert-key-error">{error}</span>}
          description={
            help && (
              <>
                {help}
                {error === t.notInstalled && (
                  <div>
                    <DriverLink />
                  </div>
                )}
              </>
            )
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Button icon={<ReloadOutlined />} onClick={() => void certs.probeAgain()} loading={certs.probing} data-testid="cert-probe">
        {t.probeAgain}
      </Button>
    </div>
  );
}

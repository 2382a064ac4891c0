import { Button, Descriptions, Modal, Space, Spin, Steps } from 'antd';
import { dayjs } from '@/shared/dates';
import { useState } from 'react';
import { certText as t } from '@/shared/locales/certificates';
import { bindCertificate, bindChallenge } from '../api/certificateCalls';
import { CertificatePicker, validityAt } from './CertificatePicker';
import styles from './certificates.module.css';
import { DriverLink } from './DriverLink';
import { errorText, useCertificates } from './useCertificates';
import { useMessage } from '@/shared/feedback/message';
import { PlainResult } from '@/shared/components/PlainResult';
import { PlainParagraph, PlainText } from '@/shared/components/PlainTypography';

/**
 * BindDialog is the CA bind dialog (02 §2, §4): step 1 pick a certificate, step 2 confirm
 * binding it to the account, step 3 the failure with the server's reason and the listed
 * causes. The confirm button is disabled while the request is in flight and the loading
 * overlay shows only when a step takes longer than 100 ms. The dialog's keys go with it.
 */
export function BindDialog({ accountName, onClose, onBound }: { accountName: string; onClose: () => void; onBound: () => void }) {
  const message = useMessage();
  const certs = useCertificates();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const c = certs.selected;

  /** next goes to 确认绑定 with a certificate that can be bound today; the picker tags the others. */
  function next() {
    if (!c) {
      void message.error(t.pleaseSelect);
      return;
    }
    const v = validityAt(c, Date.now());
    if (v) {
      void message.error(v === 'expired' ? t.chosenExpired : t.chosenNotYetValid);
      return;
    }
    setStep(1);
  }

  async function bind() {
    setBusy(true);
    try {
      await certs.prove(
        () => bindChallenge(),
        ({ serialNumber: _serial, ...proof }) => bindCertificate(proof),
      );
      void message.success(t.bindSuccess);
      onBound();
    } catch (e) {
      setFailure(errorText(e));
      setStep(2);
    } finally {
      setBusy(false);
    }
  }

  const footer = [
    step === 0 && (
      <Button key="next" type="primary" onClick={next} data-testid="bind-next">
        {t.next}
      </Button>
    ),
    step === 1 && (
      <Button key="prev" onClick={() => setStep(0)} disabled={busy}>
        {t.previous}
      </Button>
    ),
    step === 1 && (
      <Button key="bind" type="primary" loading={busy} disabled={busy} onClick={() => void bind()} data-testid="bind-confirm">
        {t.confirmBind}
      </Button>
    ),
    step === 2 && (
      <Button key="retry" onClick={() => setStep(0)} data-testid="bind-retry">
        {t.retry}
      </Button>
    ),
    <Button key="close" onClick={onClose}>
      {step === 2 ? t.close : t.cancel}
    </Button>,
  ].filter(Boolean);

  return (
    <Modal open title={t.dialogTitle} width={760} onCancel={onClose} footer={footer} maskClosable={false} destroyOnHidden>
      <Steps current={step} status={step === 2 ? 'error' : 'process'} size="small" items={[{ title: t.stepPick }, { title: t.stepConfirm }, { title: t.stepResult }]} style={{ marginBottom: 24 }} />
      <Spin spinning={busy} delay={100} tip={t.loading}>
        {step === 0 && (
          <div data-testid="bind-step-pick">
            <ol className={styles.instructions}>
              {t.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <div style={{ marginBottom: 12 }}>
              <DriverLink />
            </div>
            <CertificatePicker certs={certs} />
          </div>
        )}
        {step === 1 && c && (
          <div data-testid="bind-step-confirm">
            <PlainParagraph strong>{t.confirmText(accountName)}</PlainParagraph>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t.colOwner}>{c.owner}</Descriptions.Item>
              <Descriptions.Item label={t.colSerial}>{c.serialNumber}</Descriptions.Item>
              <Descriptions.Item label={t.colDn}>{c.subject}</Descriptions.Item>
              <Descriptions.Item label={t.colIssuer}>{c.issuer}</Descriptions.Item>
              <Descriptions.Item label={t.colStart}>{dayjs(c.validFrom).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
              <Descriptions.Item label={t.colEnd}>{dayjs(c.validTo).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            </Descriptions>
            <PlainParagraph type="secondary" style={{ marginTop: 12 }}>
              {t.bindNote}
            </PlainParagraph>
          </div>
        )}
        {step === 2 && (
          <PlainResult
            status="error"
            title={t.failTitle}
            subTitle={<span data-testid="bind-failure">{failure}</span>}
            extra={
              <Space orientation="vertical" align="start" style={{ textAlign: 'left' }}>
                <PlainText strong>{t.failCauses}</PlainText>
                {t.causes.map((cause) => (
                  <PlainText key={cause} type="secondary">
                    {cause}
                  </PlainText>
                ))}
              </Space>
            }
          />
        )}
      </Spin>
    </Modal>
  );
}

import { Alert, Button, Flex, Form, Switch } from 'antd';
import { useState } from 'react';
import { ImageUpload } from '@/shared/components/ImageUpload';
import { zhCN } from '@/shared/locales/zh-CN';
import { submitEnterpriseRealAuth, type EnterpriseRealAuthBody } from '@/shared/api/submitEnterpriseRealAuth';
import { useStepSubmit } from './useStepSubmit';
import { useMessage } from '@/shared/feedback/message';

/**
 * EnterpriseAuthStep is the enterprise's real-name authentication (01 §2 step 2): the
 * user opens the upload mode first, then uploads the legal person's certificate front and
 * back. The licence was uploaded with the basic information (step 1) and is sent again with
 * the photos (the spec's payload carries it). Back is allowed only from this step.
 */
export function EnterpriseAuthStep({
  licenceId,
  saved,
  onDone,
  onBack,
  onChange,
}: {
  /** licenceId is the licence saved with the basic information ('' when none was). */
  licenceId: string;
  saved?: Partial<EnterpriseRealAuthBody> | null;
  onDone: () => void;
  /** onBack gets what was uploaded, so the wizard can offer it again. */
  onBack: (kept: Partial<EnterpriseRealAuthBody>) => void;
  /** onChange gets what is uploaded after every upload (kept across browser Back/Forward). */
  onChange?: (kept: Partial<EnterpriseRealAuthBody>) => void;
}) {
  const t = zhCN.registration.enterprise;
  const r = zhCN.registration.rules;
  const message = useMessage();
  const [form] = Form.useForm<EnterpriseRealAuthBody>();
  // Photos kept from an earlier visit are shown at once, in the upload mode.
  const [uploadMode, setUploadMode] = useState(Boolean(saved?.personFrontId || saved?.personBackId));
  const { busy, submit: send } = useStepSubmit(form);

  async function submit() {
    if (!uploadMode) {
      void message.warning(r.uploadFirst);
      return;
    }
    if (!licenceId) {
      // A registration saved before the licence moved to step 1: 上一步 shows its box.
      void message.warning(r.licence);
      return;
    }
    await send(async (v) => {
      await submitEnterpriseRealAuth({ ...v, enterpriseId: licenceId });
      void message.success(zhCN.registration.submitted);
      onDone();
    });
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={saved ?? {}}
      onValuesChange={() => onChange?.(form.getFieldsValue(true) as Partial<EnterpriseRealAuthBody>)}
      style={{ maxWidth: 640, margin: '0 auto' }} data-testid="enterprise-auth-step">
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        {/* The switch is named by its text beside it (4.1.2). */}
        <Switch checked={uploadMode} onChange={setUploadMode} aria-labelledby="upload-mode-label" data-testid="upload-mode" />
        <span id="upload-mode-label">{t.uploadMode}</span>
      </Flex>
      {!uploadMode ? (
        <Alert type="info" showIcon title={t.uploadModeHint} style={{ marginBottom: 16 }} />
      ) : (
        <Flex gap={16} wrap justify="center">
          <Form.Item name="personFrontId" rules={[{ required: true, message: r.certFront }]}>
            <ImageUpload label={t.legalFront} data-testid="upload-legal-front" />
          </Form.Item>
          <Form.Item name="personBackId" rules={[{ required: true, message: r.certBack }]}>
            <ImageUpload label={t.legalBack} data-testid="upload-legal-back" />
          </Form.Item>
        </Flex>
      )}
      <Flex gap={12} justify="center">
        <Button onClick={() => onBack(form.getFieldsValue(true) as Partial<EnterpriseRealAuthBody>)}>{t.back}</Button>
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="enterprise-auth-submit">
          {t.submit}
        </Button>
      </Flex>
    </Form>
  );
}

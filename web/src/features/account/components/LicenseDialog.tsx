import { Alert, Form, Modal, Space } from 'antd';
import { ImageUpload } from '@/shared/components/ImageUpload';
import { accountText } from '@/shared/locales/account';
import { changeLicense } from '../api/changeLicense';
import { useEditSubmit } from './useEditSubmit';
import { validated } from '@/shared/hooks/validated';

/**
 * LicenseDialog is the licence change (mode "license") or the legal-person photo change
 * (mode "photos"); both wait for review (修改成功，等待管理员审核).
 */
export function LicenseDialog({ mode, onClose }: { mode: 'license' | 'photos' | null; onClose: () => void }) {
  const [form] = Form.useForm<{ licenseId?: string; personFrontId?: string; personBackId?: string }>();
  const { busy, run } = useEditSubmit(form, onClose);
  const t = accountText;
  async function submit() {
    const v = await validated(form);
    if (!v) return;
    await run(() => changeLicense(v));
  }
  return (
    <Modal
      open={mode !== null}
      title={mode === 'license' ? t.actions.licenseChange : t.actions.photoChange}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t.edit.license} style={{ marginBottom: 16 }} />
      <Form form={form}>
        {mode === 'license' ? (
          <Form.Item name="licenseId" rules={[{ required: true, message: t.auth.needLicense }]}>
            <ImageUpload label={t.fields.license} data-testid="upload-license" />
          </Form.Item>
        ) : (
          <Space>
            <Form.Item name="personFrontId" rules={[{ required: true, message: t.auth.needLegalFront }]}>
              <ImageUpload label={t.fields.front} />
            </Form.Item>
            <Form.Item name="personBackId" rules={[{ required: true, message: t.auth.needLegalBack }]}>
              <ImageUpload label={t.fields.back} />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

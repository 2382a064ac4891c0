import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Space } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { submitEnterpriseRealAuth } from '@/shared/api/submitEnterpriseRealAuth';
import { submitPersonRealAuth } from '@/shared/api/submitPersonRealAuth';
import { ImageUpload } from '@/shared/components/ImageUpload';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { validated } from '@/shared/hooks/validated';
import { accountText } from '@/shared/locales/account';
import { useMessage } from '@/shared/feedback/message';
import { accountKeys } from '../api/queries';

const t = accountText.auth;

/** ManualDialog is the manual real-name authentication of the authentication-modes page (02 §4): photos, and a person's address. */
export function ManualDialog({ open, enterprise, onClose }: { open: boolean; enterprise: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const qc = useQueryClient();
  async function submit() {
    const v = (await validated(form)) as Record<string, string> | null;
    if (!v) return;
    setBusy(true);
    try {
      if (enterprise) {
        await submitEnterpriseRealAuth({ enterpriseId: v.enterpriseId ?? '', personFrontId: v.personFrontId ?? '', personBackId: v.personBackId ?? '' });
      } else {
        await submitPersonRealAuth({ certFrontId: v.certFrontId ?? '', certBackId: v.certBackId ?? '', certTakeId: v.certTakeId ?? '', certDetailAddr: v.certDetailAddr ?? '' });
      }
      void message.success(t.submitted);
      await qc.invalidateQueries({ queryKey: accountKeys.all });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        const f = Object.entries(e.fields ?? {});
        if (f.length) form.setFields(f.map(([k, m]) => ({ name: k, errors: [m] })));
        void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }
  const f = accountText.fields;
  return (
    <Modal open={open} title={enterprise ? t.enterpriseTitle : t.personTitle} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} width={640} destroyOnHidden>
      <Form form={form} layout="vertical">
        {enterprise ? (
          <Space wrap>
            <Form.Item name="enterpriseId" rules={[{ required: true, message: t.needLicense }]}>
              <ImageUpload label={f.license} />
            </Form.Item>
            <Form.Item name="personFrontId" rules={[{ required: true, message: t.needLegalFront }]}>
              <ImageUpload label={f.front} />
            </Form.Item>
            <Form.Item name="personBackId" rules={[{ required: true, message: t.needLegalBack }]}>
              <ImageUpload label={f.back} />
            </Form.Item>
          </Space>
        ) : (
          <>
            <Space wrap>
              <Form.Item name="certFrontId" rules={[{ required: true, message: t.needFront }]}>
                <ImageUpload label={f.front} />
              </Form.Item>
              <Form.Item name="certBackId" rules={[{ required: true, message: t.needBack }]}>
                <ImageUpload label={f.back} />
              </Form.Item>
              <Form.Item name="certTakeId" rules={[{ required: true, message: t.needTake }]}>
                <ImageUpload label={f.take} />
              </Form.Item>
            </Space>
            <Form.Item name="certDetailAddr" label={f.certAddress} rules={[{ required: true, whitespace: true, message: t.needAddress }]}>
              <SpacelessInput maxLength={100} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { accountText } from '@/shared/locales/account';
import { setUserName } from '@/shared/session/session';
import { ACCOUNT_RE } from '@/shared/identity/rules';
import { rename } from '../api/rename';
import { validated } from '@/shared/hooks/validated';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { useMessage } from '@/shared/feedback/message';
import { accountKeys } from '../api/queries';

/** RenameDialog changes the login account once (02 §5 rule of docs/spec/DECISIONS.md). */
export function RenameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = accountText.rename;
  const [form] = Form.useForm<{ account: string }>();
  const [busy, setBusy] = useState(false);
  const message = useMessage();
  const qc = useQueryClient();
  const [modal, confirmHolder] = Modal.useModal();
  async function submit() {
    const v = await validated(form);
    if (!v) return;
    const { account } = v;
    // The change cannot be undone (once only): the holder confirms the exact name first.
    const sure = await modal.confirm({ title: t.confirmTitle, content: t.confirm(account), okText: t.confirmOk, cancelText: t.confirmCancel });
    if (!sure) return;
    setBusy(true);
    try {
      await rename(account);
      setUserName(account);
      void message.success(accountText.security.changed);
      await qc.invalidateQueries({ queryKey: accountKeys.all });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        if (e.fields?.account) form.setFields([{ name: 'account', errors: [e.fields.account] }]);
        else void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={open} title={t.title} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      {confirmHolder}
      <p>{t.once}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="account"
          label={accountText.fields.account}
          getValueFromEvent={(e: { target: { value: string } }) => e.target.value.replace(/\s/g, '')}
          rules={[
            { required: true, message: t.required },
            { pattern: ACCOUNT_RE, message: t.rule },
          ]}
        >
          <SpacelessInput maxLength={16} count={{ show: true, max: 16 }} placeholder={t.placeholder} data-testid="rename-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

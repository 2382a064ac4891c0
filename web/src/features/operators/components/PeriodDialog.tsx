import { Alert, DatePicker, Form, Modal } from 'antd';
// dayjs in Chinese for the date picker's calendar.
import '@/shared/dates';
import type { Dayjs } from '@/shared/dates';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { operatorText } from '@/shared/locales/operators';
import type { Period } from '../api/types';

const FORMAT = 'YYYY-MM-DD';

/**
 * PeriodDialog asks for the authorised period (02 §2, §5): a date range in yyyy-MM-dd, required
 * (请选择授权期限). submit sends it; a refusal from the server stays in the dialog under the field,
 * with the chosen dates kept.
 */
export function PeriodDialog({ open, onClose, submit }: { open: boolean; onClose: () => void; submit: (p: Period) => Promise<void> }) {
  const t = operatorText.period;
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs] | null }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function ok() {
    // A missing period shows 请选择授权期限 under the field.
    const range = (await form.validateFields().catch(() => null))?.range;
    if (!range) return;
    setBusy(true);
    setError(null);
    try {
      await submit({ operateStart: range[0].format(FORMAT), operateEnd: range[1].format(FORMAT) });
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        const field = e.fields?.operateStart ?? e.fields?.operateEnd;
        if (field) form.setFields([{ name: 'range', errors: [field] }]);
        else setError(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t.submit}
      cancelText={operatorText.actions.cancel}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'period-submit' }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="range" label={t.label} rules={[{ required: true, message: t.required }]} extra={t.hint}>
          {/* No clear icon: the period is required (clearing only brings 请选择), and its 14 px icon is below 2.5.8's 24 px. */}
          <DatePicker.RangePicker format={FORMAT} placeholder={t.placeholder} style={{ width: '100%' }} allowClear={false} data-testid="period-range" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

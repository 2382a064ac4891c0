import { Alert, Cascader, Checkbox, DatePicker, Form, Modal, Select } from 'antd';
import { dayjs, type Dayjs } from '@/shared/dates';
import { accountText } from '@/shared/locales/account';
import { toOptions, useAreas, useCommonConfig } from '@/shared/refdata/refdata';
import { editPerson, type PersonEditBody } from '../api/editPerson';
import type { PersonInfo } from '@/shared/api/types';
import { useEditSubmit } from './useEditSubmit';
import { validated } from '@/shared/hooks/validated';
import { SpacelessInput } from '@/shared/components/SpacelessInput';

interface Values {
  name: string;
  certType: string;
  certNum: string;
  certStart: Dayjs | null;
  certEnd: Dayjs | null;
  longTerm: boolean;
  region: string[];
  detailAddr: string;
}

const strip = (e: { target: { value: string } }) => e.target.value.replace(/\s/g, '');

/** LONG_TERM is the end date a long-term certificate stores (02 §5), shown in the end field when 长期 is ticked. */
const LONG_TERM = dayjs('9999-12-31');
/** A validity cannot start in the future; the server's message (identity.MsgCertStartFuture). */
const START_FUTURE = '证件有效期开始时间不能晚于今天';
const isFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day');

/**
 * PersonEditDialog edits the person's information. Every field is sent; the server
 * decides: the address changes at once, identity fields wait for review (99). The
 * certificate number is shown masked, so the field starts empty and is sent only
 * when typed.
 */
export function PersonEditDialog({ info, open, onClose }: { info: PersonInfo; open: boolean; onClose: () => void }) {
  const t = accountText.fields;
  const [form] = Form.useForm<Values>();
  const { busy, run } = useEditSubmit(form, onClose, { province: 'region', city: 'region', area: 'region' });
  const areas = useAreas();
  const config = useCommonConfig();
  const longTerm = Form.useWatch('longTerm', form);

  async function submit() {
    const v = await validated(form);
    if (!v) return;
    const body: PersonEditBody = {
      name: v.name,
      certType: v.certType,
      certStart: v.certStart?.format('YYYY-MM-DD') ?? '',
      certEnd: v.longTerm ? '9999-12-31' : (v.certEnd?.format('YYYY-MM-DD') ?? ''),
      province: v.region[0] ?? '',
      city: v.region[1] ?? '',
      area: v.region[2] ?? '',
      detailAddr: v.detailAddr,
    };
    if (v.certNum) body.certNum = v.certNum;
    await run(() => editPerson(body));
  }

  return (
    <Modal open={open} title={accountText.edit.title} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} width={640} destroyOnHidden forceRender>
      <Alert type="info" showIcon message={accountText.edit.direct} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        labelCol={{ span: 6 }}
        // 长期 shows its end date, 9999-12-31, instead of leaving the old one in view (issue 18).
        onValuesChange={(changed: Partial<Values>) => {
          if ('longTerm' in changed) form.setFieldValue('certEnd', changed.longTerm ? LONG_TERM : null);
        }}
        initialValues={{
          name: info.name,
          certType: info.certType,
          certNum: '',
          certStart: info.certStart ? dayjs(info.certStart) : null,
          certEnd: info.certValid ? LONG_TERM : info.certEnd ? dayjs(info.certEnd) : null,
          longTerm: info.certValid,
          region: [info.province, info.city, info.area].filter(Boolean),
          detailAddr: info.detailAddr,
        }}
      >
        <Form.Item name="name" label={t.name} getValueFromEvent={strip} rules={[{ required: true, message: '姓名不能为空' }]}>
          <SpacelessInput maxLength={50} data-testid="edit-name" />
        </Form.Item>
        <Form.Item name="certType" label={t.certType} rules={[{ required: true, message: '证件类型不能为空' }]}>
          <Select options={toOptions(config.data?.certificatesType)} />
        </Form.Item>
        <Form.Item name="certNum" label={t.certNum} getValueFromEvent={strip} extra={`当前：${info.certNum}，不修改请留空`}>
          <SpacelessInput maxLength={32} />
        </Form.Item>
        <Form.Item label={t.certValidity} required>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Form.Item
              name="certStart"
              noStyle
              rules={[
                { required: true, message: '证件有效期不能为空' },
                { validator: (_r, v: Dayjs | null) => (v && isFuture(v) ? Promise.reject(new Error(START_FUTURE)) : Promise.resolve()) },
              ]}
            >
              <DatePicker disabledDate={isFuture} data-testid="edit-certStart" />
            </Form.Item>
            <span>-</span>
            <Form.Item
              name="certEnd"
              noStyle
              dependencies={['longTerm', 'certStart']}
              rules={[
                ({ getFieldValue }) => ({
                  validator(_r, value: Dayjs | null) {
                    if (getFieldValue('longTerm')) return Promise.resolve();
                    if (!value) return Promise.reject(new Error('证件有效期不能为空'));
                    const start = getFieldValue('certStart') as Dayjs | null;
                    if (start && value.isBefore(start, 'day')) return Promise.reject(new Error('结束日期不能早于开始日期'));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker disabled={longTerm} data-testid="edit-certEnd" />
            </Form.Item>
            <Form.Item name="longTerm" noStyle valuePropName="checked">
              <Checkbox>{t.longTerm}</Checkbox>
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item name="region" label={t.area} rules={[{ required: true, message: '所在地区不能为空' }]}>
          <Cascader options={areas.data ?? []} changeOnSelect={false} data-testid="edit-region" />
        </Form.Item>
        <Form.Item name="detailAddr" label={t.detailAddr} rules={[{ required: true, whitespace: true, message: '详细地址不能为空' }]}>
          <SpacelessInput maxLength={100} data-testid="edit-detailAddr" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Cascader, Form, Input, Modal, Select, Space } from 'antd';
import { accountText } from '@/shared/locales/account';
import { editEnterprise, type EnterpriseEditBody } from '../api/editEnterprise';
import { getConfig } from '../api/getConfig';
import { getIndustries } from '../api/getIndustries';
import { getAreas } from '../api/getReference';
import type { EnterpriseInfo } from '../api/types';
import { useEditSubmit } from './useEditSubmit';

interface Values {
  name: string;
  region: string[];
  detailAddr: string;
  industry: string[];
  capital: string;
  capitalUnit: string;
  capitalCurrency: string;
  legalName: string;
  contactName: string;
}

/**
 * EnterpriseEditDialog edits the enterprise information. Region, address, industry,
 * capital and contact name change at once; the enterprise name and the legal person
 * wait for review. The server decides from what changed.
 */
export function EnterpriseEditDialog({ info, open, onClose }: { info: EnterpriseInfo; open: boolean; onClose: () => void }) {
  const t = accountText.fields;
  const e = info.enterpriseVO;
  const [form] = Form.useForm<Values>();
  const { busy, run } = useEditSubmit(form, onClose, { province: 'region', city: 'region', area: 'region' });
  const areas = useQuery({ queryKey: ['ref', 'areas'], queryFn: ({ signal }) => getAreas(signal), staleTime: Infinity });
  const industries = useQuery({ queryKey: ['ref', 'industries'], queryFn: ({ signal }) => getIndustries(signal), staleTime: Infinity });
  const config = useQuery({ queryKey: ['ref', 'config'], queryFn: ({ signal }) => getConfig(signal), staleTime: Infinity });
  async function submit() {
    const v = await form.validateFields();
    const body: EnterpriseEditBody = {
      name: v.name,
      province: v.region[0] ?? '',
      city: v.region[1] ?? '',
      area: v.region[2] ?? '',
      detailAddr: v.detailAddr,
      industry: v.industry.join(','),
      capital: v.capital,
      capitalUnit: v.capitalUnit,
      capitalCurrency: v.capitalCurrency,
      legalName: v.legalName,
      contactName: v.contactName,
    };
    await run(() => editEnterprise(body));
  }
  const opts = (l: { value: string | number; label: string }[] | undefined) => (l ?? []).map((x) => ({ value: String(x.value), label: x.label }));
  return (
    <Modal open={open} title={accountText.edit.title} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} width={680} destroyOnHidden forceRender>
      <Alert type="info" showIcon message={accountText.edit.direct} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        labelCol={{ span: 6 }}
        initialValues={{
          name: e.name,
          region: [e.province, e.city, e.area].filter(Boolean),
          detailAddr: e.detailAddr,
          industry: e.industry ? e.industry.split(',') : [],
          capital: e.capital,
          capitalUnit: e.capitalUnit || 'WAN_YUAN',
          capitalCurrency: e.capitalCurrency || 'CNY',
          legalName: info.legalPersonVO.name,
          contactName: info.contactVO.name,
        }}
      >
        <Form.Item name="name" label={t.entName} rules={[{ required: true, whitespace: true, message: '企业名称不能为空' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="region" label={t.area} rules={[{ required: true, message: '所在地区不能为空' }]}>
          <Cascader options={areas.data ?? []} />
        </Form.Item>
        <Form.Item name="detailAddr" label={t.detailAddr} rules={[{ required: true, whitespace: true, message: '详细地址不能为空' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="industry" label={t.industry} rules={[{ required: true, message: '所属行业不能为空' }]}>
          <Cascader options={industries.data ?? []} changeOnSelect />
        </Form.Item>
        <Form.Item label={t.capital} required>
          <Space.Compact>
            <Form.Item name="capital" noStyle rules={[{ required: true, message: '注册资本不能为空' }, { pattern: /^\d+(\.\d{1,6})?$/, message: '注册资本只能为数字' }]}>
              <Input style={{ width: 160 }} data-testid="edit-capital" />
            </Form.Item>
            <Form.Item name="capitalUnit" noStyle rules={[{ required: true, message: '请选择注册资本单位' }]}>
              <Select style={{ width: 100 }} options={opts(config.data?.registeredCapital)} />
            </Form.Item>
            <Form.Item name="capitalCurrency" noStyle rules={[{ required: true, message: '请选择币种' }]}>
              <Select style={{ width: 140 }} options={opts(config.data?.currency)} showSearch optionFilterProp="label" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="legalName" label={t.legalName} rules={[{ required: true, whitespace: true, message: '法定代表人姓名不能为空' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="contactName" label={t.contactName} rules={[{ required: true, whitespace: true, message: '联系人姓名不能为空' }]}>
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

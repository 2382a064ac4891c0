import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageApp } from '../feedback/message';
import catalogue from './testdata/catalogue.json';
import { ContactFields, EnterpriseFields, fieldNames, LegalFields, PersonFields } from './IdentityFields';

// The field components take labels, required messages, lengths, patterns and code lists from
// the configuration answer's catalogue: a catalogue with other limits and messages (as the
// server could publish) shows in the form without a change to the components.

const entry = (value: string, label: string) => ({ value, label });

/** served is the catalogue the test's server publishes: the real one with a few fields changed. */
function served() {
  const c = structuredClone<typeof catalogue>(catalogue);
  const name = c.person.find((f) => f.key === 'name')!;
  name.max = 7;
  name.required = '姓名不能为空（服务器）';
  const capital = c.enterprise.find((f) => f.key === 'capital')!;
  capital.pattern = '^[0-9]{1,3}$';
  const phone = c.contact.find((f) => f.key === 'contactPhone')!;
  phone.max = 5;
  return c;
}

let fields = served();

beforeEach(() => {
  fields = served();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      const data =
        path === '/api/common/config'
          ? {
              helpPhone: '',
              certificatesType: [entry('1', '居民身份证'), entry('2', '护照')],
              legalPersonCertificatesType: [entry('1', '居民身份证')],
              enterpriseCertificatesType: [entry('1', '统一社会信用代码')],
              enterpriseType: [entry('A1', '境内企业')],
              registeredCapital: [entry('WAN_YUAN', '万元')],
              currency: [entry('CNY', '人民币')],
              fields,
            }
          : [];
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 }));
    }),
  );
});

/** kept is what an input keeps of typed text: SpacelessInput cuts it to the field's maxLength. */
async function kept(label: string, text: string) {
  const el = screen.getByLabelText<HTMLInputElement>(label);
  await act(async () => {
    fireEvent.change(el, { target: { value: text } });
    await Promise.resolve();
  });
  return el.value;
}

/** loaded waits for the served configuration (its code lists and catalogue). */
async function loaded() {
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
}

function renderForm(children: (form: FormInstance) => React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let form!: FormInstance;
  function Host() {
    const [f] = Form.useForm();
    form = f;
    return (
      <Form form={f} layout="vertical">
        {children(f)}
      </Form>
    );
  }
  render(
    <QueryClientProvider client={qc}>
      <MessageApp>
        <Host />
      </MessageApp>
    </QueryClientProvider>,
  );
  return () => form;
}

describe('PersonFields', { timeout: 30_000 }, () => {
  it('names the fields under the prefix in the form’s spelling, with the catalogue’s labels, lengths and messages', async () => {
    const form = renderForm(() => <PersonFields name={fieldNames(['person'], { name: 'realName' })} testId={(k) => `p-${k}`} />);
    const name = await screen.findByLabelText<HTMLInputElement>('真实姓名');
    await loaded();
    expect(name.id).toBe('person_realName');
    await waitFor(async () => expect(await kept('真实姓名', '张三李四王五赵六钱七')).toBe('张三李四王五赵')); // the server's limit, not a literal
    expect(await kept('证件号码', 'A'.repeat(40))).toHaveLength(30);
    expect(await kept('详细地址', '路'.repeat(210))).toHaveLength(200);
    await kept('真实姓名', '');
    await kept('证件号码', '');
    expect(screen.getByLabelText('证件地址')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '长期有效' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+10年' })).toBeInTheDocument();

    await act(async () => {
      await form().validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('姓名不能为空（服务器）')).toBeInTheDocument();
    expect(screen.getByText('请输入证件号码')).toBeInTheDocument();
    expect(screen.getByText('请选择证件有效期开始时间')).toBeInTheDocument();
    expect(screen.getByText('请选择证件有效期结束时间')).toBeInTheDocument();
    expect(screen.getByText('请选择证件地址')).toBeInTheDocument();
    expect(form().getFieldValue(['person', 'realName'])).toBe('');
  });

  it('keeps a masked number when empty, reveals it on demand, and shows the photos with their rule', async () => {
    const reveal = vi.fn(() => Promise.resolve('11010519491231002X'));
    const form = renderForm(() => <PersonFields testId={(k) => `p-${k}`} certNum={{ masked: '1101**********002X', reveal }} photos />);
    await screen.findByText('当前：1101**********002X，不修改请留空');
    await loaded();
    expect(screen.getByTestId('p-personfrontId')).toBeInTheDocument();
    expect(screen.getByTestId('p-personbackId')).toBeInTheDocument();
    await act(async () => {
      await form().validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('请上传证件正面')).toBeInTheDocument();
    expect(screen.getByText('请上传证件背面')).toBeInTheDocument();
    expect(screen.queryByText('请输入证件号码')).not.toBeInTheDocument();
    expect(reveal).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByTestId('p-certNum-reveal'));
      await Promise.resolve();
    });
    await waitFor(() => expect(form().getFieldValue('certNum')).toBe('11010519491231002X'));
    expect(reveal).toHaveBeenCalledTimes(1);
  });
});

describe('EnterpriseFields, LegalFields, ContactFields', { timeout: 30_000 }, () => {
  it('take registration’s labels, the catalogue’s messages and patterns, each input labelled', async () => {
    const form = renderForm(() => (
      <>
        <EnterpriseFields name={fieldNames(['e'])} licence />
        <LegalFields name={fieldNames(['e'])} />
        <ContactFields name={fieldNames(['e'])} />
      </>
    ));
    for (const label of ['企业属别', '企业名称', '企业证件类型', '企业证件号码', '所在地区', '详细地址', '所属行业', '注册资本', '资金单位', '币种', '法定代表人姓名', '证件类型', '证件号码', '联系人姓名', '联系电话']) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    await loaded();
    await waitFor(async () => expect(await kept('联系电话', '13800138000')).toBe('13800')); // the served limit
    expect(await kept('企业名称', '企'.repeat(120))).toHaveLength(100);
    await kept('企业名称', '');
    await kept('联系电话', '');
    expect(screen.getByLabelText('注册资本').id).toBe('e_capital');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('注册资本'), { target: { value: '5000' } });
      await form().validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('注册资本只能填写数字')).toBeInTheDocument(); // the served pattern allows 3 digits
    // antd shows each field's message as its own validation settles: wait for all of them.
    await waitFor(() => {
      expect(screen.getByText('企业名称不能为空')).toBeInTheDocument();
      expect(screen.getByText('企业证件号码不能为空')).toBeInTheDocument();
      expect(screen.getByText('请上传营业执照')).toBeInTheDocument();
      expect(screen.getByText('法定代表人证件号码不能为空')).toBeInTheDocument();
      expect(screen.getByText('联系电话不能为空')).toBeInTheDocument();
    });
    // Every text input of the forms has a programmatic label.
    for (const el of document.querySelectorAll('input:not([type=file]):not([type=checkbox])')) {
      const id = el.getAttribute('id');
      const labelled = (id && document.querySelector(`label[for="${id}"]`)) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
      expect(labelled, el.outerHTML).toBeTruthy();
    }
  });
});

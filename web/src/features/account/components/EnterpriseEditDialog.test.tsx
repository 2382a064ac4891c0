import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MessageApp } from '@/shared/feedback/message';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/http';
import type * as EditModule from '../api/editEnterprise';
import type { EnterpriseInfo } from '@/shared/api/types';
import { EnterpriseEditDialog } from './EnterpriseEditDialog';
import catalogue from '@/shared/identity/testdata/catalogue.json';

vi.mock('../api/revealCertNum', () => ({
  revealCertNum: vi.fn((which: string) => Promise.resolve(which === 'enterprise' ? '91350100M000100Y43' : '11010519491231002X')),
}));
vi.mock('../api/editEnterprise', async (importOriginal) => ({
  ...(await importOriginal<typeof EditModule>()),
  editEnterprise: vi.fn(() => Promise.resolve({ code: 0, msg: '修改成功', data: { waiting: false } })),
}));
vi.mock('@/shared/api/sendSms', () => ({ sendSms: vi.fn(() => Promise.resolve('sms-id-1')), sendEmailCode: vi.fn() }));

const info: EnterpriseInfo = {
  enterpriseVO: {
    account: 'acme01', renamed: false, name: '福建省路桥建设有限公司', type: 'A1', certType: '1', certNum: '9135**********Y43',
    province: '350000', city: '350100', area: '350102', areaName: '福建省福州市鼓楼区', detailAddr: '五四路100号',
    industry: 'E,E48', industryName: '建筑业', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY', licenseState: '',
  },
  legalPersonVO: { name: '李四', certType: '1', certNum: '1101**********002X', personFrontId: '', personBackId: '' },
  contactVO: { name: '王五', phone: '13711119004' },
  phone: '13711110004',
  authState: 0,
};

const entry = (value: string, label: string, notFor?: string[]) => ({ value, label, notFor });
const answers: Record<string, unknown> = {
  '/api/common/config': {
    helpPhone: '',
    certificatesType: [entry('1', '居民身份证'), entry('2', '其他个人证件')],
    legalPersonCertificatesType: [entry('1', '居民身份证'), entry('2', '其他个人证件')],
    enterpriseCertificatesType: [entry('1', '统一社会信用代码'), entry('2', '其他有效证件', ['A1'])],
    enterpriseType: [entry('A1', '境内企业'), entry('A2', '境外及港澳台企业')],
    registeredCapital: [entry('WAN_YUAN', '万元')],
    currency: [entry('CNY', '人民币')],
    fields: catalogue,
  },
  '/api/common/areas': [{ value: '350000', label: '福建省', children: [{ value: '350100', label: '福州市', children: [{ value: '350102', label: '鼓楼区' }] }] }],
  '/api/common/industries': [{ value: 'E', label: '建筑业', children: [{ value: 'E48', label: '土木工程建筑业' }] }],
  '/api/auth/verifycode': { id: 'g-1', codeimage: 'data:image/png;base64,' },
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers[path] ?? null }), { status: 200 }));
    }),
  );
});

function renderDialog(onClose = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MessageApp>
        <EnterpriseEditDialog info={info} open onClose={onClose} />
      </MessageApp>
    </QueryClientProvider>,
  );
  return onClose;
}

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

/** ready waits until the dialog shows the stored values (the certificate numbers masked, their fields empty). */
async function ready() {
  await waitFor(() => expect(input('edit-name').value).toBe('福建省路桥建设有限公司'));
  await screen.findByText('当前：9135**********Y43，不修改请留空');
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await Promise.resolve();
  });
}

// fireEvent.change rather than userEvent.type: the same change event antd's Input
// listens to, without typing each character (slow, and racy under a busy CPU).
async function retype(id: string, text: string) {
  await act(async () => {
    fireEvent.change(input(id), { target: { value: text } });
    await Promise.resolve();
  });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await Promise.resolve();
  });
}

// A dialog of some twenty antd fields renders slowly in happy-dom on a busy machine.
describe('EnterpriseEditDialog', { timeout: 30_000 }, () => {
  it('pre-fills every field but the certificate numbers (masked, kept when empty), and sends the rest with no SMS code when the phone is unchanged', async () => {
    const { editEnterprise } = await import('../api/editEnterprise');
    const { revealCertNum } = await import('../api/revealCertNum');
    const onClose = renderDialog();
    await ready();
    expect(screen.getByText('当前：1101**********002X，不修改请留空')).toBeInTheDocument();
    expect(input('edit-certNum').value).toBe('');
    expect(input('edit-legalCertNum').value).toBe('');
    expect(revealCertNum).not.toHaveBeenCalled();
    expect(input('edit-name').value).toBe('福建省路桥建设有限公司');
    expect(input('edit-contactPhone').value).toBe('13711119004');
    expect(screen.getByText('境内企业')).toBeInTheDocument();
    expect(screen.getByText('统一社会信用代码')).toBeInTheDocument();
    expect(screen.queryByTestId('edit-smsCode')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reauth-alert')).not.toBeInTheDocument();

    await retype('edit-detailAddr', '五四路200号');
    await submit();
    await waitFor(() => expect(editEnterprise).toHaveBeenCalledTimes(1));
    expect(vi.mocked(editEnterprise).mock.calls[0]?.[0]).toEqual({
      type: 'A1', name: '福建省路桥建设有限公司', certType: '1',
      province: '350000', city: '350100', area: '350102', detailAddr: '五四路200号', industry: 'E,E48',
      capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY',
      legalName: '李四', legalCertType: '1',
      contactName: '王五', contactPhone: '13711119004',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(revealCertNum).not.toHaveBeenCalled();
  });

  it('reveals a certificate number only on demand, one reveal per demand, and a revealed number left alone is no change', async () => {
    const { editEnterprise } = await import('../api/editEnterprise');
    const { revealCertNum } = await import('../api/revealCertNum');
    renderDialog();
    await ready();
    await click('edit-certNum-reveal');
    await waitFor(() => expect(input('edit-certNum').value).toBe('91350100M000100Y43'));
    expect(revealCertNum).toHaveBeenCalledTimes(1);
    expect(revealCertNum).toHaveBeenCalledWith('enterprise');
    await click('edit-legalCertNum-reveal');
    await waitFor(() => expect(input('edit-legalCertNum').value).toBe('11010519491231002X'));
    expect(revealCertNum).toHaveBeenCalledTimes(2);
    expect(revealCertNum).toHaveBeenLastCalledWith('legal');
    expect(screen.queryByTestId('reauth-alert')).not.toBeInTheDocument();
    await submit();
    await waitFor(() => expect(editEnterprise).toHaveBeenCalledTimes(1));
    expect(vi.mocked(editEnterprise).mock.calls[0]?.[0]).toMatchObject({ certNum: '91350100M000100Y43', legalCertNum: '11010519491231002X' });
    expect(revealCertNum).toHaveBeenCalledTimes(2);
  });

  it('applies the registration rules with its messages, and sends nothing while they fail', async () => {
    const { editEnterprise } = await import('../api/editEnterprise');
    renderDialog();
    await ready();
    await retype('edit-certNum', '91350100M000100Y44');
    await retype('edit-legalCertNum', '110105194912310021');
    await retype('edit-contactPhone', '1371111');
    await submit();
    expect(await screen.findByText('请输入正确的18位统一社会信用代码')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的18位证件号码')).toBeInTheDocument(); // each field's message renders on its own tick
    expect(await screen.findByText('请输入正确的11位手机号（格式：13800000000）')).toBeInTheDocument(); // each field's message renders on its own tick

    // Emptied, a certificate number keeps the stored one (no message); the phone is required.
    await retype('edit-certNum', '');
    await retype('edit-legalCertNum', '');
    await retype('edit-contactPhone', '');
    await submit();
    expect(await screen.findByText('联系电话不能为空')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('请输入正确的18位统一社会信用代码')).not.toBeInTheDocument());
    expect(screen.queryByText('企业证件号码不能为空')).not.toBeInTheDocument();
    expect(editEnterprise).not.toHaveBeenCalled();
  });

  it('says before submit that a name or certificate change needs re-authentication', async () => {
    renderDialog();
    await ready();
    expect(screen.queryByTestId('reauth-alert')).not.toBeInTheDocument();
    await retype('edit-certNum', '91110000100000000R');
    expect(await screen.findByTestId('reauth-alert')).toHaveTextContent('修改企业名称、证件或法定代表人信息需重新认证，审核通过前账户处于认证中');
    await retype('edit-certNum', '');
    await waitFor(() => expect(screen.queryByTestId('reauth-alert')).not.toBeInTheDocument());
    await retype('edit-legalName', '李小四');
    expect(await screen.findByTestId('reauth-alert')).toBeInTheDocument();
  });

  it('asks for the SMS code of a new contact phone, sent to the new number (scene contact), and sends it', async () => {
    const { editEnterprise } = await import('../api/editEnterprise');
    const { sendSms } = await import('@/shared/api/sendSms');
    renderDialog();
    await ready();
    await retype('edit-contactPhone', '13711119005');
    expect(await screen.findByTestId('edit-smsCode')).toBeInTheDocument();

    // Required once shown.
    await submit();
    expect(await screen.findByText('验证码不能为空')).toBeInTheDocument();
    expect(editEnterprise).not.toHaveBeenCalled();

    // The send needs the graphic code, then goes to the new number.
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-button'));
      await Promise.resolve();
    });
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(sendSms).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toBeInTheDocument());
    await retype('edit-graphicCode', 'AB12');
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-button'));
      await Promise.resolve();
    });
    await waitFor(() => expect(sendSms).toHaveBeenCalledWith({ phone: '13711119005', scene: 'contact', codeId: 'g-1', verificationCode: 'AB12' }));

    await retype('edit-smsCode', '123456');
    await submit();
    await waitFor(() => expect(editEnterprise).toHaveBeenCalledTimes(1));
    expect(vi.mocked(editEnterprise).mock.calls[0]?.[0]).toMatchObject({ contactPhone: '13711119005', smsCode: '123456', smsCodeId: 'sms-id-1' });

    // Back to the stored number: no code asked.
    await retype('edit-contactPhone', '13711119004');
    await waitFor(() => expect(screen.queryByTestId('edit-smsCode')).not.toBeInTheDocument());
  });

  it('keeps what was typed when the server refuses and shows its messages under the fields', async () => {
    const { editEnterprise } = await import('../api/editEnterprise');
    const onClose = renderDialog();
    await ready();
    vi.mocked(editEnterprise).mockRejectedValueOnce(
      new ApiError({ kind: 'api', status: 400, code: 40001, msg: '请输入正确的18位统一社会信用代码', fields: { certNum: '请输入正确的18位统一社会信用代码', 'legalPerson.certNum': '请输入正确的18位证件号码' }, handled: false }),
    );
    await retype('edit-name', '福建省路桥集团有限公司');
    await submit();
    await waitFor(() => expect(editEnterprise).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getAllByText('请输入正确的18位统一社会信用代码').length).toBeGreaterThan(0));
    expect(await screen.findByText('请输入正确的18位证件号码')).toBeInTheDocument(); // each field's message renders on its own tick
    expect(input('edit-name').value).toBe('福建省路桥集团有限公司');
    expect(onClose).not.toHaveBeenCalled();

    // A wrong SMS code names no field: it goes under the code.
    await retype('edit-contactPhone', '13711119005');
    vi.mocked(editEnterprise).mockRejectedValueOnce(
      new ApiError({ kind: 'api', status: 400, code: 40002, msg: '短信验证码错误', reason: 'sms.wrong', handled: false }),
    );
    await screen.findByTestId('edit-smsCode');
    await retype('edit-smsCode', '000000');
    await submit();
    await waitFor(() => expect(editEnterprise).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('edit-smsCode').closest('.ant-form-item')).toHaveTextContent('短信验证码错误'));
    expect(input('edit-smsCode').value).toBe('000000');
  });
});

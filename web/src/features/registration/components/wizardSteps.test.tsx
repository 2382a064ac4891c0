import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MessageApp } from '@/shared/feedback/message';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationProgress } from '@/shared/api/types';
import { saveSignIn, UserType } from '@/shared/session/session';
import CompleteInfoPage from '../pages/CompleteInfoPage';
import { EnterpriseWizardBody } from './EnterpriseWizardBody';
import { PersonWizardBody } from './PersonWizardBody';
import catalogue from '@/shared/identity/testdata/catalogue.json';

// docs/decisions/usability.md, "A careful user's findings (behaviour items)": the wizards' 上一步, the step indicator and where the licence is uploaded (01 §2).

const entry = (value: string, label: string) => ({ value, label });
const answers: Record<string, unknown> = {
  '/api/common/config': {
    helpPhone: '',
    certificatesType: [entry('1', '居民身份证')],
    legalPersonCertificatesType: [entry('1', '居民身份证')],
    enterpriseCertificatesType: [entry('1', '统一社会信用代码')],
    enterpriseType: [entry('A1', '境内企业')],
    registeredCapital: [entry('WAN_YUAN', '万元')],
    currency: [entry('CNY', '人民币')],
    fields: catalogue,
  },
  '/api/common/areas': [],
  '/api/common/industries': [],
  '/api/auth/verifycode': { id: 'g-1', codeimage: 'data:image/png;base64,' },
};

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      // A kept photo's preview: not the file (the box shows no picture).
      if (path.startsWith('/api/file/download/')) return Promise.resolve(new Response('', { status: 404 }));
      return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers[path] ?? null }), { status: 200 }));
    }),
  );
});

function wrap(children: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <MessageApp>{children}</MessageApp>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const base = { accountId: 7, userName: 'zhang01', phone: '13800138000', registerProcess: 1, authState: 0, person: null, enterprise: null };
const personAt = (step: number) => ({ ...base, type: 1, step }) as unknown as RegistrationProgress;

/** enterpriseAtAuth is an enterprise's progress at the authentication, its basic information saved. */
const enterpriseAtAuth = {
  ...base,
  type: 2,
  step: 2,
  enterprise: {
    enterpriseDto: { type: 'A1', name: '福建省路桥建设有限公司', certType: '1', certNum: '91350100M000100Y43', province: '', city: '', area: '', detailAddr: '五四路100号', industry: 'E', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY', enterpriseId: 'lic-1' },
    legalPersonDto: { name: '李四', certType: '1', certNum: '11010519491231002X', personFrontId: '', personBackId: '', linkName: '王五', linkPhone: '13700137000', checkCodeId: '', checkCode: '' },
  },
};

/** indicator clicks the step indicator's box titled title. */
async function indicator(title: string) {
  await act(async () => {
    fireEvent.click(within(document.querySelector('.ant-steps') as HTMLElement).getByText(title));
    await Promise.resolve();
  });
}

async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
    await Promise.resolve();
  });
}

describe('the individual wizard', () => {
  it('goes back from the real-name information to the account, shown as created, and keeps what was typed', async () => {
    wrap(<PersonWizardBody progress={personAt(1)} reload={vi.fn()} steps={['账号信息', '实名信息', '实名认证', '注册完成']} onFinished={vi.fn()} />);
    const name = within(await screen.findByTestId('real-info-step')).getByLabelText('真实姓名');
    await act(async () => {
      fireEvent.change(name, { target: { value: '张三' } });
      await Promise.resolve();
    });

    await click(screen.getByTestId('real-info-previous'));
    const created = await screen.findByTestId('account-created-step');
    expect(created).toHaveTextContent('zhang01');
    expect(created).toHaveTextContent('13800138000');
    expect(screen.queryByTestId('real-info-step')).toBeNull();

    await click(screen.getByTestId('account-created-next'));
    expect(within(await screen.findByTestId('real-info-step')).getByLabelText<HTMLInputElement>('真实姓名').value).toBe('张三');
  });

  it('moves by the indicator only to steps already reached, losing nothing typed', async () => {
    wrap(<PersonWizardBody progress={personAt(1)} reload={vi.fn()} steps={['账号信息', '实名信息', '实名认证', '注册完成']} onFinished={vi.fn()} />);
    const name = within(await screen.findByTestId('real-info-step')).getByLabelText('真实姓名');
    await act(async () => {
      fireEvent.change(name, { target: { value: '李四' } });
      await Promise.resolve();
    });
    // 实名认证 is not reached yet (the information is not saved): the click does nothing.
    await indicator('实名认证');
    expect(screen.getByTestId('real-info-step')).toBeInTheDocument();
    await indicator('注册完成');
    expect(screen.getByTestId('real-info-step')).toBeInTheDocument();

    await indicator('账号信息');
    await screen.findByTestId('account-created-step');
    await indicator('实名信息');
    expect(within(await screen.findByTestId('real-info-step')).getByLabelText<HTMLInputElement>('真实姓名').value).toBe('李四');
  });

  it('sets a reached step directly: from the authentication back to the information and forward again', async () => {
    const p = {
      ...personAt(2),
      person: { realName: '王五', certType: '1', certNum: '11010519491231002X', certStart: '2020-01-01', certEnd: '9999-12-31', certValid: true, province: '', city: '', area: '', certDetailAddr: '东长安街1号', checkType: true, certFrontId: '', certBackId: '', certTakeId: '', certAddress: '' },
    } as unknown as RegistrationProgress;
    wrap(<PersonWizardBody progress={p} reload={vi.fn()} steps={['账号信息', '实名信息', '实名认证', '注册完成']} onFinished={vi.fn()} />);
    await screen.findByTestId('real-auth-step');
    await indicator('实名信息');
    expect(within(await screen.findByTestId('real-info-step')).getByLabelText<HTMLInputElement>('真实姓名').value).toBe('王五');
    await indicator('实名认证');
    await screen.findByTestId('real-auth-step');
  });
});

describe('the enterprise wizard', () => {
  const entAt = (step: number, enterpriseId = '') =>
    ({
      ...base,
      type: 2,
      step,
      enterprise:
        step < 2
          ? null
          : {
              enterpriseDto: { type: 'A1', name: '福建省路桥建设有限公司', certType: '1', certNum: '91350100M000100Y43', province: '', city: '', area: '', detailAddr: '五四路100号', industry: 'E', capital: '5000', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY', enterpriseId },
              legalPersonDto: { name: '李四', certType: '1', certNum: '11010519491231002X', personFrontId: '', personBackId: '', linkName: '王五', linkPhone: '13700137000', checkCodeId: '', checkCode: '' },
            },
    }) as unknown as RegistrationProgress;

  it('asks for the business licence on the basic information, not on the authentication', async () => {
    wrap(<EnterpriseWizardBody progress={entAt(1)} reload={vi.fn()} withAdmission={false} onFinished={vi.fn()} />);
    const info = await screen.findByTestId('enterprise-info-step');
    expect(within(info).getByTestId('upload-licence')).toBeInTheDocument();
    await click(screen.getByTestId('enterprise-info-submit'));
    await within(info).findByText('请上传营业执照', {}, { timeout: 10_000 });
    // The whole basic-information form renders and validates: seconds on a loaded machine.
  }, 20_000);

  it('keeps the licence off the authentication step, which goes back by the indicator', async () => {
    wrap(<EnterpriseWizardBody progress={entAt(2, 'lic-1')} reload={vi.fn()} withAdmission={false} onFinished={vi.fn()} />);
    const auth = await screen.findByTestId('enterprise-auth-step');
    await click(within(auth).getByTestId('upload-mode'));
    await waitFor(() => expect(within(auth).getByTestId('upload-legal-front')).toBeInTheDocument());
    expect(within(auth).queryByTestId('upload-licence')).toBeNull();
    // 账号信息 cannot be set (back only from the authentication, to the information).
    await indicator('账号信息');
    expect(screen.getByTestId('enterprise-auth-step')).toBeInTheDocument();
    await indicator('基本信息');
    const info = await screen.findByTestId('enterprise-info-step');
    expect(within(info).getByLabelText<HTMLInputElement>('企业名称').value).toBe('福建省路桥建设有限公司');
  });
});

describe('/completeInfo of an enterprise', () => {
  it('drops 您的注册尚未完成 once done, and does not tick a skipped admission step', async () => {
    saveSignIn({ token: 'tok', userName: 'corp01', userId: '7', userType: UserType.Enterprise, registerProcess: true });
    const progress = enterpriseAtAuth;
    answers['/api/register/progress'] = progress;
    answers['/api/register/enterprise/realAuth'] = { step: 3 };
    // The two photos were uploaded on an earlier visit of this tab.
    sessionStorage.setItem('bidpass.kept.enterprise-auth-7', JSON.stringify({ personFrontId: 'f-1', personBackId: 'b-1' }));
    wrap(<CompleteInfoPage />);
    await screen.findByTestId('enterprise-auth-step');
    expect(screen.getByText(/您的注册尚未完成/)).toBeInTheDocument();
    await click(screen.getByTestId('enterprise-auth-submit'));
    await screen.findByTestId('done-card');
    expect(screen.queryByText(/您的注册尚未完成/)).toBeNull();
    // Without the admission feature composed the step is skipped: 已跳过, not a tick.
    const admission = within(document.querySelector('.ant-steps') as HTMLElement).getByText('入库申请').closest('.ant-steps-item');
    expect(admission).not.toHaveClass('ant-steps-item-finish');
    expect(admission).toHaveTextContent('已跳过');
    delete answers['/api/register/progress'];
    delete answers['/api/register/enterprise/realAuth'];
  });
});

/** inner clicks the box titled title of /completeInfo's second indicator (InnerSteps). */
async function inner(title: string) {
  await act(async () => {
    fireEvent.click(within(document.querySelector('.inner-steps') as HTMLElement).getByText(title));
    await Promise.resolve();
  });
}

describe('/completeInfo: the second indicator under 完善信息 (01 §2, issue 43 item 21)', () => {
  const info = { realName: '王五', certType: '1', certNum: '11010519491231002X', certStart: '2020-01-01', certEnd: '9999-12-31', certValid: true, province: '', city: '', area: '', certDetailAddr: '东长安街1号', checkType: true, certFrontId: '', certBackId: '', certTakeId: '', certAddress: '' };

  it('a person sets a reached step directly, back and forward again', async () => {
    wrap(<PersonWizardBody progress={{ ...personAt(2), person: info }} reload={vi.fn()} steps={['注册', '完善信息', '完成']} toIndicator={(s) => (s >= 3 ? 2 : s === 0 ? 0 : 1)} onFinished={vi.fn()} />);
    await screen.findByTestId('real-auth-step');
    await inner('实名信息');
    expect(within(await screen.findByTestId('real-info-step')).getByLabelText<HTMLInputElement>('真实姓名').value).toBe('王五');
    await inner('实名认证');
    await screen.findByTestId('real-auth-step');
  });

  it('a person cannot skip ahead to a step not reached', async () => {
    wrap(<PersonWizardBody progress={personAt(1)} reload={vi.fn()} steps={['注册', '完善信息', '完成']} toIndicator={(s) => (s >= 3 ? 2 : s === 0 ? 0 : 1)} onFinished={vi.fn()} />);
    await screen.findByTestId('real-info-step');
    await inner('实名认证');
    expect(screen.getByTestId('real-info-step')).toBeInTheDocument();
    expect(screen.queryByTestId('real-auth-step')).toBeNull();
  });

  it('an enterprise goes from the authentication to the basic information and forward again', async () => {
    const progress = enterpriseAtAuth as unknown as RegistrationProgress;
    wrap(<EnterpriseWizardBody progress={progress} reload={vi.fn()} withAdmission onFinished={vi.fn()} />);
    await screen.findByTestId('enterprise-auth-step');
    await inner('基本信息');
    expect(within(await screen.findByTestId('enterprise-info-step')).getByLabelText<HTMLInputElement>('企业名称').value).toBe('福建省路桥建设有限公司');
    await inner('实名认证');
    await screen.findByTestId('enterprise-auth-step');
  });
});

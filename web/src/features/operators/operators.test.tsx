import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSignIn, UserType } from '@/shared/session/session';
import { getOperatorLinks } from './api/getOperatorLinks';
import { searchParty } from './api/searchParty';
import { answerInvitation } from './api/answerInvitation';
import type { OperatorLink } from './api/types';
import { rowActions } from './components/rowActions';
import OperatorsPage from './pages/OperatorsPage';

vi.mock('./api/getOperatorLinks', () => ({ getOperatorLinks: vi.fn() }));
vi.mock('./api/searchParty', () => ({ searchParty: vi.fn() }));
vi.mock('./api/answerInvitation', () => ({ answerInvitation: vi.fn(() => Promise.resolve(null)) }));
vi.mock('./api/getBlockedEnterprises', () => ({ getBlockedEnterprises: vi.fn(() => Promise.resolve([])) }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MessageApp>{ui}</MessageApp>
    </QueryClientProvider>,
  );
}

const link = (l: Partial<OperatorLink>): OperatorLink => ({
  id: 1,
  handleType: 1,
  state: 'A0',
  period: null,
  operateStart: '2026-11-21',
  operateEnd: '2027-11-20',
  account: 'acme01',
  name: '某某建设有限公司',
  certNum: '9135**********0Y43',
  authState: 1,
  ...l,
});

describe('rowActions', () => {
  const kinds = (side: 'person' | 'enterprise', l: Partial<OperatorLink>) => rowActions(side, link(l)).map((a) => a.kind);
  it('offers the actions of 02 §4 by state, handleType and side', () => {
    expect(kinds('person', { state: 'A0', handleType: 1 })).toEqual(['acceptInvitation', 'refuseInvitation', 'refuseAndBlock']);
    expect(kinds('person', { state: 'A0', handleType: 0 })).toEqual(['cancelApplication']);
    expect(kinds('enterprise', { state: 'A0', handleType: 1 })).toEqual(['cancelInvitation']);
    expect(kinds('enterprise', { state: 'A0', handleType: 0 })).toEqual(['acceptApplication', 'refuseApplication']);
    for (const side of ['person', 'enterprise'] as const) {
      for (const handleType of [0, 1] as const) {
        expect(kinds(side, { state: 'A1', handleType })).toEqual(['unbind']);
        // A past invitation lets the person block its enterprise; nothing else is left to do.
        const past = side === 'person' && handleType === 1 ? ['block'] : [];
        for (const state of ['A2', 'A3', 'A4'] as const) expect(kinds(side, { state, handleType })).toEqual(past);
      }
    }
  });
  it('asks for a confirmation before every action except the one that opens the period dialog', () => {
    for (const side of ['person', 'enterprise'] as const) {
      for (const state of ['A0', 'A1', 'A2'] as const) {
        for (const handleType of [0, 1] as const) {
          for (const a of rowActions(side, link({ state, handleType }))) {
            expect(a.confirm === null).toBe(a.kind === 'acceptApplication');
          }
        }
      }
    }
  });
});

describe('OperatorsPage', () => {
  beforeEach(() => {
    vi.mocked(getOperatorLinks).mockReset();
    vi.mocked(searchParty).mockReset();
  });

  it('shows the person an empty state and pages by 10 by default', async () => {
    saveSignIn({ token: 't', userName: 'p1', userId: '1', userType: UserType.Person, registerProcess: false });
    vi.mocked(getOperatorLinks).mockResolvedValue({ data: [], count: 0 });
    wrap(<OperatorsPage />);
    expect(await screen.findByText('暂无关联企业，点击“添加企业”向企业提交申请')).toBeInTheDocument();
    expect(getOperatorLinks).toHaveBeenCalledWith('person', 1, 10, expect.anything());
    expect(screen.getByText('我的企业')).toBeInTheDocument();
  });

  it('shows states and periods, and accepts an invitation after the confirmation', async () => {
    saveSignIn({ token: 't', userName: 'p1', userId: '1', userType: UserType.Person, registerProcess: false });
    vi.mocked(getOperatorLinks).mockResolvedValue({
      data: [
        link({ id: 3, state: 'A0', handleType: 1 }),
        link({ id: 2, state: 'A1', period: 'expired', name: '旧公司' }),
        link({ id: 1, state: 'A3', handleType: 0, name: '别的公司' }),
      ],
      count: 3,
    });
    wrap(<OperatorsPage />);
    const row = (await screen.findByText('某某建设有限公司')).closest('tr')!;
    expect(within(row).getByText('待处理')).toBeInTheDocument();
    expect(within(row).getByText('企业邀请')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-21')).toBeInTheDocument();
    expect(within(row).getByText('至 2027-11-20')).toBeInTheDocument();
    expect(within(screen.getByText('旧公司').closest('tr')!).getByText('已过期')).toBeInTheDocument();
    expect(within(screen.getByText('别的公司').closest('tr')!).getByText('已取消')).toBeInTheDocument();
    await userEvent.click(within(row).getByTestId('action-acceptInvitation'));
    expect(answerInvitation).not.toHaveBeenCalled();
    expect(await screen.findByText('确定同意该企业的邀请，成为其经办人吗？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(answerInvitation).toHaveBeenCalledWith(3, 'A1'));
  });

  it("names the enterprise's fields in the person's empty-search messages", async () => {
    saveSignIn({ token: 't', userName: 'p1', userId: '1', userType: UserType.Person, registerProcess: false });
    vi.mocked(getOperatorLinks).mockResolvedValue({ data: [], count: 0 });
    wrap(<OperatorsPage />);
    await userEvent.click(await screen.findByTestId('add-button'));
    await userEvent.click(await screen.findByTestId('search-submit'));
    expect(await screen.findByText('请输入企业账号')).toBeInTheDocument();
    expect(screen.getByText('请输入企业名称')).toBeInTheDocument();
    expect(screen.getByText('请输入统一社会信用代码')).toBeInTheDocument();
    expect(searchParty).not.toHaveBeenCalled();
  });

  it('searches only with all three parts and keeps them when going back', async () => {
    saveSignIn({ token: 't', userName: 'e1', userId: '2', userType: UserType.Enterprise, registerProcess: false });
    vi.mocked(getOperatorLinks).mockResolvedValue({ data: [], count: 0 });
    vi.mocked(searchParty).mockResolvedValue([]);
    wrap(<OperatorsPage />);
    await userEvent.click(await screen.findByTestId('add-button'));
    await userEvent.click(await screen.findByTestId('search-submit'));
    expect(await screen.findByText('请输入登录账号')).toBeInTheDocument();
    expect(screen.getByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入证件号码')).toBeInTheDocument();
    expect(searchParty).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('search-account'), ' zhang san ');
    await userEvent.type(screen.getByTestId('search-name'), '张三');
    await userEvent.type(screen.getByTestId('search-certnum'), '11010519491231002X');
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(searchParty).toHaveBeenCalledWith('enterprise', { account: 'zhangsan', name: '张三', certNum: '11010519491231002X' }));
    expect(await screen.findByText('未找到匹配的账号，请核对输入的三项信息后重新查询')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('search-back'));
    expect(screen.getByTestId('search-account')).toHaveValue('zhangsan');
  });
});

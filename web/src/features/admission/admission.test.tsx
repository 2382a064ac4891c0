import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/shared/formatTime';
import { checkOrganisation, getApplyState, getDraft, getOrganisations, submitApplication } from './api/admission';
import { AdmissionForm } from './components/AdmissionForm';
import { checkEvidence } from './components/EvidenceUpload';
import { LibrarySection } from './components/LibrarySection';

vi.mock('./api/admission', async (orig) => ({
  ...(await orig<object>()),
  getApplyState: vi.fn(),
  getOrganisations: vi.fn(),
  getDraft: vi.fn(),
  checkOrganisation: vi.fn(),
  saveDraft: vi.fn(),
  submitApplication: vi.fn(),
}));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MessageApp>{ui}</MessageApp>
    </QueryClientProvider>,
  );
}

const trees = {
  1: [{ id: 1, name: '公路桥梁电子招标采购交易平台', children: [] }],
  2: [{ id: 2, name: '交通运输部', children: [{ id: 4, name: '江苏省交通运输厅', children: [] }] }],
  3: [{ id: 3, name: '中国招标投标协会', children: [] }],
};

beforeEach(() => {
  vi.mocked(getOrganisations).mockImplementation((r) => Promise.resolve(trees[r]));
  vi.mocked(getDraft).mockResolvedValue(null);
  vi.mocked(checkOrganisation).mockReset();
  vi.mocked(submitApplication).mockReset();
});

describe('checkEvidence', () => {
  it('takes the seven types up to 10 MB and refuses the rest with the spec’s messages', () => {
    for (const n of ['a.pdf', 'a.RAR', 'a.zip', 'a.png', 'a.jpg', 'a.jpeg', 'a.doc', 'a.docx']) expect(checkEvidence({ name: n, size: 10 })).toBeNull();
    expect(checkEvidence({ name: 'a.exe', size: 10 })).toBe('请上传 pdf、rar、 zip、png、jpg、doc、docx 格式');
    expect(checkEvidence({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('文件大小不能超过 10MB!');
  });
});

describe('LibrarySection', () => {
  it('shows the three roles with their state tags, the refusal with its reason', async () => {
    vi.mocked(getApplyState).mockResolvedValue([
      { enterpriseType: 1, state: -1, noPassReason: '', draftSavedAt: '2026-12-01T02:30:00Z' },
      { enterpriseType: 2, state: 2, noPassReason: '证明材料不清晰', draftSavedAt: null },
      { enterpriseType: 3, state: 1, noPassReason: '', draftSavedAt: null },
    ]);
    wrap(<LibrarySection />);
    expect(await screen.findByTestId('admission-state-1')).toHaveTextContent('未申请');
    expect(screen.getByTestId('admission-state-2')).toHaveTextContent('未通过');
    expect(screen.getByTestId('admission-state-2')).toHaveAttribute('data-reason', '证明材料不清晰');
    expect(screen.getByTestId('admission-state-3')).toHaveTextContent('已入库');
    expect(screen.getByTestId('admission-apply-3')).toHaveTextContent('查看申请');
    // A saved draft is on its card, in the browser's time as every time shown, and the button continues it.
    expect(screen.getByTestId('admission-draft-1')).toHaveTextContent(`已保存草稿（${formatDateTime('2026-12-01T02:30:00Z')}），可继续填写`);
    expect(screen.getByTestId('admission-apply-1')).toHaveTextContent('继续填写');
    expect(screen.queryByTestId('admission-draft-2')).toBeNull();
  });
});

describe('AdmissionForm', () => {
  it('forces the platform for a supplier and offers its commitment template', async () => {
    wrap(<AdmissionForm initialRole={1} />);
    const name = await screen.findByTestId('admission-org-name');
    expect(name).toHaveValue('公路桥梁电子招标采购交易平台');
    expect(name).toBeDisabled();
    expect(screen.getByTestId('admission-template')).toHaveAttribute('href', '/api/management/templateFiles/supplier_commitment');
  });

  it('checks a purchaser’s superior unit on blur, and resets the unit when the role changes', async () => {
    vi.mocked(checkOrganisation).mockImplementation((_r, n) => Promise.resolve(n === '江苏省交通运输厅' ? [{ id: 4, name: n }] : []));
    const user = userEvent.setup();
    wrap(<AdmissionForm initialRole={2} />);
    const name = await screen.findByTestId('admission-org-name');
    await user.type(name, '江苏交通厅');
    await user.tab();
    expect(await screen.findAllByText('输入单位有误，请核实后重新输入！')).toHaveLength(1);
    expect(screen.queryByTestId('admission-check')).toBeNull();
    await user.clear(name);
    await user.type(name, '江苏省交通运输厅');
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('admission-check')).toHaveTextContent('校验成功'));
    expect(checkOrganisation).toHaveBeenLastCalledWith(2, '江苏省交通运输厅');
    await user.click(screen.getByText('代理机构'));
    await waitFor(() => expect(screen.getByTestId('admission-org-name')).toHaveValue(''));
    expect(screen.queryByTestId('admission-check')).toBeNull();
  });

  it('asks for the evidence before submitting, and hides submit for a role under review', async () => {
    vi.mocked(checkOrganisation).mockResolvedValue([{ id: 3, name: '中国招标投标协会' }]);
    const user = userEvent.setup();
    const { unmount } = wrap(<AdmissionForm initialRole={3} />);
    await user.type(await screen.findByTestId('admission-org-name'), '中国招标投标协会');
    await user.tab();
    await screen.findByText('校验成功');
    await user.click(screen.getByTestId('admission-submit'));
    expect(await screen.findByText('请上传证明材料')).toBeInTheDocument();
    expect(submitApplication).not.toHaveBeenCalled();
    unmount();
    wrap(<AdmissionForm initialRole={3} states={{ 3: 99 }} />);
    expect(await screen.findByTestId('admission-blocked')).toBeInTheDocument();
    expect(screen.queryByTestId('admission-submit')).toBeNull();
    expect(screen.getByTestId('admission-org-name')).toBeDisabled();
  });

  it('after a refusal, offers the refused application again, filled and said so', async () => {
    vi.mocked(getDraft).mockResolvedValue({ applyType: 2, orgId: 4, orgName: '江苏省交通运输厅', evidence: 'ev-1', fileinfo: { id: 'ev-1', fname: '证明.pdf', ctime: '2026-12-01T02:30:00Z' }, fromRejected: true });
    wrap(<AdmissionForm initialRole={2} states={{ 2: 2 }} />);
    expect(await screen.findByTestId('admission-from-rejected')).toHaveTextContent('已按上次被退回的申请填写');
    expect(screen.getByTestId('admission-org-name')).toHaveValue('江苏省交通运输厅');
    expect(screen.getByTestId('admission-check')).toHaveTextContent('校验成功');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ModifyRecordPage from '../pages/ModifyRecordPage';
import type { ModificationRecord, OperationRecord } from '@/shared/api/types';
import { CertNumText } from './CertNumText';
import { OperationRecordTable } from './OperationRecordTable';

vi.mock('../api/revealCertNum', () => ({ revealCertNum: vi.fn() }));
vi.mock('../api/getModifyRecords', () => ({ getModifyRecords: vi.fn() }));
vi.mock('../api/getOperationRecords', () => ({ getOperationRecords: vi.fn() }));
vi.mock('../api/revertModification', () => ({ revertModification: vi.fn(() => Promise.resolve(null)) }));

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MessageApp>{ui}</MessageApp>
    </QueryClientProvider>,
  );
}

const rec = (r: Partial<ModificationRecord>): ModificationRecord => ({
  infoId: 1,
  infoItem: '详细地址',
  beforeValue: '建国路1号',
  afterValue: '长安街10号',
  operationTime: '2026-03-02T02:00:00Z',
  isValid: 1,
  authMethod: 'direct',
  authState: 1,
  authTime: null,
  applyId: null,
  revocable: false,
  ...r,
});

const op = (o: Partial<OperationRecord>): OperationRecord => ({
  id: 1,
  accountName: 'alice1',
  ctime: '2026-03-02T02:00:00Z',
  operationType: '2',
  remarks: [],
  authtype: '',
  noPassReason: '',
  appendixList: [],
  ...o,
});

beforeEach(async () => {
  vi.clearAllMocks();
  const { getOperationRecords } = await import('../api/getOperationRecords');
  vi.mocked(getOperationRecords).mockResolvedValue({ rows: [], total: 0 });
});

describe('CertNumText', () => {
  it('shows the masked number, reveals the full one only on request, and hides it again', async () => {
    const { revealCertNum } = await import('../api/revealCertNum');
    vi.mocked(revealCertNum).mockResolvedValue('11010519491231002X');
    wrap(<CertNumText masked="1101**********002X" which="legal" />);
    expect(screen.getByTestId('certnum-legal').textContent).toBe('1101**********002X');
    expect(revealCertNum).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: '查看完整号码' }));
    await waitFor(() => expect(screen.getByTestId('certnum-legal').textContent).toBe('11010519491231002X'));
    expect(revealCertNum).toHaveBeenCalledWith('legal');

    await userEvent.setup().click(screen.getByRole('button', { name: /隐\s*藏/ }));
    expect(screen.getByTestId('certnum-legal').textContent).toBe('1101**********002X');
  });

  it('keeps the masked number when the reveal fails', async () => {
    const { revealCertNum } = await import('../api/revealCertNum');
    vi.mocked(revealCertNum).mockRejectedValue(new Error('403'));
    wrap(<CertNumText masked="9135**********Y43" which="enterprise" />);
    await userEvent.setup().click(screen.getByRole('button', { name: /查看完整号码/ }));
    await waitFor(() => expect(revealCertNum).toHaveBeenCalledWith('enterprise'));
    await waitFor(() => expect(screen.getByRole('button', { name: /查看完整号码/ })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('certnum-enterprise').textContent).toBe('9135**********Y43');
  });

  it('shows - without a number and offers no reveal', () => {
    wrap(<CertNumText masked="" which="person" />);
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ModifyRecordPage', () => {
  it('shows each state: direct records without a result, waiting ones revocable, photos as previews', async () => {
    const { getModifyRecords } = await import('../api/getModifyRecords');
    vi.mocked(getModifyRecords).mockResolvedValue({
      rows: [
        rec({ infoId: 3, infoItem: '姓名', beforeValue: '张三', afterValue: '张小三', isValid: 2, authMethod: 'manual', authState: 99, applyId: 7, revocable: true }),
        rec({ infoId: 2, infoItem: '营业执照', beforeValue: 'file:a', afterValue: 'file:b', isValid: 0, authMethod: 'manual', authState: 2, applyId: 6, authTime: '2026-03-02T03:00:00Z' }),
        // A direct change made beside a pending one is stored with 99 by older servers: not revocable.
        rec({ infoId: 1, authState: 99 }),
      ],
      total: 3,
    });
    wrap(<ModifyRecordPage />);
    await screen.findByText('张小三');
    const table = screen.getAllByRole('table')[0];
    const rows = within(table).getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0);
    expect(rows).toHaveLength(3);

    const [waiting, rejected, direct] = rows;
    expect(within(waiting).getByText('待生效')).toBeInTheDocument();
    expect(within(waiting).getByText('认证中')).toBeInTheDocument();
    expect(within(waiting).getByTestId('revoke-button')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: '审核记录' })).toBeInTheDocument();

    expect(within(rejected).getAllByRole('img', { name: '图片' })).toHaveLength(2);
    expect(within(rejected).queryByText(/file:/)).toBeNull();
    expect(within(rejected).getByText('未生效')).toBeInTheDocument();
    expect(within(rejected).getByText('认证未通过')).toBeInTheDocument();
    expect(within(rejected).queryByTestId('revoke-button')).toBeNull();

    expect(within(direct).getByText('已生效')).toBeInTheDocument();
    expect(within(direct).getByText('无需认证')).toBeInTheDocument();
    expect(within(direct).queryByTestId('revoke-button')).toBeNull();
    expect(within(direct).queryByRole('button', { name: '审核记录' })).toBeNull();
  });

  it('revokes a waiting record only after the confirmation', async () => {
    const { getModifyRecords } = await import('../api/getModifyRecords');
    const { revertModification } = await import('../api/revertModification');
    vi.mocked(getModifyRecords).mockResolvedValue({
      rows: [rec({ infoId: 42, infoItem: '姓名', isValid: 2, authMethod: 'manual', authState: 99, applyId: 7, revocable: true })],
      total: 1,
    });
    wrap(<ModifyRecordPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('revoke-button'));
    expect(revertModification).not.toHaveBeenCalled();
    await screen.findByText('确定撤销该修改吗？撤销后修改不生效。');
    await user.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(revertModification).toHaveBeenCalledWith(42));
    await screen.findByText('撤销成功');
  });
});

describe('OperationRecordTable', () => {
  it('labels the types and review results, shows remarks, reasons and appendices', async () => {
    const { getOperationRecords } = await import('../api/getOperationRecords');
    vi.mocked(getOperationRecords).mockResolvedValue({
      rows: [
        op({ id: 4, operationType: '3', authtype: 'S2', noPassReason: '照片不清晰', accountName: '审核员甲' }),
        op({ id: 3, operationType: '3', authtype: 'T1', remarks: [{ fieldName: '营业执照', beforeValue: 'file:a', afterValue: 'file:b' }] }),
        op({ id: 2, operationType: '2', remarks: [{ fieldName: '详细地址', beforeValue: '', afterValue: '长安街10号' }] }),
        op({ id: 1, operationType: '1', appendixList: [{ id: 'f1', name: '证件人像面' }, { id: 'f2', name: '手持证件照' }] }),
      ],
      total: 12,
    });
    wrap(<OperationRecordTable />);
    await screen.findByText('审核操作（审核不通过）');
    expect(screen.getByText('不通过原因：照片不清晰')).toBeInTheDocument();
    expect(screen.getByText('审核操作（信息变更审核通过）')).toBeInTheDocument();
    expect(screen.getByText('营业执照：图片 → 图片')).toBeInTheDocument();
    expect(screen.getByText('详细地址：- → 长安街10号')).toBeInTheDocument();
    expect(screen.getByText('提交实名认证审核')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '证件人像面' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '手持证件照' })).toBeInTheDocument();
    // Continuous numbering over pages; default page size 5.
    expect(getOperationRecords).toHaveBeenCalledWith(1, 5, expect.anything());
  });

  it('asks the server for the next page and numbers rows across pages', async () => {
    const { getOperationRecords } = await import('../api/getOperationRecords');
    vi.mocked(getOperationRecords).mockResolvedValue({ rows: [op({})], total: 30 });
    wrap(<OperationRecordTable />);
    await screen.findByText('修改账户信息');
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
      await Promise.resolve();
    });
    await waitFor(() => expect(getOperationRecords).toHaveBeenCalledWith(2, 5, expect.anything()));
    // Row numbers continue across pages: page 2 of size 5 starts at 6.
    await waitFor(() => {
      const cells = within(screen.getByRole('table')).getAllByRole('cell');
      expect(cells[0]?.textContent).toBe('6');
    });
  });
});

// 人员管理 → 数字证书: the certificate the reader (the certificate feature's slot, a fake here)
// chose is what the staff call binds; a refusal is said in the dialog and the choice stays;
// a bound certificate is shown and unbound after its confirmation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageApp } from '@/shared/feedback/message';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/http';
import type { StaffMember } from '@/shared/api/types';
import { CertificateSlotsContext, type CertificateReaderProps, type CertificateSlots, type ReadCertificate } from '@/shared/certificateSlots';
import { bindToast } from '@/shared/feedback/toast';
import { bindStaffCertificate, staffCertificateChallenge, staffCertificates, unbindStaffCertificate } from '../api/staffCertificate';
import { StaffCertificateModal } from './StaffCertificateModal';

vi.mock('../api/staffCertificate', () => ({ staffCertificates: vi.fn(), staffCertificateChallenge: vi.fn(), bindStaffCertificate: vi.fn(), unbindStaffCertificate: vi.fn() }));

/** read's key "signs" the challenge it is given: the proof names it, so the test sees which challenge was signed. */
const read: ReadCertificate = {
  certificate: 'MIIBbase64',
  serialNumber: '2B3B',
  owner: '赵工',
  subject: 'CN=赵工',
  issuer: 'bidpass CA',
  validTo: new Date('2027-01-01'),
  prove: async (challenge, submit) => submit({ serialNumber: '2B3B', signToken: `signed:${await challenge('2B3B')}`, signType: 1, certificate: 'MIIBbase64' }),
};
/** Reader stands for the certificate feature's picker: it has "read" one certificate. */
function Reader({ onChange }: CertificateReaderProps) {
  useEffect(() => onChange(read), [onChange]);
  return <div>fake reader</div>;
}
const slots = { Reader } as unknown as CertificateSlots;
const member = { id: 7, account: 'shenhe01' } as StaffMember;
const boundRow = { id: 1, number: '2B3B', dn: 'CN=赵工', issuer: 'CN=bidpass CA', validStart: '2026-01-01T00:00:00Z', validEnd: '2027-01-01T00:00:00Z', state: 1 as const, bindTime: '2026-11-25T00:00:00Z' };

function open() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <CertificateSlotsContext.Provider value={slots}>
        <MessageApp>
          <StaffCertificateModal member={member} onClose={() => undefined} />
        </MessageApp>
      </CertificateSlotsContext.Provider>
    </QueryClientProvider>,
  );
}

describe('StaffCertificateModal', () => {
  const toasts: string[] = [];
  beforeEach(() => {
    vi.mocked(staffCertificates).mockReset();
    vi.mocked(bindStaffCertificate).mockReset();
    vi.mocked(staffCertificateChallenge).mockReset();
    vi.mocked(unbindStaffCertificate).mockReset();
    toasts.length = 0;
    bindToast((_, content) => toasts.push(content));
  });

  it('binds the certificate the reader chose, signed over the server challenge, after the server refused it once', async () => {
    vi.mocked(staffCertificates).mockResolvedValueOnce([]).mockResolvedValue([boundRow]);
    vi.mocked(staffCertificateChallenge).mockResolvedValueOnce('challenge-1').mockResolvedValue('challenge-2');
    vi.mocked(bindStaffCertificate)
      .mockRejectedValueOnce(new ApiError({ kind: 'api', status: 409, code: 409, msg: '该证书已被其他账号绑定', handled: false }))
      .mockResolvedValue(boundRow);
    open();
    await screen.findByText('fake reader');
    await userEvent.click(screen.getByTestId('staff-cert-bind'));
    expect(await screen.findByText('该证书已被其他账号绑定')).toBeTruthy();
    expect(staffCertificateChallenge).toHaveBeenLastCalledWith(7);
    expect(bindStaffCertificate).toHaveBeenLastCalledWith(7, { signToken: 'signed:challenge-1', signType: 1, certificate: 'MIIBbase64' });
    await userEvent.click(screen.getByTestId('staff-cert-bind'));
    await waitFor(() => expect(toasts).toContain('绑定成功'));
    expect(await screen.findByTestId('staff-cert-bound')).toBeTruthy();
    expect(screen.getByText('CN=赵工')).toBeTruthy();
    expect(bindStaffCertificate).toHaveBeenCalledTimes(2);
  });

  it('unbinds a bound certificate only after its confirmation', async () => {
    vi.mocked(staffCertificates).mockResolvedValueOnce([boundRow]).mockResolvedValue([]);
    vi.mocked(unbindStaffCertificate).mockResolvedValue(null);
    open();
    await userEvent.click(await screen.findByTestId('staff-cert-unbind'));
    expect(unbindStaffCertificate).not.toHaveBeenCalled();
    const popover = await waitFor(() => {
      const p = document.querySelector<HTMLElement>('.ant-popover');
      if (!p) throw new Error('no confirmation yet');
      return p;
    });
    await userEvent.click(within(popover).getByRole('button', { name: /^解\s?绑$/ }));
    await waitFor(() => expect(unbindStaffCertificate).toHaveBeenCalledWith(7));
    await waitFor(() => expect(toasts).toContain('解绑成功'));
    expect(await screen.findByText('fake reader')).toBeTruthy();
  });
});

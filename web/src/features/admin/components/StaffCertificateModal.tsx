import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Popconfirm, Space, Spin } from 'antd';
import { dayjs } from '@/shared/dates';
import { Suspense, useCallback, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { useCertificateSlots, type ReadCertificate } from '@/shared/certificateSlots';
import { toast } from '@/shared/feedback';
import type { StaffMember } from '@/shared/api/types';
import { useSingleFlight } from '@/shared/hooks/singleFlight';
import { bindStaffCertificate, staffCertificateChallenge, unbindStaffCertificate } from '../api/staffCertificate';
import { adminText } from '../strings';
import { PlainParagraph, PlainText } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { adminQueries } from '../api/queries';

const t = adminText.staff;

// A refusal of the server, or of the key (the certificate feature's messages: PIN, signing).
const failure = (e: unknown) => (e instanceof ApiError ? e.msg : e instanceof Error ? e.message : null);

/**
 * StaffCertificateModal (人员管理 → 数字证书) shows the certificate bound to a member, unbinds it
 * after a confirmation, or reads one (a .pfx with its password, or a USB key, through the
 * certificate feature's reader) and binds it: the key signs the server's challenge for the member,
 * as in the portal's bind dialog. The server checks the signature and the certificate (valid, chained,
 * not revoked, bound nowhere else); its refusal is shown in the dialog and the chosen
 * certificate stays, so the administrator can choose another.
 */
export function StaffCertificateModal({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const slots = useCertificateSlots();
  const [chosen, setChosen] = useState<ReadCertificate | null>(null);
  const onChange = useCallback((c: ReadCertificate | null) => setChosen(c), []);
  const flight = useSingleFlight();
  const bound = useQuery(adminQueries.staffCertificate(member.id));
  const bind = useMutation({
    mutationFn: (c: ReadCertificate) =>
      c.prove(
        () => staffCertificateChallenge(member.id),
        ({ serialNumber: _serial, ...proof }) => bindStaffCertificate(member.id, proof),
      ),
    onSuccess: () => {
      toast.success(t.certBindDone);
      void bound.refetch();
    },
  });
  const unbind = useMutation({
    mutationFn: () => unbindStaffCertificate(member.id),
    onSuccess: () => {
      toast.success(t.certUnbindDone);
      bind.reset();
      setChosen(null);
      void bound.refetch();
    },
  });
  const current = bound.data?.[0];
  const error = failure(bind.error) ?? failure(unbind.error) ?? failure(bound.error);

  const footer = current ? (
    <Button onClick={onClose}>{t.close}</Button>
  ) : (
    <Space>
      <Button onClick={onClose}>{t.cancel}</Button>
      <Button type="primary" loading={bind.isPending} data-testid="staff-cert-bind" onClick={() => (chosen ? void flight(() => bind.mutateAsync(chosen)) : toast.error(t.certChoose))}>
        {t.certBind}
      </Button>
    </Space>
  );

  return (
    <Modal open title={t.certTitle(member.account)} onCancel={onClose} footer={footer} width={720} destroyOnHidden>
      <div data-testid="staff-cert">
        <PlainParagraph type="secondary">{t.certHint}</PlainParagraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="staff-cert-error" />}
        <Spin spinning={bound.isLoading} delay={100}>
          {current ? (
            <Descriptions title={t.certBound} column={1} bordered size="small" data-testid="staff-cert-bound">
              <Descriptions.Item label={t.certNumber}>{current.number}</Descriptions.Item>
              <Descriptions.Item label={t.certDn}>{current.dn}</Descriptions.Item>
              <Descriptions.Item label={t.certIssuer}>{current.issuer}</Descriptions.Item>
              <Descriptions.Item label={t.certValid}>
                {dayjs(current.validStart).format('YYYY-MM-DD')} ~ {dayjs(current.validEnd).format('YYYY-MM-DD')}
              </Descriptions.Item>
              <Descriptions.Item label={t.certState}>
                <PlainTag color={current.state === 1 ? 'green' : 'red'}>{t.certStates[current.state]}</PlainTag>
                <Popconfirm title={t.certUnbindConfirm} okText={t.certUnbind} cancelText={t.cancel} onConfirm={() => void flight(() => unbind.mutateAsync())}>
                  <Button size="small" danger loading={unbind.isPending} data-testid="staff-cert-unbind">
                    {t.certUnbind}
                  </Button>
                </Popconfirm>
              </Descriptions.Item>
            </Descriptions>
          ) : slots ? (
            <Suspense fallback={<Spin />}>
              <slots.Reader onChange={onChange} />
            </Suspense>
          ) : (
            <PlainText type="secondary">{t.certUnavailable}</PlainText>
          )}
        </Spin>
      </div>
    </Modal>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Modal, Row, Spin } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { admissionText as t } from '@/shared/locales/admission';
import { blocked, notPassed, ROLES, type Role } from '../api/types';
import { AdmissionForm } from './AdmissionForm';
import { StateTag } from './StateTag';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { admissionKeys, admissionQueries } from '../api/queries';
import { formatDateTime } from '@/shared/formatTime';


/**
 * LibrarySection is the account centre's 入库申请 (02 §2): the three role cards with their
 * state tags (a refusal's reason on the card and in the tag's tooltip, a saved draft's time on the
 * card), each opening the 入库申请 dialog on its role.
 */
export function LibrarySection() {
  const qc = useQueryClient();
  const states = useQuery(admissionQueries.state());
  const [open, setOpen] = useState<Role | null>(null);
  if (states.isLoading) return <Spin />;
  const byRole: Partial<Record<Role, number>> = {};
  for (const s of states.data ?? []) byRole[s.enterpriseType] = s.state;
  const close = () => setOpen(null);
  return (
    <>
      <PlainParagraph type="secondary">{t.intro}</PlainParagraph>
      <Row gutter={16}>
        {ROLES.map((r) => {
          const s = states.data?.find((x) => x.enterpriseType === r);
          const state = s?.state ?? -1;
          return (
            <Col span={8} key={r}>
              <Panel
                size="small"
                title={t.roles[r]}
                extra={<StateTag state={state} reason={s?.noPassReason ?? ''} testId={`admission-state-${r}`} />}
                data-testid={`admission-card-${r}`}
              >
                <Button type={blocked(state) ? 'default' : 'primary'} onClick={() => setOpen(r)} data-testid={`admission-apply-${r}`}>
                  {blocked(state) ? t.view : s?.draftSavedAt ? t.continueDraft : t.apply}
                </Button>
                {s?.draftSavedAt && (
                  <PlainParagraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid={`admission-draft-${r}`}>
                    {t.draftOnCard(formatDateTime(s.draftSavedAt))}
                  </PlainParagraph>
                )}
                {/* The refusal's reason is written on the card, not only in the tag's tooltip. */}
                {notPassed(state) && (
                  <PlainParagraph type="danger" style={{ marginTop: 8, marginBottom: 0 }} data-testid={`admission-reason-${r}`}>
                    {t.reason(s?.noPassReason ?? '')}
                  </PlainParagraph>
                )}
              </Panel>
            </Col>
          );
        })}
      </Row>
      <Modal open={open !== null} title={t.dialogTitle} footer={null} onCancel={close} destroyOnHidden width={640} data-testid="admission-dialog">
        {open !== null && (
          <AdmissionForm
            initialRole={open}
            states={byRole}
            onSubmitted={() => {
              void qc.invalidateQueries({ queryKey: admissionKeys.state });
              close();
            }}
            // The card then says a draft is saved.
            onDraftSaved={() => void qc.invalidateQueries({ queryKey: admissionKeys.state })}
            extra={<Button onClick={close}>{t.cancel}</Button>}
          />
        )}
      </Modal>
    </>
  );
}

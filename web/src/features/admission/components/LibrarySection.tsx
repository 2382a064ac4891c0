import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Modal, Row, Spin } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { admissionText as t } from '@/shared/locales/admission';
import { getApplyState } from '../api/admission';
import { blocked, ROLES, type Role } from '../api/types';
import { AdmissionForm } from './AdmissionForm';
import { StateTag } from './StateTag';
import { PlainParagraph } from '@/shared/components/PlainTypography';

/** stateQueryKey is the roles' states; a submit refreshes it. */
export const stateQueryKey = ['admission', 'state'] as const;

/**
 * LibrarySection is the account centre's 入库申请 (02 §2): the three role cards with their
 * state tags (the refusal's reason in a tooltip), each opening the 入库申请 dialog on its role.
 */
export function LibrarySection() {
  const qc = useQueryClient();
  const states = useQuery({ queryKey: stateQueryKey, queryFn: ({ signal }) => getApplyState(signal) });
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
                  {blocked(state) ? t.view : t.apply}
                </Button>
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
              void qc.invalidateQueries({ queryKey: stateQueryKey });
              close();
            }}
            extra={<Button onClick={close}>{t.cancel}</Button>}
          />
        )}
      </Modal>
    </>
  );
}

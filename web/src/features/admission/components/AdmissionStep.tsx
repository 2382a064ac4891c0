import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import type { AdmissionStepProps } from '@/shared/admissionSlots';
import { callData } from '@/shared/api/contract';
import { admissionText as t } from '@/shared/locales/admission';
import { getApplyState } from '../api/admission';
import type { Role } from '../api/types';
import { AdmissionForm } from './AdmissionForm';
import { PlainParagraph, PlainTitle } from '@/shared/components/PlainTypography';


/**
 * AdmissionStep is the library-admission step of /completeInfo (01 §2): the same form as the
 * account centre. Applying needs real-name state 1 (DECISIONS.md); a newly registered
 * enterprise is usually still under review, so it can save a draft (submitted later from the
 * account centre) or skip; each outcome is reported as it is.
 */
export function AdmissionStep({ onDone }: AdmissionStepProps) {
  const auth = useQuery({ queryKey: ['account', 'trust'], queryFn: ({ signal }) => callData('get', '/api/account/auth', { signal }) });
  const states = useQuery({ queryKey: ['admission', 'state'], queryFn: ({ signal }) => getApplyState(signal) });
  if (auth.isLoading || states.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const byRole: Partial<Record<Role, number>> = {};
  for (const s of states.data ?? []) byRole[s.enterpriseType] = s.state;
  const level = auth.data?.level;
  return (
    <div data-testid="admission-step">
      <PlainTitle level={4}>{t.step.title}</PlainTitle>
      <PlainParagraph type="secondary">{t.step.text}</PlainParagraph>
      <AdmissionForm
        states={byRole}
        canSubmit={level === 1}
        submitBlockedText={t.realNameMissing}
        onSubmitted={() => onDone('submitted')}
        onDraftSaved={() => onDone('draft')}
        extra={
          <Button onClick={() => onDone('skipped')} data-testid="admission-next">
            {t.step.skip}
          </Button>
        }
      />
    </div>
  );
}

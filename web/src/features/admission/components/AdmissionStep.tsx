import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import type { AdmissionStepProps } from '@/shared/admissionSlots';
import { admissionText as t } from '@/shared/locales/admission';
import type { Role } from '../api/types';
import { AdmissionForm } from './AdmissionForm';
import { PlainParagraph, PlainTitle } from '@/shared/components/PlainTypography';
import { admissionQueries } from '../api/queries';
import { trustQuery } from '@/shared/api/queries';


/**
 * AdmissionStep is the library-admission step of /completeInfo (01 §2): the same form as the
 * account centre. Applying needs real-name state 1 (docs/spec/DECISIONS.md); a newly registered
 * enterprise is usually still under review, so it can save a draft (submitted later from the
 * account centre) or skip; each outcome is reported as it is.
 */
export function AdmissionStep({ onDone }: AdmissionStepProps) {
  const auth = useQuery(trustQuery());
  const states = useQuery(admissionQueries.state());
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

import { Tag, Tooltip } from 'antd';
import { admissionText as t } from '@/shared/locales/admission';
import { notPassed } from '../api/types';

/** StateTag is a role's library state (02 §4); a refusal shows its reason in a tooltip. */
export function StateTag({ state, reason, testId }: { state: number; reason: string; testId?: string }) {
  if (notPassed(state)) {
    return (
      <Tooltip title={t.reason(reason)}>
        <Tag color="error" data-testid={testId} data-reason={reason}>
          {t.notPassed}
        </Tag>
      </Tooltip>
    );
  }
  const color = state === 1 ? 'success' : state === 99 ? 'processing' : 'default';
  return (
    <Tag color={color} data-testid={testId}>
      {t.states[state]}
    </Tag>
  );
}

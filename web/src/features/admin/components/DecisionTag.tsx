import { PlainTag } from '@/shared/components/PlainTag';
import { adminText as t } from '../strings';

/**
 * DecisionTag is a review decision as a tag: 通过 green, 不通过 red, in every place a decision is
 * shown (the queue, the item's header, its history and audit records); the detail's header drew a
 * decided 不通过 grey (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
 */
export function DecisionTag({ decision, 'data-testid': testId }: { decision: string | undefined | null; 'data-testid'?: string }) {
  return (
    <PlainTag color={decision === 'PASS' ? 'green' : 'red'} data-testid={testId}>
      {t.decision[decision ?? ''] ?? decision}
    </PlainTag>
  );
}

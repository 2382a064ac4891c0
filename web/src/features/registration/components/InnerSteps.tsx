import { PlainSteps } from '@/shared/components/PlainSteps';

/**
 * InnerSteps is /completeInfo's second indicator, under its 完善信息 box, which holds two steps of
 * the wizard (the information, then the authentication). As on the registration pages' own
 * indicator (01 §2), a click sets a step already reached directly, forward as well as back;
 * one not reached yet stays where it is. titles are the two steps' names; at is the wizard's step
 * (1 or 2), reached the furthest one the account has got to.
 */
export function InnerSteps({ titles, at, reached, onPick }: { titles: [string, string]; at: number; reached: number; onPick: (step: number) => void }) {
  return (
    <PlainSteps
      className="inner-steps"
      current={at - 1}
      onChange={(i) => {
        if (i + 1 <= reached) onPick(i + 1);
      }}
      items={titles.map((title) => ({ title }))}
      style={{ maxWidth: 420, margin: '0 auto 24px' }}
    />
  );
}

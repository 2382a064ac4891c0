import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { CodeForm, EnrolmentSteps, RecoveryCodes } from '@/shared/secondFactor/SecondFactorParts';
import { adminQueries } from '../api/queries';
import { completeSecondStep, confirmEnrolment } from '../api/signIn';
import { adminText } from '../strings';

const t = adminText.signIn;

/** The steps after a right staff password: the 动态口令, or the enrolment of a member without one. */
export type StaffStep = { kind: 'second'; ticket: string } | { kind: 'enrol'; ticket: string };

type SignedIn = Awaited<ReturnType<typeof completeSecondStep>>;

interface Props {
  step: StaffStep;
  onSignedIn: (res: SignedIn) => void;
  /** onRestart goes back to the password, with why (an expired or spent ticket). */
  onRestart: (why?: string) => void;
}

/** ticketGone tells a dead ticket (expired, spent, another browser's): the password comes again. */
function ticketGone(e: unknown) {
  return e instanceof ApiError && e.reason === 'mfa.ticket';
}

/**
 * StaffSignInSteps is the console sign-in's second half (docs/decisions/second-factor.md, "Staff enrol at the
 * first sign-in"): a member with a 动态口令 types its code (or a recovery code); a member without one binds an
 * authenticator first, and its first code opens the console after the recovery codes are shown once. Loaded only
 * after the password, so the sign-in page does not carry it.
 */
export default function StaffSignInSteps({ step, onSignedIn, onRestart }: Props) {
  const back = (
    <Button type="link" onClick={() => onRestart()} style={{ paddingInline: 0 }}>
      {t.back}
    </Button>
  );
  /** send runs a step's call; a dead ticket restarts at the password instead of showing a code error. */
  const send = async (call: () => Promise<SignedIn>, done: (res: SignedIn) => void) => {
    try {
      done(await call());
    } catch (e) {
      if (ticketGone(e)) onRestart(t.expired);
      else throw e;
    }
  };
  if (step.kind === 'second') {
    return (
      <div data-testid="staff-second-step">
        <PlainParagraph>{t.secondStepHint}</PlainParagraph>
        <CodeForm label={t.codeLabel} allowRecovery submitText={t.secondStepSubmit} testId="staff-second-step" autoFocus send={(code) => send(() => completeSecondStep(step.ticket, code), onSignedIn)} />
        {back}
      </div>
    );
  }
  return <Enrolment ticket={step.ticket} onSignedIn={onSignedIn} onRestart={onRestart} send={send} back={back} />;
}

function Enrolment({ ticket, onSignedIn, onRestart, send, back }: { ticket: string; onSignedIn: Props['onSignedIn']; onRestart: Props['onRestart']; send: (call: () => Promise<SignedIn>, done: (res: SignedIn) => void) => Promise<void>; back: React.ReactNode }) {
  const [done, setDone] = useState<SignedIn | null>(null);
  const q = useQuery(adminQueries.enrolment(ticket));
  if (q.error) {
    return (
      <div data-testid="staff-enrol">
        <Alert type="error" showIcon message={ticketGone(q.error) ? t.expired : q.error instanceof ApiError ? q.error.msg : t.expired} style={{ marginBottom: 12 }} />
        <Button type="primary" onClick={() => onRestart()}>
          {t.back}
        </Button>
      </div>
    );
  }
  if (done) {
    return (
      <div data-testid="staff-enrol-codes">
        <RecoveryCodes codes={done.recoveryCodes ?? []} onDone={() => onSignedIn(done)} />
      </div>
    );
  }
  return (
    <div data-testid="staff-enrol">
      <Alert type="info" showIcon message={t.enrolIntro} style={{ marginBottom: 12 }} />
      {q.data ? (
        <>
          <EnrolmentSteps enrolment={q.data} lastStep={t.enrolStep3} />
          <CodeForm label={t.codeLabel} allowRecovery={false} submitText={t.enrolSubmit} testId="staff-enrol" send={(code) => send(() => confirmEnrolment(ticket, code), setDone)} />
          <PlainParagraph type="secondary">{t.enrolExpires}</PlainParagraph>
        </>
      ) : (
        <Spin tip={t.enrolLoading}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
      {back}
    </div>
  );
}

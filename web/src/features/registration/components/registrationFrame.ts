import { useOutletContext } from 'react-router';

/**
 * RegistrationFrame is what the registration frame lends its wizards (react-router's outlet
 * context): setTyped tells it the account step holds typed values, so switching to the other kind
 * asks first (docs/decisions/usability.md, "Switching the registration kind asks first").
 */
export interface RegistrationFrame {
  setTyped: (typed: boolean) => void;
}

/** useRegistrationFrame is the frame's context, or null outside the frame (/completeInfo). */
export function useRegistrationFrame() {
  return useOutletContext<RegistrationFrame | null>();
}

/** accountKept is the useKept key of the account step's name, phone and e-mail of a kind. */
export function accountKept(enterprise: boolean) {
  return `account-${enterprise ? 'enterprise' : 'person'}`;
}

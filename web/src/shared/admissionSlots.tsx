/**
 * Admission slots: the account centre's 入库申请 section and the /completeInfo library step
 * belong to the admission feature, but the pages that show them belong to others, and a
 * feature may not import another (eslint-rules/layers.js). src/app fills the slots lazily.
 */
import { createContext, useContext, type ComponentType } from 'react';

/** AdmissionOutcome is what the enterprise really did at the /completeInfo step. */
export type AdmissionOutcome = 'submitted' | 'draft' | 'skipped';

/** AdmissionStepProps are the step's: what to do once the enterprise applied, saved a draft or skipped. */
export interface AdmissionStepProps {
  onDone: (o: AdmissionOutcome) => void;
}

/** AdmissionSlots are the components src/app provides. */
export interface AdmissionSlots {
  Library: ComponentType;
  Step: ComponentType<AdmissionStepProps>;
}

/** AdmissionSlotsContext is null where no admission feature is composed (tests of one feature). */
export const AdmissionSlotsContext = createContext<AdmissionSlots | null>(null);

/** useAdmissionSlots answers the admission components, or null. */
export function useAdmissionSlots(): AdmissionSlots | null {
  return useContext(AdmissionSlotsContext);
}

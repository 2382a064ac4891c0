import { lazy } from 'react';
import type { AdmissionSlots } from '@/shared/admissionSlots';

/** admissionSlots fills the admission slots of the account centre and /completeInfo, each a lazy chunk. */
export const admissionSlots: AdmissionSlots = {
  Library: lazy(() => import('@/features/admission/components/LibrarySection').then((m) => ({ default: m.LibrarySection }))),
  Step: lazy(() => import('@/features/admission/components/AdmissionStep').then((m) => ({ default: m.AdmissionStep }))),
};

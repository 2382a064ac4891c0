import { lazyPart } from '@/shared/components/lazyPart';

// The wizards' steps after the account step are fetched while the user fills in that step (or
// at once when a stored registration resumes), not with the page (docs/decisions/frontend-load.md, "Front-end load"): the real-name
// steps bring the date picker, the area cascader and the upload widget, about 60 KiB gzip.
export const PersonWizardBody = lazyPart(() => import('./PersonWizardBody'), 'PersonWizardBody');
export const EnterpriseWizardBody = lazyPart(() => import('./EnterpriseWizardBody'), 'EnterpriseWizardBody');

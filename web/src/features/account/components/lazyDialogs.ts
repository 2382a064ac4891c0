import { lazyPart } from '@/shared/components/lazyPart';

// The account centre's dialogs are fetched when first opened (or when the page is idle), not with
// their page (docs/decisions/frontend-load.md, "Front-end load"): the edit dialogs bring the date picker and the area cascader, the record
// dialogs antd's Table, the licence and manual-authentication dialogs the upload widget; together
// about 120 KiB gzip of the information pages' 460 KiB first load.
export const PersonEditDialog = lazyPart(() => import('./PersonEditDialog'), 'PersonEditDialog');
export const EnterpriseEditDialog = lazyPart(() => import('./EnterpriseEditDialog'), 'EnterpriseEditDialog');
export const LicenseDialog = lazyPart(() => import('./LicenseDialog'), 'LicenseDialog');
export const RenameDialog = lazyPart(() => import('./RenameDialog'), 'RenameDialog');
export const ReviewRecordDialog = lazyPart(() => import('./ReviewRecordDialog'), 'ReviewRecordDialog');
export const AuditDialog = lazyPart(() => import('./AuditDialog'), 'AuditDialog');
export const ManualDialog = lazyPart(() => import('./ManualDialog'), 'ManualDialog');

import { lazyPart } from '@/shared/components/lazyPart';

// The wizard's steps after the first are fetched when the page is idle, not with it: the account
// list's antd Table (with its pagination, menu and radio) alone was 60 KiB gzip of a 420 KiB
// first load (docs/decisions/frontend-load.md, "Front-end load").
export const AccountPicker = lazyPart(() => import('./AccountPicker'), 'AccountPicker');
export const ResetForm = lazyPart(() => import('./ResetForm'), 'ResetForm');
export const DoneCountdown = lazyPart(() => import('./DoneCountdown'), 'DoneCountdown');

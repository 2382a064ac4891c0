import { operatorText } from '@/shared/locales/operators';
import type { OperatorLink, Side } from '../api/types';

/** ActionKind names what a row action does; the page maps each to its request. */
export type ActionKind =
  | 'acceptInvitation'
  | 'refuseInvitation'
  | 'refuseAndBlock'
  | 'block'
  | 'cancelApplication'
  | 'cancelInvitation'
  | 'acceptApplication'
  | 'refuseApplication'
  | 'unbind';

/** RowAction is one button of a row: its label, and the confirmation it asks first (none when it opens the period dialog, which is its own confirmation). */
export interface RowAction {
  kind: ActionKind;
  label: string;
  confirm: string | null;
  danger: boolean;
}

const INVITATION = 1;

/**
 * rowActions are the buttons a row offers by state and handleType (02 §4, first reading):
 * a pending invitation is answered by the person and withdrawn by the enterprise, a pending
 * application the other way round; either side unbinds a bound link (also an expired one,
 * to move it to history); refused, cancelled and unbound links offer nothing, but for the
 * person's 屏蔽该企业 on a past invitation (a pending one offers 拒绝并屏蔽).
 */
export function rowActions(side: Side, row: Pick<OperatorLink, 'state' | 'handleType'>): RowAction[] {
  const a = operatorText.actions;
  const c = operatorText.confirm;
  if (row.state === 'A1') return [{ kind: 'unbind', label: a.unbind, confirm: c.unbind[side], danger: true }];
  const invitation = row.handleType === INVITATION;
  if (row.state !== 'A0') return side === 'person' && invitation ? [{ kind: 'block', label: a.block, confirm: c.block, danger: true }] : [];
  if (side === 'person') {
    return invitation
      ? [
          { kind: 'acceptInvitation', label: a.accept, confirm: c.acceptInvitation, danger: false },
          { kind: 'refuseInvitation', label: a.refuse, confirm: c.refuseInvitation, danger: true },
          { kind: 'refuseAndBlock', label: a.refuseAndBlock, confirm: c.refuseAndBlock, danger: true },
        ]
      : [{ kind: 'cancelApplication', label: a.cancelApplication, confirm: c.cancelApplication, danger: true }];
  }
  return invitation
    ? [{ kind: 'cancelInvitation', label: a.cancelInvitation, confirm: c.cancelInvitation, danger: true }]
    : [
        { kind: 'acceptApplication', label: a.accept, confirm: null, danger: false },
        { kind: 'refuseApplication', label: a.refuse, confirm: c.refuseApplication, danger: true },
      ];
}

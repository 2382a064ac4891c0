
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { accountText } from '@/shared/locales/account';
import { paths } from '@/shared/paths';
import { UserType, useSession } from '@/shared/session';
import { useMessage } from '@/shared/feedback/message';

/**
 * The account centre's dialog routes (02 §2): editEssentialInformation,
 * editLegalPersonInformation and the two manual-authentication routes are dialogs
 * of a host page, not pages. Each route redirects to its host page with
 * `?dialog=<name>`; the host page opens the dialog while the query says so and
 * drops the query when the dialog closes. One mechanism serves both the route and
 * the host page's own button, so the address always tells whether a dialog is open.
 */

/** dialogParam is the query parameter naming the open dialog. */
export const dialogParam = 'dialog';

/** RoutedDialog names a dialog a route can open: the information edit or the manual authentication. */
export type RoutedDialog = 'edit' | 'manual';

/**
 * dialogTarget is where a dialog route goes for an account of userType: its own
 * kind's host page, so a person following an enterprise link (or the reverse)
 * lands on the dialog that applies to them. An unknown kind counts as a person,
 * like the account-centre menu.
 */
export function dialogTarget(dialog: RoutedDialog, userType: UserType | null): string {
  const ac = paths.accountCenter;
  if (dialog === 'manual') return `${ac.authenticationModes}?${dialogParam}=manual`;
  const host = userType === UserType.Enterprise ? ac.legalPersonInformation : ac.essentialInformation;
  return `${host}?${dialogParam}=edit`;
}

/** DialogRoute is the element of a dialog route: it replaces the history entry with the host page's dialog address. */
export function DialogRoute({ dialog }: { dialog: RoutedDialog }) {
  const { userType } = useSession();
  return <Navigate to={dialogTarget(dialog, userType)} replace />;
}

/**
 * useRoutedDialog returns whether the named dialog is open (the query says so),
 * and functions to open it (a new history entry, so Back closes it) and to close
 * it (the host address without the query, replacing the entry).
 */
export function useRoutedDialog(dialog: RoutedDialog): { open: boolean; show: () => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const open = params.get(dialogParam) === dialog;
  const show = useCallback(() => setParams({ [dialogParam]: dialog }), [setParams, dialog]);
  const close = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(dialogParam);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { open, show, close };
}

/** Why a dialog asked for by the address is not opened (the server's own messages, 02 §7 and DECISIONS). */
export const refusals = {
  editVerifying: accountText.edit.verifying,
  manualVerifying: '认证中，请等待审核结果',
  manualDone: '已认证，无需重复提交',
} as const;

/**
 * useGuardedDialog is useRoutedDialog for a dialog the page offers only in some
 * account states. ready is false while the state is loading (nothing opens yet);
 * refusal is the reason the page's button is disabled now (null when it is not).
 * A dialog asked for by the address while refused is not opened: the page says
 * why and drops the query, instead of showing a form the server would refuse. A
 * dialog that was already open when the refusal appeared (its own submission put
 * the account in review) closes without the warning.
 */
export function useGuardedDialog(
  dialog: RoutedDialog,
  ready: boolean,
  refusal: string | null,
): { open: boolean; show: () => void; close: () => void } {
  const { open, show, close } = useRoutedDialog(dialog);
  const message = useMessage();
  const shown = useRef(false);
  useEffect(() => {
    if (!open) {
      shown.current = false;
      return;
    }
    if (!ready) return;
    if (refusal === null) {
      shown.current = true;
      return;
    }
    if (!shown.current) void message.warning(refusal);
    close();
  }, [open, ready, refusal, close, message]);
  return { open: open && ready && refusal === null, show, close };
}

/** useRoutedEdit is the edit dialog of a basic-information page whose account has authState (undefined while loading): refused while verifying (99). */
export function useRoutedEdit(authState: number | undefined) {
  return useGuardedDialog('edit', authState !== undefined, authState === 99 ? refusals.editVerifying : null);
}

import { Modal, type ModalFuncProps } from 'antd';
import { useCallback, useRef } from 'react';

/**
 * useSingleFlight returns run(fn): fn runs unless the previous run has not finished, in which
 * case the call is dropped. A button's `loading` only takes effect after React re-renders, so a
 * double-click fired two requests before it (docs/decisions/usability.md, "A careful user's findings (behaviour items)": 领取 toasted twice, 新增人员 sent two);
 * the ref is set in the click itself.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback(async (fn: () => Promise<unknown>): Promise<void> => {
    if (busy.current) return;
    busy.current = true;
    try {
      await fn();
    } catch {
      // The caller's mutation or API client has shown the error.
    } finally {
      busy.current = false;
    }
  }, []);
}

/**
 * useConfirmOnce returns confirm(config): Modal.confirm, unless a confirmation it opened is
 * still open. A double-click on 提交审核结果 opened two confirmations and sent two decisions.
 */
export function useConfirmOnce() {
  const open = useRef(false);
  return useCallback((config: ModalFuncProps) => {
    if (open.current) return;
    open.current = true;
    Modal.confirm({
      ...config,
      afterClose: () => {
        open.current = false;
        config.afterClose?.();
      },
    });
  }, []);
}

import { ApiError } from '@/shared/api/http';
import { useMessage } from '@/shared/feedback/message';
import { accountText } from '@/shared/locales/account';
import { getCaParams } from '../api/getCaParams';

/**
 * useApplyCa returns what CA证书申请 does wherever it is offered (the side menu, the home's
 * 数字证书 section): the CA's application page in a new tab, or a word that none is configured.
 */
export function useApplyCa(): () => Promise<void> {
  const message = useMessage();
  return async () => {
    try {
      const address = await getCaParams();
      if (!address) {
        void message.info(accountText.menu.caLater);
        return;
      }
      window.open(address, '_blank', 'noopener');
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    }
  };
}

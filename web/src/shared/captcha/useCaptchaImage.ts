import { useCallback, useEffect, useState } from 'react';
import { AjNetworkError } from './api/aj';
import { getCaptcha, type CaptchaImage, type CaptchaType } from './api/getCaptcha';
import { clientUid } from './clientUid';
import { captchaText } from './strings';

/** CaptchaImageState is the captcha currently shown, or why none is. */
export interface CaptchaImageState {
  image: CaptchaImage | null;
  loading: boolean;
  /** repMsg of a refused get (6201 too many, 6202 locked …) or the network message; images are cleared then. */
  refusal: string | null;
  refresh: () => void;
}

interface Loaded {
  generation: number;
  image: CaptchaImage | null;
  refusal: string | null;
}

/** useCaptchaImage fetches a captcha of one type on mount and on refresh(). */
export function useCaptchaImage(type: CaptchaType): CaptchaImageState {
  const [generation, setGeneration] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ generation: -1, image: null, refusal: null });

  useEffect(() => {
    const ctl = new AbortController();
    getCaptcha(type, clientUid(type === 'blockPuzzle' ? 'slider' : 'point'), ctl.signal)
      .then((res) => {
        if (res.repCode === '0000' && res.repData) {
          setLoaded({ generation, image: res.repData, refusal: null });
        } else {
          // 01 §8: 6201 clears the images; any other refusal shows repMsg too.
          setLoaded({ generation, image: null, refusal: res.repMsg ?? captchaText.failed });
        }
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        const refusal = err instanceof AjNetworkError ? captchaText.networkError : captchaText.failed;
        setLoaded({ generation, image: null, refusal });
      });
    return () => ctl.abort();
  }, [type, generation]);

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  const loading = loaded.generation !== generation;
  // While a refresh loads, the old image stays until the new one arrives (no flicker).
  return { image: loaded.image, loading, refusal: loading ? null : loaded.refusal, refresh };
}

import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { GraphicCodeImage } from './api/getGraphicCode';
import styles from './captcha.module.css';
import { takeGraphicCode } from './earlyGraphicCode';
import { captchaText } from './strings';
import { Spinner } from '../light/Spinner';

/**
 * graphicCodeLifetimeSeconds is how long the server accepts a code (graphiccode.TTL,
 * internal/graphiccode; a Go test keeps the two equal).
 */
export const graphicCodeLifetimeSeconds = 120;

/**
 * renewBeforeMs: a code is replaced this long before the server would refuse it, time enough
 * for a sign-in sent at the last moment to arrive.
 */
const renewBeforeMs = 5_000;

/** GraphicCodeHandle lets a form load a new code, e.g. after a failed sign-in (01 §4 step 5). */
export interface GraphicCodeHandle {
  refresh: () => void;
}

export interface GraphicCodeProps {
  /** Told the id of every new code; the form sends it as codeId with the typed text. */
  onChange?: (codeId: string) => void;
  width?: number;
  height?: number;
  ref?: Ref<GraphicCodeHandle>;
}

/**
 * GraphicCode is the picture of a graphic code (POST /api/auth/verifycode); a click loads a new one.
 * A code is good for two minutes, and a page is often left open longer (the login page above
 * all): a code about to expire is replaced while the page is in view, and on coming back to a
 * page that was hidden past its time, so the user never types a code the server will refuse.
 * A hidden page asks for nothing.
 */
export function GraphicCode({ onChange, width = 120, height = 40, ref }: GraphicCodeProps) {
  // The code shown, and when it arrived (ms): it expires graphicCodeLifetimeSeconds later.
  const [code, setCode] = useState<(GraphicCodeImage & { shownAt: number }) | null>(null);
  // The generation whose code could not be had (offline, or too many asked for): a way to
  // try again shows in its place, not a spinner that never ends.
  const [failedGeneration, setFailedGeneration] = useState(-1);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  useImperativeHandle(ref, () => ({ refresh }), [refresh]);

  useEffect(() => {
    const ctl = new AbortController();
    // The first code may already be on its way (earlyGraphicCode.ts).
    takeGraphicCode(ctl.signal)
      .then((c) => {
        setCode({ ...c, shownAt: Date.now() });
        onChange?.(c.id);
      })
      .catch(() => {
        // The http client has told the user why (a toast); a click tries again.
        if (!ctl.signal.aborted) setFailedGeneration(generation);
      });
    return () => ctl.abort();
    // onChange is a callback prop: a new identity must not fetch a new code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  useEffect(() => {
    if (!code) return;
    const renewAt = code.shownAt + graphicCodeLifetimeSeconds * 1000 - renewBeforeMs;
    const renewIfDue = () => {
      if (document.visibilityState === 'visible' && Date.now() >= renewAt) refresh();
    };
    // A timer for the page in view; visibilitychange for one that was hidden (or frozen) past it.
    const timer = setTimeout(renewIfDue, Math.max(0, renewAt - Date.now()));
    document.addEventListener('visibilitychange', renewIfDue);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', renewIfDue);
    };
  }, [code, refresh]);

  // The picture is clicked for a new one, as users expect; the 换一张 button beside it is the way
  // that names itself (3.3.8, 4.1.2: a keyboard or screen-reader user finds it by its text). The
  // box keeps its test id and shape: the prerendered copy's server fills it (vite.config.ts).
  return (
    <span className={styles.graphicCodeGroup}>
      <span className={styles.graphicCode} style={{ width, height }} title={captchaText.graphicCodeTitle} onClick={refresh} data-testid="graphic-code">
        {failedGeneration === generation ? (
          // Also over an older picture: the one asked to replace it is spent or unreadable.
          <span className={styles.graphicCodeRetry}>{captchaText.graphicCodeRetry}</span>
        ) : code ? (
          // data-code-id names the code shown, so a test (and a support engineer) can
          // tell which of several codes on a page this picture is.
          <img src={code.codeimage} alt={captchaText.graphicCodeAlt} width={width} height={height} draggable={false} data-code-id={code.id} />
        ) : (
          <Spinner size="small" />
        )}
      </span>
      <button type="button" className={styles.graphicCodeSwap} onClick={refresh} aria-label={captchaText.graphicCodeRefreshLabel} data-testid="graphic-code-refresh">
        {captchaText.graphicCodeRefresh}
      </button>
    </span>
  );
}

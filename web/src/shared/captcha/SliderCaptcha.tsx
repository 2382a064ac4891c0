import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import styles from './captcha.module.css';
import { CaptchaFrame, type CaptchaBoardProps } from './CaptchaFrame';
import { checkAnswer } from './checkAnswer';
import { AJ_HEIGHT, AJ_WIDTH, imageSrc, PIECE_WIDTH, SLIDER_Y, verification, type CaptchaProps } from './protocol';
import { captchaText } from './strings';
import { useTimers } from './useTimers';

const HANDLE_WIDTH = 50;
/** 01 §4: success is emitted, and a failure refreshed, about 1 s later. */
const SETTLE_MS = 1000;
/**
 * Keyboard steps in CSS pixels (docs/decisions/accessibility.md, "The slider passes without dragging (WCAG 2.5.7, 2.1.1)"): an arrow
 * moves 2 px, finer than the server's ±5 image-pixel tolerance at any width the widget is shown
 * at, so every answer can be reached; PageUp/PageDown 20 px, Home/End to either end.
 */
const ARROW_STEP = 2;
const PAGE_STEP = 20;
/** A press and release on the handle that moved less than this is a tap (submit), not a drag. */
const TAP_SLOP = 3;

type Phase = 'idle' | 'dragging' | 'checking' | 'success' | 'fail';

/**
 * SliderCaptcha is the blockPuzzle widget (01 §2, §4): move the handle until the piece fills its
 * hole, by dragging it (mouse or touch; the release submits), or without dragging (WCAG 2.5.7):
 * with the keyboard (arrows, PageUp/PageDown, Home/End; Enter submits) or with single clicks or
 * taps on the track (the handle's centre goes there; a tap on the handle submits). The x, scaled
 * to the 310-wide image, is checked; 0000 shows 验证成功 with the seconds taken and emits success
 * about 1 s later; anything else shows 验证失败, emits error and loads a new image after 1 s.
 * However the handle got there, the answer is the same position the server checks.
 */
export function SliderCaptcha(props: CaptchaProps) {
  // Keyed by token: a new image starts over with the handle at 0.
  return <CaptchaFrame {...props} type="blockPuzzle" board={SliderBoard} />;
}

function SliderBoard({
  captcha,
  mode = 'pop',
  onClose,
  onSuccess,
  onError,
  width = AJ_WIDTH,
  focusOnMount,
}: CaptchaBoardProps) {
  const { image, loading, refusal, refresh } = captcha;
  const height = Math.round((width * AJ_HEIGHT) / AJ_WIDTH);
  const maxX = width - HANDLE_WIDTH;
  const [x, setX] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [tip, setTip] = useState<string | null>(null);
  const drag = useRef<{ startX: number; fromX: number; moved: boolean } | null>(null);
  // When the user first moved the handle, in any way: the seconds shown on success count from it.
  const startedAt = useRef<number | null>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const later = useTimers();
  const clamp = (v: number) => Math.min(maxX, Math.max(0, v));

  // The dialog's (or a new image's, after a failure from the keyboard) first control is the
  // handle: a keyboard user starts moving at once.
  useEffect(() => {
    if (focusOnMount) handleRef.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const moveTo = (v: number) => {
    startedAt.current ??= Date.now();
    setX(clamp(v));
  };

  const finish = useCallback(
    async (finalX: number) => {
      if (!image) return;
      setPhase('checking');
      const startTime = startedAt.current ?? Date.now();
      const pointJson = JSON.stringify({ x: (finalX * AJ_WIDTH) / width, y: SLIDER_Y });
      const passed = await checkAnswer('blockPuzzle', pointJson, image);
      if (passed) {
        const seconds = ((Date.now() - startTime) / 1000).toFixed(2);
        setPhase('success');
        setTip(captchaText.successIn(seconds));
        const captchaVerification = await verification(image.token, pointJson, image.secretKey);
        later(() => {
          onSuccess({ captchaVerification });
          if (mode === 'pop') onClose?.();
        }, SETTLE_MS);
      } else {
        setPhase('fail');
        setTip(captchaText.failed);
        onError?.();
        later(() => refresh({ refocus: handleRef.current === document.activeElement }), SETTLE_MS);
      }
    },
    [image, width, later, onSuccess, onClose, onError, mode, refresh],
  );

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (phase !== 'idle' || !image) return;
    const to: Record<string, number> = {
      ArrowRight: x + ARROW_STEP,
      ArrowUp: x + ARROW_STEP,
      ArrowLeft: x - ARROW_STEP,
      ArrowDown: x - ARROW_STEP,
      PageUp: x + PAGE_STEP,
      PageDown: x - PAGE_STEP,
      Home: 0,
      End: maxX,
    };
    if (e.key in to) {
      e.preventDefault();
      moveTo(to[e.key]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (x > 0) void finish(x);
    }
  };

  // A press on the track outside the handle puts the handle's centre there (no drag needed).
  const onTrackPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle' || !image || e.target !== e.currentTarget) return;
    e.preventDefault();
    const bar = e.currentTarget.getBoundingClientRect();
    moveTo(e.clientX - bar.left - HANDLE_WIDTH / 2);
    handleRef.current?.focus({ preventScroll: true });
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle' || !image) return;
    e.preventDefault();
    e.stopPropagation();
    handleRef.current?.focus({ preventScroll: true });
    drag.current = { startX: e.clientX, fromX: x, moved: false };
    setPhase('dragging');
    let last = x;
    const at = (clientX: number, d: { startX: number; fromX: number }) => clamp(d.fromX + clientX - d.startX);
    const move = (ev: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      if (Math.abs(ev.clientX - d.startX) >= TAP_SLOP) d.moved = true;
      if (!d.moved) return;
      startedAt.current ??= Date.now();
      last = at(ev.clientX, d);
      setX(last);
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      if (ev.type !== 'pointercancel' && (d.moved || Math.abs(ev.clientX - d.startX) >= TAP_SLOP)) last = at(ev.clientX, d);
      // A tap on a handle not yet moved submits nothing: there is no answer to give.
      if (last === 0) {
        setX(0);
        setPhase('idle');
        return;
      }
      setX(last);
      void finish(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const handleClass = [
    styles.handle,
    phase === 'dragging' || phase === 'checking' ? styles.handleActive : '',
    phase === 'success' ? styles.handleSuccess : '',
    phase === 'fail' ? styles.handleFail : '',
  ].join(' ');
  const trackClass = [styles.track, phase === 'success' ? styles.trackSuccess : '', phase === 'fail' ? styles.trackFail : ''].join(' ');

  return (
    <div className={styles.panel} style={{ width }} data-testid="slider-captcha">
      <div className={styles.image} style={{ width, height }}>
        {image ? (
          <>
            <img className={styles.background} src={imageSrc(image.originalImageBase64)} alt="" draggable={false} data-testid="captcha-background" />
            {image.jigsawImageBase64 ? (
              <img
                className={styles.piece}
                src={imageSrc(image.jigsawImageBase64)}
                alt=""
                draggable={false}
                style={{ left: x, width: (PIECE_WIDTH * width) / AJ_WIDTH }}
                data-testid="captcha-piece"
              />
            ) : null}
          </>
        ) : loading ? (
          <div className={styles.refusal}>
            <Spin />
          </div>
        ) : (
          <div className={styles.refusal} role="alert">
            {refusal}
          </div>
        )}
        {tip ? (
          <div className={`${styles.tip} ${phase === 'success' ? styles.tipSuccess : styles.tipFail}`} role="status">
            {tip}
          </div>
        ) : null}
        <button type="button" className={styles.refresh} onClick={() => refresh({ refocus: true })} aria-label={captchaText.refresh} title={captchaText.refresh}>
          <ReloadOutlined />
        </button>
      </div>
      <div className={styles.bar} style={{ width }} onPointerDown={onTrackPointerDown} data-testid="slider-track">
        <span aria-hidden="true">{captchaText.slide}</span>
        {x > 0 || phase !== 'idle' ? <div className={trackClass} style={{ width: x + HANDLE_WIDTH }} /> : null}
        <div
          ref={handleRef}
          className={handleClass}
          style={{ left: x }}
          role="slider"
          tabIndex={image && phase === 'idle' ? 0 : -1}
          aria-label={captchaText.sliderLabel}
          aria-describedby={hintId}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          aria-valuetext={captchaText.sliderValue(Math.round(x))}
          aria-disabled={!image || phase !== 'idle' || undefined}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
          data-testid="slider-handle"
        >
          {phase === 'success' ? <CheckOutlined /> : phase === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
      <p id={hintId} className={styles.hint}>
        {captchaText.sliderHint}
      </p>
    </div>
  );
}

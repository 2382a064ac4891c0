import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styles from './captcha.module.css';
import { CaptchaFrame, type CaptchaBoardProps } from './CaptchaFrame';
import { checkAnswer } from './checkAnswer';
import { AJ_HEIGHT, AJ_WIDTH, imageSrc, PIECE_WIDTH, SLIDER_Y, verification, type CaptchaProps } from './protocol';
import { captchaText } from './strings';
import { useTimers } from './useTimers';

const HANDLE_WIDTH = 50;
/** 01 §4: success is emitted, and a failure refreshed, about 1 s later. */
const SETTLE_MS = 1000;

type Phase = 'idle' | 'dragging' | 'checking' | 'success' | 'fail';

/**
 * SliderCaptcha is the blockPuzzle widget (01 §2, §4): drag the handle (mouse or touch) until the
 * piece fills its hole. On release the x, scaled to the 310-wide image, is checked; 0000 shows
 * 验证成功 with the seconds taken and emits success about 1 s later; anything else shows 验证失败,
 * emits error and loads a new image after 1 s.
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
}: CaptchaBoardProps) {
  const { image, loading, refusal, refresh } = captcha;
  const height = Math.round((width * AJ_HEIGHT) / AJ_WIDTH);
  const maxX = width - HANDLE_WIDTH;
  const [x, setX] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [tip, setTip] = useState<string | null>(null);
  const drag = useRef<{ startX: number; startTime: number } | null>(null);
  const later = useTimers();

  const finish = useCallback(
    async (finalX: number, startTime: number) => {
      if (!image) return;
      setPhase('checking');
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
        later(refresh, SETTLE_MS);
      }
    },
    [image, width, later, onSuccess, onClose, onError, mode, refresh],
  );

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle' || !image) return;
    e.preventDefault();
    drag.current = { startX: e.clientX, startTime: Date.now() };
    setPhase('dragging');
    let last = 0;
    const move = (ev: PointerEvent) => {
      if (!drag.current) return;
      last = Math.min(maxX, Math.max(0, ev.clientX - drag.current.startX));
      setX(last);
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      if (ev.type !== 'pointercancel') last = Math.min(maxX, Math.max(0, ev.clientX - d.startX));
      setX(last);
      void finish(last, d.startTime);
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
        <button type="button" className={styles.refresh} onClick={refresh} aria-label={captchaText.refresh} title={captchaText.refresh}>
          <ReloadOutlined />
        </button>
      </div>
      <div className={styles.bar} style={{ width }}>
        <span>{captchaText.slide}</span>
        {x > 0 || phase !== 'idle' ? <div className={trackClass} style={{ width: x + HANDLE_WIDTH }} /> : null}
        <div
          className={handleClass}
          style={{ left: x }}
          role="slider"
          aria-label={captchaText.slide}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          onPointerDown={onPointerDown}
          data-testid="slider-handle"
        >
          {phase === 'success' ? <CheckOutlined /> : phase === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
    </div>
  );
}

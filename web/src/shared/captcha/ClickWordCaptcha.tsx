import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useRef, useState, type MouseEvent } from 'react';
import styles from './captcha.module.css';
import { CaptchaFrame, type CaptchaBoardProps } from './CaptchaFrame';
import { checkAnswer } from './checkAnswer';
import { AJ_HEIGHT, AJ_WIDTH, imageSrc, verification, type CaptchaProps } from './protocol';
import { captchaText } from './strings';
import { useTimers } from './useTimers';

/** 01 §9: the check runs 400 ms after the third click; a failure refreshes after 700 ms; pop closes 1.5 s after success. */
const CHECK_DELAY_MS = 400;
const FAIL_REFRESH_MS = 700;
const POP_CLOSE_MS = 1500;
const CLICKS = 3;

type Phase = 'idle' | 'checking' | 'success' | 'fail';

interface Mark {
  /** Where the user clicked, in CSS pixels of the shown image. */
  left: number;
  top: number;
  /** The same point in the 310x155 image, as sent. */
  x: number;
  y: number;
}

/**
 * ClickWordCaptcha is the clickWord widget (01 §2, §4): 请依次点击【字,字,字】; each click is
 * marked with its number; 400 ms after the third the points (scaled to 310x155) are checked.
 */
export function ClickWordCaptcha(props: CaptchaProps) {
  // Keyed by token: a new image starts over without marks.
  return <CaptchaFrame {...props} type="clickWord" board={ClickWordBoard} />;
}

function ClickWordBoard({
  captcha,
  mode = 'pop',
  onClose,
  onSuccess,
  onError,
  width = AJ_WIDTH,
}: CaptchaBoardProps) {
  const { image, loading, refusal, refresh } = captcha;
  const height = Math.round((width * AJ_HEIGHT) / AJ_WIDTH);
  const [marks, setMarks] = useState<Mark[]>([]);
  const marksRef = useRef<Mark[]>([]);
  const [phase, setPhase] = useState<Phase>('idle');
  const later = useTimers();

  const check = async (points: Mark[]) => {
    if (!image) return;
    const pointJson = JSON.stringify(points.map(({ x, y }) => ({ x, y })));
    const passed = await checkAnswer('clickWord', pointJson, image);
    if (passed) {
      setPhase('success');
      onSuccess({ captchaVerification: await verification(image.token, pointJson, image.secretKey) });
      if (mode === 'pop') later(() => onClose?.(), POP_CLOSE_MS);
    } else {
      setPhase('fail');
      onError?.();
      later(() => refresh(), FAIL_REFRESH_MS);
    }
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    // The ref, not the rendered state: quick clicks can arrive before React re-renders,
    // and each must add to the clicks before it.
    if (!image || phase !== 'idle' || marksRef.current.length >= CLICKS) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const left = e.clientX - rect.left;
    const top = e.clientY - rect.top;
    const next = [
      ...marksRef.current,
      { left, top, x: Math.round((AJ_WIDTH * left) / width), y: Math.round((AJ_HEIGHT * top) / height) },
    ];
    marksRef.current = next;
    setMarks(next);
    if (next.length === CLICKS) {
      setPhase('checking');
      later(() => void check(next), CHECK_DELAY_MS);
    }
  };

  const barClass = [styles.bar, phase === 'success' ? styles.barSuccess : '', phase === 'fail' ? styles.barFail : ''].join(' ');
  const barText =
    phase === 'success'
      ? captchaText.success
      : phase === 'fail'
        ? captchaText.failed
        : image?.wordList
          ? captchaText.clickPrompt(image.wordList)
          : (refusal ?? captchaText.loading);

  return (
    <div className={styles.panel} style={{ width }} data-testid="clickword-captcha">
      <div className={`${styles.image} ${image ? styles.clickable : ''}`} style={{ width, height }} onClick={onClick} data-testid="clickword-image">
        {image ? (
          <img className={styles.background} src={imageSrc(image.originalImageBase64)} alt="" draggable={false} data-testid="captcha-background" />
        ) : loading ? (
          <div className={styles.refusal}>
            <Spin />
          </div>
        ) : (
          <div className={styles.refusal} role="alert">
            {refusal}
          </div>
        )}
        {marks.map((m, i) => (
          <span key={i} className={styles.marker} style={{ left: m.left, top: m.top }}>
            {i + 1}
          </span>
        ))}
      </div>
      <div className={barClass} style={{ width }}>
        <span role="status">{barText}</span>
        {/* In the bar, not on the picture: a character may be drawn in any corner. */}
        <button type="button" className={`${styles.refresh} ${styles.barRefresh}`} onClick={() => refresh({ refocus: true })} aria-label={captchaText.refresh} title={captchaText.refresh}>
          <ReloadOutlined />
        </button>
      </div>
    </div>
  );
}

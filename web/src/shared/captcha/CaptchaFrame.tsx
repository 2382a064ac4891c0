import { Modal } from 'antd';
import { useState, type ComponentType } from 'react';
import type { CaptchaType } from './api/getCaptcha';
import { AJ_WIDTH, type CaptchaProps } from './protocol';
import { captchaText } from './strings';
import { useCaptchaImage, type CaptchaImageState } from './useCaptchaImage';

/**
 * BoardCaptcha is the captcha a board shows; its refresh may ask that the next board take the
 * focus (the one in use, from the keyboard, is about to go with the old image).
 */
export type BoardCaptcha = Omit<CaptchaImageState, 'refresh'> & { refresh: (o?: { refocus?: boolean }) => void };

/**
 * CaptchaBoardProps are the props of a widget's board: the widget's own, the captcha shown, and
 * whether the board takes the focus when it mounts (in the dialog; after a refresh asked so).
 */
export type CaptchaBoardProps = CaptchaProps & { captcha: BoardCaptcha; focusOnMount?: boolean };

type FrameProps = CaptchaProps & { type: CaptchaType; board: ComponentType<CaptchaBoardProps> };

/**
 * CaptchaFrame is what both widgets share: the board inline ('embed') or in the dialog titled
 * 请完成安全验证 ('pop', shown while open), fed with a captcha image of the widget's type.
 */
export function CaptchaFrame(props: FrameProps) {
  const { mode = 'pop', open = false, onClose } = props;
  if (mode === 'embed') return <CaptchaPanel {...props} />;
  return (
    <Modal open={open} title={captchaText.title} footer={null} onCancel={onClose} destroyOnHidden width={(props.width ?? AJ_WIDTH) + 48} centered>
      <CaptchaPanel {...props} />
    </Modal>
  );
}

function CaptchaPanel({ type, board: Board, ...props }: FrameProps) {
  const { refresh, ...shown } = useCaptchaImage(type);
  // Whether the next image's board takes the focus (a failed answer asks it again).
  const [refocus, setRefocus] = useState(false);
  const captcha: BoardCaptcha = {
    ...shown,
    refresh: (o) => {
      setRefocus(Boolean(o?.refocus));
      refresh();
    },
  };
  // Keyed by token: a new image starts the board over.
  return <Board key={shown.image?.token ?? ''} captcha={captcha} focusOnMount={props.mode !== 'embed' || refocus} {...props} />;
}

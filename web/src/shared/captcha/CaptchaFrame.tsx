import { Modal } from 'antd';
import type { ComponentType } from 'react';
import type { CaptchaType } from './api/getCaptcha';
import { AJ_WIDTH, type CaptchaProps } from './protocol';
import { captchaText } from './strings';
import { useCaptchaImage, type CaptchaImageState } from './useCaptchaImage';

/** CaptchaBoardProps are the props of a widget's board: the widget's own and the captcha shown. */
export type CaptchaBoardProps = CaptchaProps & { captcha: CaptchaImageState };

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
  const captcha = useCaptchaImage(type);
  // Keyed by token: a new image starts the board over.
  return <Board key={captcha.image?.token ?? ''} captcha={captcha} {...props} />;
}

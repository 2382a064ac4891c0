import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http';
import { sendEmailCode } from '../api/sendEmailCode';
import { sendSms, type SmsScene } from '../api/sendSms';
import { zhCN } from '../locales/zh-CN';
import { useMessage } from '@/shared/feedback/message';

/** SMS_COOLDOWN_SECONDS is the wait between two sends (01 §4; the server enforces it too). */
export const SMS_COOLDOWN_SECONDS = 120;

/** GraphicCodeValue is the graphic code the form holds: one graphic code allows one send. */
export interface GraphicCodeValue {
  codeId: string;
  verificationCode: string;
}

export interface SmsButtonProps {
  /** The phone number (or, with channel "email", the e-mail address) to send to. */
  to: string;
  scene: SmsScene;
  channel?: 'sms' | 'email';
  /**
   * Returns the form's graphic code after validating the fields the send needs (phone,
   * graphic code), or null when they are invalid (the form shows why).
   */
  getGraphicCode: () => Promise<GraphicCodeValue | null> | GraphicCodeValue | null;
  /** Called with the code id (smsCodeId) after a successful send. */
  onSent?: (codeId: string) => void;
  /** Called after every attempt that used the graphic code: the form shows a new one. */
  onGraphicCodeUsed?: () => void;
  /** Called with a failed send's error (fields such as verificationCode may be set). */
  onError?: (err: ApiError) => void;
  disabled?: boolean;
  block?: boolean;
}

/**
 * SmsButton sends an SMS (or e-mail) code: idle text 发送短信码, then a 120-second
 * countdown showing N秒后可发送; a different phone number resets the countdown; a
 * success says 短信码已发送, a failure shows the server's message.
 */
export function SmsButton({ to, scene, channel = 'sms', getGraphicCode, onSent, onGraphicCodeUsed, onError, disabled, block }: SmsButtonProps) {
  const message = useMessage();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const sentTo = useRef<string | null>(null);
  const t = zhCN.sms;

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  // Changing the number to a different one resets the countdown (01 §4).
  useEffect(() => {
    if (sentTo.current !== null && sentTo.current !== to) {
      sentTo.current = null;
      setLeft(0);
    }
  }, [to]);

  async function send() {
    const gc = await getGraphicCode();
    if (!gc) return;
    setSending(true);
    try {
      const id =
        channel === 'email'
          ? await sendEmailCode({ email: to, scene, codeId: gc.codeId, verificationCode: gc.verificationCode })
          : await sendSms({ phone: to, scene, codeId: gc.codeId, verificationCode: gc.verificationCode });
      sentTo.current = to;
      setLeft(SMS_COOLDOWN_SECONDS);
      void message.success(channel === 'email' ? t.emailSent : t.sent);
      onSent?.(id);
    } catch (e) {
      if (e instanceof ApiError) {
        if (!e.handled) void message.error(e.msg);
        onError?.(e);
      }
    } finally {
      setSending(false);
      onGraphicCodeUsed?.();
    }
  }

  const idle = channel === 'email' ? t.sendEmail : t.send;
  return (
    <Button onClick={() => void send()} disabled={disabled || left > 0} loading={sending} block={block} data-testid="sms-button">
      {left > 0 ? t.countdown(left) : idle}
    </Button>
  );
}

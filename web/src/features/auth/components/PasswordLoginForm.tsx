import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { Captcha, GraphicCode, type GraphicCodeHandle } from '@/shared/captcha';
import { encryptPassword } from '@/shared/crypto/encryptPassword';
import { zhCN } from '@/shared/locales/zh-CN';
import { signIn, type SignInResponse } from '../api/signIn';
import styles from './login.module.css';
import { SpacelessInput } from '@/shared/components/SpacelessInput';

interface Values {
  userName: string;
  password: string;
  graphicCode: string;
}

const t = zhCN.login;
const strip = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.replace(/\s+/g, '');

/**
 * PasswordLoginForm is the 账号密码 tab (01 §2, §4, §5): validate, then the slider pop-up,
 * then the sign-in call. On failure the server's message is shown, the graphic code is
 * replaced and what the user typed stays.
 */
export function PasswordLoginForm({ onSignedIn }: { onSignedIn: (res: SignInResponse) => Promise<void> | void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [codeId, setCodeId] = useState('');
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const graphic = useRef<GraphicCodeHandle>(null);

  function newGraphicCode() {
    form.setFieldValue('graphicCode', '');
    graphic.current?.refresh();
  }

  async function submit(captcha: string) {
    const v = form.getFieldsValue();
    setPending(true);
    try {
      const pw = await encryptPassword(v.password);
      const res = await signIn({ userName: v.userName, password: pw.password, keyId: pw.keyId, codeId, graphicCode: v.graphicCode, captcha });
      await onSignedIn(res);
      // Still on this page (an authorize_uri sign-in refused for the real-name state): the
      // graphic code was used up by this sign-in, so the next try needs a new one.
      if (graphic.current) newGraphicCode();
    } catch (e) {
      if (e instanceof ApiError) {
        if (!e.handled) void message.error(e.msg);
        if (e.fields) {
          form.setFields(
            Object.entries(e.fields)
              .filter(([name]) => name === 'userName' || name === 'password' || name === 'graphicCode')
              .map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
          );
        }
      } else {
        void message.error(zhCN.http.networkError);
      }
      newGraphicCode();
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Form form={form} size="large" onFinish={() => setCaptchaOpen(true)} autoComplete="off" data-testid="login-form">
        <Form.Item name="userName" rules={[{ required: true, message: t.userName }]} getValueFromEvent={strip}>
          <Input prefix={<UserOutlined />} placeholder={t.userName} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t.password }, { max: 20, message: t.passwordTooLong }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t.password} autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <div className={styles.codeRow}>
            <Form.Item name="graphicCode" noStyle rules={[{ required: true, message: t.graphicCode }]} getValueFromEvent={strip}>
              <SpacelessInput prefix={<SafetyOutlined />} placeholder={t.graphicCode} maxLength={4} />
            </Form.Item>
            <GraphicCode ref={graphic} onChange={setCodeId} height={40} />
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
          {t.submit}
        </Button>
      </Form>
      <Captcha
        mode="pop"
        open={captchaOpen}
        onClose={() => setCaptchaOpen(false)}
        onSuccess={({ captchaVerification }) => {
          setCaptchaOpen(false);
          void submit(captchaVerification);
        }}
      />
    </>
  );
}

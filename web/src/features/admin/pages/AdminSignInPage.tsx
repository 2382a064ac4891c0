import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Spin, Tabs } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { ResponseData } from '@/shared/api/contract';
import { ApiError } from '@/shared/api/http';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { SliderCaptcha } from '@/shared/captcha/SliderCaptcha';
import { useCertificateSlots } from '@/shared/certificateSlots';
import { BackgroundFrame } from '@/shared/layout/BackgroundFrame';
import { signIn } from '../api/signIn';
import { getAdminToken, setAdminToken } from '../api/session';
import styles from '../components/admin.module.css';
import { adminText } from '../strings';
import { PlainParagraph, PlainTitle } from '@/shared/components/PlainTypography';
import { adminKeys } from '../api/queries';
import type { StaffStep } from '../components/StaffSignInSteps';

const StaffSignInSteps = lazy(() => import('../components/StaffSignInSteps'));

const t = adminText.signIn;

interface Values {
  userName: string;
  password: string;
  graphicCode: string;
}

/**
 * AdminSignInPage (#/admin) signs staff in: account, password (sent RSA-encrypted), graphic
 * code, then the slider captcha, as the portal's sign-in (docs/spec/DECISIONS.md). The staff token goes
 * to localStorage `adminToken`. The 数字证书 tab signs in with a certificate bound to the member
 * (the certificate feature fills the slot). A right password opens nothing by itself: the 动态口令 follows, or
 * for a member without one its enrolment (StaffSignInSteps; docs/decisions/second-factor.md, "Staff enrol at the
 * first sign-in"). The certificate sign-in is two factors in itself.
 */
export default function AdminSignInPage() {
  const [form] = Form.useForm<Values>();
  const graphic = useGraphicCode(() => form.setFieldValue('graphicCode', ''));
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<StaffStep | null>(null);
  const nav = useNavigate();
  const qc = useQueryClient();
  const certificate = useCertificateSlots();

  if (getAdminToken()) return <Navigate to="/admin/reviews" replace />;

  /** signedIn keeps the staff session of either sign-in (password or certificate) and opens the console. */
  const signedIn = (res: ResponseData<'/api/admin/login/cert', 'post'>) => {
    setStep(null);
    setAdminToken(res.accessToken);
    qc.setQueryData(adminKeys.me, res.staff);
    void nav(res.staff.role === 'administrator' ? '/admin/staff' : '/admin/reviews', { replace: true });
  };

  const submit = async (captcha: string) => {
    const v = form.getFieldsValue();
    setBusy(true);
    setError(null);
    try {
      const res = await signIn({ userName: v.userName.trim(), password: v.password, codeId: graphic.codeId, graphicCode: v.graphicCode, captcha });
      setStep('secondStep' in res ? { kind: 'second', ticket: res.secondStep } : { kind: 'enrol', ticket: res.enrolment });
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields) {
          form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name: (name === 'code' ? 'graphicCode' : name) as keyof Values, errors: [msg] })));
        }
        if (!e.handled) setError(e.msg);
      }
      // Each graphic code allows one try (01 §4 step 5).
      graphic.renew();
    } finally {
      setBusy(false);
    }
  };

  /** restart goes back to the password (what was typed stays), with a fresh graphic code. */
  const restart = (why?: string) => {
    setStep(null);
    setError(why ?? null);
    graphic.renew();
  };

  return (
    // The portal's own backdrop (as on the registration pages) under the portal header, with the
    // form boxed in a card in the middle, rather than a page-high block of its own.
    <BackgroundFrame>
      <Flex justify="center">
        <Panel className={styles.signInCard} title={<PlainTitle level={4} style={{ margin: 0 }}>{adminText.consoleTitle} · {step ? (step.kind === 'second' ? t.secondStepTitle : t.enrolTitle) : t.title}</PlainTitle>}>
          {step ? (
            <Suspense fallback={<Spin />}>
              <StaffSignInSteps step={step} onSignedIn={signedIn} onRestart={restart} />
            </Suspense>
          ) : (
            <>
              <PlainParagraph type="secondary">{t.hint}</PlainParagraph>
              {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="signin-error" />}
              <Tabs
                centered
                items={[
                  {
                    key: 'password',
                    label: t.byPassword,
                    children: (
                      <Form form={form} layout="vertical" onFinish={() => setCaptchaOpen(true)} requiredMark={false}>
                        <Form.Item name="userName" label={t.userName} rules={[{ required: true, whitespace: true, message: t.userNameRequired }]}>
                          <Input prefix={<UserOutlined />} placeholder={t.userNamePlaceholder} autoComplete="username" maxLength={16} />
                        </Form.Item>
                        <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.passwordRequired }]}>
                          <Input.Password prefix={<LockOutlined />} placeholder={t.passwordPlaceholder} autoComplete="current-password" maxLength={20} />
                        </Form.Item>
                        <Form.Item label={t.code} required>
                          <Flex gap={8}>
                            <Form.Item name="graphicCode" noStyle rules={[{ required: true, whitespace: true, message: t.codeRequired }]}>
                              <Input prefix={<SafetyOutlined />} placeholder={t.codePlaceholder} maxLength={4} />
                            </Form.Item>
                            <GraphicCode {...graphic.picture} />
                          </Flex>
                        </Form.Item>
                        <Button type="primary" htmlType="submit" block loading={busy}>
                          {t.submit}
                        </Button>
                      </Form>
                    ),
                  },
                  {
                    key: 'certificate',
                    label: t.byCertificate,
                    // antd renders a pane on first activation: the certificate code loads when the tab opens.
                    children: certificate ? (
                      <Suspense fallback={<Spin />}>
                        <certificate.StaffSignIn onSignedIn={signedIn} />
                      </Suspense>
                    ) : (
                      <PlainParagraph type="secondary">{t.certLater}</PlainParagraph>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Panel>
      </Flex>
      <SliderCaptcha
        open={captchaOpen}
        onClose={() => setCaptchaOpen(false)}
        onSuccess={({ captchaVerification }) => {
          setCaptchaOpen(false);
          void submit(captchaVerification);
        }}
      />
    </BackgroundFrame>
  );
}

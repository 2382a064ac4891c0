import { Button, Col, Row, Space } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { ClickWordCaptcha } from '@/shared/captcha/ClickWordCaptcha';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import type { CaptchaSuccess } from '@/shared/captcha/protocol';
import { SliderCaptcha } from '@/shared/captcha/SliderCaptcha';
import { useRuntimeConfig } from '@/shared/config';
import { PlainResult } from '@/shared/components/PlainResult';
import { PlainParagraph, PlainText, PlainTitle } from '@/shared/components/PlainTypography';

/** The page's own text: a development tool, not a page users see. */
const t = {
  title: '验证码演示（开发模式）',
  notDev: '此页面仅在开发模式（bidpass serve --dev）下可用。',
  slider: '滑块验证（嵌入）',
  clickWord: '文字点选（嵌入）',
  pop: '弹出式滑块验证',
  openPop: '打开弹出式验证',
  graphicCode: '图形验证码（点击刷新）',
  lastResult: '最近一次验证结果',
  none: '无',
};

/**
 * CaptchaDemoPage (#/dev/captcha) shows every captcha widget against the real server, so a
 * developer can try them and the end-to-end tests can drive them (web/e2e/captcha.spec.mjs).
 */
export default function CaptchaDemoPage() {
  const { dev } = useRuntimeConfig();
  const [popOpen, setPopOpen] = useState(false);
  const [last, setLast] = useState<{ kind: string; result: CaptchaSuccess } | null>(null);
  const [codeId, setCodeId] = useState('');
  if (!dev) {
    return (
      <Panel>
        <PlainResult status="info" title={t.title} subTitle={t.notDev} />
      </Panel>
    );
  }
  return (
    <Panel title={t.title}>
      <Row gutter={[32, 24]}>
        <Col>
          <PlainTitle level={5}>{t.slider}</PlainTitle>
          <SliderCaptcha mode="embed" onSuccess={(result) => setLast({ kind: 'blockPuzzle', result })} />
        </Col>
        <Col>
          <PlainTitle level={5}>{t.clickWord}</PlainTitle>
          <ClickWordCaptcha mode="embed" onSuccess={(result) => setLast({ kind: 'clickWord', result })} />
        </Col>
        <Col>
          <Space orientation="vertical">
            <PlainTitle level={5}>{t.pop}</PlainTitle>
            <Button onClick={() => setPopOpen(true)}>{t.openPop}</Button>
            <PlainTitle level={5}>{t.graphicCode}</PlainTitle>
            <Space>
              <GraphicCode onChange={setCodeId} />
              <PlainText type="secondary" data-testid="graphic-code-id">
                {codeId}
              </PlainText>
            </Space>
          </Space>
        </Col>
      </Row>
      <PlainParagraph style={{ marginTop: 24 }}>
        {t.lastResult}：
        <PlainText code data-testid="captcha-result" data-kind={last?.kind ?? ''}>
          {last ? `${last.kind} ${last.result.captchaVerification}` : t.none}
        </PlainText>
      </PlainParagraph>
      <SliderCaptcha
        mode="pop"
        open={popOpen}
        onClose={() => setPopOpen(false)}
        onSuccess={(result) => setLast({ kind: 'pop', result })}
      />
    </Panel>
  );
}

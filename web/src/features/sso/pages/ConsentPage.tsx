import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Space, Spin } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { PlainList, PlainListItem } from '@/shared/components/PlainList';
import { useSearchParams } from 'react-router';
import { ApiError, http } from '@/shared/api/http';
import { ssoText as t } from '@/shared/locales/sso';
import { PlainResult } from '@/shared/components/PlainResult';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { ssoQueries } from '../api/queries';

/**
 * ConsentPage is #/sso/consent?id=… (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): a system that is not first-party asks to sign the
 * user in; the user approves (on to the provider's callback, then the system) or refuses (back to the
 * system with access_denied). A client that requires real-name shows the refusal's message instead.
 */
export default function ConsentPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const pending = useQuery(ssoQueries.request(id));
  const answer = useMutation({
    mutationFn: (approve: boolean) => http.post<string>(`/api/sso/requests/${encodeURIComponent(id)}/consent`, { approve }),
    onSuccess: (next) => window.location.assign(next),
  });

  if (pending.isError || id === '') {
    const msg = pending.error instanceof ApiError ? pending.error.msg : undefined;
    return <PlainResult status="warning" title={t.failed} subTitle={msg} data-testid="sso-consent-error" />;
  }
  const req = pending.data;
  if (!req) {
    return <Spin tip={t.loading} data-testid="sso-consent-loading" />;
  }
  return (
    <Panel title={t.title} style={{ maxWidth: 520, margin: '48px auto' }} data-testid="sso-consent">
      <PlainParagraph strong>{t.asks(req.clientName)}</PlainParagraph>
      <PlainParagraph>{t.willGet}</PlainParagraph>
      <PlainList size="small" dataSource={req.scopes} rowKey={(s) => s} renderItem={(s) => <PlainListItem>{t.scopes[s] ?? s}</PlainListItem>} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={answer.isPending} onClick={() => answer.mutate(true)} data-testid="sso-approve">
          {t.approve}
        </Button>
        <Button disabled={answer.isPending} onClick={() => answer.mutate(false)} data-testid="sso-refuse">
          {t.refuse}
        </Button>
      </Space>
    </Panel>
  );
}

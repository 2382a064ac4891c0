import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Modal, Radio, Space, Switch, Table } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { toast } from '@/shared/feedback';
import { useConfirmOnce, useSingleFlight } from '@/shared/hooks/singleFlight';
import { addOidcClient, newOidcClientSecret, setOidcClientDisabled, updateOidcClient, type OidcClient, type OidcClientChange } from '../api/oidcClients';
import styles from './oidc.module.css';
import { oidcText as t } from '../oidcText';
import { PlainParagraph, PlainText } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { adminKeys, adminQueries } from '../api/queries';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';
import { adminText } from '../strings';

type Scope = NonNullable<OidcClientChange['scopes']>[number];
const scopes: Scope[] = ['openid', 'profile', 'email', 'phone', 'offline_access'];
const isScope = (s: string): s is Scope => (scopes as string[]).includes(s);

/** Values is the dialog's form: URIs are typed one per line. */
interface Values {
  clientId: string;
  name: string;
  public: boolean;
  firstParty: boolean;
  requireRealName: boolean;
  redirectUris: string;
  postLogoutUris: string;
  backchannelLogoutUri: string;
  scopes: Scope[];
  minAcr: OidcClient['minAcr'];
}

const lines = (s: string | undefined) =>
  (s ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** settingsOf turns the form into the API's settings (openid is always asked for). */
function settingsOf(v: Values): OidcClientChange {
  return {
    name: v.name.trim(),
    firstParty: v.firstParty,
    requireRealName: v.requireRealName,
    redirectUris: lines(v.redirectUris),
    postLogoutUris: lines(v.postLogoutUris),
    backchannelLogoutUri: (v.backchannelLogoutUri ?? '').trim(),
    scopes: ['openid', ...(v.scopes ?? []).filter((s) => s !== 'openid')],
    minAcr: v.minAcr ?? '',
  };
}

function valuesOf(c: OidcClient): Values {
  return {
    clientId: c.clientId,
    name: c.name,
    public: c.public,
    firstParty: c.firstParty,
    requireRealName: c.requireRealName,
    redirectUris: c.redirectUris.join('\n'),
    postLogoutUris: c.postLogoutUris.join('\n'),
    backchannelLogoutUri: c.backchannelLogoutUri,
    scopes: c.scopes.filter(isScope),
    minAcr: c.minAcr,
  };
}

const blank: Values = {
  clientId: '',
  name: '',
  public: false,
  // Off: a system is asked about (consent) unless the administrator says it is the platform's own.
  firstParty: false,
  requireRealName: false,
  redirectUris: '',
  postLogoutUris: '',
  backchannelLogoutUri: '',
  scopes: ['openid', 'profile'],
  minAcr: '',
};

/** SecretDialog shows a client's secret the one time the server gives it, with a copy button. */
function SecretDialog({ client, onClose }: { client: OidcClient | null; onClose: () => void }) {
  const secret = client?.clientSecret ?? '';
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t.secret.copied);
    } catch {
      toast.error(t.secret.copyFailed);
    }
  }
  return (
    <Modal
      open={client !== null}
      title={t.secret.title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width={600}
      footer={
        <Button type="primary" onClick={onClose} data-testid="oidc-secret-done">
          {t.secret.done}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t.secret.warning} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small" styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t.secret.clientId}>
          <PlainText code>{client?.clientId}</PlainText>
        </Descriptions.Item>
        <Descriptions.Item label={t.secret.secret}>
          <PlainText code style={{ wordBreak: 'break-all' }} data-testid="oidc-secret">
            {secret}
          </PlainText>
        </Descriptions.Item>
      </Descriptions>
      <Button icon={<CopyOutlined />} onClick={() => void copy()} style={{ marginTop: 16 }} data-testid="oidc-secret-copy">
        {t.secret.copy}
      </Button>
    </Modal>
  );
}

/**
 * OidcClientsPage (#/admin/oidc, administrators; docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)") lists the systems that sign users in
 * through bidpass's OpenID Connect provider and registers, edits, disables or enables them and
 * replaces a confidential client's secret. A secret is shown once, in SecretDialog; the server
 * keeps only its hash. Every change is in the action log.
 */
export default function OidcClientsPage() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<OidcClient | 'new' | null>(null);
  const [shown, setShown] = useState<OidcClient | null>(null);
  const [form] = Form.useForm<Values>();
  const isPublic = Form.useWatch('public', form);
  const list = useQuery(adminQueries.oidcClients());
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.oidcClients });
  const flight = useSingleFlight();
  const confirmOnce = useConfirmOnce();

  function open(c: OidcClient | 'new') {
    setEditing(c);
    form.setFieldsValue(c === 'new' ? blank : valuesOf(c));
  }

  const save = useMutation({
    mutationFn: ({ v, target }: { v: Values; target: OidcClient | 'new' }) =>
      target === 'new'
        ? addOidcClient({ ...settingsOf(v), clientId: v.clientId.trim(), public: v.public })
        : updateOidcClient(target.clientId, settingsOf(v)),
    onSuccess: (c, { target }) => {
      const added = target === 'new';
      setEditing(null);
      refresh();
      if (!added) toast.success(t.saved);
      else if (c.clientSecret) setShown(c);
      else toast.success(t.secret.publicDone);
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      if (e.fields) form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else if (e.status === 409) form.setFields([{ name: 'clientId', errors: [e.msg] }]);
      else if (!e.handled) toast.error(e.msg);
    },
  });
  const toggle = useMutation({
    mutationFn: (c: OidcClient) => setOidcClientDisabled(c.clientId, !c.disabled),
    onSuccess: (_, c) => {
      toast.success(c.disabled ? t.enableDone : t.disableDone);
      refresh();
    },
  });
  const rotate = useMutation({ mutationFn: (c: OidcClient) => newOidcClientSecret(c.clientId), onSuccess: setShown });

  return (
    <Panel
      title={t.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="oidc-add">
          {t.add}
        </Button>
      }
    >
      <PlainParagraph type="secondary">{t.intro}</PlainParagraph>
      <Table<OidcClient>
        caption={<VisuallyHidden>{adminText.captions.oidcClients}</VisuallyHidden>}
        rowKey="clientId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t.empty }}
        data-testid="oidc-table"
        columns={[
          { title: t.cols.name, dataIndex: 'name' },
          {
            title: t.cols.clientId,
            dataIndex: 'clientId',
            render: (id: string) => (
              <PlainText code className={styles.nowrap}>
                {id}
              </PlainText>
            ),
          },
          {
            title: t.cols.kind,
            dataIndex: 'public',
            className: styles.nowrap,
            render: (p: boolean) => (p ? <PlainTag>{t.kind.public}</PlainTag> : <PlainTag color="blue">{t.kind.confidential}</PlainTag>),
          },
          {
            title: t.cols.redirectUris,
            dataIndex: 'redirectUris',
            render: (us: string[]) => (
              <Space orientation="vertical" size={0}>
                {us.map((u) => (
                  <PlainText key={u} className={styles.uri}>
                    {u}
                  </PlainText>
                ))}
              </Space>
            ),
          },
          { title: t.cols.scopes, dataIndex: 'scopes', render: (s: string[]) => s.join(' ') },
          {
            title: t.cols.rules,
            key: 'rules',
            render: (_: unknown, c) => (
              <Space size={4} wrap>
                {c.firstParty && <PlainTag color="gold">{t.firstParty}</PlainTag>}
                {c.requireRealName && <PlainTag color="purple">{t.requireRealName}</PlainTag>}
                {c.minAcr !== '' && <PlainTag color="blue">{t.minAcr.tag[c.minAcr]}</PlainTag>}
              </Space>
            ),
          },
          {
            title: t.cols.state,
            dataIndex: 'disabled',
            className: styles.nowrap,
            render: (d: boolean) => (d ? <PlainTag color="red">{t.disabled}</PlainTag> : <PlainTag color="green">{t.enabled}</PlainTag>),
          },
          { title: t.cols.createdAt, dataIndex: 'createdAt', width: 110 },
          {
            title: t.cols.actions,
            key: 'a',
            className: styles.nowrap,
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(c)}>
                  {t.edit}
                </Button>
                {!c.public && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      confirmOnce({
                        title: t.confirmNewSecret(c.name),
                        okText: t.form.ok,
                        cancelText: t.form.cancel,
                        onOk: () => rotate.mutateAsync(c).catch(() => undefined),
                      })
                    }
                  >
                    {t.newSecret}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  danger={!c.disabled}
                  onClick={() =>
                    c.disabled
                      ? void toggle.mutateAsync(c).catch(() => undefined)
                      : confirmOnce({
                          title: t.confirmDisable(c.name),
                          okText: t.form.ok,
                          cancelText: t.form.cancel,
                          onOk: () => toggle.mutateAsync(c).catch(() => undefined),
                        })
                  }
                >
                  {c.disabled ? t.enable : t.disable}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t.add : t.edit}
        okText={t.form.ok}
        cancelText={t.form.cancel}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        width={640}
        forceRender
      >
        <Form form={form} layout="vertical" initialValues={blank} onFinish={(v) => editing && void flight(() => save.mutateAsync({ v, target: editing }).catch(() => undefined))}>
          <Form.Item
            name="clientId"
            label={t.form.clientId}
            extra={t.form.clientIdHelp}
            rules={[
              { required: true, message: t.form.clientIdRequired },
              { pattern: /^[a-z0-9][a-z0-9._-]{1,63}$/, message: t.form.clientIdRule },
            ]}
          >
            <Input disabled={editing !== 'new'} maxLength={64} data-testid="oidc-client-id" />
          </Form.Item>
          <Form.Item name="name" label={t.form.name} rules={[{ required: true, whitespace: true, message: t.form.nameRequired }, { max: 50, message: t.form.nameRequired }]}>
            <Input maxLength={50} data-testid="oidc-name" />
          </Form.Item>
          <Form.Item name="public" label={t.form.kind} extra={isPublic ? t.kindHelp.public : t.kindHelp.confidential}>
            <Radio.Group disabled={editing !== 'new'}>
              <Radio value={false}>{t.kind.confidential}</Radio>
              <Radio value={true}>{t.kind.public}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="redirectUris"
            label={t.form.redirectUris}
            extra={t.form.redirectUrisHelp}
            rules={[{ validator: (_, v?: string) => (lines(v).length > 0 ? Promise.resolve() : Promise.reject(new Error(t.form.redirectUrisRequired))) }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder="https://system.example.cn/login/oauth2/code/bidpass" data-testid="oidc-redirects" />
          </Form.Item>
          <Form.Item name="scopes" label={t.form.scopes}>
            <Checkbox.Group options={scopes.map((s) => ({ value: s, label: t.scope[s], disabled: s === 'openid' }))} className={styles.scopes} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="firstParty" label={t.firstParty} extra={t.firstPartyHelp} valuePropName="checked">
              <Switch data-testid="oidc-first-party" />
            </Form.Item>
            <Form.Item name="requireRealName" label={t.requireRealName} extra={t.requireRealNameHelp} valuePropName="checked">
              <Switch data-testid="oidc-realname" />
            </Form.Item>
          </Space>
          <Form.Item name="minAcr" label={t.minAcr.label} extra={t.minAcr.help}>
            <Radio.Group
              data-testid="oidc-min-acr"
              options={(['', 'urn:bidpass:acr:password', 'urn:bidpass:acr:mfa', 'urn:bidpass:acr:certificate'] as const).map((v) => ({ value: v, label: t.minAcr.option[v] }))}
            />
          </Form.Item>
          <Form.Item name="postLogoutUris" label={t.form.postLogoutUris} extra={t.form.postLogoutUrisHelp}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="backchannelLogoutUri" label={t.form.backchannelLogoutUri} extra={t.form.backchannelLogoutUriHelp}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
      <SecretDialog client={shown} onClose={() => setShown(null)} />
    </Panel>
  );
}

import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tabs, Upload } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import type { components } from '@/shared/api/schema';
import { ApiError } from '@/shared/api/http';
import { admissionText } from '@/shared/locales/admission';
import { addOrganisation, importOrganisations, updateOrganisation } from '../api/organisations';
import { validated } from '@/shared/hooks/validated';
import { useMessage } from '@/shared/feedback/message';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { adminKeys, adminQueries } from '../api/queries';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';
import { adminText } from '../strings';

const t = admissionText.orgs;
type Org = components['schemas']['Organisation'];
type Role = 2 | 3;
interface Node extends Org {
  children?: Node[];
}

/** treeOf nests the flat list (by id, parents first) for the table. */
function treeOf(list: Org[]): Node[] {
  const byId = new Map<number, Node>();
  const roots: Node[] = [];
  for (const o of list) byId.set(o.id, { ...o });
  for (const n of byId.values()) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** Editing is the name dialog: a new unit (under parent, or a root) or a rename. */
type Editing = { kind: 'add'; parent: Org | null } | { kind: 'rename'; org: Org };

/**
 * OrganisationsPage (#/admin/organisations, administrators) manages the units an admission
 * names: purchasers' superior units and agencies' recommending units, each a tree. Add (at the
 * root or under a unit), rename, disable or enable (a disabled unit and its subtree leave the
 * portal's cascader and check), and import a CSV. Every change is in the action log.
 */
export default function OrganisationsPage() {
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const qc = useQueryClient();
  const [role, setRole] = useState<Role>(2);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const list = useQuery(adminQueries.organisations(role));
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.organisations });

  function open(e: Editing) {
    setEditing(e);
    form.setFieldsValue({ name: e.kind === 'rename' ? e.org.name : '' });
  }

  async function save() {
    if (!editing) return;
    const v = await validated(form);
    if (!v) return;
    const { name } = v;
    setBusy(true);
    try {
      if (editing.kind === 'add') await addOrganisation(role, editing.parent?.id ?? null, name);
      else await updateOrganisation(editing.org.id, { name });
      void message.success('操作成功');
      setEditing(null);
      void refresh();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.name) form.setFields([{ name: 'name', errors: [e.fields.name] }]);
      else if (e instanceof ApiError && !e.handled) void message.error(e.msg);
    } finally {
      setBusy(false);
    }
  }

  function toggle(o: Org) {
    const run = async () => {
      try {
        await updateOrganisation(o.id, { disabled: !o.disabled });
        void refresh();
      } catch (e) {
        if (e instanceof ApiError && !e.handled) void message.error(e.msg);
      }
    };
    if (o.disabled) void run();
    else void modal.confirm({ title: t.disable, content: t.confirmDisable(o.name), onOk: run });
  }

  async function importFile(file: File) {
    try {
      const r = await importOrganisations(await file.text());
      void message.success(t.imported(r.added));
      void refresh();
    } catch (e) {
      if (e instanceof ApiError && !e.handled) void message.error(e.fields?.file ?? e.msg);
    }
  }

  return (
    <Panel
      title={t.menu}
      extra={
        <Space>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => { void importFile(f); return false; }}>
            <Button icon={<UploadOutlined />} data-testid="org-import">{t.import}</Button>
          </Upload>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'add', parent: null })} data-testid="org-add">
            {t.add}
          </Button>
        </Space>
      }
    >
      <PlainParagraph type="secondary">{t.importHint}</PlainParagraph>
      <Tabs activeKey={String(role)} onChange={(k) => setRole(Number(k) as Role)} items={[2, 3].map((r) => ({ key: String(r), label: t.tabs[r] }))} />
      <Table<Node>
        caption={<VisuallyHidden>{adminText.captions.organisations}</VisuallyHidden>}
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={treeOf(list.data ?? [])}
        pagination={false}
        locale={{ emptyText: t.empty }}
        expandable={{ defaultExpandAllRows: true }}
        columns={[
          { title: t.name, dataIndex: 'name' },
          {
            title: t.state,
            dataIndex: 'disabled',
            width: 100,
            render: (d: boolean) => (d ? <PlainTag>{t.disabled}</PlainTag> : <PlainTag color="success">{t.enabled}</PlainTag>),
          },
          {
            title: t.actions,
            width: 240,
            render: (_: unknown, o) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open({ kind: 'add', parent: o })}>{t.addChild}</Button>
                <Button type="link" size="small" onClick={() => open({ kind: 'rename', org: o })}>{t.rename}</Button>
                <Button type="link" size="small" danger={!o.disabled} onClick={() => toggle(o)}>{o.disabled ? t.enable : t.disable}</Button>
              </Space>
            ),
          },
        ]}
        data-testid="org-table"
      />
      <Modal
        open={editing !== null}
        title={editing?.kind === 'rename' ? t.rename : editing?.parent ? t.addChild : t.add}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={busy}
        destroyOnHidden
      >
        {editing?.kind === 'add' && editing.parent && <PlainParagraph>{t.parent(editing.parent.name)}</PlainParagraph>}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.nameRequired }]}>
            <Input maxLength={100} data-testid="org-name" />
          </Form.Item>
        </Form>
      </Modal>
      {modalHolder}
    </Panel>
  );
}

import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Space, Spin } from 'antd';
import ListedCascader from '@/shared/components/ListedCascader';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { admissionText as t } from '@/shared/locales/admission';
import { checkOrganisation, saveDraft, submitApplication, templateHref } from '../api/admission';
import { blocked, ROLES, type AdmissionDraft, type AdmissionForm as Values, type OrgNode, type Role } from '../api/types';
import { EvidenceUpload } from './EvidenceUpload';
import { useMessage } from '@/shared/feedback/message';
import { admissionQueries } from '../api/queries';

/** Check is the organisation check's state (02 §4): not yet run, valid (an id came back) or invalid. */
type Check = 'none' | 'ok' | 'bad';

interface FormValues {
  applyType?: Role;
  orgName?: string;
  path?: number[];
  evidence?: string;
}

/** findPath returns the ids from the root to the node with id, or null. */
function findPath(nodes: OrgNode[], id: number): number[] | null {
  for (const n of nodes) {
    if (n.id === id) return [n.id];
    const sub = findPath(n.children, id);
    if (sub) return [n.id, ...sub];
  }
  return null;
}

function nodeAt(nodes: OrgNode[], path: number[]): OrgNode | null {
  let level = nodes;
  let found: OrgNode | null = null;
  for (const id of path) {
    found = level.find((n) => n.id === id) ?? null;
    if (!found) return null;
    level = found.children;
  }
  return found;
}

/** FormProps are the form's, from its callers. */
interface FormProps {
  initialRole?: Role;
  /** The roles' states (GET /api/applyState) by role, when known. */
  states?: Partial<Record<Role, number>>;
  /** False hides 提交申请 (real-name not passed yet); the draft can still be saved. */
  canSubmit?: boolean;
  submitBlockedText?: string;
  onSubmitted?: () => void;
  onDraftSaved?: () => void;
  /** More buttons beside the form's own (e.g. 取消, 跳过). */
  extra?: React.ReactNode;
}

/**
 * AdmissionForm is the 入库申请 form (01 §4, 02 §2/§5): the role radio (changing it resets the
 * unit, the check and the cascader, and loads that role's draft); a supplier's unit is the
 * platform, forced; a purchaser types the superior unit's name and an agency the recommending
 * unit's full name, each checked on blur (校验成功 / 输入单位有误，请核实后重新输入！), or picks it
 * in the cascader; the evidence upload; the commitment templates; 保存草稿 and 提交申请. A role
 * under review or in the library is shown but cannot be submitted. Used by the account centre's
 * dialog and by the /completeInfo step (which may only save a draft until real-name passes).
 */
export function AdmissionForm(props: FormProps) {
  const [role, setRole] = useState<Role | undefined>(props.initialRole);
  const tree = useQuery(admissionQueries.organisations(role));
  const draft = useQuery(admissionQueries.draft(role));
  if (role !== undefined && (tree.isLoading || draft.isLoading)) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  // Each role is a form of its own, so changing it resets the unit, the check and the cascader.
  return <RoleForm key={role ?? 0} {...props} role={role} onRole={setRole} nodes={tree.data ?? []} draft={draft.data ?? null} />;
}

/** RoleForm is the form of one role, filled from the role's draft (or the platform for a supplier). */
function RoleForm({
  role,
  onRole,
  nodes,
  draft: d,
  states,
  canSubmit = true,
  submitBlockedText,
  onSubmitted,
  onDraftSaved,
  extra,
}: FormProps & { role: Role | undefined; onRole: (r: Role) => void; nodes: OrgNode[]; draft: AdmissionDraft | null }) {
  const message = useMessage();
  const platform = role === 1 ? (nodes[0] ?? null) : null;
  const saved = role !== 1 && d?.orgId ? d.orgId : null;
  const [form] = Form.useForm<FormValues>();
  const [orgId, setOrgId] = useState<number | null>(platform?.id ?? saved);
  const [check, setCheck] = useState<Check>(platform || saved ? 'ok' : 'none');
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const initial: FormValues = {
    applyType: role,
    orgName: platform?.name ?? (role !== 1 ? d?.orgName || undefined : undefined),
    path: saved ? (findPath(nodes, saved) ?? undefined) : undefined,
    evidence: d?.evidence || undefined,
  };
  const state = role ? states?.[role] : undefined;
  const isBlocked = blocked(state);

  async function runCheck() {
    if (!role || role === 1) return;
    const name = (form.getFieldValue('orgName') as string | undefined)?.trim();
    if (!name) return;
    try {
      const found = await checkOrganisation(role, name);
      const hit = found[0];
      if (hit) {
        setOrgId(hit.id);
        setCheck('ok');
        form.setFields([{ name: 'orgName', errors: [] }]);
        const p = findPath(nodes, hit.id);
        form.setFieldsValue({ path: p ?? undefined });
      } else {
        setOrgId(null);
        setCheck('bad');
        form.setFields([{ name: 'orgName', errors: [t.check.bad] }]);
      }
    } catch (e) {
      // A network failure has been shown by the client; a refused name goes under the field.
      const msg = e instanceof ApiError ? e.fields?.orgName : undefined;
      if (msg) form.setFields([{ name: 'orgName', errors: [msg] }]);
    }
  }

  function pick(path: number[] | undefined) {
    const n = path ? nodeAt(nodes, path) : null;
    if (!n) {
      setOrgId(null);
      setCheck('none');
      return;
    }
    form.setFieldsValue({ orgName: n.name });
    form.setFields([{ name: 'orgName', errors: [] }]);
    setOrgId(n.id);
    setCheck('ok');
  }

  function values(): Values {
    const v = form.getFieldsValue();
    return { applyType: role as Role, orgId, orgName: (v.orgName ?? '').trim(), evidence: v.evidence ?? '' };
  }

  function showError(e: unknown) {
    if (!(e instanceof ApiError)) throw e;
    if (e.fields) {
      const map: Record<string, string> = { applyType: 'applyType', orgName: 'orgName', orgId: 'path', evidence: 'evidence' };
      form.setFields(Object.entries(e.fields).map(([k, msg]) => ({ name: (map[k] ?? k) as keyof FormValues, errors: [msg] })));
    }
    if (!e.handled && !e.fields) setError(e.msg);
  }

  async function onSaveDraft() {
    if (!role) {
      form.setFields([{ name: 'applyType', errors: [t.rules.role] }]);
      return;
    }
    setBusy('draft');
    setError(null);
    try {
      await saveDraft(values());
      void message.success(t.draftSaved);
      onDraftSaved?.();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit() {
    setError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (role !== 1 && check !== 'ok') {
      form.setFields([{ name: check === 'bad' ? 'orgName' : 'path', errors: [check === 'bad' ? t.check.bad : t.rules.org] }]);
      return;
    }
    setBusy('submit');
    try {
      await submitApplication(values());
      void message.success(t.submitted);
      onSubmitted?.();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  }

  const nameLabel = role === 1 ? t.fields.platform : role === 3 ? t.fields.recommending : t.fields.superior;
  const href = role ? templateHref(role) : null;
  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="admission-form" requiredMark>
      <Form.Item name="applyType" label={t.fields.role} rules={[{ required: true, message: t.rules.role }]}>
        <Radio.Group onChange={(e) => onRole(e.target.value as Role)} data-testid="admission-role">
          {ROLES.map((r) => (
            <Radio key={r} value={r} data-testid={`admission-role-${r}`}>
              {t.roles[r]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {role && (
        <>
          <Alert type="info" showIcon title={t.roleHints[role]} style={{ marginBottom: 16 }} />
          {isBlocked && <Alert type="warning" showIcon title={t.blocked[state ?? 0]} style={{ marginBottom: 16 }} data-testid="admission-blocked" />}
          {!isBlocked && d?.fromRejected && <Alert type="warning" showIcon title={t.fromRejected} style={{ marginBottom: 16 }} data-testid="admission-from-rejected" />}
          <Form.Item
            name="orgName"
            label={nameLabel}
            rules={[{ required: true, whitespace: true, message: t.rules.orgName }]}
            // A failed check is the field's error (set where the check answers); only the
            // success needs a line of its own, or the failure showed twice.
            extra={
              role !== 1 && check === 'ok' ? (
                <span data-testid="admission-check" style={{ color: '#237804' }}>
                  <CheckCircleFilled /> {t.check.ok}
                </span>
              ) : null
            }
          >
            <Input
              maxLength={100}
              disabled={role === 1 || isBlocked}
              placeholder={role === 2 ? t.placeholders.superior : role === 3 ? t.placeholders.recommending : undefined}
              onChange={() => {
                setOrgId(null);
                setCheck('none');
              }}
              onBlur={() => void runCheck()}
              data-testid="admission-org-name"
            />
          </Form.Item>
          {role !== 1 && (
            <Form.Item name="path" label={t.fields.cascader}>
              <ListedCascader
                options={nodes}
                fieldNames={{ label: 'name', value: 'id', children: 'children' }}
                changeOnSelect
                disabled={isBlocked}
                placeholder={t.placeholders.cascader}
                onChange={(p) => pick(p)}
                data-testid="admission-cascader"
              />
            </Form.Item>
          )}
          <Form.Item name="evidence" label={t.fields.evidence} rules={[{ required: true, message: t.rules.evidence }]}>
            <EvidenceUpload fileName={d?.fileinfo?.fname} disabled={isBlocked} />
          </Form.Item>
          {href && (
            <p>
              <a href={href} download data-testid="admission-template">
                {t.templates[role]}
              </a>
            </p>
          )}
        </>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="admission-error" />}
      {!canSubmit && submitBlockedText && <Alert type="warning" showIcon title={submitBlockedText} style={{ marginBottom: 16 }} />}
      <Space>
        {extra}
        {!isBlocked && (
          <Button onClick={() => void onSaveDraft()} loading={busy === 'draft'} data-testid="admission-save-draft">
            {t.saveDraft}
          </Button>
        )}
        {!isBlocked && canSubmit && (
          <Button type="primary" onClick={() => void onSubmit()} loading={busy === 'submit'} data-testid="admission-submit">
            {t.submit}
          </Button>
        )}
      </Space>
    </Form>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Space, Table } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { dayjs } from '@/shared/dates';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { toast } from '@/shared/feedback';
import { useConfirmOnce, useSingleFlight } from '@/shared/hooks/singleFlight';
import { createStaff, type NewStaffForm } from '../api/createStaff';
import { resetStaffFactor } from '../api/resetStaffFactor';
import { resetStaffPassword } from '../api/resetStaffPassword';
import { setStaffDisabled } from '../api/setStaffDisabled';
import type { StaffListItem, StaffMember } from '@/shared/api/types';
import { useStaff } from '../components/AdminLayout';
import { StaffCertificateModal } from '../components/StaffCertificateModal';
import { staffName } from '../components/staffName';
import { usePaging } from '../components/usePaging';
import { adminText } from '../strings';
import { ACCOUNT_RE } from '@/shared/identity/rules';
import { passwordOk } from '@/shared/identity/password';
import { PlainTag } from '@/shared/components/PlainTag';
import { adminKeys, adminQueries } from '../api/queries';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';

const t = adminText.staff;

// Staff passwords follow the enterprise rule (13–20, 3 kinds).
const passwordRule = { validator: (_: unknown, v?: string) => (v && passwordOk(v, true) ? Promise.resolve() : Promise.reject(new Error(t.passwordRule))) };

function applyFields<T>(form: ReturnType<typeof Form.useForm<T>>[0], e: unknown) {
  if (e instanceof ApiError && e.fields) {
    form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name: name as never, errors: [msg] })));
  } else if (e instanceof ApiError && !e.handled) {
    toast.error(e.msg);
  }
}

/**
 * StaffPage (#/admin/staff, administrators) adds, disables, enables and resets reviewers and administrators: their
 * password, and their 动态口令 when a phone is lost (docs/decisions/second-factor.md, "Staff must have a factor").
 */
export default function StaffPage() {
  const me = useStaff().data;
  const qc = useQueryClient();
  const { page, pageSize, pagination } = usePaging(10);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [certOf, setCertOf] = useState<StaffMember | null>(null);
  const [addForm] = Form.useForm<NewStaffForm>();
  const [resetForm] = Form.useForm<{ password: string }>();
  const list = useQuery(adminQueries.staff(page, pageSize));
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.staff });
  const add = useMutation({
    mutationFn: createStaff,
    onSuccess: () => {
      toast.success('新增成功');
      setAdding(false);
      addForm.resetFields();
      refresh();
    },
    onError: (e) => applyFields(addForm, e),
  });
  const toggle = useMutation({
    mutationFn: (s: StaffMember) => setStaffDisabled(s.id, !s.disabled),
    // Say what happened: the row's tag alone changed without a word (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
    onSuccess: (_, s) => {
      toast.success(s.disabled ? t.enableDone : t.disableDone);
      refresh();
    },
  });
  const factorReset = useMutation({
    mutationFn: (s: StaffMember) => resetStaffFactor(s.id),
    onSuccess: () => {
      toast.success(t.factorResetDone);
      refresh();
    },
  });
  const flight = useSingleFlight();
  const confirmOnce = useConfirmOnce();
  const reset = useMutation({
    mutationFn: (v: { id: number; password: string }) => resetStaffPassword(v.id, v.password),
    onSuccess: () => {
      toast.success('密码已重置');
      setResetting(null);
      resetForm.resetFields();
    },
    onError: (e) => applyFields(resetForm, e),
  });

  return (
    <Panel
      title={t.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t.add}
        </Button>
      }
    >
      <Table<StaffListItem>
        caption={<VisuallyHidden>{adminText.captions.staff}</VisuallyHidden>}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={pagination(list.data?.total ?? 0)}
        columns={[
          { title: t.account, dataIndex: 'account' },
          { title: t.displayName, key: 'displayName', render: (_: unknown, s: StaffMember) => staffName(s) },
          { title: t.role, dataIndex: 'role', render: (r: string) => <PlainTag color={r === 'administrator' ? 'gold' : 'blue'}>{adminText.role[r]}</PlainTag> },
          { title: t.state, dataIndex: 'disabled', render: (d: boolean) => (d ? <PlainTag color="red">{t.disabled}</PlainTag> : <PlainTag color="green">{t.enabled}</PlainTag>) },
          {
            title: t.factor,
            dataIndex: 'secondFactor',
            render: (on: boolean, s: StaffListItem) => (
              <PlainTag color={on ? 'green' : 'orange'} data-testid={`staff-factor-${s.account}`}>
                {on ? t.factorOn : t.factorOff}
              </PlainTag>
            ),
          },
          { title: t.createdAt, dataIndex: 'createdAt', render: (s: string) => dayjs(s).format('YYYY-MM-DD HH:mm') },
          {
            title: t.actions,
            key: 'a',
            render: (_, s) => {
              // The certificate is every member's, the administrator's own included.
              const certificate = (
                <Button size="small" onClick={() => setCertOf(s)} data-testid={`staff-cert-open-${s.account}`}>
                  {t.certificate}
                </Button>
              );
              return s.id === me?.id ? (
                certificate
              ) : (
                <Space>
                  <Button
                    size="small"
                    danger={!s.disabled}
                    onClick={() =>
                      confirmOnce({
                        title: s.disabled ? t.confirmEnable(s.account) : t.confirmDisable(s.account),
                        okText: t.ok,
                        cancelText: t.cancel,
                        onOk: () => toggle.mutateAsync(s).catch(() => undefined),
                      })
                    }
                  >
                    {s.disabled ? t.enable : t.disable}
                  </Button>
                  <Button size="small" onClick={() => setResetting(s)}>
                    {t.reset}
                  </Button>
                  {s.secondFactor && (
                    <Button
                      size="small"
                      data-testid={`staff-factor-reset-${s.account}`}
                      onClick={() =>
                        confirmOnce({
                          title: t.confirmFactorReset(s.account),
                          okText: t.ok,
                          cancelText: t.cancel,
                          onOk: () => factorReset.mutateAsync(s).catch(() => undefined),
                        })
                      }
                    >
                      {t.factorReset}
                    </Button>
                  )}
                  {certificate}
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={adding}
        title={t.add}
        okText={t.ok}
        cancelText={t.cancel}
        confirmLoading={add.isPending}
        onOk={() => addForm.submit()}
        onCancel={() => setAdding(false)}
        forceRender
      >
        <Form form={addForm} layout="vertical" initialValues={{ role: 'reviewer' }} onFinish={(v) => void flight(() => add.mutateAsync(v))}>
          <Form.Item name="account" label={t.account} rules={[{ required: true, message: t.accountRequired }, { pattern: ACCOUNT_RE, message: t.accountRule }]}>
            <Input placeholder={t.accountPlaceholder} maxLength={16} />
          </Form.Item>
          <Form.Item name="displayName" label={t.displayName} rules={[{ max: 30, message: '姓名不能超过30个字' }]}>
            <Input placeholder={t.displayNamePlaceholder} maxLength={30} />
          </Form.Item>
          <Form.Item name="role" label={t.role} rules={[{ required: true, message: t.roleRequired }]}>
            <Select options={['reviewer', 'administrator'].map((r) => ({ value: r, label: adminText.role[r] }))} />
          </Form.Item>
          <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.passwordRequired }, passwordRule]} extra={t.passwordRule}>
            <Input.Password autoComplete="new-password" maxLength={20} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={resetting !== null}
        title={resetting ? t.resetTitle(resetting.account) : ''}
        okText={t.ok}
        cancelText={t.cancel}
        confirmLoading={reset.isPending}
        onOk={() => resetForm.submit()}
        onCancel={() => setResetting(null)}
        forceRender
      >
        <Form form={resetForm} layout="vertical" onFinish={(v) => resetting && void flight(() => reset.mutateAsync({ id: resetting.id, password: v.password }))}>
          <Flex vertical>
            <Form.Item name="password" label={t.newPassword} rules={[{ required: true, message: t.passwordRequired }, passwordRule]} extra={t.passwordRule}>
              <Input.Password autoComplete="new-password" maxLength={20} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
      {certOf && <StaffCertificateModal member={certOf} onClose={() => setCertOf(null)} />}
    </Panel>
  );
}

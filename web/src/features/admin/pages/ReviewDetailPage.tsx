import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Descriptions, Empty, Form, Input, Radio, Row, Space, Table, Upload } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { dayjs } from '@/shared/dates';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/http';
import { toast } from '@/shared/feedback';
import { useConfirmOnce, useSingleFlight } from '@/shared/hooks/singleFlight';
import { claimReview } from '../api/claimReview';
import { decideReview, type DecisionForm } from '../api/decideReview';
import type { FileRef, RealNameRow, ReviewDetail } from '@/shared/api/types';
import { uploadAttachment } from '../api/uploadAttachment';
import { AdmissionCard } from '../components/AdmissionCard';
import { AuditTable } from '../components/AuditTable';
import { ChangeTable } from '../components/ChangeTable';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';
import { StaffImage } from '../components/StaffImage';
import styles from '../components/admin.module.css';
import { adminText as t } from '../strings';
import { PlainParagraph } from '@/shared/components/PlainTypography';
import { PlainTag } from '@/shared/components/PlainTag';
import { DecisionTag } from '../components/DecisionTag';
import { adminKeys, adminQueries } from '../api/queries';

/** shown is a row's value by its name from the server (居民身份证, not 1), or as it is. */
function shown(v: string, name?: string): string {
  return name || v || '—';
}

/** RealNameCompare shows a real-name item: what was submitted beside what is current, then the photos. */
function RealNameCompare({ d }: { d: ReviewDetail }) {
  const rows = d.fields ?? [];
  return (
    <>
      <Panel title={t.detail.compare}>
        <Table<RealNameRow>
          caption={<VisuallyHidden>{t.captions.compare}</VisuallyHidden>}
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows.filter((r) => r.kind !== 'photo')}
          rowClassName={(r) => (r.submitted !== r.current ? styles.diff ?? '' : '')}
          columns={[
            { title: t.detail.field, dataIndex: 'label', width: 140 },
            { title: t.detail.submitted, dataIndex: 'submitted', render: (v: string, r) => shown(v, r.submittedName) },
            { title: t.detail.current, dataIndex: 'current', render: (v: string, r) => shown(v, r.currentName) },
          ]}
        />
      </Panel>
      <Panel title={t.detail.photos} style={{ marginTop: 16 }}>
        {rows.some((r) => r.kind === 'photo' && (r.submitted || r.current)) ? (
          <Table<RealNameRow>
            caption={<VisuallyHidden>{t.captions.photos}</VisuallyHidden>}
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={rows.filter((r) => r.kind === 'photo' && (r.submitted || r.current))}
            columns={[
              { title: t.detail.field, dataIndex: 'label', width: 140 },
              {
                title: t.detail.submitted,
                dataIndex: 'submitted',
                render: (v: string, r) => (v ? <div className={styles.photoBox}><StaffImage id={v} alt={r.label} /></div> : t.detail.noPhoto),
              },
              {
                title: t.detail.current,
                dataIndex: 'current',
                render: (v: string, r) =>
                  v ? (
                    v === r.submitted ? '同提交内容' : <div className={styles.photoBox}><StaffImage id={v} alt={`${r.label}（当前）`} /></div>
                  ) : (
                    t.detail.noPhoto
                  ),
              },
            ]}
          />
        ) : (
          <Empty description={t.detail.noPhoto} />
        )}
      </Panel>
    </>
  );
}

/**
 * ReviewDetailPage (#/admin/reviews/:id): a real-name item as what was submitted beside what is
 * current, a change item as its changed fields only (ChangeTable); photos at full size through
 * the logged staff download, the account's history, and the decision form (PASS / NOT_PASS with
 * a remark, required for NOT_PASS, and attachments).
 */
export default function ReviewDetailPage() {
  const id = Number(useParams().id);
  const nav = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ action: DecisionForm['action']; remark: string }>();
  const [files, setFiles] = useState<FileRef[]>([]);
  const [uploading, setUploading] = useState(false);
  const q = useQuery(adminQueries.review(id));
  const confirmOnce = useConfirmOnce();
  const flight = useSingleFlight();
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.all });
  const claim = useMutation({ mutationFn: () => claimReview(id), onSuccess: () => (toast.success('领取成功'), refresh()), onError: refresh });
  const decide = useMutation({
    mutationFn: (d: DecisionForm) => decideReview(id, d),
    onSuccess: () => {
      toast.success('审核完成');
      refresh();
    },
    onError: (e) => {
      if (e instanceof ApiError) {
        if (e.fields) form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name: name as 'remark', errors: [msg] })));
        else toast.error(e.msg);
      }
      refresh();
    },
  });

  if (!q.data) return <Panel loading />;
  const d = q.data;
  const it = d.item;
  const mine = it.state === 'claimed' && it.claimedByMe;
  const open = it.state === 'pending' || mine;

  const submit = (v: { action: DecisionForm['action']; remark?: string }) => {
    confirmOnce({
      title: v.action === 'PASS' ? t.detail.confirmPass : t.detail.confirmNotPass,
      okText: t.staff.ok,
      cancelText: t.staff.cancel,
      onOk: () => decide.mutateAsync({ action: v.action, remark: v.remark ?? '', files: files.map((f) => f.id) }).catch(() => undefined),
    });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Panel
        title={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void nav(-1)}>
              {t.detail.back}
            </Button>
            <span>{t.detail.title(it.id)}</span>
            <PlainTag color="blue">
              {t.subject[it.subject]}
              {t.kind[it.kind]}
            </PlainTag>
            {it.state === 'decided' ? <DecisionTag decision={it.decision} data-testid="item-state" /> : <PlainTag data-testid="item-state">{t.state[it.state]}</PlainTag>}
          </Space>
        }
      >
        <Descriptions size="small" column={3} title={t.detail.accountInfo}>
          <Descriptions.Item label={t.detail.account}>{d.account.account}</Descriptions.Item>
          <Descriptions.Item label={t.detail.accountType}>{t.accountType[d.account.type]}</Descriptions.Item>
          <Descriptions.Item label={t.detail.phone}>{d.account.phone}</Descriptions.Item>
          <Descriptions.Item label={t.detail.authState}>{t.authState[d.account.authState]}</Descriptions.Item>
          <Descriptions.Item label={t.queue.submittedAt}>{dayjs(it.submittedAt).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          <Descriptions.Item label={t.queue.waiting}>{t.waiting(it.waitingSeconds)}</Descriptions.Item>
        </Descriptions>
      </Panel>

      <Row gutter={16}>
        <Col span={16}>
          {it.kind === 'change' ? (
            <Panel title={d.changes?.some((c) => c.kind === 'photo') ? t.detail.changesWithPhotos : t.detail.changes}>
              <ChangeTable changes={d.changes ?? []} waiting={it.state === 'pending' || it.state === 'claimed'} />
            </Panel>
          ) : it.kind === 'admission' ? (
            <AdmissionCard payload={d.item.payload ?? {}} />
          ) : (
            <RealNameCompare d={d} />
          )}
        </Col>
        <Col span={8}>
          <Panel title={t.detail.decide}>
            {it.state === 'decided' ? (
              <Alert type="info" showIcon message={t.detail.decided} />
            ) : it.state === 'revoked' ? (
              <Alert type="warning" showIcon message={t.detail.revoked} />
            ) : it.state === 'claimed' && !mine ? (
              <Alert type="warning" showIcon message={t.detail.claimedByOther(it.claimedBy ?? '')} />
            ) : null}
            {it.state === 'pending' && (
              <Alert
                type="info"
                showIcon
                message={t.detail.claimFirst}
                action={
                  <Button type="primary" size="small" loading={claim.isPending} onClick={() => void flight(() => claim.mutateAsync())}>
                    {t.queue.claim}
                  </Button>
                }
                style={{ marginBottom: 12 }}
              />
            )}
            {mine && it.claimExpiresAt && (
              <PlainParagraph type="secondary">{t.detail.claimExpires(dayjs(it.claimExpiresAt).format('HH:mm'))}</PlainParagraph>
            )}
            {open && (
              <Form form={form} layout="vertical" onFinish={submit} disabled={!mine} requiredMark>
                <Form.Item name="action" label={t.detail.action} rules={[{ required: true, message: t.detail.actionRequired }]}>
                  <Radio.Group
                    options={[
                      { value: 'PASS', label: t.decision.PASS },
                      { value: 'NOT_PASS', label: t.decision.NOT_PASS },
                    ]}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={['action']}>
                  {() => (
                    <Form.Item
                      name="remark"
                      label={t.detail.remark}
                      rules={[
                        { required: form.getFieldValue('action') === 'NOT_PASS', whitespace: true, message: t.detail.remarkRequired },
                        { max: 500, message: '审核意见不能超过500个字' },
                      ]}
                    >
                      <Input.TextArea rows={4} placeholder={t.detail.remarkPlaceholder} showCount maxLength={500} />
                    </Form.Item>
                  )}
                </Form.Item>
                <Form.Item label={t.detail.attachments}>
                  <Upload
                    fileList={files.map((f) => ({ uid: f.id, name: f.name, status: 'done' as const }))}
                    onRemove={(f) => setFiles((fs) => fs.filter((x) => x.id !== f.uid))}
                    beforeUpload={(file) => {
                      setUploading(true);
                      uploadAttachment(file)
                        .then((ref) => setFiles((fs) => [...fs, ref]))
                        .catch(() => undefined)
                        .finally(() => setUploading(false));
                      return false;
                    }}
                    maxCount={5}
                    accept=".pdf,.rar,.zip,.png,.jpg,.jpeg,.doc,.docx"
                  >
                    <Button icon={<UploadOutlined />} loading={uploading} disabled={!mine || files.length >= 5}>
                      {t.detail.upload}
                    </Button>
                  </Upload>
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={decide.isPending}>
                  {t.detail.submit}
                </Button>
              </Form>
            )}
          </Panel>
        </Col>
      </Row>

      {/* Full width, not in the side column: its five columns (结果 among them) scrolled there. */}
      <Panel title={t.detail.decisions}>
        <AuditTable rows={d.decisions} />
      </Panel>

      <Panel title={t.detail.history}>
        {d.history.length === 0 ? (
          <Empty description={t.detail.noHistory} />
        ) : (
          <Table
            caption={<VisuallyHidden>{t.captions.history}</VisuallyHidden>}
            rowKey={(r) => r.item.id}
            size="small"
            pagination={false}
            dataSource={d.history}
            // The expand buttons' column has a header too (1.3.1), read only by screen readers.
            expandable={{ expandedRowRender: (r) => <AuditTable rows={r.decisions} />, columnTitle: <VisuallyHidden>{t.captions.expand}</VisuallyHidden> }}
            columns={[
              { title: t.queue.id, render: (_, r) => r.item.id, width: 80 },
              { title: t.queue.kind, render: (_, r) => t.kind[r.item.kind], width: 100 },
              { title: t.queue.submittedAt, render: (_, r) => dayjs(r.item.submittedAt).format('YYYY-MM-DD HH:mm'), width: 160 },
              {
                title: t.queue.state,
                render: (_, r) =>
                  r.item.state === 'decided' ? (
                    <DecisionTag decision={r.item.decision} />
                  ) : (
                    <PlainTag>{t.state[r.item.state]}</PlainTag>
                  ),
                width: 100,
              },
              { title: t.detail.remark, render: (_, r) => r.item.remark ?? '' },
            ]}
          />
        )}
      </Panel>
    </Space>
  );
}

import { Button, Empty, Form, Modal, Popconfirm, Steps, Table } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/shared/api/http';
import { operatorText } from '@/shared/locales/operators';
import { apply } from '../api/apply';
import { invite } from '../api/invite';
import { searchParty } from '../api/searchParty';
import type { OperatorCandidate, Period, SearchForm, Side } from '../api/types';
import { PeriodDialog } from './PeriodDialog';
import { TrustTag } from './StateTag';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { useMessage } from '@/shared/feedback/message';
import { PlainParagraph } from '@/shared/components/PlainTypography';

/** stripSpaces is the search form's input rule (02 §5: spaces are stripped). */
const stripSpaces = (e: { target: { value: string } }) => e.target.value.replace(/\s/g, '');

/**
 * AddDialog is the 2-step add dialog (02 §2): step 1 searches by the exact triple (account,
 * name, certificate number / credit code), step 2 lists the result with 选择. An enterprise
 * then sets the authorised period and invites; a person confirms and applies. What the search
 * typed stays when going back.
 */
export function AddDialog({ side, open, onClose, onDone }: { side: Side; open: boolean; onClose: () => void; onDone: () => void }) {
  const t = operatorText.search;
  const [form] = Form.useForm<SearchForm>();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<OperatorCandidate[]>([]);
  const [chosen, setChosen] = useState<OperatorCandidate | null>(null);
  const message = useMessage();

  async function search() {
    // A form that fails its rules shows the messages itself.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      setResults(await searchParty(side, values));
      setStep(1);
    } catch (e) {
      if (e instanceof ApiError && !e.handled) {
        const fields = Object.entries(e.fields ?? {}).map(([k, v]) => ({ name: k === 'creditCode' ? 'certNum' : k, errors: [v] }));
        if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
        else void message.error(e.msg);
      }
    } finally {
      setBusy(false);
    }
  }

  function finish(msg: string) {
    void message.success(msg);
    setChosen(null);
    close();
    onDone();
  }

  function close() {
    setStep(0);
    setResults([]);
    form.resetFields();
    onClose();
  }

  async function sendApplication(c: OperatorCandidate) {
    try {
      await apply(c.candidate);
      finish(operatorText.done.applied);
    } catch {
      // The client has shown the error.
    }
  }

  async function sendInvitation(p: Period) {
    if (!chosen) return;
    await invite(chosen.candidate, p);
    finish(operatorText.done.invited);
  }

  const choose = (c: OperatorCandidate) =>
    side === 'enterprise' ? (
      <Button type="primary" size="small" onClick={() => setChosen(c)} data-testid="choose-button">
        {t.choose}
      </Button>
    ) : (
      <Popconfirm title={operatorText.confirm.apply} onConfirm={() => void sendApplication(c)} okText={operatorText.actions.ok} cancelText={operatorText.actions.cancel}>
        <Button type="primary" size="small" data-testid="choose-button">
          {t.choose}
        </Button>
      </Popconfirm>
    );

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            {operatorText.actions.cancel}
          </Button>,
          <Button key="search" type="primary" loading={busy} onClick={() => void search()} data-testid="search-submit">
            {t.submit}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep(0)} data-testid="search-back">
            {t.back}
          </Button>,
        ];

  return (
    <>
      <Modal open={open} title={t.title[side]} onCancel={close} footer={footer} width={760} destroyOnHidden>
        <Steps current={step} items={t.steps.map((title) => ({ title }))} size="small" style={{ marginBottom: 24 }} />
        <div style={{ display: step === 0 ? 'block' : 'none' }}>
          <PlainParagraph type="secondary">{t.hint[side]}</PlainParagraph>
          <Form form={form} labelCol={{ flex: '130px' }} wrapperCol={{ flex: 1 }} onFinish={() => void search()}>
            <Form.Item name="account" label={t.account[side]} getValueFromEvent={stripSpaces} rules={[{ required: true, message: t.required.account[side] }]}>
              <SpacelessInput maxLength={16} autoComplete="off" data-testid="search-account" />
            </Form.Item>
            <Form.Item name="name" label={t.name[side]} getValueFromEvent={stripSpaces} rules={[{ required: true, message: t.required.name[side] }]}>
              <SpacelessInput maxLength={100} autoComplete="off" data-testid="search-name" />
            </Form.Item>
            <Form.Item name="certNum" label={t.certNum[side]} getValueFromEvent={stripSpaces} rules={[{ required: true, message: t.required.certNum[side] }]}>
              <SpacelessInput maxLength={30} autoComplete="off" data-testid="search-certnum" />
            </Form.Item>
          </Form>
        </div>
        {step === 1 && (
          <Table<OperatorCandidate>
            rowKey="candidate"
            size="small"
            pagination={false}
            dataSource={results}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} /> }}
            columns={[
              { title: operatorText.columns.name[side], dataIndex: 'name' },
              { title: operatorText.columns.certNum[side], dataIndex: 'certNum' },
              { title: operatorText.columns.account, dataIndex: 'account' },
              { title: operatorText.columns.trust, dataIndex: 'authState', render: (v: number) => <TrustTag authState={v} /> },
              { title: operatorText.columns.actions, key: 'choose', width: 90, render: (_v, c) => choose(c) },
            ]}
          />
        )}
      </Modal>
      <PeriodDialog open={chosen !== null} onClose={() => setChosen(null)} submit={sendInvitation} />
    </>
  );
}

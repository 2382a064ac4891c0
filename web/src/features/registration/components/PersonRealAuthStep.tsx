import { Button, Descriptions, Flex, Form } from 'antd';
import { ImageUpload } from '@/shared/components/ImageUpload';
import { zhCN } from '@/shared/locales/zh-CN';
import { useCommonConfig } from '@/shared/refdata/refdata';
import { submitPersonRealAuth, type PersonRealAuthBody } from '@/shared/api/submitPersonRealAuth';
import { useStepSubmit } from './useStepSubmit';
import { SpacelessInput } from '@/shared/components/SpacelessInput';
import { useMessage } from '@/shared/feedback/message';
import { PlainTag } from '@/shared/components/PlainTag';

export interface PersonSummary {
  realName: string;
  certType: string;
  certNum: string;
}

/** PersonRealAuthStep is step 2: the entered identity with 未认证, the three photos and the certificate address. */
export function PersonRealAuthStep({
  person,
  saved,
  onDone,
  onPrevious,
  onChange,
}: {
  person: PersonSummary;
  saved?: Partial<PersonRealAuthBody> | null;
  onDone: () => void;
  /** onPrevious gets what was uploaded, so the wizard can offer it again. */
  onPrevious: (kept: Partial<PersonRealAuthBody>) => void;
  /** onChange gets what is entered after every change (kept across browser Back/Forward). */
  onChange?: (kept: Partial<PersonRealAuthBody>) => void;
}) {
  const t = zhCN.registration.person;
  const r = zhCN.registration.rules;
  const message = useMessage();
  const [form] = Form.useForm<PersonRealAuthBody>();
  const { busy, submit: send } = useStepSubmit(form);
  const config = useCommonConfig();
  const typeLabel = config.data?.certificatesType.find((e) => String(e.value) === person.certType)?.label ?? person.certType;

  const submit = () =>
    send(async (v) => {
      await submitPersonRealAuth({ ...v, certDetailAddr: (v.certDetailAddr ?? '').trim() });
      void message.success(zhCN.registration.submitted);
      onDone();
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={saved ?? {}}
      onValuesChange={() => onChange?.(form.getFieldsValue(true) as Partial<PersonRealAuthBody>)}
      style={{ maxWidth: 640, margin: '0 auto' }}
      data-testid="real-auth-step"
    >
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t.realName}>{person.realName}</Descriptions.Item>
        <Descriptions.Item label={t.certType}>{typeLabel}</Descriptions.Item>
        <Descriptions.Item label={t.certNum}>{person.certNum}</Descriptions.Item>
        <Descriptions.Item label={t.status}>
          <PlainTag>{t.notAuthenticated}</PlainTag>
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={16} wrap justify="center">
        <Form.Item name="certFrontId" rules={[{ required: true, message: r.certFront }]}>
          <ImageUpload label={t.front} data-testid="upload-front" />
        </Form.Item>
        <Form.Item name="certBackId" rules={[{ required: true, message: r.certBack }]}>
          <ImageUpload label={t.back} data-testid="upload-back" />
        </Form.Item>
        <Form.Item name="certTakeId" rules={[{ required: true, message: r.certTake }]}>
          <ImageUpload label={t.take} data-testid="upload-take" />
        </Form.Item>
      </Flex>
      <Form.Item name="certDetailAddr" label={t.certAddress} rules={[{ required: true, whitespace: true, message: r.certAddress }]}>
        <SpacelessInput maxLength={200} placeholder={t.certAddressPh} />
      </Form.Item>
      <Flex gap={12} justify="center">
        <Button onClick={() => onPrevious(form.getFieldsValue(true) as Partial<PersonRealAuthBody>)}>{t.previous}</Button>
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="real-auth-submit">
          {t.next}
        </Button>
      </Flex>
    </Form>
  );
}

import { Button, Cascader, Checkbox, DatePicker, Flex, Form, Select, Space } from 'antd';
import { dayjs, type Dayjs } from '@/shared/dates';
import { personCertNumRules } from '@/shared/identity/formRules';
import { stripSpaces } from '@/shared/identity/rules';
import { zhCN } from '@/shared/locales/zh-CN';
import { toOptions, useAreas, useCommonConfig } from '@/shared/refdata/refdata';
import { savePersonRealInfo } from '../api/savePersonRealInfo';
import type { RegistrationPerson, StepResult } from '@/shared/api/types';
import { LONG_TERM_END } from './rules';
import { useStepSubmit } from './useStepSubmit';
import { SpacelessInput } from '@/shared/components/SpacelessInput';

/** RealInfoDraft is what the step's form holds, kept by the wizard while the user moves between steps. */
export interface RealInfoDraft {
  realName: string;
  certType: string;
  certNum: string;
  certStart?: Dayjs;
  certEnd?: Dayjs;
  certValid: boolean;
  area: string[];
  certDetailAddr: string;
  checkType: boolean;
}

const D = 'YYYY-MM-DD';

/** toValues turns saved data back into the form's values (resume). */
function toValues(p: Partial<RegistrationPerson> | null | undefined): Partial<RealInfoDraft> {
  if (!p) return { certType: '1', certValid: false, checkType: true };
  return {
    realName: p.realName,
    certType: p.certType || '1',
    certNum: p.certNum,
    certStart: p.certStart ? dayjs(p.certStart) : undefined,
    certEnd: p.certEnd && p.certEnd !== LONG_TERM_END ? dayjs(p.certEnd) : undefined,
    certValid: p.certValid ?? false,
    area: [p.province, p.city, p.area].filter((x): x is string => !!x),
    certDetailAddr: p.certDetailAddr,
    checkType: p.checkType ?? true,
  };
}

/** PersonRealInfoStep is step 1 of the individual wizard: the real-name information (01 §2). */
export function PersonRealInfoStep({
  saved,
  draft,
  onChange,
  onDone,
  onPrevious,
}: {
  saved?: Partial<RegistrationPerson> | null;
  /** draft is what was typed on an earlier visit and not yet saved; it wins over saved. */
  draft?: Partial<RealInfoDraft> | null;
  /** onChange gets the form's values after every change (the wizard keeps them across steps). */
  onChange?: (draft: Partial<RealInfoDraft>) => void;
  onDone: (r: StepResult, msg: string) => void;
  onPrevious?: () => void;
}) {
  const t = zhCN.registration.person;
  const r = zhCN.registration.rules;
  const [form] = Form.useForm<RealInfoDraft>();
  const { busy, submit: send } = useStepSubmit(form);
  const areas = useAreas();
  const config = useCommonConfig();
  const longTerm = Form.useWatch('certValid', form) ?? false;

  // setFieldValue does not call onValuesChange: the buttons and 长期 report their own changes.
  const changed = () => onChange?.(form.getFieldsValue(true) as Partial<RealInfoDraft>);

  function plusYears(n: number) {
    const start = form.getFieldValue('certStart') as Dayjs | undefined;
    if (!start) {
      form.setFields([{ name: 'certStart', errors: [r.certStart] }]);
      return;
    }
    form.setFieldsValue({ certEnd: start.add(n, 'year'), certValid: false });
    changed();
    void form.validateFields(['certEnd']);
  }

  const submit = () =>
    send(async (v) => {
      const [province = '', city = '', area = ''] = v.area ?? [];
      const { result, msg } = await savePersonRealInfo({
        realName: v.realName.trim(),
        certType: v.certType,
        certNum: stripSpaces(v.certNum).toUpperCase(),
        certStart: v.certStart!.format(D),
        certEnd: v.certValid ? LONG_TERM_END : v.certEnd!.format(D),
        certValid: v.certValid,
        province,
        city,
        area,
        certDetailAddr: v.certDetailAddr.trim(),
        checkType: v.checkType,
      });
      onDone(result, msg);
    });

  const stripOnBlur = (name: 'realName' | 'certNum') => () =>
    form.setFieldValue(name, stripSpaces((form.getFieldValue(name) as string | undefined) ?? ''));

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={draft ?? toValues(saved)}
      onValuesChange={changed}
      style={{ maxWidth: 560, margin: '0 auto' }}
      data-testid="real-info-step"
    >
      <Form.Item name="realName" label={t.realName} rules={[{ required: true, whitespace: true, message: r.realName }]}>
        <SpacelessInput maxLength={50} onBlur={stripOnBlur('realName')} onKeyUp={stripOnBlur('realName')} />
      </Form.Item>
      <Form.Item name="certType" label={t.certType} rules={[{ required: true, message: r.certType }]}>
        <Select
          loading={config.isLoading}
          options={toOptions(config.data?.certificatesType)}
        />
      </Form.Item>
      <Form.Item
        name="certNum"
        label={t.certNum}
        dependencies={['certType']}
        rules={personCertNumRules('certType', r.certNum)}
      >
        <SpacelessInput maxLength={30} onBlur={stripOnBlur('certNum')} onKeyUp={stripOnBlur('certNum')} />
      </Form.Item>
      <Form.Item label={t.validity} required>
        <Space wrap>
          <Form.Item name="certStart" noStyle rules={[{ required: true, message: r.certStart }]}>
            <DatePicker placeholder={t.start} disabledDate={(d) => d.isAfter(dayjs(), 'day')} data-testid="cert-start" />
          </Form.Item>
          <span>—</span>
          <Form.Item
            name="certEnd"
            noStyle
            dependencies={['certStart', 'certValid']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs) => {
                  if (getFieldValue('certValid')) return Promise.resolve();
                  if (!value) return Promise.reject(new Error(r.certEnd));
                  const start = getFieldValue('certStart') as Dayjs | undefined;
                  return start && value.isBefore(start, 'day') ? Promise.reject(new Error(r.certEndBefore)) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker placeholder={longTerm ? LONG_TERM_END : t.end} disabled={longTerm} data-testid="cert-end" />
          </Form.Item>
          <Form.Item name="certValid" noStyle valuePropName="checked">
            <Checkbox
              onChange={(e) => {
                if (e.target.checked) form.setFieldValue('certEnd', undefined);
                changed();
              }}
            >{t.longTerm}</Checkbox>
          </Form.Item>
        </Space>
        <Flex gap={8} style={{ marginTop: 8 }}>
          {[5, 10, 20].map((n) => (
            <Button key={n} size="small" disabled={longTerm} onClick={() => plusYears(n)}>
              {t.plusYears(n)}
            </Button>
          ))}
        </Flex>
      </Form.Item>
      <Form.Item name="area" label={t.area} rules={[{ required: true, type: 'array', min: 1, message: r.area }]}>
        <Cascader options={areas.data ?? []} placeholder={t.areaPh} loading={areas.isLoading} showSearch data-testid="area-cascader" />
      </Form.Item>
      <Form.Item name="certDetailAddr" label={t.detailAddr} rules={[{ required: true, whitespace: true, message: r.detailAddr }]}>
        <SpacelessInput maxLength={200} />
      </Form.Item>
      <Form.Item name="checkType" valuePropName="checked" label={t.checkType} extra={t.manualLater}>
        <Checkbox>{t.manual}</Checkbox>
      </Form.Item>
      <Flex gap={12} justify="center">
        {onPrevious && (
          <Button onClick={onPrevious} data-testid="real-info-previous">
            {t.previous}
          </Button>
        )}
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="real-info-submit">
          {t.next}
        </Button>
      </Flex>
    </Form>
  );
}

import { Button, Checkbox, Flex, Form } from 'antd';
import type { Dayjs } from '@/shared/dates';
import { fieldNames, PersonFields, personValues, validityText, type Key } from '@/shared/identity/IdentityFields';
import { stripSpaces } from '@/shared/identity/rules';
import { zhCN } from '@/shared/locales/zh-CN';
import { savePersonRealInfo } from '../api/savePersonRealInfo';
import type { RegistrationPerson, StepResult } from '@/shared/api/types';
import { useStepSubmit } from './useStepSubmit';

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

// The step holds the registration's real-name body: the fields are named by its keys.
const names = fieldNames([], { name: 'realName', longTerm: 'certValid', region: 'area', detailAddr: 'certDetailAddr' });
const testIds: Partial<Record<Key, string>> = { certStart: 'cert-start', certEnd: 'cert-end', region: 'area-cascader' };

/** toValues turns saved data back into the form's values (resume). */
function toValues(p: Partial<RegistrationPerson> | null | undefined): Partial<RealInfoDraft> {
  if (!p) return { certType: '1', certValid: false, checkType: true };
  const v = personValues({ ...p, name: p.realName, detailAddr: p.certDetailAddr });
  return {
    realName: v.name,
    certType: v.certType,
    certNum: p.certNum,
    certStart: v.certStart ?? undefined,
    certEnd: v.certEnd ?? undefined,
    certValid: v.longTerm,
    area: v.region,
    certDetailAddr: v.detailAddr,
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
  const [form] = Form.useForm<RealInfoDraft>();
  const { busy, submit: send } = useStepSubmit(form);

  // setFieldValue does not call onValuesChange: the buttons and 长期 report their own changes.
  const changed = () => onChange?.(form.getFieldsValue(true) as Partial<RealInfoDraft>);

  const submit = () =>
    send(async (v) => {
      const [province = '', city = '', area = ''] = v.area ?? [];
      const { result, msg } = await savePersonRealInfo({
        realName: v.realName.trim(),
        certType: v.certType,
        certNum: stripSpaces(v.certNum).toUpperCase(),
        ...validityText(v.certStart, v.certEnd, v.certValid),
        certValid: v.certValid,
        province,
        city,
        area,
        certDetailAddr: v.certDetailAddr.trim(),
        checkType: v.checkType,
      });
      onDone(result, msg);
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={draft ?? toValues(saved)}
      onValuesChange={changed}
      style={{ maxWidth: 560, margin: '0 auto' }}
      data-testid="real-info-step"
    >
      <PersonFields name={names} testId={(k) => testIds[k]} onChange={changed} />
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

import { Button, Checkbox, Col, DatePicker, Flex, Form, Row, Select, Space, type FormInstance, type FormRule } from 'antd';
import ListedCascader from '@/shared/components/ListedCascader';
import { useState, type ReactNode } from 'react';
import type { FieldKey } from '../api/types';
import { GraphicCode } from '../captcha/GraphicCode';
import type { GraphicCodeState } from '../captcha/useGraphicCode';
import { ImageUpload } from '../components/ImageUpload';
import { SmsButton } from '../components/SmsButton';
import { SpacelessInput } from '../components/SpacelessInput';
import { dayjs, type Dayjs } from '../dates';
import type { ApiError } from '../api/http';
import { identityText } from '../locales/identity';
import { zhCN } from '../locales/zh-CN';
import { toOptions, useAreas, useCommonConfig, useIndustries, type CommonConfig } from '../refdata/refdata';
import { fieldsOf, type Fields, type Table } from './catalogue';
import { contactCodeRules, entCertNumRules, entCertTypeRules, legalCertNumRules, personCertNumRules, type NamePath } from './formRules';
import { CAPITAL_RE, CertType, DOMESTIC_ENTERPRISE, GRAPHIC_CODE_LENGTH, LONG_TERM_END, PHONE_RE, SMS_CODE_LENGTH, stripSpaces } from './rules';
import { ValidityShortcuts } from './ValidityShortcuts';

/**
 * The identity forms' fields, one copy for the registration steps (01 §2, §5) and the account
 * centre's edit dialogs (02 §5), built from the server's catalogue (labels, required messages,
 * lengths, patterns, code lists, photo fields; docs/decisions/field-catalogue.md, "The field
 * components"). A form places them under its own name path: `name` maps a catalogue key to the
 * form's name (a prefix and the form's spelling, fieldNames), `testId` names the controls.
 */

/** Key is a catalogue key, or longTerm: the 长期 box of a validity (the end date 9999-12-31). */
export type Key = FieldKey | 'longTerm';

/** FieldName maps a catalogue key to the form's name path. */
export type FieldName = (key: Key) => (string | number)[];

/** fieldNames places the keys under prefix, spelt as spelling says where the form spells them otherwise. */
export function fieldNames(prefix: (string | number)[] = [], spelling: Partial<Record<Key, string>> = {}): FieldName {
  return (key) => [...prefix, spelling[key] ?? key];
}

/** editTestIds are the edit dialogs' test ids: edit-<key>. */
export const editTestIds = (key: Key) => `edit-${key}`;

const r = zhCN.registration.rules;
const strip = (e: { target: { value: string } }) => stripSpaces(e.target.value);
const check = (ok: boolean, msg: string) => (ok ? Promise.resolve() : Promise.reject(new Error(msg)));

/** LONG_TERM is the end date a long-term certificate shows when 长期有效 is ticked. */
const LONG_TERM = dayjs(LONG_TERM_END);
const isFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day');

/**
 * KeptNumber is a certificate number an edit keeps unless retyped: the field starts empty with
 * the masked number under it (02 §5), and reveal, when given, fetches the full number on an
 * explicit demand (the server logs each reveal) and puts it in the field.
 */
export interface KeptNumber {
  masked: string;
  reveal?: () => Promise<string>;
}

interface Common {
  name?: FieldName;
  testId?: (key: Key) => string | undefined;
}

type Lists = Omit<CommonConfig, 'fields' | 'helpPhone'>;

/** codeOptions are the Select options of a coded field: its list of the configuration answer. */
function codeOptions(config: CommonConfig | undefined, fields: Fields, key: FieldKey, notFor?: string) {
  const list = fields.field(key)?.codes as keyof Lists | undefined;
  return toOptions(list && config ? (config[list] as Parameters<typeof toOptions>[0]) : undefined, notFor);
}

/** useTable is the table's catalogue and the configuration it came from. */
function useTable(table: Table) {
  const config = useCommonConfig().data;
  return { config, fields: fieldsOf(config, table) };
}

/** TextField is a spaceless text input with the catalogue's label, required message, length and pattern. */
function TextField({ fields, k, name, testId, rules = [], extra }: { fields: Fields; k: FieldKey; name: NamePath; testId?: string; rules?: FormRule[]; extra?: ReactNode }) {
  return (
    <Form.Item name={name} label={fields.label(k)} getValueFromEvent={strip} rules={[{ ...fields.required(k), whitespace: true }, ...rules]} extra={extra}>
      <SpacelessInput maxLength={fields.max(k)} data-testid={testId} />
    </Form.Item>
  );
}

/** CodeField is a Select of a coded field: its options the field's list of the configuration answer (notFor filters them). */
function CodeField({ table, k, name, testId, rules, dependencies, notFor, search, onChange }: {
  table: ReturnType<typeof useTable>;
  k: FieldKey;
  name: NamePath;
  testId?: string;
  rules?: FormRule[];
  dependencies?: NamePath[];
  notFor?: string;
  search?: boolean;
  onChange?: (v: string) => void;
}) {
  const { config, fields } = table;
  return (
    <Form.Item name={name} label={fields.label(k)} rules={rules ?? [fields.required(k)]} dependencies={dependencies}>
      <Select options={codeOptions(config, fields, k, notFor)} showSearch={search} optionFilterProp={search ? 'label' : undefined} onChange={onChange} data-testid={testId} />
    </Form.Item>
  );
}

/** CertNumField is a certificate number: required in registration, kept when empty in an edit (kept). */
function CertNumField({ fields, k, name, testId, rules, kept }: { fields: Fields; k: FieldKey; name: NamePath; testId?: string; rules: FormRule[]; kept?: KeptNumber }) {
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  async function reveal() {
    if (!kept?.reveal) return;
    setBusy(true);
    try {
      const full = await kept.reveal();
      form.setFieldValue(name, full);
      void form.validateFields([name]);
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  const extra = kept && (
    <Space size={4}>
      <span>{identityText.keep(kept.masked)}</span>
      {kept.reveal && (
        <Button type="link" size="small" loading={busy} onClick={() => void reveal()} data-testid={testId && `${testId}-reveal`} style={{ padding: 0 }}>
          {identityText.reveal}
        </Button>
      )}
    </Space>
  );
  return (
    <Form.Item name={name} label={fields.label(k)} getValueFromEvent={strip} rules={rules} extra={extra}>
      <SpacelessInput maxLength={fields.max(k)} data-testid={testId} />
    </Form.Item>
  );
}

/**
 * PersonFields are a person's fields (01 §5 real-name information, 02 §5): name, certificate
 * type and number, the validity with 长期有效 and the +5/+10/+20年 shortcuts, region and
 * address; with photos, the certificate's two sides (an authenticated person's edit). onChange
 * reports the changes made by the shortcuts and 长期有效 (setFieldValue does not call
 * onValuesChange).
 */
export function PersonFields({ name = fieldNames(), testId = () => undefined, certNum, photos, onChange }: Common & { certNum?: KeptNumber; photos?: boolean; onChange?: () => void }) {
  const table = useTable('person');
  const { fields } = table;
  const form = Form.useFormInstance();
  const areas = useAreas();
  const longTerm = (Form.useWatch(name('longTerm'), form) as boolean | undefined) ?? false;
  const [start, end] = [name('certStart'), name('certEnd')];
  return (
    <>
      <TextField fields={fields} k="name" name={name('name')} testId={testId('name')} />
      <CodeField table={table} k="certType" name={name('certType')} testId={testId('certType')} />
      <CertNumField fields={fields} k="certNum" name={name('certNum')} testId={testId('certNum')} kept={certNum} rules={personCertNumRules(name('certType'), fields.field('certNum')?.required ?? r.certNum, !!certNum)} />
      <Form.Item label={identityText.validity} required>
        <Space wrap>
          <Form.Item
            name={start}
            noStyle
            rules={[fields.required('certStart'), { validator: (_, v: Dayjs | null | undefined) => check(!v || !isFuture(v), r.certStartFuture) }]}
          >
            <DatePicker placeholder={identityText.start} aria-label={`${identityText.validity}${identityText.start}`} disabledDate={isFuture} data-testid={testId('certStart')} />
          </Form.Item>
          <span>—</span>
          <Form.Item
            name={end}
            noStyle
            dependencies={[start, name('longTerm')]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | null | undefined) => {
                  if (getFieldValue(name('longTerm'))) return Promise.resolve();
                  if (!v) return Promise.reject(new Error(fields.field('certEnd')?.required ?? r.certEnd));
                  const s = getFieldValue(start) as Dayjs | null | undefined;
                  return check(!s || !v.isBefore(s, 'day'), r.certEndBefore);
                },
              }),
            ]}
          >
            <DatePicker placeholder={identityText.end} aria-label={`${identityText.validity}${identityText.end}`} disabled={longTerm} data-testid={testId('certEnd')} />
          </Form.Item>
          <Form.Item name={name('longTerm')} noStyle valuePropName="checked">
            <Checkbox
              onChange={(e) => {
                // 长期有效 shows the end date it stands for; unticked, the end is chosen again.
                form.setFieldValue(end, e.target.checked ? LONG_TERM : null);
                onChange?.();
              }}
            >
              {identityText.longTerm}
            </Checkbox>
          </Form.Item>
        </Space>
        <ValidityShortcuts form={form} start={start} end={end} longTerm={name('longTerm')} disabled={longTerm} onSet={onChange} />
      </Form.Item>
      <Form.Item name={name('region')} label={fields.label('region')} rules={[{ ...fields.required('region'), type: 'array', min: 1 }]}>
        <ListedCascader options={areas.data ?? []} placeholder={zhCN.registration.person.areaPh} showSearch data-testid={testId('region')} />
      </Form.Item>
      <TextField fields={fields} k="detailAddr" name={name('detailAddr')} testId={testId('detailAddr')} />
      {photos && (
        <Form.Item label={identityText.photos} required>
          <Flex gap={16} wrap>
            {(['personfrontId', 'personbackId'] as const).map((k) => (
              <Form.Item key={k} name={name(k)} noStyle rules={[fields.required(k)]}>
                <ImageUpload label={fields.label(k) ?? ''} data-testid={testId(k)} />
              </Form.Item>
            ))}
          </Flex>
        </Form.Item>
      )}
    </>
  );
}

/** personValues are PersonFields' values of a stored person (the dialog's start, a resumed registration). */
export function personValues(p: { name?: string; certType?: string; certStart?: string; certEnd?: string; certValid?: boolean; province?: string; city?: string; area?: string; detailAddr?: string }) {
  const longTerm = !!p.certValid || p.certEnd === LONG_TERM_END;
  return {
    name: p.name ?? '',
    certType: p.certType || CertType.residentId,
    certStart: p.certStart ? dayjs(p.certStart) : null,
    certEnd: longTerm ? LONG_TERM : p.certEnd ? dayjs(p.certEnd) : null,
    longTerm,
    region: [p.province, p.city, p.area].filter((x): x is string => !!x),
    detailAddr: p.detailAddr ?? '',
  };
}

/** validityText is the validity as the server takes it: YYYY-MM-DD, the end 9999-12-31 when long-term. */
export function validityText(start: Dayjs | null | undefined, end: Dayjs | null | undefined, longTerm: boolean) {
  return { certStart: start?.format('YYYY-MM-DD') ?? '', certEnd: longTerm ? LONG_TERM_END : (end?.format('YYYY-MM-DD') ?? '') };
}

/**
 * EnterpriseFields are the enterprise's own fields (01 §5 basic information, 02 §5): type,
 * name, certificate type and number (境内企业 resets 其他有效证件 to the credit code), region,
 * address, industry, capital with unit and currency; with licence, the licence upload
 * (registration keeps it on this step; the account centre changes it in its own dialog).
 */
export function EnterpriseFields({ name = fieldNames(), testId = () => undefined, certNum, licence, onChange }: Common & { certNum?: KeptNumber; licence?: boolean; onChange?: () => void }) {
  const table = useTable('enterprise');
  const { fields } = table;
  const form = Form.useFormInstance();
  const areas = useAreas();
  const industries = useIndustries();
  const entType = Form.useWatch(name('type'), form) as string | undefined;
  const capitalPattern = fields.pattern('capital') ?? CAPITAL_RE;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <CodeField
          table={table}
          k="type"
          name={name('type')}
          testId={testId('type')}
          onChange={(v) => {
            // 其他有效证件 is not for a domestic enterprise (01 §5).
            if (v === DOMESTIC_ENTERPRISE) form.setFieldValue(name('certType'), CertType.creditCode);
            onChange?.();
          }}
        />
      </Col>
      <Col xs={24} md={12}>
        <TextField fields={fields} k="name" name={name('name')} testId={testId('name')} />
      </Col>
      <Col xs={24} md={12}>
        <CodeField table={table} k="certType" name={name('certType')} testId={testId('certType')} rules={entCertTypeRules(name('type'))} dependencies={[name('type')]} notFor={entType} />
      </Col>
      <Col xs={24} md={12}>
        <CertNumField fields={fields} k="certNum" name={name('certNum')} testId={testId('certNum')} kept={certNum} rules={entCertNumRules(name('certType'), !!certNum)} />
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={name('region')} label={fields.label('region')} rules={[{ ...fields.required('region'), type: 'array', min: 1 }]}>
          <ListedCascader options={areas.data ?? []} showSearch data-testid={testId('region')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <TextField fields={fields} k="detailAddr" name={name('detailAddr')} testId={testId('detailAddr')} />
      </Col>
      <Col xs={24}>
        <Form.Item name={name('industry')} label={fields.label('industry')} rules={[{ ...fields.required('industry'), type: 'array', min: 1 }]}>
          <ListedCascader options={industries.data ?? []} changeOnSelect showSearch data-testid={testId('industry')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        {/* One rule, one message at a time: 五千 is 注册资本只能填写数字, not also 不能为空 (`required` only marks). */}
        <Form.Item
          name={name('capital')}
          label={fields.label('capital')}
          getValueFromEvent={strip}
          rules={[{ required: true, validator: (_, v?: string) => (!v ? Promise.reject(new Error(fields.field('capital')?.required ?? r.capital)) : check(capitalPattern.test(v), r.capitalNumeric)) }]}
        >
          <SpacelessInput maxLength={fields.max('capital')} data-testid={testId('capital')} />
        </Form.Item>
      </Col>
      <Col xs={12} md={7}>
        <CodeField table={table} k="capitalUnit" name={name('capitalUnit')} testId={testId('capitalUnit')} />
      </Col>
      <Col xs={12} md={7}>
        <CodeField table={table} k="capitalCurrency" name={name('capitalCurrency')} testId={testId('capitalCurrency')} search />
      </Col>
      {licence && (
        <Col xs={24}>
          <Form.Item name={name('licenseId')} label={fields.label('licenseId')} rules={[fields.required('licenseId')]}>
            <ImageUpload label={fields.label('licenseId') ?? ''} data-testid={testId('licenseId')} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** LegalFields are the legal representative's name, certificate type and number (01 §5, 02 §5). */
export function LegalFields({ name = fieldNames(), testId = () => undefined, certNum }: Common & { certNum?: KeptNumber }) {
  const table = useTable('legal');
  const { fields } = table;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <TextField fields={fields} k="legalName" name={name('legalName')} testId={testId('legalName')} />
      </Col>
      <Col xs={24} md={8}>
        <CodeField table={table} k="legalCertType" name={name('legalCertType')} testId={testId('legalCertType')} />
      </Col>
      <Col xs={24} md={8}>
        <CertNumField fields={fields} k="legalCertNum" name={name('legalCertNum')} testId={testId('legalCertNum')} kept={certNum} rules={legalCertNumRules(name('legalCertType'), !!certNum)} />
      </Col>
    </Row>
  );
}

/**
 * ContactFields are the contact's name and mobile number (01 §5, 02 §5); children follow them
 * in the same row (the SMS code of a new number, ContactCode).
 */
export function ContactFields({ name = fieldNames(), testId = () => undefined, children }: Common & { children?: ReactNode }) {
  const { fields } = useTable('contact');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <TextField fields={fields} k="contactName" name={name('contactName')} testId={testId('contactName')} />
      </Col>
      <Col xs={24} md={12}>
        <TextField fields={fields} k="contactPhone" name={name('contactPhone')} testId={testId('contactPhone')} rules={[{ pattern: fields.pattern('contactPhone') ?? PHONE_RE, message: r.phonePattern }]} />
      </Col>
      {children}
    </Row>
  );
}

/**
 * ContactCode is the SMS code sent to a contact's new number (scene contact) with the graphic
 * code one send uses up: the registration step and the edit dialog alike. graphicName and
 * codeName are the form's names of the two codes; the send first checks the phone (phoneName).
 */
export function ContactCode({ form, phone, phoneName, graphicName, codeName, graphic, onSent, onError, testId = () => undefined }: {
  form: FormInstance;
  phone: string;
  phoneName: NamePath;
  graphicName: NamePath;
  codeName: NamePath;
  graphic: GraphicCodeState;
  onSent: (codeId: string) => void;
  onError?: (e: ApiError) => void;
  testId?: (key: 'graphicCode' | 'smsCode') => string | undefined;
}) {
  async function graphicCode() {
    let ok = true;
    try {
      await form.validateFields([phoneName]);
    } catch {
      ok = false;
    }
    const code = (form.getFieldValue(graphicName) as string | undefined) ?? '';
    if (!code) {
      form.setFields([{ name: graphicName, errors: [identityText.graphicRequired] }]);
      return null;
    }
    return ok ? { codeId: graphic.codeId, verificationCode: code } : null;
  }
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label={identityText.graphicCode} required>
          <Flex gap={8}>
            <Form.Item name={graphicName} noStyle getValueFromEvent={strip}>
              <SpacelessInput maxLength={GRAPHIC_CODE_LENGTH} placeholder={identityText.graphicCodePh} aria-label={identityText.graphicCode} data-testid={testId('graphicCode')} />
            </Form.Item>
            <GraphicCode {...graphic.picture} />
          </Flex>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={identityText.smsCode} required>
          <Flex gap={8}>
            <Form.Item name={codeName} noStyle getValueFromEvent={strip} rules={contactCodeRules}>
              <SpacelessInput maxLength={SMS_CODE_LENGTH} aria-label={identityText.smsCode} data-testid={testId('smsCode')} />
            </Form.Item>
            <SmsButton to={phone} scene="contact" getGraphicCode={graphicCode} onSent={onSent} onGraphicCodeUsed={graphic.renew} onError={onError} />
          </Flex>
        </Form.Item>
      </Col>
    </>
  );
}

import { Alert, Col, Divider, Form, Modal } from 'antd';
import { useState } from 'react';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { ContactCode, ContactFields, editTestIds, EnterpriseFields, LegalFields } from '@/shared/identity/IdentityFields';
import { CertType, normalizeCertNum, stripSpaces } from '@/shared/identity/rules';
import { accountText } from '@/shared/locales/account';
import { editEnterprise, enterpriseEditField, type EnterpriseEditBody } from '../api/editEnterprise';
import { revealCertNum } from '../api/revealCertNum';
import type { EnterpriseInfo } from '@/shared/api/types';
import { useEditSubmit } from './useEditSubmit';

/** Values are the form's fields, named by their catalogue keys as the server's flattened edit body names them. */
export interface EnterpriseEditValues {
  type: string;
  name: string;
  certType: string;
  /** The certificate numbers start empty (the stored ones are masked): empty keeps them. */
  certNum: string;
  region: string[];
  detailAddr: string;
  industry: string[];
  capital: string;
  capitalUnit: string;
  capitalCurrency: string;
  legalName: string;
  legalCertType: string;
  legalCertNum: string;
  contactName: string;
  contactPhone: string;
  /** The graphic code an SMS send uses up. */
  verificationCode?: string;
  smsCode?: string;
}

/** Identity fields: changing any of them is a re-authentication (docs/spec/DECISIONS.md, editing rules). */
const identityFields = ['type', 'name', 'certType', 'legalName', 'legalCertType'] as const;

// A refusal of the SMS code names no field; it belongs under the code.
const smsReasons = { 'sms.wrong': 'smsCode', 'sms.expired': 'smsCode' };

/** initialValues are the stored values; the certificate numbers are not in them (masked, kept when empty). */
function initialValues(info: EnterpriseInfo): Partial<EnterpriseEditValues> {
  const e = info.enterpriseVO;
  return {
    type: e.type,
    name: e.name,
    certType: e.certType || CertType.creditCode,
    certNum: '',
    region: [e.province, e.city, e.area].filter(Boolean),
    detailAddr: e.detailAddr,
    industry: e.industry ? e.industry.split(',') : [],
    capital: e.capital,
    capitalUnit: e.capitalUnit || 'WAN_YUAN',
    capitalCurrency: e.capitalCurrency || 'CNY',
    legalName: info.legalPersonVO.name,
    legalCertType: info.legalPersonVO.certType || CertType.residentId,
    legalCertNum: '',
    contactName: info.contactVO.name,
    contactPhone: info.contactVO.phone,
  };
}

/** toBody is the flattened edit body: a certificate number only when typed, the SMS code only with a new contact phone. */
export function toBody(v: EnterpriseEditValues, phoneChanged: boolean, smsCodeId: string): EnterpriseEditBody {
  const [province = '', city = '', area = ''] = v.region;
  const certNum = normalizeCertNum(v.certNum ?? '');
  const legalCertNum = normalizeCertNum(v.legalCertNum ?? '');
  return {
    type: v.type,
    name: v.name.trim(),
    certType: v.certType,
    ...(certNum ? { certNum } : {}),
    province,
    city,
    area,
    detailAddr: v.detailAddr.trim(),
    industry: v.industry.join(','),
    capital: stripSpaces(v.capital),
    capitalUnit: v.capitalUnit,
    capitalCurrency: v.capitalCurrency,
    legalName: v.legalName.trim(),
    legalCertType: v.legalCertType,
    ...(legalCertNum ? { legalCertNum } : {}),
    contactName: v.contactName.trim(),
    contactPhone: stripSpaces(v.contactPhone),
    ...(phoneChanged ? { smsCode: v.smsCode ?? '', smsCodeId } : {}),
  };
}

/**
 * EnterpriseEditDialog edits everything 02 §5 lets an enterprise change, with the fields of
 * registration (EnterpriseFields, LegalFields, ContactFields). The server decides the kind of
 * edit from what changed: region, address, industry, capital and contact take effect at once
 * (a new contact phone with the SMS code sent to it, scene contact); type, name, certificate
 * and legal person wait for review as re-authentication, which the dialog says before the user
 * submits. The certificate numbers are masked like the person's: the fields start empty (empty
 * keeps the stored number) and 查看完整号码 fetches one in full on demand, each demand one
 * logged reveal (docs/decisions/field-catalogue.md, "Masked numbers in the edit dialogs").
 */
export function EnterpriseEditDialog({ info, open, onClose }: { info: EnterpriseInfo; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<EnterpriseEditValues>();
  const { busy, run } = useEditSubmit(form, onClose, enterpriseEditField, smsReasons);
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [smsCodeId, setSmsCodeId] = useState('');
  // The numbers revealed in this opening: a revealed number left as it is is no change.
  const [full, setFull] = useState<{ certNum?: string; legalCertNum?: string }>({});
  const reveal = (which: 'enterprise' | 'legal', key: 'certNum' | 'legalCertNum') => async () => {
    const n = await revealCertNum(which);
    setFull((f) => ({ ...f, [key]: n }));
    return n;
  };

  const values = Form.useWatch([], form) as Partial<EnterpriseEditValues> | undefined;
  const contactPhone = stripSpaces(values?.contactPhone ?? info.contactVO.phone);
  const phoneChanged = contactPhone !== info.contactVO.phone;
  const stored: Record<(typeof identityFields)[number], string> = {
    type: info.enterpriseVO.type,
    name: info.enterpriseVO.name,
    certType: info.enterpriseVO.certType,
    legalName: info.legalPersonVO.name,
    legalCertType: info.legalPersonVO.certType,
  };
  const numberChanged = (k: 'certNum' | 'legalCertNum') => {
    const v = normalizeCertNum(values?.[k] ?? '');
    return v !== '' && v !== full[k];
  };
  const identityChanged =
    !!values && (identityFields.some((k) => (values[k] ?? '').trim() !== stored[k]) || numberChanged('certNum') || numberChanged('legalCertNum'));

  async function submit() {
    let v: EnterpriseEditValues;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows why
    }
    await run(() => editEnterprise(toBody(v, phoneChanged, smsCodeId)));
  }

  return (
    <Modal
      open={open}
      title={accountText.edit.title}
      onCancel={onClose}
      onOk={() => void submit()}
      afterClose={() => {
        form.resetFields();
        setFull({});
      }}
      confirmLoading={busy}
      width={760}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={accountText.edit.direct} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={initialValues(info)} data-testid="enterprise-edit-form">
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {accountText.titles.basicInfo}
        </Divider>
        <EnterpriseFields testId={editTestIds} certNum={{ masked: info.enterpriseVO.certNum, reveal: reveal('enterprise', 'certNum') }} />
        <Divider titlePlacement="start">{accountText.titles.legal}</Divider>
        <LegalFields testId={editTestIds} certNum={{ masked: info.legalPersonVO.certNum, reveal: reveal('legal', 'legalCertNum') }} />
        <Divider titlePlacement="start">{accountText.titles.contact}</Divider>
        <ContactFields testId={editTestIds}>
          {phoneChanged && (
            <>
              <Col span={24}>
                <Alert type="info" showIcon title={accountText.edit.contactCode} style={{ marginBottom: 12 }} />
              </Col>
              <ContactCode
                form={form}
                phone={contactPhone}
                phoneName={['contactPhone']}
                graphicName="verificationCode"
                codeName="smsCode"
                graphic={graphic}
                onSent={setSmsCodeId}
                onError={(e) => {
                  if (e.fields?.verificationCode) form.setFields([{ name: 'verificationCode', errors: [e.fields.verificationCode] }]);
                }}
                testId={(k) => (k === 'graphicCode' ? 'edit-graphicCode' : 'edit-smsCode')}
              />
            </>
          )}
        </ContactFields>
      </Form>
      {identityChanged && <Alert type="warning" showIcon title={accountText.edit.reauth} data-testid="reauth-alert" />}
    </Modal>
  );
}

import { Alert, Cascader, Col, Divider, Flex, Form, type FormInstance, Modal, Row, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { SmsButton } from '@/shared/components/SmsButton';
import {
  capitalRules,
  contactCodeRules,
  contactPhoneRules,
  entCertNumRules,
  entCertTypeRules,
  entTypeRules,
  legalCertNumRules,
  legalCertTypeRules,
} from '@/shared/identity/formRules';
import { CertType, DOMESTIC_ENTERPRISE, normalizeCertNum, stripSpaces } from '@/shared/identity/rules';
import { accountText } from '@/shared/locales/account';
import { zhCN } from '@/shared/locales/zh-CN';
import { toOptions, useAreas, useCommonConfig, useIndustries } from '@/shared/refdata/refdata';
import { editEnterprise, enterpriseEditField, type EnterpriseEditBody } from '../api/editEnterprise';
import { revealCertNum } from '../api/revealCertNum';
import type { EnterpriseInfo } from '@/shared/api/types';
import { graphicCodeFor } from './graphicCodeFor';
import { useEditSubmit } from './useEditSubmit';
import { SpacelessInput } from '@/shared/components/SpacelessInput';

/** Values are the form's fields, named as the server's flattened edit body names them. */
export interface EnterpriseEditValues {
  type: string;
  name: string;
  certType: string;
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
  /** The graphic code an SMS send uses up (graphicCodeFor reads it by this name). */
  verificationCode?: string;
  smsCode?: string;
}

/** Identity fields: changing any of them is a re-authentication (DECISIONS.md, editing rules). */
const identityFields = ['type', 'name', 'certType', 'certNum', 'legalName', 'legalCertType', 'legalCertNum'] as const;

// A refusal of the SMS code names no field; it belongs under the code.
const smsReasons = { 'sms.wrong': 'smsCode', 'sms.expired': 'smsCode' };

const strip = (e: { target: { value: string } }) => stripSpaces(e.target.value);

/** initialValues are the stored values, with the certificate numbers in full once revealed. */
function initialValues(info: EnterpriseInfo, full: { certNum: string; legalCertNum: string } | null): Partial<EnterpriseEditValues> {
  const e = info.enterpriseVO;
  return {
    type: e.type,
    name: e.name,
    certType: e.certType || CertType.creditCode,
    certNum: full?.certNum ?? '',
    region: [e.province, e.city, e.area].filter(Boolean),
    detailAddr: e.detailAddr,
    industry: e.industry ? e.industry.split(',') : [],
    capital: e.capital,
    capitalUnit: e.capitalUnit || 'WAN_YUAN',
    capitalCurrency: e.capitalCurrency || 'CNY',
    legalName: info.legalPersonVO.name,
    legalCertType: info.legalPersonVO.certType || CertType.residentId,
    legalCertNum: full?.legalCertNum ?? '',
    contactName: info.contactVO.name,
    contactPhone: info.contactVO.phone,
  };
}

/** toBody is the flattened edit body; the SMS code goes only with a new contact phone. */
export function toBody(v: EnterpriseEditValues, phoneChanged: boolean, smsCodeId: string): EnterpriseEditBody {
  const [province = '', city = '', area = ''] = v.region;
  return {
    type: v.type,
    name: v.name.trim(),
    certType: v.certType,
    certNum: normalizeCertNum(v.certNum),
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
    legalCertNum: normalizeCertNum(v.legalCertNum),
    contactName: v.contactName.trim(),
    contactPhone: stripSpaces(v.contactPhone),
    ...(phoneChanged ? { smsCode: v.smsCode ?? '', smsCodeId } : {}),
  };
}

// The full numbers live outside the ['account'] queries, so a successful edit (which
// refreshes those) does not reveal them again; closing the dialog drops them.
const fullCertNumsKey = ['revealed', 'enterpriseCertNums'];

/**
 * useFullCertNums fetches the full enterprise and legal-person certificate numbers while
 * the dialog is open (the page shows them masked; an edit needs the whole number, and the
 * server logs each reveal) and puts them in the form unless the user has typed there.
 */
function useFullCertNums(form: FormInstance<EnterpriseEditValues>, open: boolean) {
  const q = useQuery({
    queryKey: fullCertNumsKey,
    queryFn: async () => {
      const [ent, legal] = await Promise.allSettled([revealCertNum('enterprise'), revealCertNum('legal')]);
      return {
        certNum: ent.status === 'fulfilled' ? (ent.value ?? '') : '',
        legalCertNum: legal.status === 'fulfilled' ? (legal.value ?? '') : '',
      };
    },
    enabled: open,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!q.data) return;
    for (const k of ['certNum', 'legalCertNum'] as const) {
      if (!form.isFieldTouched(k)) form.setFieldValue(k, q.data[k]);
    }
  }, [form, q.data]);
  return { full: q.data ?? null, loading: open && q.isFetching };
}

/**
 * EnterpriseEditDialog edits everything 02 §5 lets an enterprise change. The server
 * decides the kind of edit from what changed: region, address, industry, capital and
 * contact take effect at once (a new contact phone with the SMS code sent to it, scene
 * contact); type, name, certificate and legal person wait for review as re-authentication,
 * which the dialog says before the user submits.
 */
export function EnterpriseEditDialog({ info, open, onClose }: { info: EnterpriseInfo; open: boolean; onClose: () => void }) {
  const t = accountText.fields;
  const tr = zhCN.registration.enterprise;
  const rr = zhCN.registration.rules;
  const [form] = Form.useForm<EnterpriseEditValues>();
  const qc = useQueryClient();
  const close = () => {
    qc.removeQueries({ queryKey: fullCertNumsKey });
    onClose();
  };
  const { busy, run } = useEditSubmit(form, close, enterpriseEditField, smsReasons);
  const areas = useAreas();
  const industries = useIndustries();
  const config = useCommonConfig();
  const { full, loading } = useFullCertNums(form, open);
  const graphic = useGraphicCode(() => form.setFieldValue('verificationCode', ''));
  const [smsCodeId, setSmsCodeId] = useState('');

  const values = Form.useWatch([], form) as Partial<EnterpriseEditValues> | undefined;
  const entType = values?.type;
  const contactPhone = stripSpaces(values?.contactPhone ?? info.contactVO.phone);
  const phoneChanged = contactPhone !== info.contactVO.phone;
  const stored: Record<(typeof identityFields)[number], string> = {
    type: info.enterpriseVO.type,
    name: info.enterpriseVO.name,
    certType: info.enterpriseVO.certType,
    certNum: full?.certNum ?? '',
    legalName: info.legalPersonVO.name,
    legalCertType: info.legalPersonVO.certType,
    legalCertNum: full?.legalCertNum ?? '',
  };
  const identityChanged =
    !!values &&
    !!full &&
    identityFields.some((k) => {
      const v = values[k] ?? '';
      const now = k === 'certNum' || k === 'legalCertNum' ? normalizeCertNum(v) : v.trim();
      return now !== stored[k];
    });

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
      onCancel={close}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ disabled: loading }}
      width={760}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={accountText.edit.direct} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={initialValues(info, full)} data-testid="enterprise-edit-form">
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {accountText.titles.basicInfo}
        </Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="type" label={tr.type} rules={entTypeRules}>
              <Select
                options={toOptions(config.data?.enterpriseType)}
                onChange={(v: string) => {
                  // 其他有效证件 is not for a domestic enterprise: reset it (02 §5).
                  if (v === DOMESTIC_ENTERPRISE) form.setFieldValue('certType', CertType.creditCode);
                }}
                data-testid="edit-type"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t.entName} rules={[{ required: true, whitespace: true, message: rr.entName }]}>
              <SpacelessInput maxLength={100} data-testid="edit-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="certType" label={tr.certType} dependencies={['type']} rules={entCertTypeRules('type')}>
              <Select options={toOptions(config.data?.enterpriseCertificatesType, entType)} data-testid="edit-certType" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="certNum" label={tr.certNum} getValueFromEvent={strip} dependencies={['certType']} rules={entCertNumRules('certType')}>
              <SpacelessInput maxLength={40} disabled={loading} placeholder={loading ? accountText.edit.certLoading : undefined} data-testid="edit-certNum" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="region" label={t.area} rules={[{ required: true, type: 'array', min: 1, message: rr.entArea }]}>
              <Cascader options={areas.data ?? []} showSearch data-testid="edit-region" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="detailAddr" label={t.detailAddr} rules={[{ required: true, whitespace: true, message: rr.entDetailAddr }]}>
              <SpacelessInput maxLength={200} data-testid="edit-detailAddr" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="industry" label={t.industry} rules={[{ required: true, type: 'array', min: 1, message: rr.industry }]}>
              <Cascader options={industries.data ?? []} changeOnSelect showSearch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t.capital} required>
              <Space.Compact>
                <Form.Item name="capital" noStyle getValueFromEvent={strip} rules={capitalRules}>
                  <SpacelessInput style={{ width: 200 }} maxLength={22} data-testid="edit-capital" />
                </Form.Item>
                <Form.Item name="capitalUnit" noStyle rules={[{ required: true, message: rr.capitalUnit }]}>
                  <Select style={{ width: 100 }} options={toOptions(config.data?.registeredCapital)} />
                </Form.Item>
                <Form.Item name="capitalCurrency" noStyle rules={[{ required: true, message: rr.currency }]}>
                  <Select style={{ width: 160 }} options={toOptions(config.data?.currency)} showSearch optionFilterProp="label" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{accountText.titles.legal}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="legalName" label={tr.legalName} rules={[{ required: true, whitespace: true, message: rr.legalName }]}>
              <SpacelessInput maxLength={50} data-testid="edit-legalName" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="legalCertType" label={tr.legalCertType} rules={legalCertTypeRules}>
              <Select options={toOptions(config.data?.legalPersonCertificatesType)} data-testid="edit-legalCertType" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="legalCertNum" label={tr.legalCertNum} getValueFromEvent={strip} dependencies={['legalCertType']} rules={legalCertNumRules('legalCertType')}>
              <SpacelessInput maxLength={30} disabled={loading} placeholder={loading ? accountText.edit.certLoading : undefined} data-testid="edit-legalCertNum" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{accountText.titles.contact}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="contactName" label={tr.linkName} rules={[{ required: true, whitespace: true, message: rr.linkName }]}>
              <SpacelessInput maxLength={50} data-testid="edit-contactName" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contactPhone" label={tr.linkPhone} getValueFromEvent={strip} rules={contactPhoneRules}>
              <SpacelessInput maxLength={11} data-testid="edit-contactPhone" />
            </Form.Item>
          </Col>
          {phoneChanged && (
            <>
              <Col span={24}>
                <Alert type="info" showIcon title={accountText.edit.contactCode} style={{ marginBottom: 12 }} />
              </Col>
              <Col span={12}>
                <Form.Item label={tr.graphicCode} required>
                  <Flex gap={8}>
                    <Form.Item name="verificationCode" noStyle getValueFromEvent={strip}>
                      <SpacelessInput maxLength={4} data-testid="edit-graphicCode" />
                    </Form.Item>
                    <GraphicCode {...graphic.picture} />
                  </Flex>
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={tr.checkCode} required>
                  <Flex gap={8}>
                    <Form.Item name="smsCode" noStyle getValueFromEvent={strip} rules={contactCodeRules}>
                      <SpacelessInput maxLength={6} data-testid="edit-smsCode" />
                    </Form.Item>
                    <SmsButton
                      to={contactPhone}
                      scene="contact"
                      getGraphicCode={() => graphicCodeFor(form, graphic.codeId, ['contactPhone'])}
                      onSent={setSmsCodeId}
                      onGraphicCodeUsed={graphic.renew}
                      onError={(e) => {
                        if (e.fields?.verificationCode) form.setFields([{ name: 'verificationCode', errors: [e.fields.verificationCode] }]);
                      }}
                    />
                  </Flex>
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
      {identityChanged && <Alert type="warning" showIcon title={accountText.edit.reauth} data-testid="reauth-alert" />}
    </Modal>
  );
}

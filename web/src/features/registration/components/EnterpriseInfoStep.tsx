import { Button, Cascader, Col, Divider, Flex, Form, Row, Select } from 'antd';
import { useState } from 'react';
import { GraphicCode } from '@/shared/captcha/GraphicCode';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { ImageUpload } from '@/shared/components/ImageUpload';
import { SmsButton } from '@/shared/components/SmsButton';
import { capitalRules, contactCodeRules, contactPhoneRules, entCertNumRules, entCertTypeRules, entTypeRules, legalCertNumRules, legalCertTypeRules } from '@/shared/identity/formRules';
import { CertType, DOMESTIC_ENTERPRISE, normalizeCertNum, stripSpaces } from '@/shared/identity/rules';
import { zhCN } from '@/shared/locales/zh-CN';
import { toOptions, useAreas, useCommonConfig, useIndustries } from '@/shared/refdata/refdata';
import { saveEnterpriseInfo } from '../api/saveEnterpriseInfo';
import type { EnterpriseDto, LegalPersonDto, StepResult } from '@/shared/api/types';
import { showServerErrors } from './serverFields';
import { useStepSubmit } from './useStepSubmit';
import { SpacelessInput } from '@/shared/components/SpacelessInput';

/** Texts is a form's view of a contract object: the same keys, each typed text as the inputs hold it. */
type Texts<T> = { [K in keyof T]-?: string };

/** InfoDraft is what the step's form holds, kept by the wizard while the user moves between steps. */
export interface InfoDraft {
  enterpriseDto: Texts<Omit<EnterpriseDto, 'province' | 'city' | 'area' | 'industry'>> & { area: string[]; industry: string[] };
  legalPersonDto: Texts<LegalPersonDto>;
  graphicCode: string;
}

/** text is a saved value as the form's text (the contract lets codes be numbers, and null stand for none). */
const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));

function texts<T extends object>(o: T): Texts<T> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, text(v as string | number | null | undefined)])) as Texts<T>;
}

export interface SavedEnterprise {
  enterpriseDto: EnterpriseDto;
  legalPersonDto: LegalPersonDto;
}

function toValues(s: SavedEnterprise | null | undefined): Partial<InfoDraft> {
  if (!s) {
    return {
      enterpriseDto: { certType: '1', capitalUnit: 'WAN_YUAN', capitalCurrency: 'CNY' } as InfoDraft['enterpriseDto'],
      legalPersonDto: { certType: '1' } as InfoDraft['legalPersonDto'],
    };
  }
  const { province, city, area, industry, ...e } = s.enterpriseDto;
  return {
    enterpriseDto: {
      ...texts(e),
      area: [province, city, area].map(text).filter((x) => x !== ''),
      industry: Array.isArray(industry) ? industry : text(industry).split(',').filter((x) => x !== ''),
    },
    legalPersonDto: { ...texts(s.legalPersonDto), checkCode: '' },
  };
}

/** withLicence puts a kept licence upload in place of the saved one. */
function withLicence(v: Partial<InfoDraft>, licence: string | undefined): Partial<InfoDraft> {
  if (!licence || !v.enterpriseDto) return v;
  return { ...v, enterpriseDto: { ...v.enterpriseDto, enterpriseId: licence } };
}

const strip = (e: { target: { value: string } }) => stripSpaces(e.target.value);

/**
 * EnterpriseInfoStep is the enterprise's basic information (01 §2 step 1): the unit with
 * its business licence (the licence upload belongs here, 01 §2; the server keeps it with the
 * step, so a resumed registration shows it again), its legal representative and the contact
 * with an SMS code (scene contact). The code is not asked again for a contact phone an earlier
 * save already verified.
 */
export function EnterpriseInfoStep({
  saved,
  draft,
  keptLicence,
  onChange,
  onDone,
}: {
  saved?: SavedEnterprise | null;
  /** keptLicence is a licence uploaded on an earlier visit of this tab and not yet saved. */
  keptLicence?: string;
  /** draft is what was typed on an earlier visit and not yet saved; it wins over saved. */
  draft?: Partial<InfoDraft> | null;
  /** onChange gets the form's values after every change (the wizard keeps them across steps). */
  onChange?: (draft: Partial<InfoDraft>) => void;
  onDone: (r: StepResult) => void;
}) {
  const t = zhCN.registration.enterprise;
  const r = zhCN.registration.rules;
  const [form] = Form.useForm<InfoDraft>();
  const { busy, submit: send } = useStepSubmit(form);
  const graphic = useGraphicCode(() => form.setFieldValue('graphicCode', ''));
  const [checkCodeId, setCheckCodeId] = useState('');
  const areas = useAreas();
  const industries = useIndustries();
  const config = useCommonConfig();
  const entType = Form.useWatch(['enterpriseDto', 'type'], form);
  const linkPhone = Form.useWatch(['legalPersonDto', 'linkPhone'], form) ?? '';
  const verifiedPhone = saved?.legalPersonDto.linkPhone ?? '';
  const needCode = linkPhone === '' || linkPhone !== verifiedPhone;

  // The graphic code is not kept: the picture is a new one when the step is shown again.
  // setFieldValue does not call onValuesChange, so the type's change reports its own.
  const changed = () => {
    const { graphicCode: _, ...rest } = form.getFieldsValue(true) as InfoDraft;
    onChange?.(rest);
  };

  const submit = () =>
    send(async (v) => {
      const e = v.enterpriseDto;
      const [province = '', city = '', area = ''] = e.area;
      const res = await saveEnterpriseInfo({
        enterpriseDto: {
          type: e.type,
          name: e.name.trim(),
          certType: e.certType,
          certNum: normalizeCertNum(e.certNum),
          province,
          city,
          area,
          detailAddr: e.detailAddr.trim(),
          industry: e.industry.join(','),
          capital: stripSpaces(e.capital),
          capitalUnit: e.capitalUnit,
          capitalCurrency: e.capitalCurrency,
          enterpriseId: e.enterpriseId,
        },
        legalPersonDto: {
          ...v.legalPersonDto,
          name: v.legalPersonDto.name.trim(),
          certNum: normalizeCertNum(v.legalPersonDto.certNum),
          linkName: v.legalPersonDto.linkName.trim(),
          personFrontId: saved?.legalPersonDto.personFrontId ?? '',
          personBackId: saved?.legalPersonDto.personBackId ?? '',
          checkCodeId: needCode ? checkCodeId : '',
          checkCode: needCode ? (v.legalPersonDto.checkCode ?? '') : '',
        },
      });
      onDone(res);
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={draft ?? withLicence(toValues(saved), keptLicence)}
      onValuesChange={changed}
      style={{ maxWidth: 760, margin: '0 auto' }}
      data-testid="enterprise-info-step"
    >
      <Divider titlePlacement="start">{t.company}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['enterpriseDto', 'type']} label={t.type} rules={entTypeRules}>
            <Select
              options={toOptions(config.data?.enterpriseType)}
              onChange={(v: string) => {
                if (v === DOMESTIC_ENTERPRISE) form.setFieldValue(['enterpriseDto', 'certType'], CertType.creditCode);
                changed();
              }}
              data-testid="ent-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['enterpriseDto', 'name']} label={t.name} rules={[{ required: true, whitespace: true, message: r.entName }]}>
            <SpacelessInput maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['enterpriseDto', 'certType']}
            label={t.certType}
            dependencies={[['enterpriseDto', 'type']]}
            rules={entCertTypeRules(['enterpriseDto', 'type'])}
          >
            <Select options={toOptions(config.data?.enterpriseCertificatesType, entType)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['enterpriseDto', 'certNum']}
            label={t.certNum}
            getValueFromEvent={strip}
            dependencies={[['enterpriseDto', 'certType']]}
            rules={entCertNumRules(['enterpriseDto', 'certType'])}
          >
            <SpacelessInput maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['enterpriseDto', 'area']} label={t.area} rules={[{ required: true, type: 'array', min: 1, message: r.entArea }]}>
            <Cascader options={areas.data ?? []} showSearch data-testid="ent-area" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['enterpriseDto', 'detailAddr']} label={t.detailAddr} rules={[{ required: true, whitespace: true, message: r.entDetailAddr }]}>
            <SpacelessInput maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={['enterpriseDto', 'industry']} label={t.industry} rules={[{ required: true, type: 'array', min: 1, message: r.industry }]}>
            <Cascader options={industries.data ?? []} changeOnSelect showSearch data-testid="ent-industry" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name={['enterpriseDto', 'capital']}
            label={t.capital}
            getValueFromEvent={strip}
            rules={capitalRules}
          >
            <SpacelessInput maxLength={22} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name={['enterpriseDto', 'capitalUnit']} label={t.capitalUnit} rules={[{ required: true, message: r.capitalUnit }]}>
            <Select options={toOptions(config.data?.registeredCapital)} />
          </Form.Item>
        </Col>
        <Col xs={12} md={7}>
          <Form.Item name={['enterpriseDto', 'capitalCurrency']} label={t.currency} rules={[{ required: true, message: r.currency }]}>
            <Select options={toOptions(config.data?.currency)} showSearch optionFilterProp="label" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name={['enterpriseDto', 'enterpriseId']} label={t.licence} rules={[{ required: true, message: r.licence }]}>
            <ImageUpload label={t.licence} data-testid="upload-licence" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t.legal}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={['legalPersonDto', 'name']} label={t.legalName} rules={[{ required: true, whitespace: true, message: r.legalName }]}>
            <SpacelessInput maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['legalPersonDto', 'certType']} label={t.legalCertType} rules={legalCertTypeRules}>
            <Select options={toOptions(config.data?.legalPersonCertificatesType)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['legalPersonDto', 'certNum']}
            label={t.legalCertNum}
            getValueFromEvent={strip}
            dependencies={[['legalPersonDto', 'certType']]}
            rules={legalCertNumRules(['legalPersonDto', 'certType'])}
          >
            <SpacelessInput maxLength={30} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t.contact}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['legalPersonDto', 'linkName']} label={t.linkName} rules={[{ required: true, whitespace: true, message: r.linkName }]}>
            <SpacelessInput maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['legalPersonDto', 'linkPhone']}
            label={t.linkPhone}
            getValueFromEvent={strip}
            rules={contactPhoneRules}
          >
            <SpacelessInput maxLength={11} />
          </Form.Item>
        </Col>
        {needCode ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item label={t.graphicCode}>
                <Flex gap={8}>
                  <Form.Item name="graphicCode" noStyle getValueFromEvent={strip}>
                    <SpacelessInput maxLength={4} placeholder={r.graphicCode} />
                  </Form.Item>
                  <GraphicCode {...graphic.picture} />
                </Flex>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t.checkCode} required>
                <Flex gap={8}>
                  <Form.Item name={['legalPersonDto', 'checkCode']} noStyle getValueFromEvent={strip} rules={contactCodeRules}>
                    <SpacelessInput maxLength={6} />
                  </Form.Item>
                  <SmsButton
                    to={linkPhone}
                    scene="contact"
                    getGraphicCode={async () => {
                      try {
                        await form.validateFields([['legalPersonDto', 'linkPhone']]);
                      } catch {
                        return null;
                      }
                      const code = (form.getFieldValue('graphicCode') as string | undefined) ?? '';
                      if (!code) {
                        form.setFields([{ name: 'graphicCode', errors: [r.graphicCode] }]);
                        return null;
                      }
                      return { codeId: graphic.codeId, verificationCode: code };
                    }}
                    onSent={setCheckCodeId}
                    onGraphicCodeUsed={graphic.renew}
                    onError={(e) => void showServerErrors(form, e, { verificationCode: 'graphicCode' })}
                  />
                </Flex>
              </Form.Item>
            </Col>
          </>
        ) : (
          <Col xs={24}>
            <div style={{ color: '#52c41a', marginBottom: 16 }}>{t.contactVerified}</div>
          </Col>
        )}
      </Row>
      <Flex justify="center">
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="enterprise-info-submit">
          {zhCN.registration.person.next}
        </Button>
      </Flex>
    </Form>
  );
}

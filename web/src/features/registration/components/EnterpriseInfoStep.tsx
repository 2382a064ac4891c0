import { Button, Col, Divider, Flex, Form } from 'antd';
import { useState } from 'react';
import { useGraphicCode } from '@/shared/captcha/useGraphicCode';
import { ContactCode, ContactFields, EnterpriseFields, fieldNames, LegalFields, type Key } from '@/shared/identity/IdentityFields';
import { normalizeCertNum, stripSpaces } from '@/shared/identity/rules';
import { zhCN } from '@/shared/locales/zh-CN';
import { saveEnterpriseInfo } from '../api/saveEnterpriseInfo';
import type { EnterpriseDto, LegalPersonDto, StepResult } from '@/shared/api/types';
import { showServerErrors } from './serverFields';
import { useStepSubmit } from './useStepSubmit';

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

// The step holds the contract's objects: the fields are named by their keys there.
const company = fieldNames(['enterpriseDto'], { region: 'area', licenseId: 'enterpriseId' });
const legal = fieldNames(['legalPersonDto'], { legalName: 'name', legalCertType: 'certType', legalCertNum: 'certNum', contactName: 'linkName', contactPhone: 'linkPhone' });
const testIds: Partial<Record<Key, string>> = { type: 'ent-type', region: 'ent-area', industry: 'ent-industry', licenseId: 'upload-licence' };

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
  const [form] = Form.useForm<InfoDraft>();
  const { busy, submit: send } = useStepSubmit(form);
  const graphic = useGraphicCode(() => form.setFieldValue('graphicCode', ''));
  const [checkCodeId, setCheckCodeId] = useState('');
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
      <EnterpriseFields name={company} testId={(k) => testIds[k]} licence onChange={changed} />
      <Divider titlePlacement="start">{t.legal}</Divider>
      <LegalFields name={legal} />
      <Divider titlePlacement="start">{t.contact}</Divider>
      <ContactFields name={legal}>
        {needCode ? (
          <ContactCode
            form={form}
            phone={linkPhone}
            phoneName={legal('contactPhone')}
            graphicName="graphicCode"
            codeName={['legalPersonDto', 'checkCode']}
            graphic={graphic}
            onSent={setCheckCodeId}
            onError={(e) => void showServerErrors(form, e, { verificationCode: 'graphicCode' })}
          />
        ) : (
          <Col xs={24}>
            <div style={{ color: '#237804', marginBottom: 16 }}>{t.contactVerified}</div>
          </Col>
        )}
      </ContactFields>
      <Flex justify="center">
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="enterprise-info-submit">
          {zhCN.registration.person.next}
        </Button>
      </Flex>
    </Form>
  );
}

import type { FormRule } from 'antd';
import { zhCN } from '../locales/zh-CN';
import {
  CAPITAL_RE,
  enterpriseCertNumOk,
  enterpriseCertTypeAllowed,
  CertType,
  personCertHasCheckDigit,
  personCertNumOk,
  PHONE_RE,
} from './rules';

/**
 * Form rules for the enterprise identity fields, one copy for the registration wizard
 * (01 §5) and the account centre's edit dialog (02 §5), with the wizard's messages,
 * which are the server's. A rule that depends on another field takes that field's name
 * path and reads it when it runs, so the form must list it in `dependencies`.
 */

export type NamePath = string | (string | number)[];

const r = zhCN.registration.rules;

const check = (ok: boolean, msg: string) => (ok ? Promise.resolve() : Promise.reject(new Error(msg)));

/** entTypeRules: 企业属别 is required. */
export const entTypeRules: FormRule[] = [{ required: true, message: r.entType }];

/** entCertTypeRules: required, and a domestic (A1) enterprise must use the credit code. */
export function entCertTypeRules(typeField: NamePath): FormRule[] {
  return [
    { required: true, message: r.entCertType },
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) => check(!v || enterpriseCertTypeAllowed(getFieldValue(typeField) as string, v), r.entCertTypeA1),
    }),
  ];
}

/**
 * entCertNumRules: required (unless optional: an edit form that keeps the stored number when the
 * field is left empty); a credit code is checked to its check character, others by shape.
 */
export function entCertNumRules(certTypeField: NamePath, optional = false): FormRule[] {
  return [
    ...(optional ? [] : [{ required: true, whitespace: true, message: r.entCertNum }]),
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) => {
        const t = getFieldValue(certTypeField) as string | undefined;
        if (!v || !t) return Promise.resolve();
        return check(enterpriseCertNumOk(t, v), t === CertType.creditCode ? r.creditCode : r.certNumOther);
      },
    }),
  ];
}

/** legalCertTypeRules: the legal representative's certificate type is required. */
export const legalCertTypeRules: FormRule[] = [{ required: true, message: r.legalCertType }];

/**
 * personCertNumRules: a person's certificate number (the legal representative's, or the
 * person's own at registration) is required (requiredMsg); ID cards and residence permits
 * are checked to their check digit, other documents by shape.
 */
export function personCertNumRules(certTypeField: NamePath, requiredMsg: string, optional = false): FormRule[] {
  return [
    ...(optional ? [] : [{ required: true, whitespace: true, message: requiredMsg }]),
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) => {
        const t = getFieldValue(certTypeField) as string | undefined;
        if (!v || !t) return Promise.resolve();
        return check(personCertNumOk(t, v), personCertHasCheckDigit(t) ? r.certNumID : r.certNumOther);
      },
    }),
  ];
}

/** legalCertNumRules: the legal representative's certificate number (see personCertNumRules). */
export const legalCertNumRules = (certTypeField: NamePath, optional = false) => personCertNumRules(certTypeField, r.legalCertNum, optional);

/** contactPhoneRules: 联系电话 is required and a mainland mobile number. */
export const contactPhoneRules: FormRule[] = [
  { required: true, message: r.linkPhone },
  { pattern: PHONE_RE, message: r.phonePattern },
];

/** contactCodeRules: the contact phone's SMS code is required (when the form shows it). */
export const contactCodeRules: FormRule[] = [{ required: true, message: r.checkCode }];

/**
 * capitalRules: registered capital is required and a number. One rule with one message at a
 * time: as two rules, a value such as 五千 showed 注册资本不能为空 and 注册资本只能填写数字
 * together (docs/decisions/usability.md, "A careful user's findings (behaviour items)"). `required` only marks the field.
 */
export const capitalRules: FormRule[] = [
  {
    required: true,
    validator: (_, v: string | undefined) => (!v ? Promise.reject(new Error(r.capital)) : check(CAPITAL_RE.test(v), r.capitalNumeric)),
  },
];

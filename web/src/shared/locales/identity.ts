/**
 * The identity forms' own words (PersonFields, EnterpriseFields …, @/shared/identity): the
 * labels where registration's form (01 §2, §5) names a field otherwise than the catalogue does
 * out of context (the review console's 法定代表人证件类型 is the form's 证件类型 under the
 * 法定代表人信息 heading), and the texts around the fields. Every other label, every required
 * message and every limit is the server's catalogue (GET /api/common/config, fields).
 */
export const identityText = {
  labels: {
    person: { name: '真实姓名', region: '证件地址' },
    enterprise: { certType: '企业证件类型', certNum: '企业证件号码', capitalUnit: '资金单位', licenseId: '营业执照' },
    legal: { legalCertType: '证件类型', legalCertNum: '证件号码' },
    contact: { contactPhone: '联系电话' },
  } as Record<string, Record<string, string>>,
  validity: '证件有效期',
  start: '开始日期',
  end: '结束日期',
  longTerm: '长期有效',
  photos: '证件照片',
  /** keep is the hint under a masked certificate number: empty keeps the stored one. */
  keep: (masked: string) => `当前：${masked}，不修改请留空`,
  reveal: '查看完整号码',
  graphicCode: '图形验证码',
  graphicCodePh: '请输入验证码',
  graphicRequired: '请输入图形验证码',
  smsCode: '短信验证码',
};

/** Types of the account-centre API (api/openapi.yaml, issue 6). */
export interface PersonInfo {
  account: string;
  renamed: boolean;
  phone: string;
  authState: number;
  name: string;
  certType: string;
  certNum: string;
  certStart: string;
  certEnd: string;
  certValid: boolean;
  province: string;
  city: string;
  area: string;
  areaName: string;
  detailAddr: string;
  personfrontId: string;
  personbackId: string;
  certTakeId: string;
  certDetailAddr: string;
}

export interface EnterpriseInfo {
  enterpriseVO: {
    account: string;
    renamed: boolean;
    name: string;
    type: string;
    certType: string;
    certNum: string;
    province: string;
    city: string;
    area: string;
    areaName: string;
    detailAddr: string;
    industry: string;
    industryName: string;
    capital: string;
    capitalUnit: string;
    capitalCurrency: string;
    licenseState: string;
  };
  legalPersonVO: { name: string; certType: string; certNum: string; personFrontId: string; personBackId: string };
  contactVO: { name: string; phone: string };
  phone: string;
  authState: number;
}

export interface EditResult {
  waiting: boolean;
  reviewId?: number;
}

export interface TrustLevel {
  level: number;
  items: { type: string; state: number }[];
}

export interface SecurityInfo {
  account: string;
  renamed: boolean;
  phone: string;
  type: number;
}

export interface ModificationRecord {
  infoId: number;
  infoItem: string;
  beforeValue: string;
  afterValue: string;
  operationTime: string;
  isValid: number;
  authMethod: string;
  authState: number;
  authTime: string | null;
  applyId: number | null;
}

export interface FieldChange {
  fieldName: string;
  beforeValue: string;
  afterValue: string;
}

export interface OperationRecord {
  id: number;
  accountName: string;
  ctime: string;
  operationType: string;
  remarks: FieldChange[];
  authtype: string;
  noPassReason: string;
  appendixList: { id: string; name: string }[];
}

export interface AuditLog {
  userName: string;
  time: string;
  action: 'PASS' | 'NOT_PASS';
  remark: string;
  files: { id: string; name: string }[];
}

export interface Page<T> {
  data: T[];
  count: number;
}

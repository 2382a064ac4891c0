import type { components } from '@/shared/api/schema';

/** Types of the operator-link API (api/openapi.yaml, docs/decisions/operators.md, "Operator links"). */
export type OperatorLink = components['schemas']['OperatorLink'];
export type OperatorCandidate = components['schemas']['OperatorCandidate'];
export type BlockedEnterprise = components['schemas']['BlockedEnterprise'];

/** Side is which party of a link the signed-in account is. */
export type Side = 'person' | 'enterprise';

/** SearchForm is the add dialog's first step: all three parts must match exactly. */
export interface SearchForm {
  account: string;
  name: string;
  certNum: string;
}

/** Period is an authorised period, both ends yyyy-MM-dd and inclusive. */
export interface Period {
  operateStart: string;
  operateEnd: string;
}

export interface Page<T> {
  data: T[];
  count: number;
}

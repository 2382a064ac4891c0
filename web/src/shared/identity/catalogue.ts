import type { FormRule } from 'antd';
import type { CatalogueField, FieldKey } from '../api/types';
import { identityText } from '../locales/identity';
import { useCommonConfig, type CommonConfig } from '../refdata/refdata';

/**
 * The server's field catalogue (internal/identity/catalogue.go), read from the configuration
 * answer (GET /api/common/config, fields): each field's label, required message, code list and
 * the limits the server enforces, so a form's maxLength and messages are the server's and not a
 * copy (docs/decisions/field-catalogue.md, "The field components").
 */

/** Table names one of the catalogue's tables. */
export type Table = keyof CommonConfig['fields'];

/** Fields reads one table of the catalogue by key; every method answers undefined until it is loaded. */
export interface Fields {
  field(key: FieldKey): CatalogueField | undefined;
  /** label is the form's label: registration's wording where it differs (identityText.labels), else the catalogue's. */
  label(key: FieldKey): string | undefined;
  /** max is the length limit the server enforces (a form's maxLength). */
  max(key: FieldKey): number | undefined;
  /** pattern is the shape the server checks, undefined when it has none. */
  pattern(key: FieldKey): RegExp | undefined;
  /** required is the field's required rule with the server's message (fallback until the catalogue is loaded). */
  required(key: FieldKey, fallback?: string): FormRule;
}

/** fieldsOf reads table of the configuration answer. */
export function fieldsOf(config: CommonConfig | undefined, table: Table): Fields {
  const list = config?.fields?.[table] ?? [];
  const field = (key: FieldKey) => list.find((f) => f.key === key);
  return {
    field,
    label: (key) => identityText.labels[table]?.[key] ?? field(key)?.label,
    max: (key) => field(key)?.max,
    pattern: (key) => {
      const p = field(key)?.pattern;
      return p ? new RegExp(p) : undefined;
    },
    required: (key, fallback) => ({ required: true, message: field(key)?.required ?? fallback }),
  };
}

/** useFields is fieldsOf over the loaded configuration. */
export function useFields(table: Table): Fields {
  return fieldsOf(useCommonConfig().data, table);
}

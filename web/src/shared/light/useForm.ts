import { useCallback, useRef, useState } from 'react';

/** Rule answers the message for a value it refuses, or undefined. */
export type Rule = (value: string) => string | undefined;

export const required = (message: string): Rule => (v) => (v.trim() === '' ? message : undefined);
export const maxChars = (max: number, message: string): Rule => (v) => (Array.from(v).length > max ? message : undefined);

/**
 * useForm keeps a light form's values and messages (docs/decisions/frontend-load.md, "Front-end load": the login page loads without
 * antd). As antd's Form: a field is checked whenever it changes, all of them on submit, and the
 * server's messages for fields can be put on them; values stay whatever happens.
 */
export function useForm<K extends string>(rules: Record<K, Rule[]>) {
  const names = Object.keys(rules) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // The latest values, for handlers that run after a change in the same event (every change goes through setValue).
  const latest = useRef(values);

  const check = useCallback((name: K, value: string) => rules[name].map((r) => r(value)).find(Boolean), [rules]);

  const setValue = useCallback(
    (name: K, value: string) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      setErrors((e) => ({ ...e, [name]: check(name, value) }));
    },
    [check],
  );

  /** reset empties a field and its message without checking it (antd's setFieldValue: a new graphic code). */
  const reset = useCallback((name: K) => {
    latest.current = { ...latest.current, [name]: '' };
    setValues(latest.current);
    setErrors((e) => ({ ...e, [name]: undefined }));
  }, []);

  /** validate checks every field and answers whether all pass. */
  const validate = useCallback(() => {
    const found = Object.fromEntries(names.map((n) => [n, check(n, latest.current[n])])) as Partial<Record<K, string>>;
    setErrors(found);
    return names.every((n) => !found[n]);
    // names follow rules
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [check]);

  /** field gives a control its value, its change handler and whether it is in error. */
  const field = (name: K) => ({
    value: values[name],
    onChange: (v: string) => setValue(name, v),
    invalid: Boolean(errors[name]),
  });

  return { values, errors, latest, setValue, reset, setErrors, validate, field };
}

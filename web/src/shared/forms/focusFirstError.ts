import type { FormInstance } from 'antd';

type NamePath = (string | number)[];

const focusable = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * errorNames is the name paths of the fields a rejected validateFields named (antd's
 * ValidateErrorEntity.errorFields, in the form's order), or none for any other error.
 */
export function errorNames(err: unknown): NamePath[] {
  const fields = (err as { errorFields?: { name: NamePath; errors: string[] }[] } | null)?.errorFields;
  return Array.isArray(fields) ? fields.filter((f) => f.errors.length > 0).map((f) => f.name) : [];
}

/**
 * focusFirstError moves the focus to the first of names (name paths, in the form's order) that has
 * a control, scrolling it into view (WCAG 3.3.1; docs/decisions/accessibility.md, "The wizards
 * focus the first field in error"), once the form has drawn its messages: antd's
 * focusField where the field has a focusable instance or an element with its id, else the first
 * focusable control of the field's form item (an upload, a set of radios), found through its
 * message (`${id}_help`). With no names it takes the fields that show an error then (after
 * setFields with the server's answer). Resolves to whether the focus moved.
 */
export async function focusFirstError(form: FormInstance, names?: NamePath[]): Promise<boolean> {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  await frame();
  const order = names ?? form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
  // A field without an element of its id is found by its message: wait (half a second at most) until it is drawn.
  const first = order[0]?.join('_');
  for (let i = 0; first && i < 30 && !document.getElementById(first) && !document.getElementById(`${first}_help`); i++) await frame();
  return focusNow(form, order);
}

function focusNow(form: FormInstance, order: NamePath[]): boolean {
  for (const name of order) {
    const id = name.join('_');
    form.scrollToField(name, { focus: true });
    const active = document.activeElement;
    if (active && active !== document.body && (active.id === id || active.closest('.ant-form-item')?.querySelector(`[id="${id}"], [id="${id}_help"]`))) return true;
    const item = (document.getElementById(id) ?? document.getElementById(`${id}_help`))?.closest('.ant-form-item');
    const control = item?.querySelector<HTMLElement>(focusable);
    if (control) {
      control.scrollIntoView?.({ block: 'nearest' });
      control.focus();
      return document.activeElement === control;
    }
  }
  return false;
}

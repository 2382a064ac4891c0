import { useLayoutEffect } from 'react';

/**
 * dropPrerendered removes the prerendered copy of the login page (vite.config.ts,
 * prerenderLogin; public/boot.js) once the app's own page is in the document, in the same
 * frame, so the page is never shown twice. What the user typed into the copy's fields goes into
 * the app's fields of the same id, and the focus follows. A form of the copy that was submitted
 * (public/boot.js marks it) is submitted again as the app's form of the same test id, once React
 * has taken the moved values in (docs/decisions/frontend-load.md, "Early presses on the login page").
 */
export function dropPrerendered(): void {
  const copy = document.getElementById('prerendered');
  const root = document.getElementById('root');
  if (!copy || !root) return;
  const focused = document.activeElement instanceof HTMLInputElement && copy.contains(document.activeElement) ? document.activeElement.id : '';
  // React listens for input events and keeps its own copy of a field's value: the value goes
  // in through the element's own setter, then the event, as if the user had typed it.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call on the field
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const input of copy.querySelectorAll<HTMLInputElement>('input[id]')) {
    const target = root.querySelector<HTMLInputElement>(`input#${CSS.escape(input.id)}`);
    if (!target || input.value === '' || !setValue) continue;
    setValue.call(target, input.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const pressed = copy.querySelector('form[data-submit-pending]')?.getAttribute('data-testid');
  copy.remove();
  document.documentElement.removeAttribute('data-prerendered');
  if (focused) root.querySelector<HTMLInputElement>(`input#${CSS.escape(focused)}`)?.focus();
  if (pressed) {
    // After this commit: the input events above update the form's state in their own render.
    setTimeout(() => root.querySelector<HTMLFormElement>(`form[data-testid="${CSS.escape(pressed)}"]`)?.requestSubmit(), 0);
  }
}

/** DropPrerendered, rendered next to a page (or an error), calls dropPrerendered when it mounts. */
export function DropPrerendered() {
  useLayoutEffect(dropPrerendered, []);
  return null;
}

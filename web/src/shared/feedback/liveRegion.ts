/**
 * toastRegion is the element antd's toasts render in (MessageHolder's getContainer): a polite
 * live region (role=status) at the end of <body>, so a screen reader reads each toast as it
 * appears (4.1.3 Status messages; antd's message container has no live region of its own). Polite
 * for errors too: a toast follows what the user just did, and an assertive one would cut off the
 * reading of the field or dialog the focus is on. Made on first use.
 */
export function toastRegion(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = REGION_ID;
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.append(el);
  }
  return el;
}

const REGION_ID = 'bidpass-toasts';

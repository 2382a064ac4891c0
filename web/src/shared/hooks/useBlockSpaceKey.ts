import { useEffect } from 'react';

/**
 * Space keypress is blocked in text inputs across the portal (01 §5, 02 §5): accounts,
 * phones, codes, certificate numbers and passwords never contain spaces.
 *
 * - Blocked in every text-like <input>, password fields included (docs/decisions/usability.md).
 * - Not blocked in <textarea> (remarks, reasons), in checkboxes, radios and buttons (Space
 *   toggles or presses them), or inside an element marked `data-allow-space`.
 * - Never blocked while an input method is composing: Chinese IMEs use Space to pick a
 *   candidate, and blocking it would make names and addresses impossible to type.
 * Pasted text is not affected; forms strip spaces from what they submit.
 */
const TEXT_INPUT_TYPES = new Set(['', 'text', 'password', 'search', 'tel', 'email', 'url', 'number']);

/** shouldBlockSpace reports whether the key event is a Space typed into a text input. */
export function shouldBlockSpace(e: KeyboardEvent): boolean {
  if (e.key !== ' ' && e.code !== 'Space') return false;
  if (e.isComposing || e.keyCode === 229) return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const target = e.target;
  if (!(target instanceof HTMLInputElement)) return false;
  if (!TEXT_INPUT_TYPES.has(target.type.toLowerCase())) return false;
  if (target.closest('[data-allow-space]')) return false;
  return true;
}

/** installSpaceKeyBlock listens on doc (capture phase) and returns a function that removes the listener. */
export function installSpaceKeyBlock(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (shouldBlockSpace(e)) e.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}

/** useBlockSpaceKey installs the block for as long as the calling component is mounted. */
export function useBlockSpaceKey(): void {
  useEffect(() => installSpaceKeyBlock(document), []);
}

import type { CSSProperties, ReactNode } from 'react';

/** visuallyHidden keeps text in the accessibility tree but off the screen (the usual clip pattern). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * VisuallyHidden is text for assistive technology only: a table's caption where the page's heading
 * already says it on screen (WCAG 1.3.1; docs/decisions/accessibility.md, "Staff tables have
 * captions"), the title of a column of buttons.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={visuallyHidden}>{children}</span>;
}

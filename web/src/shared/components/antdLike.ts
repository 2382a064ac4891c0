// Helpers of the components that draw antd's markup without antd's component (Panel, PlainList,
// PlainMenu, CardTabs; docs/decisions/frontend-load.md, "Front-end load").

import type { ReactNode } from 'react';

/** isShown is what antd renders of an optional part (its isReactRenderable): not null, undefined, false or ''. */
export function isShown(n: ReactNode): boolean {
  return n !== null && n !== undefined && n !== false && n !== '';
}

/** classes joins the class names that are set, in order, as antd's clsx does for these components. */
export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * rovingTarget is where a key press moves in a row of count items from the one at `at`: the
 * `next` and `prev` keys step (wrapping around), Home and End go to the ends; undefined for any
 * other key. As antd's menus and tabs move their focus.
 */
export function rovingTarget(key: string, at: number, count: number, next: string, prev: string): number | undefined {
  if (count === 0) return undefined;
  const to = key === next ? at + 1 : key === prev ? at - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : undefined;
  return to === undefined ? undefined : (to + count) % count;
}

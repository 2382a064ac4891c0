/** maskPhone shows 138****8000. */
export function maskPhone(p: string): string {
  return p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p;
}

/** maskEmail shows z***@example.cn (the server's profile.MaskEmail). */
export function maskEmail(e: string): string {
  const at = e.lastIndexOf('@');
  return at < 1 ? e : `${Array.from(e.slice(0, at))[0] ?? ''}***${e.slice(at)}`;
}

/** labelOf finds the label of a value in a configuration list. */
export function labelOf(list: { value: string | number; label: string }[] | undefined, v: string): string {
  return list?.find((e) => String(e.value) === v)?.label ?? v;
}

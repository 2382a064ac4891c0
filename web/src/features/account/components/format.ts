/** maskPhone shows 138****8000. */
export function maskPhone(p: string): string {
  return p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p;
}

/** labelOf finds the label of a value in a configuration list. */
export function labelOf(list: { value: string | number; label: string }[] | undefined, v: string): string {
  return list?.find((e) => String(e.value) === v)?.label ?? v;
}

import { dayjs } from '@/shared/dates';

/** formatTime shows an API time as YYYY-MM-DD HH:mm:ss in local time, or - when empty. */
export function formatTime(t: string | null | undefined): string {
  return t ? dayjs(t).format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** maskPhone shows 138****8000. */
export function maskPhone(p: string): string {
  return p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p;
}

/** labelOf finds the label of a value in a configuration list. */
export function labelOf(list: { value: string | number; label: string }[] | undefined, v: string): string {
  return list?.find((e) => String(e.value) === v)?.label ?? v;
}

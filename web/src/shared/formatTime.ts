/**
 * dayjs's own pattern for a date and time without a zone (its REGEX_PARSE): such a string is read
 * in local time; anything else (a trailing Z or offset) goes to Date as it is.
 */
const localPattern = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * formatDateTime is dayjs(t).format('YYYY-MM-DD HH:mm:ss') without dayjs (docs/decisions/frontend-load.md, "Front-end load"): the table
 * pages that show a time and nothing else of dates then do not load dayjs and its Chinese locale
 * (about 3 KiB gzip). It reads t as dayjs does (formatTime.test.ts compares the two), and gives
 * dayjs's 'Invalid Date' for what neither can read.
 */
export function formatDateTime(t: string): string {
  const m = localPattern.exec(t);
  const d = m
    ? new Date(Number(m[1]), Number(m[2] ?? 1) - 1, Number(m[3] || 1), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), Number((m[7] ?? '0').slice(0, 3)))
    : new Date(t);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * formatTime shows an API time as YYYY-MM-DD HH:mm:ss in local time, or - when empty. It lives
 * apart from src/shared/dates.ts so that a page that only shows times does not load dayjs.
 */
export function formatTime(t: string | null | undefined): string {
  return t ? formatDateTime(t) : '-';
}

import { describe, expect, it } from 'vitest';
import { dayjs } from './dates';
import { formatDateTime, formatTime } from './formatTime';

// formatDateTime stands in for dayjs(t).format('YYYY-MM-DD HH:mm:ss') on the table pages (docs/decisions/frontend-load.md, "Front-end load").
describe('formatDateTime', () => {
  it.each([
    '2025-01-01T08:00:00Z',
    '2025-01-01T08:00:00.123Z',
    '2025-06-30T23:59:59+08:00',
    '2025-01-01 08:00:00',
    '2025-01-01T08:00:00',
    '2025-01-01T08:00:00.5',
    '2025-1-2 3:4:5',
    '2025/01/02 10:20',
    '2025-03-04',
    '20250304',
    '2025',
    'Tue, 01 Apr 2025 08:00:00 GMT',
    'not a time',
  ])('formats %s as dayjs does', (t) => {
    expect(formatDateTime(t)).toBe(dayjs(t).format('YYYY-MM-DD HH:mm:ss'));
  });

  it('shows - for no time', () => {
    expect(formatTime(null)).toBe('-');
    expect(formatTime('')).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });
});

import { http } from '@/shared/api/http';

/** OutboxMessage is one SMS or e-mail that the development server kept instead of sending. */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  scene: string;
  text: string;
  code: string;
  /** RFC 3339 time. */
  at: string;
}

/**
 * getOutbox lists the development outbox: GET /api/dev/outbox (only with `bidpass serve --dev`;
 * otherwise 404). Newest first. Silent: the page explains a 404 itself.
 */
export async function getOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  const items = await http.get<OutboxMessage[] | null>('/api/dev/outbox', { signal, silent: true });
  return sortNewestFirst(items ?? []);
}

/** sortNewestFirst orders messages by time, newest first (the server already does; this keeps the page right regardless). */
export function sortNewestFirst(items: OutboxMessage[]): OutboxMessage[] {
  return items
    .map((m, i) => ({ m, i, t: Date.parse(m.at) }))
    .sort((a, b) => (Number.isNaN(b.t) || Number.isNaN(a.t) ? a.i - b.i : b.t - a.t || a.i - b.i))
    .map(({ m }) => m);
}

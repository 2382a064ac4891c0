import { callData } from '@/shared/api/contract';
import type { OutboxMessage } from '@/shared/api/types';

/**
 * getOutbox lists the development outbox: GET /api/dev/outbox (only with `bidpass serve --dev`;
 * otherwise 404). Newest first. Silent: the page explains a 404 itself.
 */
export async function getOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  return sortNewestFirst(await callData('get', '/api/dev/outbox', { signal, silent: true }));
}

/** sortNewestFirst orders messages by time, newest first (the server already does; this keeps the page right regardless). */
export function sortNewestFirst(items: OutboxMessage[]): OutboxMessage[] {
  return items
    .map((m, i) => ({ m, i, t: Date.parse(m.at) }))
    .sort((a, b) => (Number.isNaN(b.t) || Number.isNaN(a.t) ? a.i - b.i : b.t - a.t || a.i - b.i))
    .map(({ m }) => m);
}

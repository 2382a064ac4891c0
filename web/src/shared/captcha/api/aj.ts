/**
 * The AJ-Captcha endpoints answer `{repCode, repMsg, repData, success}` instead of the portal's
 * envelope, so they do not go through the shared http client (which would toast their refusals):
 * the widgets show repMsg themselves. A request that gets no answer rejects with AjNetworkError.
 */
export interface AjAnswer {
  repCode: string;
}

/** AjNetworkError means the server could not be reached or did not answer in AJ form. */
export class AjNetworkError extends Error {
  override readonly name = 'AjNetworkError';
}

/** CAPTCHA_TIMEOUT_MS bounds a captcha call; the general client's 40 s is too long for a widget. */
export const CAPTCHA_TIMEOUT_MS = 15_000;

/** ajPost sends one captcha call and resolves to its answer (A: the yaml's answer of that path). */
export async function ajPost<A extends AjAnswer>(path: string, body: unknown, signal?: AbortSignal): Promise<A> {
  const timeout = AbortSignal.timeout(CAPTCHA_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: combined,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new AjNetworkError('captcha request failed', { cause });
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch (cause) {
    throw new AjNetworkError(`captcha answer is not JSON (HTTP ${res.status})`, { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as AjAnswer).repCode !== 'string') {
    throw new AjNetworkError(`captcha answer is not in AJ form (HTTP ${res.status})`);
  }
  return parsed as A;
}

/**
 * The one HTTP client of the portal (02 §7, §8 and docs/spec/DECISIONS.md "The HTTP contract").
 *
 * - JSON in and out; every answer is the envelope `{code, msg, data, count?, reason?, fields?}`
 *   and code 0 is success. The client unwraps it: `get/post/put/delete` resolve to `data`,
 *   `request` to `{data, count, msg}`.
 * - GET requests carry `_t=<timestamp>` so no cache answers them.
 * - `Authorization: Bearer <token>` from the stored session.
 * - 40 s timeout.
 * - Any failure rejects with an ApiError (never swallowed), after the client has told the user:
 *   - no answer (network down, timeout): toast 网络异常，请稍后重试;
 *   - body code 401, msg 认证标识为空 or HTTP 401: warning, session cleared, back to login
 *     (with authorize_uri when a back-address is kept); code or HTTP 420 likewise with the msg;
 *   - `page: true` requests (the data a page cannot be shown without) answering 404 or 5xx:
 *     the app goes to /error/{status};
 *   - anything else: the server's msg as an error toast (the HTTP status text when the answer
 *     is not our envelope, e.g. a proxy's 502 page), unless the request is `silent`.
 */
import type { ResponseData } from './contract';
import { zhCN } from '../locales/zh-CN';
import { navigate as appNavigate, type Navigate } from '../navigation';
import { loginPath, paths } from '../paths';
import * as session from '../session/session';
import { toast as appToast } from '../feedback/toast';

/** DEFAULT_TIMEOUT_MS is the client timeout of 01 §9. */
export const DEFAULT_TIMEOUT_MS = 40_000;

/** Envelope is the body of every JSON answer of the API. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Total number of items, on list answers. */
  count?: number;
  /** On lists that grow without bound: count stopped at its cap (show 10000+). */
  countCapped?: boolean;
  /** On lists that grow without bound, when the page is full: the cursor of the next page (after). */
  next?: string;
  /** Stable error key (e.g. "auth.bad_credentials"), on errors. */
  reason?: string;
  /** Per-field Chinese messages, on 400 answers. */
  fields?: Record<string, string>;
}

/** ApiResult is an unwrapped successful answer. */
export interface ApiResult<T> {
  data: T;
  count: number | undefined;
  countCapped?: boolean;
  next?: string;
  msg: string;
}

/**
 * ApiErrorKind says why a request failed:
 * `api` the server answered with code ≠ 0 or a failing HTTP status; `network` no answer;
 * `timeout` no answer within the timeout.
 */
export type ApiErrorKind = 'api' | 'network' | 'timeout';

/** ApiError is how every failed request rejects. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  /** The envelope's code; -1 when there was no envelope. */
  readonly code: number;
  /** The Chinese message (the server's msg, or the client's own text). */
  readonly msg: string;
  readonly reason: string | undefined;
  /** Per-field messages for form fields (antd Form: setFields). */
  readonly fields: Record<string, string> | undefined;
  /** True when the client has already shown the failure to the user (toast, redirect or error page). */
  readonly handled: boolean;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: number;
    msg: string;
    reason?: string | undefined;
    fields?: Record<string, string> | undefined;
    handled: boolean;
    cause?: unknown;
  }) {
    super(init.msg, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.msg = init.msg;
    this.reason = init.reason;
    this.fields = init.fields;
    this.handled = init.handled;
  }

  /** isNoAnswer reports a network failure or timeout: the request may not have reached the server. */
  get isNoAnswer(): boolean {
    return this.kind !== 'api';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** RequestOptions tune one request. */
export interface RequestOptions {
  /** Query parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body (or FormData, sent as multipart). */
  body?: unknown;
  /** Aborting it cancels the request without any message (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Defaults to 40 s. */
  timeoutMs?: number;
  /**
   * A page-level load: the page cannot be shown without this answer. 404 and 5xx answers then
   * take the user to /error/{status} instead of showing a toast. Use it for the GETs that fill
   * a page (usually in its TanStack queries), never for form submits.
   */
  page?: boolean;
  /**
   * Do not toast the error message: the caller shows it itself (for example under the form
   * fields from ApiError.fields). Network errors and an expired session are still handled.
   */
  silent?: boolean;
  /**
   * The call is made without a session (sign-in): no bearer token is sent, and a 401 answer is
   * an ordinary error (wrong password) rather than an expired session.
   */
  anonymous?: boolean;
}

/** UploadedId is the answer of POST /api/file/upload: the new file's id. */
export type UploadedId = ResponseData<'/api/file/upload', 'post'>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** HttpDeps are what the client talks to; tests replace them. */
export interface HttpDeps {
  fetch: typeof fetch;
  toast: { error: (msg: string, key?: string) => void; warning: (msg: string, key?: string) => void };
  navigate: Navigate;
  session: {
    getToken: () => string | null;
    getBackUrl: () => string | null;
    clearSession: () => void;
  };
  now: () => number;
  /** Prefix for every path (empty: same origin). */
  baseUrl: string;
}

export interface HttpClient {
  request<T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** upload sends one file as multipart to POST /api/file/upload and resolves to the file id. */
  upload(file: Blob, options?: Omit<RequestOptions, 'body'> & { fileName?: string }): Promise<UploadedId>;
  /**
   * download GETs a file the session may read (not JSON: a zip, say) with the bearer token, and
   * resolves to its bytes and the name the server offers. Failures are handled as for any request.
   */
  download(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Downloaded>;
}

/** Downloaded is a file fetched by HttpClient.download. */
export interface Downloaded {
  blob: Blob;
  /** The name of the answer's Content-Disposition (empty when it names none). */
  fileName: string;
}

/** attachmentFileName reads the file name of a Content-Disposition header (filename* first). */
export function attachmentFileName(header: string | null): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? '';
}

const NETWORK_TOAST_KEY = 'bidpass-network-error';
/** A burst of 401/420 answers (several queries at once) shows one warning and navigates once. */
const EXPIRY_QUIET_MS = 2_000;

/** statusMessage is the message of 02 §8 for an HTTP status. */
export function statusMessage(status: number): string {
  return zhCN.http.status[status] ?? zhCN.http.unknownStatus(status);
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined, t: number | null): string {
  const params = new URLSearchParams();
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v !== null && v !== undefined) params.append(k, String(v));
    }
  }
  if (t !== null) params.set('_t', String(t));
  const qs = params.toString();
  if (!qs) return baseUrl + path;
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

const defaultDeps = (): HttpDeps => ({
  fetch: (...args) => globalThis.fetch(...args),
  toast: appToast,
  navigate: appNavigate,
  session,
  now: () => Date.now(),
  baseUrl: '',
});

/** createHttpClient builds a client; the app uses `http`, tests pass fakes. */
export function createHttpClient(overrides: Partial<HttpDeps> = {}): HttpClient {
  const deps: HttpDeps = { ...defaultDeps(), ...overrides };
  let quietUntil = 0;

  function expireSession(message: string): void {
    const backUrl = deps.session.getBackUrl();
    deps.session.clearSession();
    const now = deps.now();
    if (now < quietUntil) return;
    quietUntil = now + EXPIRY_QUIET_MS;
    deps.toast.warning(message, 'bidpass-session-expired');
    deps.navigate(loginPath(backUrl), { replace: true });
  }

  // binary: a successful answer that is not JSON is the file itself (download); errors are
  // still the JSON envelope and take the same path as every request's.
  async function request<T>(method: Method, path: string, options: RequestOptions = {}, binary = false): Promise<ApiResult<T>> {
    const url = buildUrl(deps.baseUrl, path, options.query, method === 'GET' ? deps.now() : null);

    const headers: Record<string, string> = { Accept: binary ? '*/*' : 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body; // the browser sets the multipart boundary
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const token = options.anonymous ? null : deps.session.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const callerSignal = options.signal;
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal) {
      if (callerSignal.aborted) controller.abort(callerSignal.reason);
      else callerSignal.addEventListener('abort', onCallerAbort, { once: true });
    }

    let res: Response;
    let parsed: unknown = undefined;
    let file: Downloaded | null = null;
    try {
      res = await deps.fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
      if (binary && res.ok && !(res.headers.get('Content-Type') ?? '').includes('json')) {
        file = { blob: await res.blob(), fileName: attachmentFileName(res.headers.get('Content-Disposition')) };
      }
      const text = file ? '' : await res.text();
      if (text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // not our envelope (an HTML error page of a proxy, say)
        }
      }
    } catch (cause) {
      if (callerSignal?.aborted && !timedOut) throw cause; // cancelled by the caller: nothing to tell
      deps.toast.error(zhCN.http.networkError, NETWORK_TOAST_KEY);
      throw new ApiError({
        kind: timedOut ? 'timeout' : 'network',
        status: 0,
        code: -1,
        msg: zhCN.http.networkError,
        handled: true,
        cause,
      });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }

    if (file) return { data: file as T, count: undefined, msg: '' };
    const env = isEnvelope(parsed) ? parsed : null;
    if (res.ok && env && env.code === 0) {
      return { data: env.data as T, count: env.count, countCapped: env.countCapped, next: env.next, msg: env.msg };
    }

    const status = res.status;
    const code = env ? env.code : -1;
    const serverMsg = env && typeof env.msg === 'string' && env.msg !== '' ? env.msg : null;
    const fail = (msg: string, handled: boolean) =>
      new ApiError({ kind: 'api', status, code, msg, reason: env?.reason, fields: env?.fields, handled });

    if (!options.anonymous) {
      if (code === 401 || serverMsg?.startsWith('认证标识为空')) {
        expireSession(zhCN.http.authMissing);
        throw fail(serverMsg ?? zhCN.http.authMissing, true);
      }
      if (status === 401) {
        const msg = serverMsg ?? statusMessage(401);
        expireSession(msg);
        throw fail(msg, true);
      }
      if (code === 420 || status === 420) {
        const msg = serverMsg ?? zhCN.http.sessionExpired;
        expireSession(msg);
        throw fail(msg, true);
      }
    }

    const msg = serverMsg ?? statusMessage(status);
    if (options.page && (status === 404 || status >= 500)) {
      deps.navigate(paths.error(status), { replace: true });
      throw fail(msg, true);
    }
    if (options.silent) throw fail(msg, false);
    deps.toast.error(msg);
    throw fail(msg, true);
  }

  return {
    request,
    get: async <T>(path: string, options?: Omit<RequestOptions, 'body'>) => (await request<T>('GET', path, options)).data,
    post: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
      (await request<T>('POST', path, { ...options, body })).data,
    put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
      (await request<T>('PUT', path, { ...options, body })).data,
    delete: async <T>(path: string, options?: RequestOptions) => (await request<T>('DELETE', path, options)).data,
    upload: async (file, options = {}) => {
      const { fileName, ...rest } = options;
      const form = new FormData();
      if (fileName !== undefined) form.append('file', file, fileName);
      else form.append('file', file);
      return (await request<UploadedId>('POST', '/api/file/upload', { ...rest, body: form })).data;
    },
    download: async (path, options) => (await request<Downloaded>('GET', path, options, true)).data,
  };
}

/** http is the app's client. */
export const http: HttpClient = createHttpClient();

/** upload sends a file to POST /api/file/upload (multipart, bearer token) and resolves to its id. */
export function upload(file: Blob, options?: Omit<RequestOptions, 'body'> & { fileName?: string }): Promise<UploadedId> {
  return http.upload(file, options);
}

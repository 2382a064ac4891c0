import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSignIn, getToken, getUserName, setBackUrl, UserType } from '../session/session';
import { ApiError, createHttpClient, type HttpDeps } from './http';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** setup returns a client talking to a fake fetch that answers with `answer`, and spies for what the user sees. */
function setup(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: input instanceof Request ? input.url : input.toString(), init: init ?? {} };
    calls.push(call);
    return answer(call);
  });
  const toast = { error: vi.fn(), warning: vi.fn() };
  const navigate = vi.fn();
  const deps: Partial<HttpDeps> = { fetch, toast, navigate, now: () => 1700000000000 };
  return { client: createHttpClient(deps), calls, toast, navigate };
}

function header(call: Call, name: string): string | undefined {
  return (call.init.headers as Record<string, string>)[name];
}

beforeEach(() => {
  saveSignIn({ token: 'tok-1', userName: 'alice', userId: '7', userType: UserType.Person, registerProcess: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('http client: success', () => {
  it('unwraps the envelope of a GET and sends _t, the bearer token and Accept', async () => {
    const { client, calls } = setup(() => json(200, { code: 0, msg: 'ok', data: { id: 42 } }));

    const data = await client.get<{ id: number }>('/api/account/person', { query: { a: 'x y', skip: undefined } });

    expect(data).toEqual({ id: 42 });
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call.init.method).toBe('GET');
    const url = new URL(call.url, 'http://h');
    expect(url.pathname).toBe('/api/account/person');
    expect(url.searchParams.get('_t')).toBe('1700000000000');
    expect(url.searchParams.get('a')).toBe('x y');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(header(call, 'Authorization')).toBe('Bearer tok-1');
    expect(header(call, 'Accept')).toBe('application/json');
    expect(call.init.body).toBeUndefined();
  });

  it('sends JSON bodies on POST without a timestamp', async () => {
    const { client, calls } = setup(() => json(200, { code: 0, msg: 'ok', data: 'id-1' }));

    const data = await client.post<string>('/api/register/account', { account: 'abcd' });

    expect(data).toBe('id-1');
    const call = calls[0];
    expect(call.init.method).toBe('POST');
    expect(call.url).toBe('/api/register/account');
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(call.init.body).toBe('{"account":"abcd"}');
  });

  it('gives lists their count', async () => {
    const { client } = setup(() => json(200, { code: 0, msg: 'ok', data: [1, 2], count: 17 }));

    await expect(client.request('GET', '/api/account/modifyRecords')).resolves.toEqual({ data: [1, 2], count: 17, msg: 'ok' });
  });

  it('sends no token when signed out', async () => {
    localStorage.clear();
    const { client, calls } = setup(() => json(200, { code: 0, msg: 'ok', data: null }));

    await client.get('/api/common/config');

    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });
});

describe('http client: errors the server answers', () => {
  it('rejects with an ApiError carrying code, msg, fields, reason and status, and shows msg', async () => {
    const { client, toast, navigate } = setup(() =>
      json(400, { code: 400, msg: '请输入账号', data: null, reason: 'invalid', fields: { account: '请输入账号' } }),
    );

    const err = await client.post('/api/register/account', {}).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe(400);
    expect(e.msg).toBe('请输入账号');
    expect(e.reason).toBe('invalid');
    expect(e.fields).toEqual({ account: '请输入账号' });
    expect(e.handled).toBe(true);
    expect(toast.error).toHaveBeenCalledWith('请输入账号');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats code ≠ 0 in a 200 answer as an error', async () => {
    const { client, toast } = setup(() => json(200, { code: 409, msg: '账号已存在', data: null }));

    await expect(client.post('/api/register/repeat/check', { account: 'abcd' })).rejects.toMatchObject({ code: 409, msg: '账号已存在' });
    expect(toast.error).toHaveBeenCalledWith('账号已存在');
  });

  it('leaves the message to the caller when silent', async () => {
    const { client, toast } = setup(() => json(400, { code: 400, msg: '短信验证码错误', data: null }));

    await expect(client.post('/x', {}, { silent: true })).rejects.toMatchObject({ msg: '短信验证码错误', handled: false });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the status text of 02 §8 when the answer is not an envelope', async () => {
    const { client, toast } = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));

    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 502, code: -1, msg: '网关错误' });
    expect(toast.error).toHaveBeenCalledWith('网关错误');
  });

  it.each([404, 500, 503])('sends a page-level load answering %i to /error/{status} without a toast', async (status) => {
    const { client, toast, navigate } = setup(() => json(status, { code: status, msg: '出错', data: null }));

    await expect(client.get('/api/account/person', { page: true })).rejects.toMatchObject({ status, handled: true });
    expect(navigate).toHaveBeenCalledWith(`/error/${status}`, { replace: true });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('does not leave the page when a submit answers 500: it shows msg', async () => {
    const { client, toast, navigate } = setup(() => json(500, { code: 500, msg: '服务器内部错误', data: null }));

    await expect(client.post('/api/account/pwd', {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('服务器内部错误');
  });

  it('does not leave the page for a 4xx other than 404 even on a page-level load', async () => {
    const { client, toast, navigate } = setup(() => json(403, { code: 403, msg: '拒绝访问', data: null }));

    await expect(client.get('/api/account/person', { page: true })).rejects.toMatchObject({ status: 403 });
    expect(navigate).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('拒绝访问');
  });
});

describe('http client: session expiry', () => {
  it('on 401 warns 认证标识为空, clears the session and goes to login', async () => {
    const { client, toast, navigate } = setup(() => json(401, { code: 401, msg: '认证标识为空, 请重新登录。', data: null }));

    await expect(client.get('/api/account/person')).rejects.toMatchObject({ status: 401, handled: true });

    expect(toast.warning).toHaveBeenCalledWith('认证标识为空, 请重新登录。', expect.any(String));
    expect(toast.error).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('recognises the message 认证标识为空 even with another code', async () => {
    const { client, navigate } = setup(() => json(200, { code: 1, msg: '认证标识为空', data: null }));

    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('carries the kept back-address to login as authorize_uri', async () => {
    setBackUrl('https://tender.example/cb?x=1&y=2');
    const { client, navigate } = setup(() => json(401, { code: 401, msg: '认证标识为空, 请重新登录。', data: null }));

    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith(
      `/?authorize_uri=${encodeURIComponent('https://tender.example/cb?x=1&y=2')}`,
      { replace: true },
    );
  });

  it('on 420 shows the server msg and clears the session', async () => {
    const { client, toast, navigate } = setup(() => json(420, { code: 420, msg: '登录超时，请重新登录', data: null }));

    await expect(client.put('/api/account/pwd', {})).rejects.toMatchObject({ status: 420, code: 420 });
    expect(toast.warning).toHaveBeenCalledWith('登录超时，请重新登录', expect.any(String));
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('warns once for a burst of expired requests', async () => {
    const { client, toast, navigate } = setup(() => json(420, { code: 420, msg: '登录超时，请重新登录', data: null }));

    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('treats 401 on an anonymous call (sign-in) as an ordinary error and keeps the session', async () => {
    const { client, calls, toast, navigate } = setup(() => json(401, { code: 401, msg: '账号或密码错误', data: null }));

    await expect(client.put('/api/auth/authToken', {}, { anonymous: true })).rejects.toMatchObject({ msg: '账号或密码错误' });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
    expect(toast.error).toHaveBeenCalledWith('账号或密码错误');
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-1');
  });
});

describe('http client: no answer', () => {
  it('on a network failure shows 网络异常，请稍后重试 and rejects', async () => {
    const { client, toast } = setup(() => {
      throw new TypeError('Failed to fetch');
    });

    const err = await client.post('/api/register/account', { account: 'abcd' }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'network', status: 0, msg: '网络异常，请稍后重试', isNoAnswer: true });
    expect(toast.error).toHaveBeenCalledWith('网络异常，请稍后重试', expect.any(String));
    expect(getToken()).toBe('tok-1');
  });

  it('gives up after 40 s', async () => {
    vi.useFakeTimers();
    const { client, toast } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

    const pending = client.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ kind: 'timeout', msg: '网络异常，请稍后重试' });
    expect(toast.error).toHaveBeenCalledWith('网络异常，请稍后重试', expect.any(String));
  });

  it('says nothing when the caller cancels', async () => {
    const { client, toast } = setup(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();

    const pending = client.get('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();

    expect(await pending).not.toBeInstanceOf(ApiError);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('upload', () => {
  it('posts the file as multipart with the bearer token and resolves to the file id', async () => {
    const { client, calls } = setup(() => json(200, { code: 0, msg: 'ok', data: 'file-9' }));
    const file = new File(['abc'], 'front.png', { type: 'image/png' });

    await expect(client.upload(file)).resolves.toBe('file-9');

    const call = calls[0];
    expect(call.url).toBe('/api/file/upload');
    expect(call.init.method).toBe('POST');
    expect(header(call, 'Authorization')).toBe('Bearer tok-1');
    expect(header(call, 'Content-Type')).toBeUndefined();
    expect(call.init.body).toBeInstanceOf(FormData);
    const sent = (call.init.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('front.png');
  });
});

describe('http client: download', () => {
  it('resolves to the bytes and the offered name of a non-JSON answer, with the bearer token', async () => {
    const { client, calls } = setup(
      () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="d.zip"' } }),
    );
    const got = await client.download('/api/account/export');
    expect(got.fileName).toBe('d.zip');
    expect(new Uint8Array(await got.blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-1');
    expect(calls[0].url).not.toContain('tok-1');
  });

  it('an expired session during a download ends it like any request', async () => {
    const { client, toast, navigate } = setup(() => json(401, { code: 401, msg: '认证标识为空, 请重新登录。', data: null }));
    await expect(client.download('/api/account/export')).rejects.toMatchObject({ status: 401, handled: true });
    expect(toast.warning).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(getToken()).toBeNull();
  });

  it('a JSON error answer is its Chinese message, toasted', async () => {
    const { client, toast } = setup(() => json(403, { code: 403, msg: '无权访问', data: null }));
    await expect(client.download('/api/account/export')).rejects.toMatchObject({ msg: '无权访问', handled: true });
    expect(toast.error).toHaveBeenCalledWith('无权访问');
  });
});

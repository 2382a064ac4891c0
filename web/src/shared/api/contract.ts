/**
 * The app's view of the HTTP contract: every API function names its operation by the
 * path and method of api/openapi.yaml, and its body, parameters and answer are the types
 * openapi-typescript generated from it (schema.ts). Nothing here restates a field: a
 * field renamed or removed in the yaml fails `tsc` wherever the app reads or sends it,
 * and a path removed from the yaml fails at the call that names it.
 */
import type { paths } from './schema';
import { http, type ApiResult, type HttpClient, type QueryValue, type RequestOptions } from './http';

/** ApiPath is a path template of the yaml (`/api/account/phone/{id}`). */
export type ApiPath = keyof paths;

/** Verb is an operation's method as the yaml spells it. */
export type Verb = 'get' | 'put' | 'post' | 'delete';

/** VerbOf is the methods the yaml defines on a path. */
export type VerbOf<P extends ApiPath> = {
  [M in Verb]: paths[P][M] extends undefined ? never : M;
}[Verb];

/** Operation is the generated type of one operation. */
export type Operation<P extends ApiPath, M extends VerbOf<P>> = Exclude<paths[P][M], undefined>;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** ResponseBody is the JSON body of the operation's 200 answer (an envelope, or AJ-Captcha's). */
export type ResponseBody<P extends ApiPath, M extends VerbOf<P>> = Operation<P, M> extends { responses: { 200: infer R } } ? JsonOf<R> : never;

/**
 * ResponseData is the envelope's `data` of the 200 answer. The envelope always carries
 * `data` (the Go side writes it even when null), so the optional marker the generator puts
 * on it is dropped; `null` stays where the yaml allows it.
 */
export type ResponseData<P extends ApiPath, M extends VerbOf<P>> = ResponseBody<P, M> extends { data?: infer D } ? Exclude<D, undefined> : never;

/** RequestBody is the operation's JSON request body. */
export type RequestBody<P extends ApiPath, M extends VerbOf<P>> = Operation<P, M> extends { requestBody?: infer B } ? JsonOf<Exclude<B, undefined>> : never;

/** PathParams are the operation's `{name}` parameters. */
export type PathParams<P extends ApiPath, M extends VerbOf<P>> = Operation<P, M> extends { parameters: { path: infer PP } } ? PP : never;

/** QueryParams are the operation's query parameters. */
export type QueryParams<P extends ApiPath, M extends VerbOf<P>> = Operation<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;

type IfPresent<T, K extends string, Required extends boolean> = [T] extends [never] ? { [k in K]?: never } : Required extends true ? { [k in K]: T } : { [k in K]?: T };

/**
 * CallOptions are a call's parameters (path parameters when the path has any, the
 * yaml's query parameters, its JSON body or a FormData) and the client's own options.
 */
export type CallOptions<P extends ApiPath, M extends VerbOf<P>> = Omit<RequestOptions, 'body' | 'query'> &
  IfPresent<PathParams<P, M>, 'path', true> &
  IfPresent<QueryParams<P, M>, 'query', false> &
  IfPresent<RequestBody<P, M> | FormData, 'body', false> & {
    /** The client to send with (the staff console's); the portal's by default. */
    client?: HttpClient;
  };

/** OptionsArg makes the options optional for an operation that needs none. */
export type OptionsArg<P extends ApiPath, M extends VerbOf<P>> = object extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

/** fillPath puts the path parameters into the template, URL-encoded. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${template}: path parameter ${name} missing`);
    return encodeURIComponent(String(v));
  });
}

/**
 * call sends one operation of the yaml and resolves to the unwrapped answer, its `data`
 * typed by the yaml. Errors are the client's ApiError, as for any request.
 */
export function call<P extends ApiPath, M extends VerbOf<P>>(method: M, path: P, ...[options]: OptionsArg<P, M>): Promise<ApiResult<ResponseData<P, M>>> {
  const { client = http, path: params, query, ...rest } = (options ?? {}) as RequestOptions & {
    client?: HttpClient;
    path?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
  };
  const verb = method.toUpperCase() as 'GET' | 'PUT' | 'POST' | 'DELETE';
  return client.request<ResponseData<P, M>>(verb, fillPath(path, params), query ? { ...rest, query } : rest);
}

/** callData is call for the operations whose caller wants `data` alone. */
export async function callData<P extends ApiPath, M extends VerbOf<P>>(method: M, path: P, ...options: OptionsArg<P, M>): Promise<ResponseData<P, M>> {
  return (await call(method, path, ...options)).data;
}

/**
 * Page is one page of a list answer: its rows and the total count of the list; on lists that
 * grow without bound, whether the count stopped at its cap and the next page's cursor.
 */
export interface Page<T> {
  rows: T[];
  total: number;
  capped?: boolean;
  next?: string;
}

type Row<D> = D extends readonly (infer T)[] ? T : never;

/** callPage sends a list operation and resolves to its page: the rows and the envelope's count. */
export async function callPage<P extends ApiPath, M extends VerbOf<P>>(method: M, path: P, ...options: OptionsArg<P, M>): Promise<Page<Row<ResponseData<P, M>>>> {
  const r = await call(method, path, ...options);
  return { rows: r.data as Row<ResponseData<P, M>>[], total: r.count ?? 0, capped: r.countCapped, next: r.next };
}

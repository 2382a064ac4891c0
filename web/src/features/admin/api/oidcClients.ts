import { callData, type RequestBody, type ResponseData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** OidcClient is a registered OpenID Connect client as the console shows it. */
export type OidcClient = ResponseData<'/api/admin/oidc/clients', 'post'>;
/** OidcClientSettings is what the registration dialog sends. */
export type OidcClientSettings = RequestBody<'/api/admin/oidc/clients', 'post'>;
/** OidcClientChange is what the edit dialog sends: the id and the kind stay. */
export type OidcClientChange = RequestBody<'/api/admin/oidc/clients/{id}', 'put'>;

/** listOidcClients loads every registered client (GET /api/admin/oidc/clients); secrets are never in it. */
export function listOidcClients(signal?: AbortSignal) {
  return callData('get', '/api/admin/oidc/clients', { signal, client: adminHttp });
}

/** addOidcClient registers a client; the answer's clientSecret is shown once. Silent: the dialog shows field messages. */
export function addOidcClient(body: OidcClientSettings) {
  return callData('post', '/api/admin/oidc/clients', { body, client: adminHttp, silent: true });
}

/** updateOidcClient changes a client's settings (PUT /api/admin/oidc/clients/{id}). Silent as addOidcClient. */
export function updateOidcClient(id: string, body: OidcClientChange) {
  return callData('put', '/api/admin/oidc/clients/{id}', { path: { id }, body, client: adminHttp, silent: true });
}

/** newOidcClientSecret replaces a confidential client's secret; the answer's clientSecret is shown once. */
export function newOidcClientSecret(id: string) {
  return callData('post', '/api/admin/oidc/clients/{id}/secret', { path: { id }, client: adminHttp });
}

/** setOidcClientDisabled disables or enables a client (a disabled one is refused at every endpoint). */
export function setOidcClientDisabled(id: string, disabled: boolean) {
  return callData('put', '/api/admin/oidc/clients/{id}/disabled', { path: { id }, body: { disabled }, client: adminHttp });
}

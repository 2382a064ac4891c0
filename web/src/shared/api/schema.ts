/**
 * Generated from api/openapi.yaml by openapi-typescript (npm run gen:api). Do not edit:
 * change api/openapi.yaml and regenerate; npm run check:api fails when this file is stale.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the process is up */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                /** @enum {string} */
                                status: "up";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the database (and Redis when configured) answer, and the schema is at this binary's newest migration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ready; data names each dependency checked (database, schema, redis) with up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "database": "up",
                         *         "schema": "up"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
                503: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/areas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * administrative divisions as a cascader tree
         * @description GB/T 2260 divisions, province → city → district, in antd Cascader's own shape
         *     {value, label, children} (value is the 6-digit code). Municipality districts and
         *     省直辖县 are second-level nodes without children; 东莞, 中山, 儋州, 嘉峪关 have no
         *     children; 710000, 810000, 820000 have none either. No synthetic 市辖区 node exists.
         *     A form sends province, city and area; area is empty exactly when the chosen city has
         *     no children (city and area both empty for 710000/810000/820000).
         *     Cached: Cache-Control public, max-age=3600, strong ETag; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "If-None-Match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the tree */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["CascaderOption"][];
                        };
                    };
                };
                /** @description unchanged since the ETag sent */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/industries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * industry classification GB/T 4754-2017 as a cascader tree
         * @description Sections A–T → divisions (E48) → groups (E481) → classes (E4812), as {value, label, children}.
         *     On submit the chosen path is joined by commas (E,E48,E481,E4812); the server accepts a path
         *     that starts at a section and may stop at any level. Cached like /api/common/areas.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "If-None-Match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the tree */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["CascaderOption"][];
                        };
                    };
                };
                /** @description unchanged since the ETag sent */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * configuration lists and state dictionaries
         * @description certificatesType (person and legal representative: "1" 居民身份证, "2" 其他个人证件, other
         *     documents by their State Taxation Administration code), enterpriseCertificatesType ("1"
         *     统一社会信用代码, "2" 其他有效证件, notFor A1), enterpriseType (A1/A2/A3), registeredCapital
         *     (YUAN, WAN_YUAN default, YI_YUAN), currency (ISO 4217; the 13 common first, CNY default),
         *     libraryRole (supplier, purchaser, agency), dictionaries (isValid, authMethod, authentication,
         *     legalPersonHandlingStatus, handleType, certificatesType, libraryState), helpPhone and fields (the
         *     identity catalogue: labels, review classes and limits of every person and enterprise field).
         *     An entry's value is a number where the API field it describes is a number (authState),
         *     otherwise a string. Cached like /api/common/areas.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    "If-None-Match"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the lists */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                helpPhone: string;
                                certificatesType: components["schemas"]["ConfigEntry"][];
                                legalPersonCertificatesType: components["schemas"]["ConfigEntry"][];
                                enterpriseCertificatesType: components["schemas"]["ConfigEntry"][];
                                enterpriseType: components["schemas"]["ConfigEntry"][];
                                registeredCapital: components["schemas"]["ConfigEntry"][];
                                currency: components["schemas"]["ConfigEntry"][];
                                libraryRole: components["schemas"]["ConfigEntry"][];
                                dictionaries: {
                                    [key: string]: components["schemas"]["ConfigEntry"][];
                                };
                                /** @description the identity catalogue, one ordered table per subject */
                                fields: {
                                    person: components["schemas"]["CatalogueField"][];
                                    enterprise: components["schemas"]["CatalogueField"][];
                                    legal: components["schemas"]["CatalogueField"][];
                                    contact: components["schemas"]["CatalogueField"][];
                                };
                            };
                        };
                    };
                };
                /** @description unchanged since the ETag sent */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/file/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * upload a photo or an evidence file
         * @description multipart/form-data with the file in field `file`. `kind` (query, or a form field sent before
         *     the file) is photo (default: JPEG or PNG) or evidence (pdf, rar, zip, png, jpg, doc, docx).
         *     The type is decided from the bytes, not the name. At most 10 MB, enforced while reading:
         *     400 图片大小不能超过 10MB! / 文件大小不能超过 10MB!; wrong type 400 请上传 JPG,JPEG,PNG 格式 /
         *     请上传 pdf、rar、zip、png、jpg、doc、docx 格式 (reason file.type). data is the new file's id.
         *     A file no submission references is deleted after a day. Quota per account (settings
         *     upload-per-minute, upload-mb-per-day): 429 上传过于频繁，请稍后再试 (reason file.rate) or
         *     今日上传已达上限，请明天再试 (file.daily_cap); below the free-disk floor 503
         *     存储空间不足，暂时无法上传，请稍后再试 (file.disk_full).
         */
        post: {
            parameters: {
                query?: {
                    kind?: "photo" | "evidence";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** @enum {string} */
                        kind?: "photo" | "evidence";
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": "8a7f89de65446a787c939fdc6e8a2743"
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            /** @description the file id (32 hex digits) */
                            data?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/file/download/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the bytes of an uploaded file
         * @description Only the owner (portal token) may download; anyone else gets the same 404 as for an unknown id.
         *     No portal token (a staff token included) is 401: staff open files through GET /api/admin/files/{id},
         *     which records every view in the action log. Served with the type sniffed at upload,
         *     X-Content-Type-Options nosniff, Cache-Control private, no-store, and Content-Disposition
         *     (inline for jpg/png, attachment otherwise) with an RFC 6266 filename* carrying the original
         *     name, its extension corrected to the real type. An <img> cannot send the bearer header:
         *     the app fetches the bytes and shows a blob: URL.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "application/pdf": string;
                        "application/octet-stream": string;
                    };
                };
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenID Connect discovery (issuer = BIDPASS_PUBLIC_URL) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the provider's metadata */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issuer: string;
                            authorization_endpoint: string;
                            token_endpoint: string;
                            userinfo_endpoint?: string;
                            jwks_uri: string;
                            end_session_endpoint?: string;
                            introspection_endpoint?: string;
                            revocation_endpoint?: string;
                            backchannel_logout_supported?: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the JWKS (the signing key and, for a while after a rotation, the keys before it) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the public keys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            keys: ({
                                kty: string;
                                kid: string;
                                alg?: string;
                                use?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the authorization endpoint (code flow; PKCE S256, required for public clients)
         * @description An exact registered redirect_uri is required. A valid request is stored and the browser sent to the
         *     portal's login page (/#/?authorize_uri=…), which resumes it through GET /api/auth/authorize?auth_request=ID
         *     after sign-in. A bad client or redirect_uri answers 400; other errors go to the redirect_uri as error=….
         */
        get: {
            parameters: {
                query?: {
                    client_id?: string;
                    redirect_uri?: string;
                    response_type?: string;
                    scope?: string;
                    state?: string;
                    nonce?: string;
                    code_challenge?: string;
                    code_challenge_method?: string;
                    prompt?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to the login page, or to the redirect_uri with error */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["OAuthPlainError"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/authorize/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** after the sign-in (and consent), redirects to the client with the code */
        get: {
            parameters: {
                query: {
                    id: string;
                    /** @description appended by the login page; ignored */
                    loginType?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to the redirect_uri with code and state, or with error */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["OAuthPlainError"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * the token endpoint (authorization_code, refresh_token with rotation)
         * @description Confidential clients authenticate with HTTP Basic (or client_secret_post); public clients send client_id and
         *     the PKCE code_verifier. A code is used once; a refresh token is used once and presenting it again revokes
         *     its whole sign-in (all its tokens). The client is authenticated first (401 invalid_client, with
         *     `WWW-Authenticate: Basic` after a Basic attempt); answers carry Cache-Control no-store.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        grant_type: string;
                        code?: string;
                        redirect_uri?: string;
                        code_verifier?: string;
                        refresh_token?: string;
                        client_id?: string;
                        client_secret?: string;
                        scope?: string;
                    };
                };
            };
            responses: {
                /** @description the tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            token_type: string;
                            refresh_token?: string;
                            expires_in?: number;
                            id_token?: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                400: components["responses"]["OAuthError"];
                401: components["responses"]["OAuthError"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the signed-in account's claims (bearer access token in the Authorization header)
         * @description Errors are RFC 6750 §3's: no token 401 with `WWW-Authenticate: Bearer realm="bidpass"`; a bad, expired or
         *     revoked token (or one of a disabled client) 401 with `error="invalid_token"` in the challenge and the body.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the claims of the token's scopes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OIDCClaims"];
                    };
                };
                400: components["responses"]["OAuthError"];
                401: components["responses"]["BearerError"];
            };
        };
        put?: never;
        /** the same as GET; the token in the Authorization header or as access_token in the form (RFC 6750 §2.2) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/x-www-form-urlencoded": {
                        access_token?: string;
                    };
                };
            };
            responses: {
                /** @description the claims of the token's scopes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OIDCClaims"];
                    };
                };
                400: components["responses"]["OAuthError"];
                401: components["responses"]["BearerError"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** token introspection (RFC 7662) for confidential clients, of their own tokens */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        token: string;
                        token_type_hint?: string;
                        client_id?: string;
                        client_secret?: string;
                    };
                };
            };
            responses: {
                /** @description active and the claims, or active false */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            active: boolean;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                400: components["responses"]["OAuthError"];
                401: components["responses"]["OAuthError"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** token revocation (RFC 7009); a refresh token ends its whole sign-in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        token: string;
                        token_type_hint?: string;
                        client_id?: string;
                        client_secret?: string;
                    };
                };
            };
            responses: {
                /** @description revoked (or unknown) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["OAuthError"];
                401: components["responses"]["OAuthError"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/end_session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RP-initiated logout; signs the account out of the portal and of every client (back-channel logout) */
        get: {
            parameters: {
                query?: {
                    id_token_hint?: string;
                    client_id?: string;
                    post_logout_redirect_uri?: string;
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to the registered post_logout_redirect_uri (or the portal) */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["OAuthError"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the sign-in request the consent page asks about (the client is not first-party)
         * @description Only to the account that resumed the request, in the browser that started it (its binding cookie); anyone else, like an unknown, expired or finished request: 404 授权请求已失效，请返回应用重新登录. 403 with the real-name messages when the client requires real-name.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the client and the scopes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                id: string;
                                clientId: string;
                                clientName: string;
                                scopes: string[];
                            };
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/requests/{id}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * what the login page says about the request it resumes (the application that asked, the level it needs)
         * @description No session (the page is signed out). Only to the browser that started the request (its binding cookie); otherwise 404 授权请求已失效，请返回应用重新登录. acr urn:bidpass:acr:certificate: the page opens the certificate tab.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the client's registered name and the level */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                clientName: string;
                                /** @description the level the sign-in must reach; empty: any */
                                acr: string;
                            };
                        };
                    };
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/requests/{id}/login-required": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * a silent sign-in request (prompt=none) the login page cannot resume: 302 to the client's redirect URI with error=login_required and the state
         * @description The login page goes here (a navigation) when it holds no usable portal session. Only silent requests of the browser that started them (its binding cookie); 404 授权请求已失效，请返回应用重新登录 otherwise.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to the client's redirect URI */
                302: {
                    headers: {
                        Location?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sso/requests/{id}/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the user's answer on the consent page; data is where the browser goes next */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        approve: boolean;
                    };
                };
            };
            responses: {
                /** @description the provider's callback (approved) or the client's redirect_uri with error=access_denied */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/captcha/get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * a new AJ-Captcha (blockPuzzle or clickWord)
         * @description Answers in AJ-Captcha's form, always HTTP 200: repCode 0000 with repData; 0011 captchaType missing;
         *     0016 unknown type; 6201 too many gets from this client (address + user agent) this minute;
         *     6202 locked for 5 minutes after 5 failed checks. Images are base64 without a data-URL prefix:
         *     the background (310x155) is JPEG, the blockPuzzle piece a transparent PNG strip 47 wide and the
         *     full height (so the client's y is always 5). secretKey (16 characters) keys the AES-128-ECB
         *     encryption of pointJson; absent when the server runs with plain points. The token lives 120 s.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        captchaType: "blockPuzzle" | "clickWord";
                        /** @description accepted, not used for limits */
                        clientUid?: string;
                        ts?: number;
                    };
                };
            };
            responses: {
                /** @description an AJ-Captcha answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description 0000 success; see the description for the others */
                            repCode: string;
                            repMsg: string;
                            success: boolean;
                            error?: boolean;
                        } & {
                            repData?: components["schemas"]["CaptchaImage"] | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/captcha/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * check one answer to a captcha (one check per token)
         * @description pointJson is AES-128-ECB/PKCS7 (base64) under the secretKey of {"x":X,"y":5} (blockPuzzle, x in the
         *     310-wide image, ±5) or [{"x":..,"y":..}×3] (clickWord, in order, about one character of tolerance);
         *     plain JSON when no secretKey was issued. repCode 0000 success; 6110 token unknown, expired or already
         *     checked; 6111 验证失败; 6202 locked; 6204 too many checks this minute; 0011 a field missing. On success
         *     the client's captchaVerification = AES(token + "---" + plain pointJson, secretKey) is valid once, for
         *     180 s, at the call the captcha protects (sign-in's `captcha`).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        captchaType: "blockPuzzle" | "clickWord";
                        pointJson: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description an AJ-Captcha answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "repCode": "0000",
                         *       "repMsg": "成功",
                         *       "repData": {
                         *         "captchaType": "blockPuzzle",
                         *         "token": "2e1b2d9383d6170789f3b308e51725c8",
                         *         "result": true
                         *       },
                         *       "success": true,
                         *       "error": false
                         *     }
                         */
                        "application/json": {
                            /** @description 0000 success; see the description for the others */
                            repCode: string;
                            repMsg: string;
                            success: boolean;
                            error?: boolean;
                        } & {
                            repData?: components["schemas"]["CaptchaCheckResult"] | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verifycode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * a new graphic code
         * @description Four characters without look-alikes (no 0/O, 1/I/L), valid 2 minutes, single use (a wrong
         *     guess uses it up too), checked case-insensitively by the call it accompanies (codeId +
         *     graphicCode / verificationCode). At most 60 codes a minute per client address (configurable,
         *     graphic-codes-per-minute), counting the codes the login page carries for a browser's
         *     navigation: beyond, 429 操作过于频繁，请稍后再试 (reason throttled).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the code's id and picture */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                id: string;
                                /** @description data URL, data:image/png;base64,... */
                                codeimage: string;
                            };
                        };
                    };
                };
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/captcha/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * (development mode only) the answer to a live captcha
         * @description Absent (404) without --dev. Does not use the captcha up.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the plain point JSON that passes the check */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "captchaType": "clickWord",
                         *         "pointJson": "[{\"x\":204,\"y\":87},{\"x\":113,\"y\":45},{\"x\":36,\"y\":35}]"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                captchaType?: string;
                                pointJson?: string;
                            };
                        };
                    };
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/verifycode/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * (development mode only) the text of a live graphic code
         * @description Absent (404) without --dev. Does not use the code up.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "code": "FSMU"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                code?: string;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/pubkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the current password-transport key
         * @description RSA public key (PEM, SubjectPublicKeyInfo) and its id. The client sends `password` = base64 of
         *     RSA-OAEP-SHA-256 over the UTF-8 JSON {"password", "ts" (unix ms), "nonce"} and `keyId`. A value
         *     older than 5 minutes or a nonce seen before is refused (400 密码已过期，请重新提交).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "pubkey": "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAw/nh3XRZI3kPQAxZouUp\nVeiRUFA3pa+q8EtYaWJ79q5LH+GWNP/D5UUSrqmfDktUhxkfnKAbSWdbmnpXZ3Ao\n/h4GNivsUqIw+/Mp7vgPIC3PLkeXL/AwMDksbEz8WrPzWjDf9Dnn5RvE9LZwpxJT\n9wcr5Ejl+/reSV94Nal4VVmjMrcuUQ0N8HIemzvkL/qFS4wKHUrZxV8NI9yLtILD\nvprJr5cZxr0/rSVoFqpSyHqJF2y7mqhcw0rgJyUTULlll24gAZ05qZ4IjqN9WKM1\nekQCqWWP7wHMRMrwuCUZBfyAdIlI5lV0UAmPJ7ljDxuGIfaU+blam11GHL9nrPNc\ncQIDAQAB\n-----END PUBLIC KEY-----\n",
                         *         "keyId": "ku7xzhxpf46bjdt3t"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                pubkey: string;
                                keyId: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * password sign-in
         * @description Checks the graphic code (single use), the slider verification (single use), then the password.
         *     A wrong account and a wrong password answer the same 400 账号或密码错误. After 5 failures in
         *     15 minutes the account name is locked for 15 minutes (429, the message says how long).
         *     An account with a second factor gets no session but the second step's ticket (SecondStep, and
         *     the HttpOnly cookie bidpass_second_step holding the browser's half); POST /api/auth/second-step
         *     finishes it.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userName: string;
                        /** @description encrypted (see /api/auth/pubkey) */
                        password: string;
                        keyId: string;
                        codeId: string;
                        graphicCode: string;
                        /** @description the slider's captchaVerification */
                        captcha: string;
                    };
                };
            };
            responses: {
                /** @description signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "登录成功",
                         *       "data": {
                         *         "accessToken": "XRn0q4Rew20AMLQPOJ1d4T7kLUZJNzyTR2TbsW963PY",
                         *         "user": {
                         *           "userName": "zhang01",
                         *           "id": 1,
                         *           "type": 1,
                         *           "registerProcess": 0,
                         *           "authState": 1
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                accessToken: string;
                                user: components["schemas"]["User"];
                            } | components["schemas"]["SecondStep"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** sign out (the caller's session is revoked) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the signed-in user object */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "userName": "zhang01",
                         *         "id": 1,
                         *         "type": 1,
                         *         "registerProcess": 0,
                         *         "authState": 1
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["User"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * third-party authorisation login (the address authorize_uri points at)
         * @description client_id must be a client of BIDPASS_AUTHORIZE_CLIENTS and redirect_uri exactly its callback (or absent)
         *     it (same scheme and host), else 403. authState 0 or 2: 403 账号未提交实名认证，请提交审核;
         *     99: 403 账号未通过实名认证，请等待审核. Otherwise data is the callback address with a one-time
         *     `code` (2 minutes) and the unchanged `state`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the one-time code flow (required unless auth_request) */
                    client_id?: string;
                    redirect_uri?: string;
                    state?: string;
                    /** @description the OpenID Connect provider's request to resume after sign-in (issue 20); data is its callback, or the consent page for a client that is not first-party. Only in the browser that started the request (its binding cookie) and for no other account than one that resumed it already: else 404 授权请求已失效，请返回应用重新登录. 403 该应用要求使用数字证书登录… or 该应用要求重新登录… when the session is below the level the request needs or older than its max_age (the request waits for a new sign-in) */
                    auth_request?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the callback address to redirect to */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": "https://tender.example.cn/cb?code=ybh6yhrfxzyewd7prs4t7565ro&state=x1"
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/second-step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * the second step of a sign-in (docs/security.md) - a TOTP code or a recovery code for the ticket
         * @description Only from the browser holding the ticket's cookie (bidpass_second_step); another client, an
         *     expired (5 min) or used ticket answers 401 登录已失效，请重新输入账号和密码. Wrong codes count
         *     under the lockout (5 in 15 minutes lock the second step for 15 minutes, 429). The session's amr
         *     gains otp and mfa.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ticket: string;
                        /** @description 6 digits, or a recovery code (xxxxx-xxxxx) */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "登录成功",
                         *       "data": {
                         *         "accessToken": "XRn0q4Rew20AMLQPOJ1d4T7kLUZJNzyTR2TbsW963PY",
                         *         "user": {
                         *           "userName": "zhang01",
                         *           "id": 1,
                         *           "type": 1,
                         *           "registerProcess": 0,
                         *           "authState": 1
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                accessToken: string;
                                user: components["schemas"]["User"];
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/authorize/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the third-party application exchanges its one-time code for the user */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        clientId: string;
                        code: string;
                    };
                };
            };
            responses: {
                /** @description the user the code was issued for */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "userName": "wang01",
                         *         "id": 1,
                         *         "type": 1,
                         *         "registerProcess": 0,
                         *         "authState": 1
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["User"];
                        };
                    };
                };
                400: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/sms/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * send an SMS code
         * @description One graphic code allows one send. 6 digits, valid 5 minutes, single use, 5 wrong tries; 120 s
         *     between sends to one phone (429 with the seconds left); at most 10 a day per phone and 50 per
         *     client address. 503 短信服务未配置 without a sender.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        phone: string;
                        /** @enum {string} */
                        scene: "register" | "recover" | "password" | "phone" | "contact" | "login" | "email";
                        codeId: string;
                        verificationCode: string;
                    };
                };
            };
            responses: {
                /** @description sent; data is smsCodeId */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "短信码已发送",
                         *       "data": "jfhygzsdixlv6rrsun47laoh2t"
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/email/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** send an e-mail code (same rules as SMS; 503 邮件服务未配置 without a sender) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        scene: string;
                        codeId: string;
                        verificationCode: string;
                    };
                };
            };
            responses: {
                /** @description sent; data is the code id */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "邮箱验证码已发送",
                         *       "data": "zfspou4flrbkamz7c2vapkhvly"
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retrieve/pwd/phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** recovery step 0 by phone — the accounts on the phone, after the SMS code (scene recover) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RecoverFind"];
                };
            };
            responses: {
                200: components["responses"]["RecoverFound"];
                400: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retrieve/pwd/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** recovery by e-mail — the accounts on the address, after the e-mail code (scene recover) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RecoverFind"];
                };
            };
            responses: {
                200: components["responses"]["RecoverFound"];
                400: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retrieve/pwd/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recovery — set a new password for an account the checkCode was issued for
         * @description The password rule of the account's type applies; an account not in the checkCode's list is 403;
         *     every session of the account ends and any sign-in lock is lifted. The checkCode is spent by the
         *     first reset that passes every check: another reset with it (in parallel too) is 409 该验证已使用，请重新验证身份.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description encrypted */
                        password: string;
                        /** @description encrypted */
                        confirmPwd: string;
                        keyId: string;
                        accountId: number | string;
                        checkCode: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * (development mode only) SMS and e-mail messages, newest first
         * @description Absent (404) without --dev.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "channel": "sms",
                         *           "to": "13900000001",
                         *           "scene": "recover",
                         *           "text": "【公路桥梁电子招标采购交易平台】您的验证码为205929，5分钟内有效，请勿泄露给他人。",
                         *           "code": "205929",
                         *           "at": "2026-11-21T08:00:00Z"
                         *         }
                         *       ],
                         *       "count": 1
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OutboxMessage"][];
                        };
                    };
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * (development mode only) this document, for the app's API reference page (#/dev/api)
         * @description Absent (404) without --dev.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description api/openapi.yaml as the binary was built with it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/yaml": Record<string, never>;
                    };
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/session/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * (development mode only) the caller's session times out now (end-to-end tests)
         * @description Absent (404) without --dev.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/person": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the person's basic information (certificate number masked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description person information */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "account": "alice",
                         *         "renamed": false,
                         *         "phone": "13800138000",
                         *         "authState": 0,
                         *         "name": "alice",
                         *         "certType": "1",
                         *         "certNum": "1101**********002X",
                         *         "certStart": "2020-01-01",
                         *         "certEnd": "2040-01-01",
                         *         "certValid": false,
                         *         "province": "110000",
                         *         "city": "110105",
                         *         "area": "",
                         *         "areaName": "北京市朝阳区",
                         *         "detailAddr": "旧地址",
                         *         "personfrontId": "",
                         *         "personbackId": "",
                         *         "certTakeId": "",
                         *         "certDetailAddr": ""
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["PersonInfo"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/person/certNum": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the person's certificate number in full (each reveal is written to the audit log)
         * @description An enterprise account has no person's number; it gets 400 证件类别无效 (fields.which).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["CertNum"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the enterprise's basic information (enterpriseVO, legalPersonVO, contactVO, authState; numbers masked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description enterprise information */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "enterpriseVO": {
                         *           "account": "matrixe2",
                         *           "renamed": false,
                         *           "name": "matrixe2有限公司",
                         *           "type": "A1",
                         *           "certType": "1",
                         *           "certNum": "9135**********0Y43",
                         *           "province": "350000",
                         *           "city": "350100",
                         *           "area": "350102",
                         *           "areaName": "福建省福州市鼓楼区",
                         *           "detailAddr": "五四路100号",
                         *           "industry": "E,E48,E481,E4812",
                         *           "industryName": "建筑业/土木工程建筑业/铁路、道路、隧道和桥梁工程建筑/公路工程建筑",
                         *           "capital": "5000.50",
                         *           "capitalUnit": "WAN_YUAN",
                         *           "capitalCurrency": "CNY",
                         *           "licenseState": ""
                         *         },
                         *         "legalPersonVO": {
                         *           "name": "李四",
                         *           "certType": "1",
                         *           "certNum": "1101**********002X",
                         *           "personFrontId": "",
                         *           "personBackId": ""
                         *         },
                         *         "contactVO": {
                         *           "name": "王五",
                         *           "phone": "13700137000"
                         *         },
                         *         "phone": "13800000014",
                         *         "authState": 1
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["EnterpriseInfo"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/certNum": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the enterprise's (which=enterprise) or legal person's (which=legal) certificate number in full, audit-logged */
        get: {
            parameters: {
                query?: {
                    which?: "enterprise" | "legal";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["CertNum"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** trust level and authentication modes (level 1 if any item is 1, else 99 if any is 99, else 0) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description trust level */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "level": 0,
                         *         "items": [
                         *           {
                         *             "type": "manual",
                         *             "state": 0
                         *           }
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["TrustLevel"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/person/direct/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** person edit (the server decides direct or review from the changed fields) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["PersonEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/person/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** person edit (same as direct/edit; identity fields wait for review) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["PersonEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/person/nonAuth/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** person edit (same rules) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["PersonEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/update/information": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** person edit (same rules; updateType ignored) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["PersonEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/direct/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** enterprise edit (the server decides direct or review from the changed fields) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["EnterpriseEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** enterprise edit (same rules) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["EnterpriseEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/nonAuth/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** enterprise edit (same rules) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["EnterpriseEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/update/information": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** enterprise edit, flattened form (same rules; updateType ignored) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["EnterpriseEdit"];
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/businessLicense/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * licence change, the spec's form (query licenseId, personFrontId, personBackId); waits for review
         * @deprecated
         */
        get: {
            parameters: {
                query?: {
                    licenseId?: string;
                    personFrontId?: string;
                    personBackId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        /** licence change (JSON body {licenseId, personFrontId, personBackId}); waits for review */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        licenseId?: string;
                        /** @description the same as licenseId */
                        enterpriseId?: string;
                        personFrontId?: string;
                        personBackId?: string;
                        /** @description optional; must be the caller's id */
                        accountId?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                200: components["responses"]["Edited"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/reloginname/{newAccount}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** rename the login account once (^[A-Za-z][A-Za-z0-9]{3,15}$, unique case-insensitively) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    newAccount: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/security/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** account security information (account, renamed, phone, type) */
        get: {
            parameters: {
                query?: {
                    /** @description must be the caller's own id */
                    id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description security information */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "account": "Newname1",
                         *         "renamed": true,
                         *         "phone": "13800138000",
                         *         "type": 1,
                         *         "email": "zhang@example.cn",
                         *         "emailVerified": true
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["SecurityInfo"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's live sessions (登录设备管理), with the session limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the devices */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "devices": [
                         *           {
                         *             "id": "3f2a9c0e4b1d4e6f8a7b6c5d4e3f2a1b",
                         *             "current": true,
                         *             "methods": [
                         *               "pwd"
                         *             ],
                         *             "way": "密码",
                         *             "browser": "Chrome 131",
                         *             "system": "Windows",
                         *             "address": "203.0.113.*",
                         *             "signedInAt": "2026-12-02T01:00:00Z",
                         *             "lastSeenAt": "2026-12-02T01:10:00Z",
                         *             "expiresAt": "2026-12-02T13:00:00Z",
                         *             "clients": [
                         *               "电子招标系统"
                         *             ]
                         *           }
                         *         ],
                         *         "idleSeconds": 1800,
                         *         "absoluteSeconds": 43200
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["DeviceList"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        /** end every session of the caller but this one, with the OpenID Connect sign-ins made through them (back-channel logout) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description how many sessions ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "已退出其他设备",
                         *       "data": {
                         *         "ended": 2
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                ended: number;
                            };
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/signInHistory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's sign-ins and refused attempts of the last 90 days, newest first (pageSize default 10, at most 50) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page and the total count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 2,
                         *           "at": "2026-12-02T01:00:00Z",
                         *           "way": "密码",
                         *           "browser": "Chrome 131",
                         *           "system": "Windows",
                         *           "address": "203.0.113.*",
                         *           "ok": true,
                         *           "result": "登录成功",
                         *           "newDevice": true
                         *         },
                         *         {
                         *           "id": 1,
                         *           "at": "2026-12-02T00:59:00Z",
                         *           "way": "密码",
                         *           "browser": "Chrome 131",
                         *           "system": "Windows",
                         *           "address": "203.0.113.*",
                         *           "ok": false,
                         *           "result": "密码错误",
                         *           "newDevice": false
                         *         }
                         *       ],
                         *       "count": 2
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["SignInEvent"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** end one of the caller's sessions and the OpenID Connect sign-ins made through it (back-channel logout); another account's id is 404 like an unknown one */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description a session's public id from the list */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/security/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's 动态口令 (TOTP second factor) - on or off, recovery codes left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the factor's status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "enabled": true,
                         *         "recoveryLeft": 10,
                         *         "enrolledAt": "2026-12-02T08:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["FactorStatus"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        /** confirm the enrolment with one code - the factor is on; the 10 recovery codes are shown this once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a TOTP code (6 digits) or, where said, a recovery code */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description the recovery codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "recoveryCodes": [
                         *           "a2b3c-d4e5f",
                         *           "g6h7j-k8m9n",
                         *           "p2q3r-s4t5u",
                         *           "v6w7x-y8z2a",
                         *           "b3c4d-e5f6g",
                         *           "h7j8k-m9n2p",
                         *           "q3r4s-t5u6v",
                         *           "w7x8y-z2a3b",
                         *           "c4d5e-f6g7h",
                         *           "j8k9m-n2p3q"
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["RecoveryCodes"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        /** start enrolling a TOTP authenticator - a fresh secret, its QR code and the secret in groups of 4 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the secret to enrol */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "secret": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
                         *         "secretGroups": [
                         *           "JBSW",
                         *           "Y3DP",
                         *           "EHPK",
                         *           "3PXP",
                         *           "JBSW",
                         *           "Y3DP",
                         *           "EHPK",
                         *           "3PXP"
                         *         ],
                         *         "otpauthUrl": "otpauth://totp/bidpass:zhang01?secret=JBSWY3DPEHPK3PXP",
                         *         "qrCode": "data:image/png;base64,iVBORw0KGgo="
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["TOTPEnrolment"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/security/totp/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** turn the 动态口令 off with a TOTP code or a recovery code (staff cannot remove their own) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a TOTP code (6 digits) or, where said, a recovery code */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description removed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": null
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/security/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** new recovery codes after a TOTP code; the old ones stop working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a TOTP code (6 digits) or, where said, a recovery code */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description the recovery codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "recoveryCodes": [
                         *           "a2b3c-d4e5f",
                         *           "g6h7j-k8m9n",
                         *           "p2q3r-s4t5u",
                         *           "v6w7x-y8z2a",
                         *           "b3c4d-e5f6g",
                         *           "h7j8k-m9n2p",
                         *           "q3r4s-t5u6v",
                         *           "w7x8y-z2a3b",
                         *           "c4d5e-f6g7h",
                         *           "j8k9m-n2p3q"
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["RecoveryCodes"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/pwd": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** change the password (current password + SMS code of the bound phone, scene password); ends every other session */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        keyId: string;
                        /** @description RSA-OAEP ciphertext (DECISIONS.md) */
                        oldPwd: string;
                        /** @description RSA-OAEP ciphertext */
                        pwd: string;
                        checkCode: string;
                        checkCodeId: string;
                        /** @description optional; must be the caller's id */
                        id?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/phone/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** change the bound phone (codes to the old and to the new phone, scene phone) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the caller's own account id, else 403 */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description code sent to the old phone */
                        checkCode: string;
                        checkCodeId: string;
                        phone: string;
                        /** @description code sent to the new phone */
                        smsCode: string;
                        smsCodeId: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/email/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** bind or change the verified e-mail address (a code to the bound phone and a code to the new address, both scene email); one account per verified address */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the caller's own account id, else 403 */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description SMS code sent to the bound phone (scene email) */
                        checkCode: string;
                        checkCodeId: string;
                        email: string;
                        /** @description code sent to the new address (scene email) */
                        emailCode: string;
                        emailCodeId: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/user/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** cancel a pending verification (real-name submission or change); back to the previous state (0 after a real-name submission) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description optional; must be the caller's id */
                        accountId?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's own data as a zip (account.json, 我的数据.txt, records/*.json — modification and operation records, operator links, admission applications, certificates, sign-ins — and photos/*, every uploaded file); the account is the session's, never a parameter. Limited (docs/decisions/export-readiness-locks.md): 429 export.running one at a time per account, export.daily_limit 今日导出次数已达上限，请明天再试 (BIDPASS_EXPORT_PER_DAY a Beijing day), export.busy per instance */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the zip (Content-Disposition attachment) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/modifyRecords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** modification records, newest first (pageSize 10/20/30/40/50/100, default 10) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    /** @description must be the caller's id */
                    id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page and the total count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "infoId": 3,
                         *           "infoItem": "登录账号",
                         *           "beforeValue": "alice",
                         *           "afterValue": "Newname1",
                         *           "operationTime": "2026-11-21T08:00:00Z",
                         *           "isValid": 1,
                         *           "authMethod": "direct",
                         *           "authState": 99,
                         *           "authTime": null,
                         *           "applyId": null,
                         *           "revocable": false
                         *         },
                         *         {
                         *           "infoId": 2,
                         *           "infoItem": "姓名",
                         *           "beforeValue": "alice",
                         *           "afterValue": "x",
                         *           "operationTime": "2026-11-21T08:00:00Z",
                         *           "isValid": 0,
                         *           "authMethod": "manual",
                         *           "authState": 0,
                         *           "authTime": "2026-11-21T08:00:00Z",
                         *           "applyId": 1,
                         *           "revocable": false
                         *         },
                         *         {
                         *           "infoId": 1,
                         *           "infoItem": "详细地址",
                         *           "beforeValue": "旧地址",
                         *           "afterValue": "x",
                         *           "operationTime": "2026-11-21T08:00:00Z",
                         *           "isValid": 1,
                         *           "authMethod": "direct",
                         *           "authState": 0,
                         *           "authTime": null,
                         *           "applyId": null,
                         *           "revocable": false
                         *         }
                         *       ],
                         *       "count": 3
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ModificationRecord"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/modifyRecord/revert/{infoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** revoke the change a waiting (authState 99) record belongs to; another account's record is 404 */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    infoId: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/operation/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** operation records (types 1/2/3; authtype S1/S2/T1); pageSize 5/10/20/30/40, default 5 */
        get: {
            parameters: {
                query?: {
                    /** @description must be the caller's login name */
                    account?: string;
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page and the total count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 2,
                         *           "accountName": "Newname1",
                         *           "ctime": "2026-11-21T08:00:00Z",
                         *           "operationType": "2",
                         *           "remarks": [
                         *             {
                         *               "fieldName": "登录账号",
                         *               "beforeValue": "alice",
                         *               "afterValue": "Newname1"
                         *             }
                         *           ],
                         *           "authtype": "",
                         *           "noPassReason": "",
                         *           "appendixList": []
                         *         },
                         *         {
                         *           "id": 1,
                         *           "accountName": "alice",
                         *           "ctime": "2026-11-21T08:00:00Z",
                         *           "operationType": "2",
                         *           "remarks": [
                         *             {
                         *               "fieldName": "详细地址",
                         *               "beforeValue": "旧地址",
                         *               "afterValue": "x"
                         *             }
                         *           ],
                         *           "authtype": "",
                         *           "noPassReason": "",
                         *           "appendixList": []
                         *         }
                         *       ],
                         *       "count": 2
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OperationRecord"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/caBuy/params": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * CA application: the address (BIDPASS_CA_APPLY_URL) where an authenticated account applies for a certificate
         * @description 409 账号未完成实名认证，无法申请！ unless authState is 1. While no address is configured, data is empty and msg says
         *     CA证书申请地址未配置，请联系客服. An id or accountId in the query must be the caller's (403).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the CA application address (empty while none is configured) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "CA证书申请地址未配置，请联系客服",
                         *       "data": ""
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login/cert/prev": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * certificate sign-in, step 1 — a challenge for the chosen certificate's serial
         * @description Anyone may ask (whether the serial is bound is not revealed); at most BIDPASS_CA_CHALLENGES_PER_MINUTE (60) a minute per
         *     client address (429). The challenge belongs to the asking browser: a browser without the cookie
         *     bidpass_cert_browser (HttpOnly, SameSite=Strict, Path=/api/) is given one with this answer (Set-Cookie), and the
         *     signed challenge must come back with it; another browser's challenges for the same serial are never tried.
         *     The same holds for /api/retrieve/pwd/cert/prev and /api/admin/login/cert/prev.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertSerial"];
                };
            };
            responses: {
                200: components["responses"]["CertChallenge"];
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login/cert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * certificate sign-in, step 2 — the signed challenge; the same session and answer as a password sign-in
         * @description Only a certificate bound to an account signs in: the live bindings with that serial are looked up and the
         *     one whose issuer and serial match the signer (and whose key verifies the signature) is taken. The chain is
         *     checked against the configured CA roots at the current time; expired, not yet valid, untrusted and revoked
         *     certificates are refused, each with its own message; a challenge signs in once. Failures are counted per
         *     client address (20 in 15 minutes refuse the address) and per certificate (10 refuse it to addresses that
         *     failed themselves), never against the account (429 with the minutes left).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertProof"];
                };
            };
            responses: {
                200: components["responses"]["CertSignedIn"];
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retrieve/pwd/cert/prev": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** recovery by certificate, step 1 — a challenge for the serial (a sign-in challenge does not recover) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertSerial"];
                };
            };
            responses: {
                200: components["responses"]["CertChallenge"];
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retrieve/pwd/cert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recovery by certificate, step 2 — the account the bound certificate belongs to and a checkCode for POST /api/retrieve/pwd/reset
         * @description Checked and counted as certificate sign-in is; the answer is the phone step's.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertProof"];
                };
            };
            responses: {
                200: components["responses"]["RecoverFound"];
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/certificate/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's bound certificates (at most one) */
        get: {
            parameters: {
                query?: {
                    /** @description if sent, must be the caller's (403) */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the bound certificates */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "number": "22583C5957CDD1541BEEBD4B1067BD6D",
                         *           "dn": "CN=张三",
                         *           "issuer": "CN=HTTP Test Root",
                         *           "validStart": "2026-11-21T07:00:00Z",
                         *           "validEnd": "2027-11-21T08:00:00Z",
                         *           "state": 1,
                         *           "bindTime": "2026-11-21T08:00:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["BoundCertificate"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/certificate/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's bind/unbind record, newest first */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                    /** @description if sent, must be the caller's (403) */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of the record and the total count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 2,
                         *           "handleType": 2,
                         *           "number": "22583C5957CDD1541BEEBD4B1067BD6D",
                         *           "dn": "CN=张三",
                         *           "validStart": "2026-11-21T07:00:00Z",
                         *           "validEnd": "2027-11-21T08:00:00Z",
                         *           "handleTime": "2026-11-21T08:00:00Z"
                         *         },
                         *         {
                         *           "id": 1,
                         *           "handleType": 1,
                         *           "number": "22583C5957CDD1541BEEBD4B1067BD6D",
                         *           "dn": "CN=张三",
                         *           "validStart": "2026-11-21T07:00:00Z",
                         *           "validEnd": "2027-11-21T08:00:00Z",
                         *           "handleTime": "2026-11-21T08:00:00Z"
                         *         }
                         *       ],
                         *       "count": 2
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["CertificateLogEntry"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/certificate/add/prev": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * binding, step 1 — a challenge for the caller's key to sign
         * @description Refused first when the account may not bind (409 账号未完成实名认证，无法绑定证书 / 账号已绑定证书，请先解绑后再绑定).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["CertChallenge"];
                401: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/certificate/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * binding, step 2 — binds the certificate whose key signed the caller's challenge
         * @description Serial, DN, validity and public key are read from the certificate. The four refusals of 02 §2, each with its
         *     own message (409): the owner name (CN, or O) is not the account's verified person or enterprise name; the
         *     certificate is bound to another account; the account is not authenticated or already holds a certificate.
         *     An expired, not yet valid, untrusted or revoked certificate, or a bad signature, is a 400.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertProof"];
                };
            };
            responses: {
                200: components["responses"]["BoundCertificate"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/certificate/log/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** unbinds the caller's certificate; accountId must be the caller's (403 otherwise) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/templateFiles/ca_driver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the CA driver (BIDPASS_CA_DRIVER_FILE) as a download; 404 证书驱动暂未提供下载，请联系客服 when none is configured */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the driver file (Content-Disposition attachment) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login/cert/prev": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** staff certificate sign-in, step 1 — a challenge for the serial (a portal challenge does not sign staff in) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertSerial"];
                };
            };
            responses: {
                200: components["responses"]["CertChallenge"];
                400: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login/cert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * staff certificate sign-in, step 2 — with the certificate an administrator bound; the staff password sign-in's session, record and answer
         * @description Checked and counted as the portal's certificate sign-in; only certificates bound to staff members count.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertProof"];
                };
            };
            responses: {
                /** @description signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "登录成功",
                         *       "data": {
                         *         "accessToken": "WM020cJ_Fg4766Bam0zTLBVXAfIR-xOrNU0BWAWVAv0",
                         *         "staff": {
                         *           "id": 2,
                         *           "account": "review01",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z"
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                accessToken: string;
                                staff: components["schemas"]["StaffMember"];
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{id}/certificate/prev": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * staff certificate binding, step 1 — a challenge for the member's key to sign (administrators)
         * @description Valid 2 minutes, once, for this member and the administrator who asked.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["CertChallenge"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{id}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the certificates bound to a staff member (administrators) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the bound certificates */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": []
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["BoundCertificate"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        /**
         * binds the certificate whose key signed the member's binding challenge (administrators)
         * @description As the portal's binding: the key signs the challenge of POST /api/admin/staff/{id}/certificate/prev (asked by the
         *     same administrator for the same member), so holding a certificate, a public document, is not enough. The
         *     certificate (in the signature, or base64 DER beside a raw one) must be valid now, chain to a configured CA and
         *     not be revoked (400 with the reason, also for a bad signature or a challenge that is spent or not this
         *     binding's). 409 when it is bound to anyone or the member already holds one. Recorded in the action log.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CertProof"];
                };
            };
            responses: {
                200: components["responses"]["BoundCertificate"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        /** unbinds a staff member's certificate (administrators) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/operator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the enterprise's operators (我的经办人): open links first, then history, newest first; pageSize 10/20/30/40/50/100, default 10 */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["OperatorLinks"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operate/enterprise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the person's enterprises (我的企业), as the enterprise list */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["OperatorLinks"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/enterprise/operatorInfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the enterprise finds a person by exactly login account + real name + certificate number (spaces stripped); a miss is an empty list; 20 searches per 10 minutes per account (429) */
        post: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 请输入账号 when empty */
                        account: string;
                        /** @description 请输入姓名 when empty */
                        name: string;
                        /** @description 请输入证件号码 when empty */
                        certNum: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OperatorCandidates"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/find/enterprise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the person finds an enterprise by exactly login account + enterprise name + credit code; as the enterprise's search */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description 请输入账号 when empty */
                        account: string;
                        /** @description 请输入姓名 when empty */
                        name: string;
                        /** @description 请输入证件号码 when empty */
                        creditCode: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OperatorCandidates"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the enterprise invites the person a candidate names, with the authorised period; when that person has applied to this enterprise, this accepts the application instead. Limited per pair (docs/decisions/limits.md): 3 a Beijing day (429 operator.invite_limit), none for 7 days after the person refused one (429 operator.refused_recently), none while the person blocks the enterprise (403 operator.declined 对方暂不接受贵企业的邀请) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OperatorPeriod"] & {
                        candidate: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/invite/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** the invited person answers: action A1 accepts (the link becomes A1 with the invitation's period), A0 refuses (A2) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "A1" | "A0";
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        /** the enterprise cancels its invitation (A3) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/apply/confirm/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** the enterprise accepts an application with the authorised period (A1) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OperatorPeriod"] & {
                        /** @description the spec's client repeats the link id here; ignored, the path's id is used */
                        id?: number;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/frApply/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** the enterprise refuses an application (A2) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/apply/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the person applies to the enterprise a candidate names; when that enterprise has invited this person, this accepts the invitation instead */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the search's candidate token (DECISIONS.md spells it {candidate}; one name, because DELETE on this path takes a link id) */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        /** the person cancels its application (A3) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/frOperator/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** the enterprise unbinds an A1 link (A4) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** the person unbinds an A1 link (A4) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/block/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the person blocks the enterprise of its link {id} (屏蔽该企业; on a pending invitation 拒绝并屏蔽: the invitation is refused, A2); the enterprise's invitations are refused (403 operator.declined) until the person unblocks. Blocking a blocked enterprise changes nothing */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the person's 已屏蔽的企业, the latest block first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the blocked enterprises */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 3,
                         *           "account": "luqiao01",
                         *           "name": "福建省路桥建设有限公司",
                         *           "creditCode": "9135**********0Y43",
                         *           "blockedAt": "2026-12-02T01:20:00Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["BlockedEnterprise"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/blocks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** the person lifts its block {id} (解除屏蔽); the enterprise may invite again at once (the cooling period of a refusal ends too). Another account's block, or one already lifted: 404 */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/operator/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's links in force today (A1 with today in the period, China time), for the platform's other systems: a person's enterprises or an enterprise's operators; the same list goes into the OpenID Connect claims when that exists */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the links in force */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "accountId": 1,
                         *           "account": "op001",
                         *           "name": "名字1",
                         *           "certNum": "9135**********0Y43",
                         *           "operateStart": "2026-11-21",
                         *           "operateEnd": "2027-11-20"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ActiveOperatorLink"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/simples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the role's enabled organisations as the cascader's tree: the platform (1), purchasers' superior units (2), agencies' recommending units (3) */
        get: {
            parameters: {
                query: {
                    applyType: 1 | 2 | 3;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the tree */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 2,
                         *           "name": "交通运输部",
                         *           "children": [
                         *             {
                         *               "id": 3,
                         *               "name": "北京市交通委员会",
                         *               "children": []
                         *             },
                         *             {
                         *               "id": 4,
                         *               "name": "河北省交通运输厅",
                         *               "children": [
                         *                 {
                         *                   "id": 5,
                         *                   "name": "石家庄市交通运输局",
                         *                   "children": []
                         *                 },
                         *                 {
                         *                   "id": 6,
                         *                   "name": "保定市交通运输局",
                         *                   "children": []
                         *                 }
                         *               ]
                         *             },
                         *             {
                         *               "id": 7,
                         *               "name": "江苏省交通运输厅",
                         *               "children": [
                         *                 {
                         *                   "id": 8,
                         *                   "name": "南京市交通运输局",
                         *                   "children": []
                         *                 },
                         *                 {
                         *                   "id": 9,
                         *                   "name": "苏州市交通运输局",
                         *                   "children": []
                         *                 }
                         *               ]
                         *             },
                         *             {
                         *               "id": 10,
                         *               "name": "浙江省交通运输厅",
                         *               "children": [
                         *                 {
                         *                   "id": 11,
                         *                   "name": "杭州市交通运输局",
                         *                   "children": []
                         *                 },
                         *                 {
                         *                   "id": 12,
                         *                   "name": "宁波市交通运输局",
                         *                   "children": []
                         *                 }
                         *               ]
                         *             },
                         *             {
                         *               "id": 13,
                         *               "name": "广东省交通运输厅",
                         *               "children": [
                         *                 {
                         *                   "id": 14,
                         *                   "name": "广州市交通运输局",
                         *                   "children": []
                         *                 },
                         *                 {
                         *                   "id": 15,
                         *                   "name": "深圳市交通运输局",
                         *                   "children": []
                         *                 }
                         *               ]
                         *             }
                         *           ]
                         *         },
                         *         {
                         *           "id": 16,
                         *           "name": "国务院国有资产监督管理委员会",
                         *           "children": [
                         *             {
                         *               "id": 17,
                         *               "name": "中国交通建设集团有限公司",
                         *               "children": []
                         *             },
                         *             {
                         *               "id": 18,
                         *               "name": "中国铁建股份有限公司",
                         *               "children": []
                         *             }
                         *           ]
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OrgNode"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/putStorageCkeck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the organisation check (spelled as the spec): the role's organisations named orgName, compared after trimming and turning full-width characters half-width; empty when none */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        applyType?: components["schemas"]["FlexString"];
                        orgName?: string;
                        accountId?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                /** @description the matches */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 7,
                         *           "name": "江苏省交通运输厅"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OrgMatch"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/putStorageDraft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** saves the role's draft (one per role; nothing required but the role; the evidence must be the caller's upload). 草稿已保存 */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AdmissionForm"];
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/putStorageShow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the role's saved draft with its evidence's name and upload time; data null when there is none */
        get: {
            parameters: {
                query: {
                    applyType: 1 | 2 | 3;
                    /** @description the old client's; must be the caller's */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the draft or null */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: null | components["schemas"]["AdmissionDraft"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/putStorage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** submits an application: an array of exactly one form. Only an enterprise (403 仅企业账号可以申请入库) with real-name state 1 (403 实名认证未完成，无法申请入库 for 0 and 99, 实名认证未通过！ for 2); 409 while the role is under review or admitted (one open application per role); type computed by the server. A review item of kind admission is queued */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AdmissionForm"][];
                };
            };
            responses: {
                /** @description 提交成功，等待审核 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "提交成功，等待审核",
                         *       "data": {
                         *         "id": 1,
                         *         "applyType": 2,
                         *         "type": 1,
                         *         "orgId": 7,
                         *         "orgName": "江苏省交通运输厅",
                         *         "state": 99
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["AdmissionApplication"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/applyState": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's three library roles and their states (for the account centre and the platform's other systems); enterprises only */
        get: {
            parameters: {
                query?: {
                    /** @description the old client's; must be the caller's */
                    accountId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description one entry per role, supplier, purchaser, agency */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "enterpriseType": 1,
                         *           "state": -1,
                         *           "noPassReason": "",
                         *           "draftSavedAt": null
                         *         },
                         *         {
                         *           "enterpriseType": 2,
                         *           "state": -1,
                         *           "noPassReason": "",
                         *           "draftSavedAt": null
                         *         },
                         *         {
                         *           "enterpriseType": 3,
                         *           "state": -1,
                         *           "noPassReason": "",
                         *           "draftSavedAt": null
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["RoleState"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/templateFiles/supplier_commitment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the commitment template 供应商入库承诺书.docx (a Word document) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the template (Content-Disposition attachment) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/management/templateFiles/agency_commitment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the commitment template 代理机构入库承诺书.docx (a Word document) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the template (Content-Disposition attachment) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auth/authToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * staff sign-in (the portal's sign-in payload) - the password's step; never a session by itself
         * @description A right password answers a ticket and sets its cookie (bidpass_staff_step, HttpOnly, SameSite=Strict,
         *     path /api/admin/auth/): secondStep for a member with a TOTP authenticator (POST
         *     /api/admin/auth/second-step), enrolment for a member without one (POST then PUT
         *     /api/admin/auth/enrolment). The staff token comes only from those steps, or from a certificate
         *     sign-in (POST /api/admin/login/cert). A disabled member is refused (403) before any ticket.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        userName: string;
                        /** @description base64 RSA-OAEP-SHA-256 of the JSON password, ts, nonce */
                        password: string;
                        keyId: string;
                        codeId: string;
                        graphicCode: string;
                        /** @description captchaVerification of the slider */
                        captcha: string;
                    };
                };
            };
            responses: {
                /** @description signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "工作人员须绑定动态口令后登录",
                         *       "data": {
                         *         "enrolment": "kq3V7rJ2bYl0mXo8cZpW1tN5sH4uA9dE6fG0hI2jK3L",
                         *         "expiresIn": 900
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffEnrolment"] | components["schemas"]["SecondStep"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        post?: never;
        /** staff sign-out */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auth/second-step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * the second step of a staff sign-in - a TOTP code or a recovery code for the ticket
         * @description Only from the browser holding the ticket's cookie (bidpass_staff_step); another client, an expired
         *     (5 min), used or enrolment ticket answers 400 mfa.ticket 登录已失效，请重新输入账号和密码. Wrong codes
         *     count under the lockout (429 once locked). The session's methods are pwd, otp, mfa.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ticket: string;
                        /** @description 6 digits, or a recovery code (xxxxx-xxxxx) */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "登录成功",
                         *       "data": {
                         *         "accessToken": "S3CTvo-nRUdxIPuEgVkAtxQcWpAPiEyIkZRSoyV4AUs",
                         *         "staff": {
                         *           "id": 2,
                         *           "account": "alice",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z"
                         *         }
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffSignedIn"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/auth/enrolment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** the enrolment's first code - the factor is on, the staff session starts, the recovery codes are shown once */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ticket: string;
                        /** @description 6 digits from the authenticator */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description enrolled and signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "登录成功",
                         *       "data": {
                         *         "accessToken": "S3CTvo-nRUdxIPuEgVkAtxQcWpAPiEyIkZRSoyV4AUs",
                         *         "staff": {
                         *           "id": 2,
                         *           "account": "alice",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z"
                         *         },
                         *         "recoveryCodes": [
                         *           "k7m2p-x9q4r",
                         *           "a3b5c-d6e7f",
                         *           "g8h9j-k2m3n",
                         *           "p4q5r-s6t7u",
                         *           "v8w9x-y2z3a",
                         *           "b4c5d-e6f7g",
                         *           "h8j9k-m2n3p",
                         *           "q4r5s-t6u7v",
                         *           "w8x9y-z2a3b",
                         *           "c4d5e-f6g7h"
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffSignedIn"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        /**
         * the enrolment of a staff member without a second factor - a fresh TOTP secret and its QR code for the ticket
         * @description Only with an enrolment ticket (15 min) from the browser holding its cookie; each call replaces the
         *     pending secret. Otherwise 400 mfa.ticket.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ticket: string;
                    };
                };
            };
            responses: {
                /** @description the secret to enrol */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "secret": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
                         *         "secretGroups": [
                         *           "JBSW",
                         *           "Y3DP",
                         *           "EHPK",
                         *           "3PXP",
                         *           "JBSW",
                         *           "Y3DP",
                         *           "EHPK",
                         *           "3PXP"
                         *         ],
                         *         "otpauthUrl": "otpauth://totp/bidpass:alice?secret=JBSWY3DPEHPK3PXP",
                         *         "qrCode": "data:image/png;base64,iVBORw0KGgo="
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["TOTPEnrolment"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                409: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the staff member of the token (role decides the console's menus) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "id": 2,
                         *         "account": "alice",
                         *         "displayName": "",
                         *         "role": "reviewer",
                         *         "disabled": false,
                         *         "createdAt": "2026-11-21T08:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffMember"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * a page of a review queue (reviewers)
         * @description state pending = unclaimed or claimed more than 30 minutes ago; claimed = a live claim;
         *     decided = decided, newest first. Open queues list the longest waiting first. Without
         *     state, pending and claimed together.
         */
        get: {
            parameters: {
                query?: {
                    kind?: "realname" | "change" | "admission";
                    state?: "pending" | "claimed" | "decided";
                    subject?: "person" | "enterprise";
                    /** @description numbered pages reach the first 200 items: a page starting past them is 400 on page; go deeper with after */
                    page?: number;
                    pageSize?: number;
                    /** @description a next cursor from an earlier page: the page after it (page is then ignored); 400 on after when forged */
                    after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the page, the total in count (capped, countCapped; never lagging) and next when the page is full */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "kind": "realname",
                         *           "subject": "person",
                         *           "accountId": 1,
                         *           "account": "zhangsan",
                         *           "state": "pending",
                         *           "submittedAt": "2026-11-21T08:00:00Z",
                         *           "waitingSeconds": 0,
                         *           "claimedByMe": false
                         *         }
                         *       ],
                         *       "count": 1
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ReviewItem"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** a review item with the account's current data and history (reviewers; each view is logged) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the item: a real-name item with its payload beside the current data, a change item as its changed fields */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "item": {
                         *           "id": 1,
                         *           "kind": "realname",
                         *           "subject": "person",
                         *           "accountId": 1,
                         *           "account": "zhangsan",
                         *           "state": "pending",
                         *           "submittedAt": "2026-11-21T08:00:00Z",
                         *           "waitingSeconds": 0,
                         *           "claimedByMe": false,
                         *           "payload": {
                         *             "certFrontId": "54f94e72d9c10a95bb17223efe885f02",
                         *             "certType": "1",
                         *             "city": "110101",
                         *             "province": "110000",
                         *             "realName": "张三"
                         *           }
                         *         },
                         *         "account": {
                         *           "id": 1,
                         *           "account": "zhangsan",
                         *           "type": 1,
                         *           "phone": "13800000000",
                         *           "authState": 99,
                         *           "createdAt": "2026-11-21T08:00:00Z",
                         *           "disabled": false
                         *         },
                         *         "current": {
                         *           "account": "zhangsan",
                         *           "area": "",
                         *           "certAddress": "",
                         *           "certBackId": "",
                         *           "certEnd": "",
                         *           "certFrontId": "54f94e72d9c10a95bb17223efe885f02",
                         *           "certNum": "",
                         *           "certStart": "",
                         *           "certTakeId": "",
                         *           "certType": "1",
                         *           "certValid": false,
                         *           "city": "110101",
                         *           "detailAddr": "",
                         *           "phone": "13800000000",
                         *           "province": "110000",
                         *           "realName": "张三"
                         *         },
                         *         "labels": {
                         *           "certType": {
                         *             "1": "居民身份证"
                         *           },
                         *           "city": {
                         *             "110101": "北京市东城区"
                         *           },
                         *           "province": {
                         *             "110000": "北京市"
                         *           }
                         *         },
                         *         "decisions": [],
                         *         "history": []
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ReviewDetail"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** claim an item for 30 minutes (claiming again renews); 409 when another reviewer holds it or it is decided */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description claimed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "领取成功",
                         *       "data": {
                         *         "id": 1,
                         *         "kind": "realname",
                         *         "subject": "person",
                         *         "accountId": 1,
                         *         "state": "claimed",
                         *         "submittedAt": "2026-11-21T08:00:00Z",
                         *         "waitingSeconds": 0,
                         *         "claimedBy": "alice",
                         *         "claimedByMe": true,
                         *         "claimExpiresAt": "2026-11-21T08:30:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ReviewItem"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reviews/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** decide an item PASS or NOT_PASS (remark required for NOT_PASS); effects apply in the same transaction, the holder gets an SMS */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        action: "PASS" | "NOT_PASS";
                        remark?: string;
                        /** @description ids from POST /api/admin/files */
                        files?: string[];
                    };
                };
            };
            responses: {
                /** @description decided */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "审核完成",
                         *       "data": {
                         *         "id": 1,
                         *         "kind": "realname",
                         *         "subject": "person",
                         *         "accountId": 1,
                         *         "state": "decided",
                         *         "submittedAt": "2026-11-21T08:00:00Z",
                         *         "waitingSeconds": 0,
                         *         "claimedByMe": false,
                         *         "decision": "NOT_PASS",
                         *         "remark": "照片模糊",
                         *         "decidedAt": "2026-11-21T08:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["ReviewItem"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a reviewer uploads a decision attachment (evidence types, 10 MB); data {id, name} */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        file?: string;
                    };
                };
            };
            responses: {
                /** @description stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "id": "6a6066f625a1dfdaeed1e746ac69693d",
                         *         "name": "核查说明.pdf"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["FileRef"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** a reviewer opens any uploaded file (photos at full size); each view is logged */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the bytes, with the type sniffed at upload */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": string;
                        "image/png": string;
                        "application/pdf": string;
                        "application/octet-stream": string;
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** a page of staff (administrators) */
        get: {
            parameters: {
                query?: {
                    page?: number;
                    pageSize?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "account": "root1",
                         *           "displayName": "",
                         *           "role": "administrator",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z",
                         *           "secondFactor": true
                         *         },
                         *         {
                         *           "id": 2,
                         *           "account": "alice",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z",
                         *           "secondFactor": true
                         *         },
                         *         {
                         *           "id": 3,
                         *           "account": "bobby",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": false,
                         *           "createdAt": "2026-11-21T08:00:00Z",
                         *           "secondFactor": false
                         *         },
                         *         {
                         *           "id": 4,
                         *           "account": "carol",
                         *           "displayName": "",
                         *           "role": "reviewer",
                         *           "disabled": true,
                         *           "createdAt": "2026-11-21T08:00:00Z",
                         *           "secondFactor": false
                         *         }
                         *       ],
                         *       "count": 4
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffListItem"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        /** add a reviewer or administrator (administrators); password RSA-encrypted, 13-20 with 3 of 4 kinds */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account: string;
                        displayName?: string;
                        /** @enum {string} */
                        role: "reviewer" | "administrator";
                        password: string;
                        keyId: string;
                    };
                };
            };
            responses: {
                /** @description added */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "新增成功",
                         *       "data": {
                         *         "id": 4,
                         *         "account": "carol",
                         *         "displayName": "",
                         *         "role": "reviewer",
                         *         "disabled": false,
                         *         "createdAt": "2026-11-21T08:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffMember"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{id}/disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** disable (ending their sessions) or enable a staff member (administrators; not oneself) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        disabled: boolean;
                    };
                };
            };
            responses: {
                /** @description changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "id": 1,
                         *         "account": "matrixrev",
                         *         "displayName": "",
                         *         "role": "reviewer",
                         *         "disabled": false,
                         *         "createdAt": "2026-11-25T12:46:00.264003579Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffMember"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** reset a staff member's password (administrators); ends their sessions */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        keyId: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["Ok"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/staff/{id}/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * reset a staff member's TOTP authenticator (administrators; a lost phone) - ends their sessions, the next sign-in enrols again
         * @description An administrator cannot reset their own (409 staff.self_factor); `bidpass admin reset-factor` is the operator's way for the last administrator.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["Ok"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the staff action log, newest first (administrators) */
        get: {
            parameters: {
                query?: {
                    staffId?: number;
                    action?: string;
                    /** @description numbered pages reach the first 200 entries: a page starting past them is 400 on page; go deeper with after */
                    page?: number;
                    pageSize?: number;
                    /** @description a next cursor from an earlier page: the page after it (page is then ignored); 400 on after when forged */
                    after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of the log, the total in count (capped, countCapped) and next when the page is full */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "action": "review.decide",
                         *           "clientAddr": "192.0.2.1",
                         *           "detail": "不通过 照片模糊",
                         *           "id": 5,
                         *           "staffId": 2,
                         *           "staffName": "alice",
                         *           "target": "review:1",
                         *           "time": "2026-11-21T08:00:00Z"
                         *         },
                         *         {
                         *           "action": "file.upload",
                         *           "clientAddr": "192.0.2.1",
                         *           "detail": "核查说明.pdf",
                         *           "id": 4,
                         *           "staffId": 2,
                         *           "staffName": "alice",
                         *           "target": "file:6a6066f625a1dfdaeed1e746ac69693d",
                         *           "time": "2026-11-21T08:00:00Z"
                         *         },
                         *         {
                         *           "action": "file.view",
                         *           "clientAddr": "192.0.2.1",
                         *           "detail": "账号 1 front.png",
                         *           "id": 3,
                         *           "staffId": 2,
                         *           "staffName": "alice",
                         *           "target": "file:0698715c2e70f56d826dc700b68bbf72",
                         *           "time": "2026-11-21T08:00:00Z"
                         *         },
                         *         {
                         *           "action": "review.view",
                         *           "clientAddr": "192.0.2.1",
                         *           "detail": "查看审核事项（账号 zhangsan）",
                         *           "id": 2,
                         *           "staffId": 2,
                         *           "staffName": "alice",
                         *           "target": "review:1",
                         *           "time": "2026-11-21T08:00:00Z"
                         *         },
                         *         {
                         *           "action": "review.claim",
                         *           "clientAddr": "192.0.2.1",
                         *           "detail": "领取审核事项",
                         *           "id": 1,
                         *           "staffId": 2,
                         *           "staffName": "alice",
                         *           "target": "review:1",
                         *           "time": "2026-11-21T08:00:00Z"
                         *         }
                         *       ],
                         *       "count": 5
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["StaffAction"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the registered OpenID Connect clients (administrators); secrets are never shown again */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the clients */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OIDCClient"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        /** registers a client; the answer's clientSecret (confidential clients) is shown this once and stored hashed; 400 per field, 409 应用标识已被使用; logged as oidc.client.add */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        public?: boolean;
                        firstParty?: boolean;
                        requireRealName?: boolean;
                        redirectUris: string[];
                        postLogoutUris?: string[];
                        scopes?: ("openid" | "profile" | "email" | "phone" | "offline_access")[];
                        backchannelLogoutUri?: string;
                        minAcr?: string;
                    };
                };
            };
            responses: {
                /** @description 添加成功 and the client with its secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OIDCClient"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** changes a client's settings (name, redirect and post-logout URIs, scopes, first-party, real-name, back-channel URI); the id and public/confidential stay; 400 per field, 404 应用不存在; 修改成功; logged as oidc.client.update */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description may be sent; another value than the path's is 400 应用标识注册后不能修改 */
                        clientId?: string;
                        /** @description may be sent; the other kind is 400 客户端类型注册后不能修改，请重新登记应用 */
                        public?: boolean;
                        name: string;
                        firstParty?: boolean;
                        requireRealName?: boolean;
                        redirectUris: string[];
                        postLogoutUris?: string[];
                        scopes?: ("openid" | "profile" | "email" | "phone" | "offline_access")[];
                        backchannelLogoutUri?: string;
                        minAcr?: string;
                    };
                };
            };
            responses: {
                /** @description the client */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OIDCClient"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a new secret for a confidential client, in clientSecret this once (the old one stops working); 409 for a public client; 密钥已重置; logged as oidc.client.secret */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the client with its new secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OIDCClient"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients/{id}/disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** disables or enables a client (a disabled one is refused at every endpoint); logged */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        disabled: boolean;
                    };
                };
            };
            responses: {
                /** @description the client */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["OIDCClient"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organisations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the role's organisations, disabled ones too, by id (administrators) */
        get: {
            parameters: {
                query: {
                    applyType: 1 | 2 | 3;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the units */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["Organisation"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        /** adds a unit of role 2 or 3 under parentId (empty: a root); 400 单位名称不能为空, 该单位已存在 (same name after full-width to half-width), 上级单位不存在; logged as organisation.add */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        applyType?: components["schemas"]["FlexString"];
                        parentId?: components["schemas"]["FlexString"];
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description 添加成功 and the unit */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["Organisation"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organisations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** renames and/or disables (or enables) a unit of role 2 or 3; an absent field is kept; logged as organisation.update */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        disabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description the unit */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["Organisation"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organisations/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** imports units from a CSV text: rows applyType,parentName,name (an optional header row; parentName empty for a root, or a unit of the role, earlier rows included). All or nothing: a bad row imports nothing and the message names its line (第2行：上级单位不存在：…). Units already there are skipped, so an import can be run again; logged as organisation.import */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the CSV file's text (UTF-8) */
                        csv: string;
                    };
                };
            };
            responses: {
                /** @description 导入成功 and how many units were added */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: {
                                added: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/audit/entity/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the account holder's audit records of one review item (02 §2 审核记录) */
        get: {
            parameters: {
                query: {
                    /** @description applyId (the review item id) */
                    id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the decisions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": [
                         *         {
                         *           "id": 1,
                         *           "userName": "alice",
                         *           "time": "2026-11-21T08:00:00Z",
                         *           "action": "NOT_PASS",
                         *           "remark": "照片模糊",
                         *           "files": [
                         *             {
                         *               "id": "6a6066f625a1dfdaeed1e746ac69693d",
                         *               "name": "核查说明.pdf"
                         *             }
                         *           ],
                         *           "reviewId": 1
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["AuditLogEntry"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/manage/audit/realname/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the account holder's newest real-name item and its decisions (the authentication card's last outcome and rejection reason) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the newest real-name item and its decisions, or null when the account never submitted one */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "decisions": [
                         *           {
                         *             "id": 1,
                         *             "userName": "alice",
                         *             "time": "2026-11-21T08:00:00Z",
                         *             "action": "NOT_PASS",
                         *             "remark": "照片模糊",
                         *             "files": [
                         *               {
                         *                 "id": "6a6066f625a1dfdaeed1e746ac69693d",
                         *                 "name": "核查说明.pdf"
                         *               }
                         *             ],
                         *             "reviewId": 1
                         *           }
                         *         ],
                         *         "id": 1,
                         *         "state": "decided",
                         *         "submittedAt": "2026-11-21T08:00:00Z"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["LatestRealNameAudit"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/repeat/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * is an account name free to register
         * @description {account}. data true when free. 400 必须是以字母开头，只能包含字母数字，4到16位 (fields.account);
         *     409 该账号已被注册 (reason registration.name_taken) when any account has the name in any case.
         *     At most 30 checks a minute per client address: beyond, 429 操作过于频繁，请稍后再试 (reason throttled).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        account: string;
                    };
                };
            };
            responses: {
                /** @description free */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "账号可用",
                         *       "data": true
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            /** @constant */
                            data?: true;
                        };
                    };
                };
                400: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * register a person account (step 0) and sign it in
         * @description The regForm. password is the RSA transport value (keyId beside it; `pwd` is accepted as its name too).
         *     The SMS code (scene register, that phone) is used up; the graphic code is not checked again (the SMS
         *     send used it up). Person password rule. The account starts with registerProcess 1 at step 1. data {id, accessToken, user}.
         *     Field errors (400, fields.<name>): 请输入账号, 必须是以字母开头…, 请输入正确的11位手机号（格式：13800000000）,
         *     请输入短信验证码, 请阅读并勾选《用户注册协议》, 短信验证码错误, the password rule;
         *     409 该账号已被注册.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterAccountForm"];
                };
            };
            responses: {
                200: components["responses"]["Registered"];
                400: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * register an enterprise account (step 0) and sign it in
         * @description As /api/register/account with the enterprise password rule (13-20, 3 kinds). data {id, accessToken, user}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterAccountForm"];
                };
            };
            responses: {
                200: components["responses"]["Registered"];
                400: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/person/realInfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * save the person's real-name information (step 1)
         * @description realName, certType ("1" 居民身份证 checked by the GB 11643 check digit), certNum, certStart, certEnd
         *     (YYYY-MM-DD; not before the start, not expired), certValid (long-term: end 9999-12-31), province, city,
         *     area (codes of /api/common/areas), certDetailAddr, checkType (manual verification). An accountId other
         *     than the session's is 403. data {step, registerProcess}: step 2 with manual verification; otherwise
         *     step 3 and registerProcess 0 (authState stays 0: real-name can be done later in the account centre).
         *     409 when registration is already complete; 403 for an enterprise account.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId?: string | number;
                        realName?: string;
                        certType?: components["schemas"]["FlexString"];
                        certNum?: string;
                        /** Format: date */
                        certStart?: string;
                        /** Format: date */
                        certEnd?: string;
                        certValid?: boolean;
                        province?: components["schemas"]["FlexString"];
                        city?: components["schemas"]["FlexString"];
                        area?: components["schemas"]["FlexString"];
                        /**
                         * @deprecated
                         * @description the old client's second name for area; ignored
                         */
                        certArea?: components["schemas"]["FlexString"];
                        certDetailAddr?: string;
                        checkType?: boolean;
                        /**
                         * @deprecated
                         * @description the old client's wizard step; ignored
                         */
                        progress?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                200: components["responses"]["RegisterStep"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/person/realAuth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * submit the person's certificate photos for real-name review (step 2)
         * @description certFrontId, certBackId, certTakeId (ids of this account's JPEG/PNG uploads; another account's file is
         *     400 文件不存在或已过期，请重新上传), certDetailAddr (the address on the certificate). Sets authState 99,
         *     queues a realname review item, clears registerProcess. data {step: 3}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId?: string | number;
                        certFrontId?: string;
                        certBackId?: string;
                        certTakeId?: string;
                        certDetailAddr?: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["RegisterStep"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * save the enterprise's basic information, legal representative and contact (step 1)
         * @description enterpriseDto {type A1|A2|A3, name, certType ("1" credit code checked by GB 32100; "2" other, refused
         *     for A1), certNum, province, city, area, detailAddr, industry (comma-joined path or array), capital
         *     (decimal), capitalUnit, capitalCurrency, enterpriseId (optional licence file id)}; legalPersonDto {name,
         *     certType, certNum, personFrontId, personBackId (optional), linkName, linkPhone, checkCodeId, checkCode
         *     (SMS scene contact; not needed again while linkPhone is the one already verified)}. Field errors carry
         *     the dotted names (enterpriseDto.capital …). data {step: 2, registerProcess: 1}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId?: string | number;
                        enterpriseDto?: components["schemas"]["EnterpriseDto"];
                        legalPersonDto?: components["schemas"]["LegalPersonDto"];
                        /**
                         * @deprecated
                         * @description the old client's wizard step; ignored
                         */
                        progress?: components["schemas"]["FlexString"];
                    };
                };
            };
            responses: {
                200: components["responses"]["RegisterStep"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/enterprise/realAuth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * submit the licence and legal-person photos for real-name review (step 2)
         * @description enterpriseId (licence), personFrontId, personBackId: this account's JPEG/PNG uploads (请上传营业执照,
         *     请上传证件正面, 请上传证件背面). The licence belongs to step 1: without enterpriseId the one saved with the
         *     basic information is used, and 请上传营业执照 only when there is none. Sets authState 99, queues a realname review item, clears
         *     registerProcess. data {step: 3}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        accountId?: string | number;
                        enterpriseId?: string;
                        personFrontId?: string;
                        personBackId?: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["RegisterStep"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/register/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * where the signed-in account's registration stands, with what it saved
         * @description data {accountId, userName, phone, type, registerProcess, step (1 information, 2 photos, 3 done),
         *     authState, person (the real-name form's fields and photo ids) or null, enterprise {enterpriseDto,
         *     legalPersonDto} or null}. The resume page (/completeInfo) opens at step with the data filled in.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the progress */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "code": 0,
                         *       "msg": "操作成功",
                         *       "data": {
                         *         "accountId": 1,
                         *         "authState": 0,
                         *         "enterprise": null,
                         *         "person": {
                         *           "area": "",
                         *           "certAddress": "",
                         *           "certBackId": "",
                         *           "certDetailAddr": "东长安街1号",
                         *           "certEnd": "9999-12-31",
                         *           "certFrontId": "",
                         *           "certNum": "11010519491231002X",
                         *           "certStart": "2020-01-01",
                         *           "certTakeId": "",
                         *           "certType": "1",
                         *           "certValid": true,
                         *           "checkType": true,
                         *           "city": "110101",
                         *           "province": "110000",
                         *           "realName": "张三"
                         *         },
                         *         "phone": "13500000001",
                         *         "registerProcess": 1,
                         *         "step": 2,
                         *         "type": 1,
                         *         "userName": "person1"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["RegistrationProgress"];
                        };
                    };
                };
                401: components["responses"]["Error"];
                420: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/agreement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the registration agreement (eight sections)
         * @description data {title, version, preamble, sections [{title, paragraphs []}]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["LegalDocument"];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/common/privacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the privacy notice (what is collected, why, how long, who sees it)
         * @description data {title, version, preamble, sections [{title, paragraphs []}]}.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Envelope"] & {
                            data?: components["schemas"]["LegalDocument"];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Envelope: {
            /** @description 0 on success, else the HTTP status */
            code: number;
            msg: string;
            data: unknown;
            /** @description total rows, on lists */
            count?: number;
            /** @description on lists that grow without bound: true when count stopped at its cap (10000) and the list is longer (show 10000+); count and countCapped are absent on a page by cursor. The review queues' counts are tallied and never lag a write; on the action log a count of 1000 or more may lag writes by up to 30 seconds (it is kept that long per filter), a shorter one is exact */
            countCapped?: boolean;
            /** @description on lists that grow without bound, when the page came back full: the cursor to send as after for the next page */
            next?: string;
            /** @description stable error key */
            reason?: string;
            /** @description per-field Chinese messages (400) */
            fields?: {
                [key: string]: string;
            };
        };
        Error: components["schemas"]["Envelope"];
        /**
         * @description a value the old client sends as a string on one screen and as a number on another (ids, codes,
         *     capital); the server reads both, and null as not sent
         */
        FlexString: string | number | null;
        /** @description the enterprise part of an enterprise edit (nested as enterprise or enterpriseVO) */
        EnterprisePart: {
            type?: string;
            name?: string;
            certType?: string;
            certNum?: string;
            province?: string;
            city?: string;
            area?: string;
            detailAddr?: string;
            industry?: string;
            capital?: components["schemas"]["FlexString"];
            capitalUnit?: string;
            capitalCurrency?: string;
            licenseId?: string;
            /** @description the licence image id (the read side's name) */
            licenseState?: string;
            /** @description the licence image id (registration's name) */
            enterpriseId?: string;
        };
        /** @description the legal-person part of an enterprise edit (nested as legalPerson or legalPersonVO) */
        LegalPersonPart: {
            name?: string;
            certType?: string;
            certNum?: string;
            personFrontId?: string;
            personBackId?: string;
        };
        /** @description the contact part of an enterprise edit (nested as contact or contactVO) */
        ContactPart: {
            name?: string;
            phone?: string;
        };
        /** @description the account step of registration (regForm); issue 5 */
        RegisterAccountForm: {
            account?: string;
            phone?: string;
            /** @description RSA transport value */
            password?: string;
            keyId?: string;
            /**
             * @deprecated
             * @description ignored; the SMS send used the graphic code up
             */
            verificationCode?: string;
            /**
             * @deprecated
             * @description ignored; the SMS send used the graphic code up
             */
            codeId?: string;
            smsCode?: string;
            smsCodeId?: string;
            isAgree?: boolean;
            /** @description optional e-mail address (请输入正确的邮箱地址 when malformed); stored unverified until account security binds it with a code */
            email?: string;
            /** @description the same as password (the old client's name) */
            pwd?: string;
            /**
             * @deprecated
             * @description ignored; the client compares the two
             */
            confirmPwd?: string;
            /**
             * @deprecated
             * @description ignored; the path says the type
             */
            accountType?: components["schemas"]["FlexString"];
            /**
             * @deprecated
             * @description the old client's wizard step; ignored
             */
            progress?: components["schemas"]["FlexString"];
        };
        /** @description the user object of sign-in (type 1 person, 2 enterprise; registerProcess 1 = unfinished) */
        User: {
            userName: string;
            /** Format: int64 */
            id: number;
            /** @enum {integer} */
            type: 1 | 2;
            registerProcess: number;
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
        };
        RecoverFind: {
            phone?: string;
            email?: string;
            /**
             * @description 1 personal tab, 2 legal-person tab, 0/absent all
             * @enum {integer}
             */
            type?: 0 | 1 | 2;
            smsCode: string;
            smsCodeId: string;
        };
        CascaderOption: {
            value: string;
            label: string;
            children?: components["schemas"]["CascaderOption"][];
        };
        /**
         * @description a field of the identity catalogue (internal/identity/catalogue.go): the key the edit forms send, change requests store and error fields name
         * @enum {string}
         */
        FieldKey: "name" | "certType" | "certNum" | "certStart" | "certEnd" | "personfrontId" | "personbackId" | "region" | "detailAddr" | "type" | "licenseId" | "industry" | "capital" | "capitalUnit" | "capitalCurrency" | "legalName" | "legalCertType" | "legalCertNum" | "personFrontId" | "personBackId" | "contactName" | "contactPhone";
        /** @description one field of the identity catalogue: its label, how a change of it is reviewed, its kind and the limits the server enforces */
        CatalogueField: {
            key: components["schemas"]["FieldKey"];
            label: string;
            /**
             * @description direct: effective at once; reauth: re-authentication, waits for review; review: the licence and legal-person photos, wait for review
             * @enum {string}
             */
            class: "direct" | "reauth" | "review";
            /** @enum {string} */
            kind: "text" | "code" | "certNum" | "phone" | "date" | "region" | "industry" | "photo";
            /** @description the list of this answer a coded value comes from (certificatesType, currency ...) */
            codes?: string;
            /** @description the length limit in characters */
            max?: number;
            /** @description the shape the server checks (a regular expression) */
            pattern?: string;
            /** @description the message when the field is left empty */
            required?: string;
            /** @description the key in a real-name submission (certFrontId, enterpriseId, linkName ...); empty for the region (province, city, area) */
            submission: string;
        };
        ConfigEntry: {
            value: string | number;
            label: string;
            default?: boolean;
            /** @description a common currency, listed first */
            common?: boolean;
            /** @description enterprise types that may not choose it */
            notFor?: string[];
        };
        StaffMember: {
            id: number;
            account: string;
            displayName: string;
            /** @enum {string} */
            role: "reviewer" | "administrator";
            disabled: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        ReviewItem: {
            id: number;
            /** @enum {string} */
            kind: "realname" | "change" | "admission";
            /** @enum {string} */
            subject: "person" | "enterprise";
            accountId: number;
            account?: string;
            /**
             * @description an expired claim shows as pending
             * @enum {string}
             */
            state: "pending" | "claimed" | "decided" | "revoked";
            /** Format: date-time */
            submittedAt: string;
            /** @description from submission to now, or to the decision */
            waitingSeconds: number;
            claimedBy?: string;
            claimedByMe: boolean;
            /** Format: date-time */
            claimExpiresAt?: string;
            /** @enum {string} */
            decision?: "PASS" | "NOT_PASS";
            remark?: string;
            decidedBy?: string;
            /** Format: date-time */
            decidedAt?: string;
            /** @description what was submitted (detail of a real-name item only) */
            payload?: Record<string, never>;
        };
        /** @description one changed field of a change request, as the review page shows it */
        ReviewChange: {
            /** @description the field key of the account centre (a FieldKey; an old request may carry another, shown under its own name) */
            key: string;
            /** @description the field name in Chinese (企业名称); the key when the request gives none */
            label: string;
            /**
             * @description photo: current and requested are file ids for GET /api/admin/files/{id}
             * @enum {string}
             */
            kind: "text" | "photo";
            /** @description the value now (full certificate numbers, codes as stored); empty when none */
            current: string;
            /** @description the value asked for */
            requested: string;
            /** @description the name of a coded current value (居民身份证, 北京市东城区, 长期); absent when it is no code */
            currentName?: string;
            /** @description the name of a coded requested value */
            requestedName?: string;
        };
        /** @description one field of a real-name item, as the review page shows it */
        RealNameRow: {
            /** @description the key in the real-name submission (realName, certFrontId, enterpriseId, linkName …) */
            key: string;
            /** @description the catalogue's label */
            label: string;
            /**
             * @description photo: the values are file ids for GET /api/admin/files/{id}
             * @enum {string}
             */
            kind: "text" | "photo";
            submitted: string;
            current: string;
            /** @description the name of a coded value (居民身份证, 北京市东城区, 长期) */
            submittedName?: string;
            currentName?: string;
        };
        ReviewDetail: {
            item: components["schemas"]["ReviewItem"];
            account: {
                id: number;
                account: string;
                /** @enum {integer} */
                type: 1 | 2;
                phone: string;
                /** @enum {integer} */
                authState: 0 | 1 | 2 | 99;
                /** Format: date-time */
                createdAt: string;
                disabled: boolean;
            };
            /** @description the account's data now, under the keys of a real-name payload */
            current: Record<string, never>;
            /** @description payload key → code → display name (certificate types, areas, enterprise type, industry, capital unit, currency) */
            labels: {
                [key: string]: {
                    [key: string]: string;
                };
            };
            /** @description real-name items only: one row per catalogue field, what was submitted beside what is current */
            fields?: components["schemas"]["RealNameRow"][];
            /** @description change items only: the changed fields, in the order submitted; the item then carries no payload */
            changes?: components["schemas"]["ReviewChange"][];
            decisions: components["schemas"]["AuditLogEntry"][];
            /** @description the account's other items, newest first */
            history: {
                item: components["schemas"]["ReviewItem"];
                /** @description real-name items only */
                payload?: Record<string, never>;
                decisions: components["schemas"]["AuditLogEntry"][];
            }[];
        };
        AuditLogEntry: {
            id: number;
            /** @description the reviewer */
            userName: string;
            /** Format: date-time */
            time: string;
            /** @enum {string} */
            action: "PASS" | "NOT_PASS";
            remark: string;
            files: components["schemas"]["FileRef"][];
            reviewId: number;
            /** @description staff API only */
            staffId?: number;
        };
        /** @description an attached file (its id for the download call and the name to show) */
        FileRef: {
            id: string;
            name: string;
        };
        /** @description the account step's answer, the new account signed in (issue 5) */
        Registered: {
            /** Format: int64 */
            id: number;
            accessToken: string;
            user: components["schemas"]["User"];
        };
        /** @description where the registration wizard goes next (step 1 information, 2 photos, 3 done; registerProcess 0 once finished) */
        StepResult: {
            step: number;
            registerProcess: number;
        };
        /** @description the registration wizard's enterprise form (enterpriseDto); the progress answers every field, as strings */
        EnterpriseDto: {
            type?: string;
            name?: string;
            certType?: components["schemas"]["FlexString"];
            certNum?: string;
            province?: components["schemas"]["FlexString"];
            city?: components["schemas"]["FlexString"];
            area?: components["schemas"]["FlexString"];
            detailAddr?: string;
            /** @description the chosen path, comma-joined (answered so) or as an array of codes */
            industry?: string | string[];
            /** @description exact decimal text (answered as a string) */
            capital?: components["schemas"]["FlexString"];
            capitalUnit?: string;
            capitalCurrency?: string;
            /** @description the licence file id (optional at this step) */
            enterpriseId?: string;
        };
        /** @description the registration wizard's legal representative and contact (legalPersonDto) */
        LegalPersonDto: {
            name?: string;
            certType?: components["schemas"]["FlexString"];
            certNum?: string;
            personFrontId?: string;
            personBackId?: string;
            linkName?: string;
            linkPhone?: string;
            /** @description request only: the SMS code (scene contact) id for linkPhone */
            checkCodeId?: string;
            /** @description request only: the SMS code */
            checkCode?: string;
        };
        /** @description what the person's registration saved, in the real-name form's names */
        RegistrationPerson: {
            realName: string;
            certType: string;
            certNum: string;
            certStart: string;
            certEnd: string;
            certValid: boolean;
            province: string;
            city: string;
            area: string;
            certDetailAddr: string;
            checkType: boolean;
            certFrontId: string;
            certBackId: string;
            certTakeId: string;
            certAddress: string;
        };
        /** @description where the signed-in account's registration stands, with what it saved (issue 5) */
        RegistrationProgress: {
            /** Format: int64 */
            accountId: number;
            userName: string;
            phone: string;
            /** @enum {integer} */
            type: 1 | 2;
            registerProcess: number;
            /** @enum {integer} */
            step: 1 | 2 | 3;
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
            person: components["schemas"]["RegistrationPerson"] | null;
            enterprise: {
                enterpriseDto: components["schemas"]["EnterpriseDto"];
                legalPersonDto: components["schemas"]["LegalPersonDto"];
            } | null;
        };
        /** @description the registration agreement or the privacy notice */
        LegalDocument: {
            title: string;
            version: string;
            preamble: string;
            sections: {
                title: string;
                paragraphs: string[];
            }[];
        };
        /** @description trust level and authentication modes (level 1 if any item is 1, else 99 if any is 99, else 0) */
        TrustLevel: {
            /** @enum {integer} */
            level: 0 | 1 | 99;
            items: {
                /** @description manual */
                type: string;
                /** @enum {integer} */
                state: 0 | 1 | 2 | 99;
            }[];
        };
        /** @description one live session of the caller (docs/decisions/sessions-and-devices.md) */
        Device: {
            /** @description the session's public id (not its token) */
            id: string;
            /** @description the session making this request (本机) */
            current: boolean;
            /** @description RFC 8176 amr values: pwd, sms, hwk, swk */
            methods: string[];
            /** @description the methods in words */
            way: string;
            /** @description from the User-Agent, e.g. Chrome 131 */
            browser: string;
            /** @description from the User-Agent, e.g. Windows */
            system: string;
            /** @description masked: 203.0.113.*, IPv6 to its /48 */
            address: string;
            /** Format: date-time */
            signedInAt: string;
            /** Format: date-time */
            lastSeenAt: string;
            /**
             * Format: date-time
             * @description the absolute limit
             */
            expiresAt: string;
            /** @description the names of the systems signed in through this session (OpenID Connect) */
            clients: string[];
        };
        SignInEvent: {
            /** @description the event's key in the list */
            id: number;
            /** Format: date-time */
            at: string;
            /** @description how the sign-in was made, in words (密码, CA 数字证书（USB Key）, …) */
            way: string;
            browser: string;
            system: string;
            /** @description the address, masked (203.0.113.*) */
            address: string;
            /** @description true for a sign-in that opened a session */
            ok: boolean;
            /** @description 登录成功, 密码错误, 账号已锁定, 账号已停用 or 动态口令错误 */
            result: string;
            /** @description a sign-in from a device not seen in 90 days: a notice went out */
            newDevice: boolean;
        };
        DeviceList: {
            devices: components["schemas"]["Device"][];
            /** @description a session ends after this long without a request */
            idleSeconds: number;
            /** @description a session ends this long after sign-in */
            absoluteSeconds: number;
        };
        /** @description a member in the administrators' list, with whether their TOTP authenticator is enrolled */
        StaffListItem: {
            id: number;
            account: string;
            displayName: string;
            /** @enum {string} */
            role: "reviewer" | "administrator";
            disabled: boolean;
            /** Format: date-time */
            createdAt: string;
            /** @description false until the member enrols at the next sign-in (new, or reset) */
            secondFactor: boolean;
        };
        /** @description a staff session, after the second step or the enrolment (never after the password alone) */
        StaffSignedIn: {
            accessToken: string;
            staff: components["schemas"]["StaffMember"];
            /** @description only after the enrolment, shown once */
            recoveryCodes?: string[];
        };
        /** @description the right password of a staff member without a second factor - the enrolment comes before any session */
        StaffEnrolment: {
            /** @description the ticket for POST and PUT /api/admin/auth/enrolment */
            enrolment: string;
            /** @description seconds (15 minutes) */
            expiresIn: number;
        };
        /** @description the first step's success for an account with a second factor (no session yet) */
        SecondStep: {
            /** @description the ticket for POST /api/auth/second-step */
            secondStep: string;
            /** @description seconds */
            expiresIn: number;
        };
        FactorStatus: {
            enabled: boolean;
            recoveryLeft: number;
            /** @description RFC 3339; empty when off */
            enrolledAt: string;
        };
        TOTPEnrolment: {
            /** @description base32 */
            secret: string;
            secretGroups: string[];
            otpauthUrl: string;
            /** @description a data URL of a PNG */
            qrCode: string;
        };
        RecoveryCodes: {
            recoveryCodes: string[];
        };
        SecurityInfo: {
            account: string;
            renamed: boolean;
            /** @description masked */
            phone: string;
            /** @enum {integer} */
            type: 1 | 2;
            /** @description the account's e-mail address, "" when none; the holder's own (the page masks it) */
            email: string;
            /** @description whether a code sent to the address came back (only a verified address finds the account in recovery and is email_verified in the ID token) */
            emailVerified: boolean;
        };
        /** @description an edit applied at once (waiting false) or waiting for review (waiting true, reviewId the item) */
        EditResult: {
            waiting: boolean;
            /** Format: int64 */
            reviewId?: number;
        };
        /** @description the account's newest real-name item and the reviewers' decisions on it (oldest first); null when it never submitted one */
        LatestRealNameAudit: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            state: "pending" | "claimed" | "decided" | "revoked";
            /** Format: date-time */
            submittedAt: string;
            decisions: components["schemas"]["AuditLogEntry"][];
        } | null;
        /** @description one entry of the staff action log */
        StaffAction: {
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            staffId: number;
            staffName: string;
            action: string;
            target: string;
            detail: string;
            clientAddr: string;
            /** Format: date-time */
            time: string;
        };
        /** @description an SMS or e-mail the development server kept instead of sending */
        OutboxMessage: {
            /** @enum {string} */
            channel: "sms" | "email";
            to: string;
            scene: string;
            /** @description e-mail only */
            subject?: string;
            text: string;
            /** @description empty (absent) for notices */
            code?: string;
            /** Format: date-time */
            at: string;
        };
        /** @description an account on a proven phone or address (password recovery) */
        FoundAccount: {
            account: string;
            regTime: string;
            /** @enum {integer} */
            type: 1 | 2;
            subjectName: string;
            /** @description masked */
            subjectCode: string;
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
            /** Format: int64 */
            accountId: number;
        };
        /** @description repData of a successful /captcha/get */
        CaptchaImage: {
            /** @enum {string} */
            captchaType: "blockPuzzle" | "clickWord";
            originalImageBase64: string;
            /** @description blockPuzzle only */
            jigsawImageBase64?: string;
            /** @description clickWord only, the 3 characters to click in order */
            wordList?: string[];
            token: string;
            secretKey?: string;
        };
        /** @description repData of /captcha/check */
        CaptchaCheckResult: {
            captchaType: string;
            token: string;
            result: boolean;
        };
        PersonInfo: {
            account: string;
            /** @description the login name was changed already (once only) */
            renamed: boolean;
            phone: string;
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
            name: string;
            certType: string;
            /** @description masked */
            certNum: string;
            /** @description YYYY-MM-DD; empty until filled in */
            certStart: string;
            /** @description YYYY-MM-DD; 9999-12-31 long-term */
            certEnd: string;
            /** @description long-term */
            certValid: boolean;
            province: string;
            city: string;
            area: string;
            areaName: string;
            detailAddr: string;
            personfrontId: string;
            personbackId: string;
            certTakeId: string;
            certDetailAddr: string;
        };
        EnterpriseInfo: {
            enterpriseVO: {
                account: string;
                renamed: boolean;
                name: string;
                /**
                 * @description '' until the basic information is saved (an enterprise made by bidpass account create can sign in before it)
                 * @enum {string}
                 */
                type: "" | "A1" | "A2" | "A3";
                certType: string;
                /** @description masked */
                certNum: string;
                province: string;
                city: string;
                area: string;
                areaName: string;
                detailAddr: string;
                industry: string;
                industryName: string;
                capital: string;
                capitalUnit: string;
                capitalCurrency: string;
                /** @description the licence image id */
                licenseState: string;
            };
            legalPersonVO: {
                name: string;
                certType: string;
                /** @description masked */
                certNum: string;
                personFrontId: string;
                personBackId: string;
            };
            contactVO: {
                name: string;
                phone: string;
            };
            phone: string;
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
        };
        ModificationRecord: {
            infoId: number;
            infoItem: string;
            /** @description display form; numbers masked; photos as file:<id> */
            beforeValue: string;
            afterValue: string;
            /** Format: date-time */
            operationTime: string;
            /**
             * @description 1 effective, 0 not effective, 2 waiting
             * @enum {integer}
             */
            isValid: 0 | 1 | 2;
            /** @enum {string} */
            authMethod: "direct" | "manual";
            /** @enum {integer} */
            authState: 0 | 1 | 2 | 99;
            /** Format: date-time */
            authTime: string | null;
            /** @description the review item (audit dialog) */
            applyId: number | null;
            /** @description the holder may withdraw it (PUT /api/account/modifyRecord/revert/{infoId} takes it): a change still waiting for review, never a direct one */
            revocable: boolean;
        };
        FieldChange: {
            /** @description the field key of the account centre, when the change names one */
            key?: string;
            fieldName: string;
            beforeValue: string;
            afterValue: string;
        };
        OperationRecord: {
            id: number;
            accountName: string;
            /** Format: date-time */
            ctime: string;
            /**
             * @description 4 = operator link transition, 5 = second factor change
             * @enum {string}
             */
            operationType: "1" | "2" | "3" | "4" | "5";
            remarks: components["schemas"]["FieldChange"][];
            /** @enum {string} */
            authtype: "" | "S1" | "S2" | "T1";
            noPassReason: string;
            appendixList: components["schemas"]["FileRef"][];
        };
        /** @description one operator link as one side sees it; the other party's login account, verified name (person real name / enterprise name), masked certificate number (identity number / credit code) and authState (issue 14) */
        OperatorLink: {
            /** Format: int64 */
            id: number;
            /**
             * @description 0 application (sent by the person), 1 invitation (sent by the enterprise)
             * @enum {integer}
             */
            handleType: 0 | 1;
            /**
             * @description legalPersonHandlingStatus: A0 待处理, A1 已绑定, A2 已拒绝, A3 已取消, A4 已解绑
             * @enum {string}
             */
            state: "A0" | "A1" | "A2" | "A3" | "A4";
            /**
             * @description A1 links only: where today (China time) stands in operateStart..operateEnd, both inclusive; an expired A1 counts as not bound
             * @enum {string|null}
             */
            period: "active" | "not_started" | "expired" | null;
            /** @description yyyy-MM-dd; empty for an application not yet accepted */
            operateStart: string;
            /** @description yyyy-MM-dd */
            operateEnd: string;
            account: string;
            name: string;
            /** @description masked */
            certNum: string;
            authState: number;
        };
        /** @description a search result; candidate names the found account for invite/apply (10 minutes, only for the account that searched) */
        OperatorCandidate: {
            candidate: string;
            account: string;
            name: string;
            /** @description masked */
            certNum: string;
            authState: number;
        };
        /** @description a link in force today, for the platform's other systems (issue 14) */
        ActiveOperatorLink: {
            /**
             * Format: int64
             * @description the link's id
             */
            id: number;
            /**
             * Format: int64
             * @description the other party's account id (the subject other systems know it by)
             */
            accountId: number;
            /** @description the other party's login account */
            account: string;
            /** @description the other party's verified name */
            name: string;
            /** @description masked */
            certNum: string;
            /** @description yyyy-MM-dd */
            operateStart: string;
            /** @description yyyy-MM-dd */
            operateEnd: string;
        };
        /** @description an enterprise the person blocks */
        BlockedEnterprise: {
            /**
             * Format: int64
             * @description the block's id (DELETE /api/account/operator/blocks/{id})
             */
            id: number;
            /** @description the enterprise's login account */
            account: string;
            /** @description the enterprise's name */
            name: string;
            /** @description masked */
            creditCode: string;
            /** Format: date-time */
            blockedAt: string;
        };
        OperatorPeriod: {
            /** @description yyyy-MM-dd, China time, inclusive */
            operateStart: string;
            /** @description yyyy-MM-dd, inclusive; not before operateStart nor before today (请选择授权期限 when missing) */
            operateEnd: string;
        };
        CertSerial: {
            /** @description the chosen certificate's serial, hexadecimal (SOF_GetCertInfo type 2); spaces, colons and leading zeros are ignored */
            serialNumber: string;
        };
        /**
         * @description What the key signed. signType 1 (the default): base64 PKCS#7/CMS SignedData over the challenge's UTF-8
         *     bytes, attached or detached, with or without the certificate in it. signType 2: base64 raw signature
         *     (PKCS#1 v1.5 for RSA, ASN.1 ECDSA, SM2 as ASN.1 or 64-byte r||s with the default user id), with the
         *     certificate beside it when the client has it (binding needs it). SHA-1 is accepted in the signature
         *     while BIDPASS_CA_SHA1 is on (the default), never in a chain. The spec's number, validStart, validEnd
         *     and pubKey are ignored if sent: they are read from the certificate.
         */
        CertProof: {
            /** @description sign-in and recovery only */
            serialNumber?: string;
            /** @description base64 */
            signToken: string;
            signType?: (1 | 2) | ("1" | "2");
            /** @description base64 DER of the signing certificate (optional) */
            certificate?: string;
            /** @description binding only: if sent, must be the caller's (else 403) */
            accountId?: number | string;
            /**
             * @description sign-in: key when a USB-key vendor's component signed (amr hwk), soft or absent for a soft certificate (amr swk)
             * @enum {string}
             */
            keySource?: "key" | "soft";
        };
        BoundCertificate: {
            /** Format: int64 */
            id: number;
            /** @description serial number, upper-case hexadecimal */
            number: string;
            /** @description the owner's distinguished name */
            dn: string;
            /** @description the issuing CA's distinguished name */
            issuer: string;
            /** Format: date-time */
            validStart: string;
            /** Format: date-time */
            validEnd: string;
            /**
             * @description 1 valid, 2 expired, 3 not yet valid (at the time of the answer)
             * @enum {integer}
             */
            state: 1 | 2 | 3;
            /** Format: date-time */
            bindTime: string;
        };
        CertificateLogEntry: {
            /** Format: int64 */
            id: number;
            /**
             * @description 1 bound, 2 unbound
             * @enum {integer}
             */
            handleType: 1 | 2;
            number: string;
            dn: string;
            /** Format: date-time */
            validStart: string;
            /** Format: date-time */
            validEnd: string;
            /** Format: date-time */
            handleTime: string;
        };
        /** @description an organisation of the cascader's tree (the platform, a superior unit, a recommending unit) */
        OrgNode: {
            /** Format: int64 */
            id: number;
            name: string;
            children: components["schemas"]["OrgNode"][];
        };
        OrgMatch: {
            /** Format: int64 */
            id: number;
            name: string;
        };
        RoleState: {
            /**
             * @description 1 supplier, 2 purchaser, 3 agency
             * @enum {integer}
             */
            enterpriseType: 1 | 2 | 3;
            /**
             * @description 99 under review, 1 in the library, -1 not applied, 0 or 2 not passed
             * @enum {integer}
             */
            state: -1 | 0 | 1 | 2 | 99;
            /** @description the reviewer's reason when not passed, else empty */
            noPassReason: string;
            /**
             * Format: date-time
             * @description when the caller last saved a draft of the role (putStorageDraft); null when none
             */
            draftSavedAt: string | null;
        };
        /** @description an application's form (a draft, or the one element of a submit). The old client's accountId must be the caller's (403 otherwise); its type is ignored: the server computes it */
        AdmissionForm: {
            /** @description 1 supplier, 2 purchaser, 3 agency (入库角色不能为空) */
            applyType?: components["schemas"]["FlexString"];
            /** @description the chosen organisation's id (请选择单位); ignored for a supplier, whose target is the platform */
            orgId?: components["schemas"]["FlexString"];
            /** @description the unit name typed (单位名称不能为空); must be the chosen organisation's (输入单位有误，请核实后重新输入！) */
            orgName?: string;
            /** @description id of the caller's upload of kind evidence (请上传证明材料) */
            evidence?: string;
            accountId?: components["schemas"]["FlexString"];
            /** @description ignored */
            type?: components["schemas"]["FlexString"];
        };
        AdmissionDraft: {
            /** @enum {integer} */
            applyType: 1 | 2 | 3;
            /** @description true when no draft was saved since the role's last application was refused: the form is that application, offered again to correct (its evidence empty when the file is no longer kept) */
            fromRejected: boolean;
            /** Format: int64 */
            orgId: number | null;
            orgName: string;
            evidence: string;
            fileinfo: null | {
                id: string;
                fname: string;
                /** Format: date-time */
                ctime: string;
            };
        };
        /** @description a unit of the library's organisations as the console manages it (issue 15) */
        Organisation: {
            /** Format: int64 */
            id: number;
            /**
             * @description 1 the platform, 2 a superior unit of purchasers, 3 a recommending unit of agencies
             * @enum {integer}
             */
            applyType: 1 | 2 | 3;
            /**
             * Format: int64
             * @description null at the root
             */
            parentId: number | null;
            name: string;
            /** @description a disabled unit and the units under it are not offered, checked nor accepted */
            disabled: boolean;
        };
        AdmissionApplication: {
            /** Format: int64 */
            id: number;
            /** @enum {integer} */
            applyType: 1 | 2 | 3;
            /**
             * @description computed: 1 first application of the role, 2 after a refusal
             * @enum {integer}
             */
            type: 1 | 2;
            /** Format: int64 */
            orgId: number;
            /** @description the organisation's own name (the platform's for a supplier) */
            orgName: string;
            /** @enum {integer} */
            state: 99;
        };
        OIDCClient: {
            clientId: string;
            name: string;
            /** @description no secret; PKCE S256 required */
            public: boolean;
            /** @description the platform's own system: no consent screen */
            firstParty: boolean;
            /** @description no code for authState 0, 2, 99 */
            requireRealName: boolean;
            redirectUris: string[];
            postLogoutUris: string[];
            scopes: string[];
            backchannelLogoutUri: string;
            /**
             * @description the lowest authentication level the client accepts (docs/sso.md, Authentication context); empty: any sign-in
             * @enum {string}
             */
            minAcr: "" | "urn:bidpass:acr:password" | "urn:bidpass:acr:mfa" | "urn:bidpass:acr:certificate";
            disabled: boolean;
            /** @description yyyy-MM-dd HH:mm:ss, China time */
            createdAt: string;
            /** @description only in the answer to the registration or to a new secret */
            clientSecret?: string;
        };
        /**
         * @description sub is the account's id (stable; the login name may change). profile adds preferred_username, auth_state,
         *     account_type (person|enterprise), name (the verified name, once authState is 1), for enterprises
         *     enterprise_name and credit_code (verified), for persons enterprises (the operator links in force).
         */
        OIDCClaims: {
            sub: string;
            preferred_username?: string;
            name?: string;
            /** @enum {integer} */
            auth_state?: 0 | 1 | 2 | 99;
            /** @enum {string} */
            account_type?: "person" | "enterprise";
            enterprise_name?: string;
            credit_code?: string;
            enterprises?: {
                sub: string;
                name: string;
                start?: string;
                end?: string;
            }[];
            phone_number?: string;
            phone_number_verified?: boolean;
            email?: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description the challenge to sign: 128 random bits, base64url; valid 2 minutes, single use, bound to the serial (or, for binding, the account) */
        CertChallenge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "操作成功",
                 *       "data": "PVG_3WLu_V9DlZc0-DMFUw"
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: string;
                };
            };
        };
        /** @description signed in; the answer of the password sign-in (PUT /api/auth/authToken) */
        CertSignedIn: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "登录成功",
                 *       "data": {
                 *         "accessToken": "iWDrlcoz4cAKRnTcfPLpJ7aSItEhcaBGk7wbLgHFpAk",
                 *         "user": {
                 *           "userName": "ca001",
                 *           "id": 1,
                 *           "type": 1,
                 *           "registerProcess": 0,
                 *           "authState": 1
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: {
                        accessToken: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
        };
        /** @description 绑定成功 and the bound certificate */
        BoundCertificate: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "绑定成功",
                 *       "data": {
                 *         "id": 1,
                 *         "number": "C4C6A3C307BAB3463FD1F813D536488",
                 *         "dn": "CN=张三",
                 *         "issuer": "CN=HTTP Test Root",
                 *         "validStart": "2026-11-21T07:00:00Z",
                 *         "validEnd": "2027-11-21T08:00:00Z",
                 *         "state": 1,
                 *         "bindTime": "2026-11-21T08:00:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["BoundCertificate"];
                };
            };
        };
        /** @description the new account, signed in (issue 5) */
        Registered: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "注册成功",
                 *       "data": {
                 *         "accessToken": "lL-rmCMYA3PoqDP3EUlaNJ1eXywe2HzYVVQwwXNQq-o",
                 *         "id": 1,
                 *         "user": {
                 *           "userName": "twice01",
                 *           "id": 1,
                 *           "type": 1,
                 *           "registerProcess": 1,
                 *           "authState": 0
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["Registered"];
                };
            };
        };
        /** @description the next wizard step (issue 5) */
        RegisterStep: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "提交成功",
                 *       "data": {
                 *         "step": 2,
                 *         "registerProcess": 1
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["StepResult"];
                };
            };
        };
        /** @description a page of operator links and the total count (issue 14) */
        OperatorLinks: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "操作成功",
                 *       "data": [
                 *         {
                 *           "id": 1,
                 *           "handleType": 1,
                 *           "state": "A1",
                 *           "period": "active",
                 *           "operateStart": "2026-11-21",
                 *           "operateEnd": "2027-11-20",
                 *           "account": "op002",
                 *           "name": "名字2",
                 *           "certNum": "1101**********002X",
                 *           "authState": 1
                 *         }
                 *       ],
                 *       "count": 1
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["OperatorLink"][];
                };
            };
        };
        /** @description the search's results (at most one, the match is exact) and their count */
        OperatorCandidates: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "操作成功",
                 *       "data": [
                 *         {
                 *           "candidate": "Z-Tqtx21bNspqtTFNClbio733FSeWPJ0",
                 *           "account": "op002",
                 *           "name": "名字2",
                 *           "certNum": "1101**********002X",
                 *           "authState": 1
                 *         }
                 *       ],
                 *       "count": 1
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["OperatorCandidate"][];
                };
            };
        };
        /** @description a request whose client or redirect_uri cannot be trusted: a plain-text error, never a redirect (RFC 6749 §4.1.2.1) */
        OAuthPlainError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "text/plain": string;
            };
        };
        /** @description an OAuth 2.0 error (RFC 6749 §5.2), not the envelope */
        OAuthError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: string;
                    error_description?: string;
                    state?: string;
                };
            };
        };
        /** @description RFC 6750 §3: the WWW-Authenticate Bearer challenge, and its error (none when no token was sent) as JSON */
        BearerError: {
            headers: {
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error?: string;
                    error_description?: string;
                };
            };
        };
        /** @description an error in the envelope */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description the accounts and the checkCode (empty when none) */
        RecoverFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "操作成功",
                 *       "data": {
                 *         "accounts": [
                 *           {
                 *             "account": "chen01",
                 *             "regTime": "2026-11-21 16:00:00",
                 *             "type": 1,
                 *             "subjectName": "",
                 *             "subjectCode": "",
                 *             "authState": 1,
                 *             "accountId": 1
                 *           }
                 *         ],
                 *         "checkCode": "blz2ylkq3oluwgpp7uiggfgy2t"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: {
                        checkCode: string;
                        accounts: components["schemas"]["FoundAccount"][];
                    };
                };
            };
        };
        /** @description done (msg says what); data is null */
        Ok: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"] & {
                    data?: null;
                };
            };
        };
        /** @description 修改成功 (direct) or 修改成功，等待管理员审核 (waits for review) */
        Edited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "修改成功",
                 *       "data": {
                 *         "waiting": false
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: components["schemas"]["EditResult"];
                };
            };
        };
        /** @description the full number */
        CertNum: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": 0,
                 *       "msg": "操作成功",
                 *       "data": {
                 *         "certNum": "11010519491231002X"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Envelope"] & {
                    data?: {
                        certNum: string;
                    };
                };
            };
        };
    };
    parameters: never;
    requestBodies: {
        PersonEdit: {
            content: {
                "application/json": {
                    name?: string;
                    certType?: string;
                    certNum?: string;
                    certStart?: string;
                    certEnd?: string;
                    /** @description long-term (end 9999-12-31) */
                    certValid?: boolean;
                    province?: string;
                    city?: string;
                    area?: string;
                    detailAddr?: string;
                    personfrontId?: string;
                    personbackId?: string;
                    /** @description the same as personfrontId */
                    personFrontId?: string;
                    /** @description the same as personbackId */
                    personBackId?: string;
                    /** @description the same as certValid */
                    longTerm?: boolean;
                    /** @description optional; must be the caller's id */
                    accountId?: components["schemas"]["FlexString"];
                    /** @description optional; must be the caller's id */
                    id?: components["schemas"]["FlexString"];
                    /**
                     * @deprecated
                     * @description ignored; the server decides
                     */
                    updateType?: components["schemas"]["FlexString"];
                };
            };
        };
        EnterpriseEdit: {
            content: {
                "application/json": {
                    type?: string;
                    name?: string;
                    certType?: string;
                    certNum?: string;
                    province?: string;
                    city?: string;
                    area?: string;
                    detailAddr?: string;
                    /** @description comma-joined path */
                    industry?: string;
                    capital?: string;
                    capitalUnit?: string;
                    capitalCurrency?: string;
                    licenseId?: string;
                    legalName?: string;
                    legalCertType?: string;
                    legalCertNum?: string;
                    personFrontId?: string;
                    personBackId?: string;
                    contactName?: string;
                    contactPhone?: string;
                    /** @description required when contactPhone changes (scene contact) */
                    smsCode?: string;
                    smsCodeId?: string;
                    /** @description the same as licenseId */
                    licenseState?: string;
                    /** @description the same as licenseId */
                    enterpriseId?: string;
                    enterprise?: components["schemas"]["EnterprisePart"];
                    enterpriseVO?: components["schemas"]["EnterprisePart"];
                    legalPerson?: components["schemas"]["LegalPersonPart"];
                    legalPersonVO?: components["schemas"]["LegalPersonPart"];
                    contact?: components["schemas"]["ContactPart"];
                    contactVO?: components["schemas"]["ContactPart"];
                    /** @description optional; must be the caller's id */
                    accountId?: components["schemas"]["FlexString"];
                    /** @description optional; must be the caller's id */
                    id?: components["schemas"]["FlexString"];
                    /**
                     * @deprecated
                     * @description ignored; the server decides
                     */
                    updateType?: components["schemas"]["FlexString"];
                };
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

import { useEffect, useRef } from 'react';
import 'swagger-ui-dist/swagger-ui.css';

/**
 * ApiReferencePage renders api/openapi.yaml as the running binary serves it in development mode
 * (GET /api/dev/openapi.yaml), with Swagger UI from npm (no CDN). The renderer is imported when
 * the page opens, so no other route carries it; "Try it out" is off: the portal's calls need the
 * encrypted password, the captcha and a session, which the app's own pages provide.
 */
export default function ApiReferencePage() {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    void import('swagger-ui-dist/swagger-ui-es-bundle.js').then(({ default: SwaggerUIBundle }) => {
      if (cancelled || !el.current) return;
      SwaggerUIBundle({
        domNode: el.current,
        url: '/api/dev/openapi.yaml',
        deepLinking: false,
        supportedSubmitMethods: [],
        defaultModelsExpandDepth: 0,
        docExpansion: 'list',
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return <div ref={el} data-testid="api-reference" style={{ background: '#fff', minHeight: '100vh' }} />;
}

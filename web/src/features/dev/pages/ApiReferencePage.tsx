import { useEffect, useRef } from 'react';
import 'swagger-ui-dist/swagger-ui.css';
import './swagger-contrast.css';

/**
 * ApiReferencePage renders api/openapi.yaml as the running binary serves it in development mode
 * (GET /api/dev/openapi.yaml), with Swagger UI from npm (no CDN). The renderer is imported when
 * the page opens, so no other route carries it; "Try it out" is off: the portal's calls need the
 * encrypted password, the captcha and a session, which the app's own pages provide. Its colours
 * are darkened to 4.5:1 (swagger-contrast.css) and its server list is named, so the page passes
 * the axe check as every other (docs/accessibility.md, "Exceptions").
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
        // swagger-ui's server list has a title beside it but no label (4.1.2).
        onComplete: () => el.current?.querySelector('select#servers')?.setAttribute('aria-label', '服务器'),
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return <div ref={el} data-testid="api-reference" style={{ background: '#fff', minHeight: '100vh' }} />;
}

// swagger-ui-dist ships no types; this is the one call the API reference page makes.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    deepLinking?: boolean;
    supportedSubmitMethods?: string[];
    defaultModelsExpandDepth?: number;
    docExpansion?: 'list' | 'full' | 'none';
    onComplete?: () => void;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}

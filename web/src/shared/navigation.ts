/**
 * navigate lets code outside React components (the HTTP client) change the
 * route. src/app/start.tsx binds the router's own navigate (BindNavigate); before
 * that, and in tests that bind nothing, it writes the location hash.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const hashNavigate: Navigate = (to, options) => {
  const url = `${window.location.pathname}${window.location.search}#${to}`;
  if (options?.replace) window.location.replace(url);
  else window.location.hash = to;
};

let impl: Navigate = hashNavigate;

/** bindNavigate routes navigate() to fn; it returns a function that restores the default. */
export function bindNavigate(fn: Navigate): () => void {
  impl = fn;
  return () => {
    if (impl === fn) impl = hashNavigate;
  };
}

/** navigate goes to a route path such as paths.login or paths.error(404). */
export function navigate(to: string, options?: { replace?: boolean }): void {
  impl(to, options);
}

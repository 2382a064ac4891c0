import { matchRoutes, type RouteObject } from 'react-router';

/**
 * RouteMeta is what a route declares about itself in routes.tsx (kept as its `handle`).
 * A layout route's meta applies to the routes inside it.
 */
export interface RouteMeta {
  /** Page name for the document title. */
  title?: string;
  /** false: no AppHeader (login, registration, /basic/*). */
  header?: boolean;
  /** true: the page sits on the BackgroundFrame (registration, /completeInfo). */
  background?: boolean;
  /** true: without a stored token the user is sent to login (see guards.ts). */
  requireAuth?: boolean;
  /**
   * true: the page draws without antd (the login page, docs/decisions/frontend-load.md, "Front-end load"): the root layout does not load
   * antd's providers for it. Every other page renders inside them.
   */
  light?: boolean;
  /** true: the page uses the whole width below the header (its own side menu and content area, no centred column). */
  wide?: boolean;
}

/** PageChrome is what the root layout draws around the current page. */
export interface PageChrome {
  header: boolean;
  background: boolean;
  wide: boolean;
  light: boolean;
  title: string | undefined;
}

/** MatchedRoute is one route matched by a location, outermost first: its meta and its path pattern. */
export interface MatchedRoute extends RouteMeta {
  path?: string;
}

/**
 * matchedRoutes matches pathname against the routes (react-router's own matching, the one its
 * <Routes> renders with). The declarative router has no useMatches (that belongs to the data
 * router), so the layout reads the matched routes' meta this way.
 */
export function matchedRoutes(routes: RouteObject[], pathname: string): MatchedRoute[] {
  return (matchRoutes(routes, pathname) ?? []).map((m) => ({ ...(m.route.handle as RouteMeta | undefined), path: m.route.path }));
}

/** pageChrome merges the meta of the matched routes: any `header: false` hides the header, the deepest title wins. */
export function pageChrome(metas: RouteMeta[]): PageChrome {
  return {
    header: !metas.some((m) => m.header === false),
    background: metas.some((m) => m.background === true),
    wide: metas.some((m) => m.wide === true),
    light: metas.some((m) => m.light === true),
    title: metas.reduce<string | undefined>((t, m) => m.title ?? t, undefined),
  };
}

import { Children, createContext, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';

/**
 * What the server render of the first screen (client/entry-server.tsx) uses of react-router, in
 * place of react-router itself: the `ssr` build of vite.config.ts resolves 'react-router' here, and
 * the Worker's bundle carries this instead of the router's 38 KB (scripts/bundle.mjs). The edge
 * renders one location, never navigates and runs no effect, so a static router is all it needs: the
 * routes matched as react-router matches them (its ranking: static segments before params before a
 * splat), the location, params and query, and links with the same HTML as react-router's, which
 * the browser's router then hydrates. tests/unit/server-router.test.ts renders the same trees with
 * both and compares the HTML; the browser's build never imports this module.
 */

type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
type Match = { params: Record<string, string>; outlet: ReactNode };

const LocationContext = createContext<{ location: Location; basename: string } | null>(null);
const RouteContext = createContext<Match>({ params: {}, outlet: null });

const removeDoubleSlashes = (path: string) => path.replace(/[\\/]{2,}/g, '/');
const normalizeSearch = (search: string) => (!search || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);
const normalizeHash = (hash: string) => (!hash || hash === '#' ? '' : hash.startsWith('#') ? hash : `#${hash}`);

function parsePath(path: string) {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return { pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest, search: searchAt >= 0 ? rest.slice(searchAt) : '', hash };
}

function stripBasename(pathname: string, basename: string) {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const start = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const next = pathname.charAt(start);
  if (next && next !== '/') return null;
  return pathname.slice(start) || '/';
}

/**
 * An absolute `to` (every link of the first screen is one) as react-router resolves it: its '.'
 * and '..' segments applied, a trailing slash kept. A relative one would need the matched routes'
 * paths, which the first screen never has: it throws.
 */
function resolve(to: string) {
  const { pathname: toPathname, search, hash } = parsePath(to);
  const path = removeDoubleSlashes(toPathname);
  if (!path.startsWith('/')) throw new Error(`The server render resolves absolute links only, not "${to}".`);
  const segments = [''];
  for (const segment of path.slice(1).split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  let pathname = segments.length > 1 ? segments.join('/') : '/';
  if (!pathname.endsWith('/') && path !== '/' && path.endsWith('/')) pathname += '/';
  return { pathname, search: normalizeSearch(search), hash: normalizeHash(hash) };
}

function useRouter() {
  const router = useContext(LocationContext);
  if (!router) throw new Error('A route of the first screen was rendered outside its router.');
  return router;
}

/** The page's router at the rendered location (react-router's StaticRouter). */
export function StaticRouter({ basename = '/', location, children }: { basename?: string; location: string; children?: ReactNode }) {
  const base = basename.replace(/^\/*/, '/');
  const parsed = parsePath(location);
  const pathname = stripBasename(parsed.pathname || '/', base);
  if (pathname === null) return null;
  const value = { basename: base, location: { pathname, search: parsed.search, hash: parsed.hash, state: null, key: 'default' } };
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

/** Never on the server: the first screen is rendered with StaticRouter at its location. */
export function BrowserRouter(): never {
  throw new Error('The server render has no browser router: it renders at a location (StaticRouter).');
}

type RouteProps = { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode };

/** A route of <Routes>: it renders nothing itself (<Routes> reads its props). */
export function Route(_: RouteProps): ReactElement | null {
  return null;
}

type Branch = { routes: RouteProps[]; score: number; order: number[] };

/** Every route with a path or an index, with the layouts above it, children before their parent (react-router's flattenRoutes). */
function branchesOf(children: ReactNode, parents: RouteProps[] = [], order: number[] = [], out: Branch[] = []) {
  let i = 0;
  const visit = (nodes: ReactNode) =>
    Children.forEach(nodes, (child) => {
      if (!isValidElement(child)) return;
      if (child.type === Fragment) return visit((child.props as { children?: ReactNode }).children);
      const route = child.props as RouteProps;
      const routes = [...parents, route];
      const place = [...order, i++];
      if (route.children) branchesOf(route.children, routes, place, out);
      if (route.path !== undefined || route.index) out.push({ routes, score: scoreOf(routes), order: place });
    });
  visit(children);
  return out;
}

/** react-router's computeScore of the branch's joined path: static segments 10, params 3, empty 1, a splat -2, an index +2. */
function scoreOf(routes: RouteProps[]) {
  const segments = removeDoubleSlashes(['', ...routes.map((r) => r.path ?? '')].join('/')).split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (routes.at(-1)!.index ? 2 : 0);
  for (const s of segments) if (s !== '*') score += /^:[\w-]+$/.test(s) ? 3 : /^:[\w-]+/.test(s) ? 3.5 : s === '' ? 1 : 10;
  return score;
}

/** react-router's ranking: the higher score first; between siblings, the first written. */
function compareBranches(a: Branch, b: Branch) {
  if (a.score !== b.score) return b.score - a.score;
  const siblings = a.order.length === b.order.length && a.order.slice(0, -1).every((n, i) => n === b.order[i]);
  return siblings ? a.order.at(-1)! - b.order.at(-1)! : 0;
}

/** The branch's params when the whole pathname matches its routes' paths (case-insensitive, as react-router's default). */
function matchBranch(branch: Branch, pathname: string) {
  const want = branch.routes.flatMap((r) => (r.path ?? '').split('/')).filter((s) => s !== '');
  const have = pathname.split('/').filter((s) => s !== '');
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*') {
      params['*'] = have.slice(i).map(decode).join('/');
      return params;
    }
    const h = have[i];
    if (h === undefined) return null;
    if (w.startsWith(':')) params[w.slice(1)] = decode(h);
    else if (decode(h).toLowerCase() !== w.toLowerCase()) return null;
  }
  return have.length === want.length ? params : null;
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The element of the best route for the location, inside its layouts (their <Outlet />). */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  for (const branch of branchesOf(children).sort(compareBranches)) {
    const params = matchBranch(branch, location.pathname);
    if (!params) continue;
    let outlet: ReactNode = null;
    for (const route of [...branch.routes].reverse()) {
      const match: Match = { params, outlet };
      outlet = <RouteContext.Provider value={match}>{route.element === undefined ? <Outlet /> : route.element}</RouteContext.Provider>;
    }
    return outlet;
  }
  return null;
}

/** The matched child route's element. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}

export function useSearchParams(): [URLSearchParams, () => never] {
  return [new URLSearchParams(useLocation().search), cannotNavigate];
}

export function useNavigationType() {
  useRouter();
  return 'POP' as const;
}

/** A function that throws when called: nothing navigates on the server (handlers and effects never run there). */
export function useNavigate(): (to: unknown, options?: unknown) => never {
  useRouter();
  return cannotNavigate;
}

function cannotNavigate(): never {
  throw new Error('The server render cannot navigate.');
}

/** Renders nothing, as react-router's <Navigate> on the server (it navigates in an effect). */
export function Navigate(_: { to: string; replace?: boolean; state?: unknown }): null {
  useRouter();
  return null;
}

type LinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/** An <a> with react-router's href for `to` (the basename before it) and its data-discover mark. */
export function Link({ to, replace: _replace, state: _state, target, ...rest }: LinkProps) {
  const { basename } = useRouter();
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to)) throw new Error(`The server render has no links out of the app, as "${to}".`);
  const path = resolve(to);
  const pathname =
    basename === '/' ? path.pathname : path.pathname === '/' ? basename : removeDoubleSlashes(`${basename}/${path.pathname}`);
  return <a {...rest} href={pathname + path.search + path.hash} target={target} data-discover="true" />;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  className?: string | ((p: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string | undefined);
  style?: React.CSSProperties;
  children?: ReactNode;
  end?: boolean;
};

/** A link marked active (`active`, aria-current="page") at its own path or below it, as react-router's. */
export function NavLink({ to, className = '', end = false, ...rest }: NavLinkProps) {
  const target = resolve(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  const name =
    typeof className === 'function'
      ? className({ isActive, isPending: false, isTransitioning: false })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return <Link {...rest} to={to} aria-current={isActive ? (rest['aria-current'] ?? 'page') : undefined} className={name} />;
}

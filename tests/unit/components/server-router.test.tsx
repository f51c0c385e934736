import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import * as real from 'react-router';
import { describe, expect, it } from 'vitest';
import * as server from '../../../client/app/server-router';

// The server render of the first screen takes client/app/server-router.tsx for react-router
// (vite.config.ts): the browser hydrates its HTML with react-router, so each must render the same.
// The same tree, with react-router's StaticRouter and with the server's router, at each location.

type Kit = Pick<typeof server, 'StaticRouter' | 'Routes' | 'Route' | 'Outlet' | 'Link' | 'NavLink' | 'Navigate'> & {
  useLocation: () => { pathname: string; search: string; hash: string; state: unknown; key: string };
  useParams: () => Record<string, string | undefined>;
  useSearchParams: () => [URLSearchParams, unknown];
  useNavigationType: () => string;
};

function tree(k: Kit, basename: string, location: string) {
  const Where = ({ name }: { name: string }) => {
    const { pathname, search, hash, state, key } = k.useLocation();
    const [query] = k.useSearchParams();
    return h(
      'p',
      { 'data-screen': name },
      JSON.stringify({ pathname, search, hash, state, key, params: k.useParams(), query: [...query], type: k.useNavigationType() }),
    );
  };
  const Layout = () =>
    h(
      'div',
      null,
      h(
        'nav',
        null,
        ...['/my-profile', '/my-book', '/profile-login?fromMyBook=true&next=%2Fmy-book', '/', '/search/Colour'].map((to) =>
          h(k.NavLink, { key: to, to, className: 'tab', 'aria-label': `to ${to}` }, to),
        ),
        h(k.NavLink, { to: '/my-book', className: ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off'), end: true }, 'end'),
      ),
      h(k.Link, { to: '/voucher', className: 'button' }, 'Buy a gift voucher'),
      h(k.Link, { to: '/timeselect/./x/../', target: '_self' }, 'dots'),
      h(k.Link, { to: '/?a=1#top' }, 'home'),
      h('main', null, h(k.Outlet)),
    );
  const screen = (name: string) => h(Where, { name });
  const Guard = ({ children }: { children: ReactNode }) => h('div', null, h(k.Navigate, { to: '/', replace: true }), children);
  return h(
    k.StaticRouter,
    { basename, location },
    h(
      k.Routes,
      null,
      h(
        k.Route,
        { element: h(Layout) },
        h(k.Route, { index: true, element: screen('services') }),
        h(k.Route, { path: 'search/:searchQueryId', element: screen('search') }),
        [
          ['summary', 'summary'],
          ['my-book', 'bookings'],
          ['salon-booking/:bookingsSalonId', 'salon bookings'],
          [':bookingsSalonId/appointment/:appointmentId', 'appointment'],
          [':bookingsSalonId/appointment/:appointmentId/time', 'change time'],
        ].map(([path, name]) => h(k.Route, { key: path, path, element: h(Guard, null, screen(name!)) })),
        h(k.Route, { path: 'voucher/confirmation', element: screen('voucher confirmation') }),
        h(k.Route, { path: '*', element: screen('not found') }),
      ),
    ),
  );
}

const locations = [
  '',
  '/',
  '?category=2',
  '/?utm_source=x&q=cut%20colour#x',
  '/search/Colour%20%26%20cut',
  '/SEARCH/2/',
  '/summary',
  '/my-book',
  '/salon-booking/3',
  '/3/appointment/41',
  '/3/appointment/41/time',
  '/voucher/confirmation',
  '/voucher',
  '/nothing/here',
];

describe("the server render's router renders what react-router renders", () => {
  for (const basename of ['/salon/1', '/', '/group/2/salon/5/']) {
    it.each(locations)(`under ${basename}, at %j`, (path) => {
      // a basename with a trailing slash matches only locations that have it
      const location = basename.endsWith('/')
        ? `${basename.slice(0, -1)}${path.startsWith('/') ? path : `/${path}`}`
        : `${basename}${path}`;
      const expected = renderToString(tree(real as unknown as Kit, basename, location));
      expect(expected).toContain('data-screen');
      expect(renderToString(tree(server as unknown as Kit, basename, location))).toBe(expected);
    });
  }

  it('renders nothing outside its basename, as react-router does', () => {
    const expected = renderToString(tree(real as unknown as Kit, '/salon/1', '/salon/12'));
    expect(expected).toBe('');
    expect(renderToString(tree(server as unknown as Kit, '/salon/1', '/salon/12'))).toBe(expected);
  });
});

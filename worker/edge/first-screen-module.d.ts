/**
 * The server render of the first screens, built by `vite build` from client/entry-server.tsx into
 * dist/ssr/entry-server.js; wrangler.toml's [alias] (and the Worker tests' config) point this name
 * at that file. Typed loosely here (the Worker does not compile the client): first-screen.ts holds
 * the real types.
 */
declare module 'salon-first-screen' {
  export function renderFirstScreen(boot: unknown, location: string, choice: string | null): Promise<string>;
}

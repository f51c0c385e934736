import { vi } from 'vitest';

/**
 * Answers the stand-ins' outbound calls to the URLs a test names (those starting with one of
 * `prefixes`) with `answer`, and passes every other call to the real fetch. The test files share
 * one runner (isolate: false), so a call another file left running in the background must neither
 * take a test's answer nor count among its calls. Undone by vi.restoreAllMocks().
 */
export function answerCallsTo(prefixes: string[], answer: (req: Request) => Response | Promise<Response>) {
  const real = globalThis.fetch;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    return prefixes.some((p) => req.url.startsWith(p)) ? answer(req) : real(input, init);
  });
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = new URL('../../client/features', import.meta.url).pathname;

// vite.config.ts tells Rolldown that a feature's modules have no side effects but its stores, so
// that a module the first screen never uses stays out of its chunk even when the first screen
// imports its feature's index. That holds while those modules only declare: no statement at their
// top level runs anything (a call, an assignment, an await) but in a store.
describe("a booking page feature's modules only declare, but its stores", () => {
  const modules = readdirSync(features, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f) && !/(^|\/)store\.ts$/.test(f));

  it.each(modules)('%s', (file) => {
    const statements = readFileSync(join(features, file), 'utf8')
      .split('\n')
      // a statement at the top level that is not a declaration, an import or an export of one
      .filter((line) => /^(?:await\b|new\b|[A-Za-z_$][\w$.]*\s*(?:\(|=[^=>]|\+\+|--))/.test(line))
      .filter((line) => !/^(?:import|export|const|let|var|function|async|class|type|interface|declare|enum)\b/.test(line));
    expect(statements).toEqual([]);
  });

  it('finds a statement that runs something', () => {
    const line = 'setTokenProvider(getAccessToken);';
    expect(/^(?:await\b|new\b|[A-Za-z_$][\w$.]*\s*(?:\(|=[^=>]|\+\+|--))/.test(line)).toBe(true);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as stub from '../../worker/zod-json-schema-stub';

const root = new URL('../..', import.meta.url).pathname;
const zodCore = join(root, 'node_modules/zod/v4/core');

/** The names a module of zod's core exports, read from its source (the module itself is not loaded). */
const exportsOf = (file: string) =>
  [...readFileSync(join(zodCore, file), 'utf8').matchAll(/^export (?:const|function) (\w+)|^export \{ (\w+) as (\w+) \}/gm)]
    .map((m) => (m[3] ?? m[1])!)
    .sort();

/** Every .ts file under a folder of the repository. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('zod-json-schema-stub.ts'))
    .map((f) => join(dir, f));

// The Worker's bundle puts worker/zod-json-schema-stub.ts in place of zod's JSON Schema modules
// (wrangler.toml [alias]). It must give zod's own modules every name they import, and nothing the
// Worker runs may ask zod for a JSON Schema or for what it derives from one.
describe("the Worker's stand-in for zod's JSON Schema code", () => {
  it.each(['to-json-schema.js', 'json-schema-processors.js'])('exports every name of zod/v4/core/%s', (file) => {
    const names = exportsOf(file);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !(n in stub))).toEqual([]);
  });

  it('throws when a JSON Schema is asked for, and only then', () => {
    expect(() => stub.toJSONSchema()).toThrow("zod's JSON Schema code is not in the Worker");
    const method = stub.createStandardJSONSchemaMethod();
    expect(() => method()).toThrow("zod's JSON Schema code is not in the Worker");
  });

  it('is never needed by the code the Worker bundles', () => {
    // the schemas' JSON Schema methods and the getters zod computes with that code
    const asks =
      /toJSONSchema|jsonSchema|JSONSchema|\.(?:minLength|maxLength|minValue|maxValue|isInt|minDate|maxDate)\b|(?<!Number)\.isFinite\b(?!\()|\.format\b(?!\()/;
    const found = [...sources('worker'), ...sources('shared')].filter((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\/\/|\*)/.test(line) && asks.test(line)),
    );
    expect(found).toEqual([]);
  });
});

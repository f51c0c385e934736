import { describe, expect, it } from 'vitest';
import * as z from '../../shared/zod';

// The Worker runs without zod's JSON Schema code (worker/zod-json-schema-stub.ts, wrangler.toml's
// [alias], as this suite's config has it): every Worker test runs on the bundle's stand-in.
describe('zod without its JSON Schema code, as the Worker bundles it', () => {
  it('is the stand-in here: asking for a JSON Schema throws', () => {
    expect(() => z.toJSONSchema(z.string())).toThrow("zod's JSON Schema code is not in the Worker");
    expect(() => z.object({ name: z.string() }).toJSONSchema()).toThrow("zod's JSON Schema code is not in the Worker");
    expect(() => z.string().min(2).minLength).toThrow("zod's JSON Schema code is not in the Worker");
  });

  it('still parses, with the per-field messages, through the Standard Schema interface too', async () => {
    const schema = z.object({ name: z.string().min(2, 'Enter a name'), age: z.coerce.number().int().positive().optional() });
    expect(schema.parse({ name: 'Ann', age: '7' })).toEqual({ name: 'Ann', age: 7 });
    const bad = schema.safeParse({ name: 'A', age: '-1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Enter a name'],
      ['age', 'Too small: expected number to be >0'],
    ]);
    const standard = await schema['~standard'].validate({ name: 'A' });
    expect('issues' in standard && standard.issues?.[0]?.message).toBe('Enter a name');
    // the method is there (a validator may read `~standard`); only calling it throws
    expect(() => schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toThrow("zod's JSON Schema code");
  });
});

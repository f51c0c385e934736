// zod's JSON Schema code, left out of the Worker. wrangler.toml's [alias] puts this module in place
// of zod's `core/to-json-schema.js` and `core/json-schema-processors.js` (and the Worker tests'
// config does the same), which zod's classic schemas import for `toJSONSchema()`, the
// `~standard.jsonSchema` methods and the `minLength`-style getters: 18.9 KB of the bundle (4.9 KB
// gzip) that the Worker never runs, since it validates with zod and never describes a schema
// (scripts/bundle.mjs). zod's own modules import these names, so every one is here; each throws,
// so that a call that reached one would fail loudly rather than answer something wrong.
// tests/unit/zod-json-schema-stub.test.ts checks the names against zod's modules and that nothing
// in worker/ or shared/ asks for a JSON Schema.

/** What any of zod's JSON Schema functions does in the Worker. */
function unavailable(): never {
  throw new Error("zod's JSON Schema code is not in the Worker (worker/zod-json-schema-stub.ts)");
}

// core/to-json-schema.js. The two method factories are called when a schema's method is made
// (`~standard` is read by validators): only calling the method they answer throws.
export const initializeContext = unavailable;
export const handleUnrepresentable = unavailable;
export const processSchema = unavailable;
export { processSchema as process };
export const extractDefs = unavailable;
export const finalize = unavailable;
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;

// core/json-schema-processors.js. Each schema keeps a processor for `toJSONSchema()`, called only
// while one is generated; `aggregateChecks` answers the `minLength`-style getters.
export const aggregateChecks = unavailable;
export const stringProcessor = unavailable;
export const numberProcessor = unavailable;
export const booleanProcessor = unavailable;
export const bigintProcessor = unavailable;
export const symbolProcessor = unavailable;
export const nullProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const voidProcessor = unavailable;
export const neverProcessor = unavailable;
export const anyProcessor = unavailable;
export const unknownProcessor = unavailable;
export const dateProcessor = unavailable;
export const enumProcessor = unavailable;
export const literalProcessor = unavailable;
export const nanProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const fileProcessor = unavailable;
export const successProcessor = unavailable;
export const customProcessor = unavailable;
export const functionProcessor = unavailable;
export const transformProcessor = unavailable;
export const mapProcessor = unavailable;
export const setProcessor = unavailable;
export const arrayProcessor = unavailable;
export const objectProcessor = unavailable;
export const unionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const tupleProcessor = unavailable;
export const recordProcessor = unavailable;
export const nullableProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const defaultProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const catchProcessor = unavailable;
export const pipeProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const promiseProcessor = unavailable;
export const optionalProcessor = unavailable;
export const lazyProcessor = unavailable;
export const allProcessors = {};
export const toJSONSchema = unavailable;

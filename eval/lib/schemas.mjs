// Output schemas of the `output` section (#20), in the three forms `execute(task, { outputSchema })`
// takes. The agent runs in the page, so a zod schema is built there: the task keeps the schema's
// builder `(z) => schema` as source, and the eval injects zod 4 and zod 3 into the page (EvalZod, a
// bundle of the repository's `zod` and `zod3`) and calls the builder with the one it names. In Node
// the same builder gives the schema's JSON Schema (for the reasoner of an agent whose requests carry
// none) and checks the task's expected data.
import { z as z4 } from 'zod';
import { z as z3 } from 'zod3';
import { zodToJsonSchema } from 'zod-to-json-schema';

/** The in-page bundle of both zods: `window.EvalZod.z4`, `window.EvalZod.z3`. */
export const ZOD_ENTRY = { contents: `export { z as z4 } from 'zod';\nexport { z as z3 } from 'zod3';` };

/** A zod 4 schema, built in the page by `build(z)` (source only: no closures). */
export function zod4(build) {
  const schema = build(z4);
  return { kind: 'zod4', source: String(build), json: z4.toJSONSchema(schema), parse: (data) => schema.safeParse(data).success };
}

/** A zod 3 schema, built in the page by `build(z)` (source only: no closures). */
export function zod3(build) {
  const schema = build(z3);
  const { $schema, ...json } = zodToJsonSchema(schema, { $refStrategy: 'none' });
  return { kind: 'zod3', source: String(build), json, parse: (data) => schema.safeParse(data).success };
}

/** A JSON Schema object, passed to the agent as it is. */
export function jsonSchema(json) {
  return { kind: 'json', json, parse: null };
}


// The public index of schema/: the zod-shaped schema builders of the built-in tools (imports
// only base/; llm/ reads these schemas through `_zod.def` and `~standard`, as it reads zod's).
export { Schema, type Infer } from './schema.js';
export type { StandardIssue, StandardResult, StandardSchema } from '../base/index.js';
export { invalidType, invalidUnion, typeName, type SchemaIssue } from './issues.js';
export { boolean, int, number, string, type NumberBounds } from './scalars.js';
export { object, union, type ObjectOutput, type Shape } from './composites.js';
export { optional, withDefault } from './wrappers.js';

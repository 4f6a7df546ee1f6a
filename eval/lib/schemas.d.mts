// Types of eval/lib/schemas.mjs for the TypeScript tests.
export interface OutputSchemaSpec {
  kind: 'zod4' | 'zod3' | 'json';
  source?: string;
  json: Record<string, any>;
  parse: ((data: unknown) => boolean) | null;
}
export declare const ZOD_ENTRY: { contents: string };
export declare function zod4(build: (z: any) => any): OutputSchemaSpec;
export declare function zod3(build: (z: any) => any): OutputSchemaSpec;
export declare function jsonSchema(json: Record<string, any>): OutputSchemaSpec;

// Type guards for values read from outside (saved state, model replies): plain checks on unknown data.

/** True for a plain object value (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

// How any layer turns a thrown value into the text a person or the model reads.

/** The message of any thrown value: an Error's message (its name when empty), a string, or its text. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}

/** [name, source] pairs of the markdown fuzz set, `size` characters each (about). */
export function markdownFuzzSet(size: number): Array<[string, string]>;

// Matches a tool name the model wrote against the real names, forgiving case and separators
// (case 8: `Click_Element_By_Index`, `clickElementByIndex` → `click_element_by_index`).

const squash = (name: string) => name.toLowerCase().replace(/[-_\s.]/g, '');

/** The real name for `name`: itself when exact, the unique loose match otherwise, else undefined. */
export function matchToolName(name: string, available: readonly string[]): string | undefined {
  if (available.includes(name)) return name;
  const loose = available.filter((candidate) => squash(candidate) === squash(name));
  return loose.length === 1 ? loose[0] : undefined;
}

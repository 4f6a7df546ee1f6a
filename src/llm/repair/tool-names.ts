// Matches a tool name the model wrote against the real names, forgiving case and separators
// (case 8: `Click_Element_By_Index`, `clickElementByIndex` → `click_element_by_index`).
import type { RepairLog } from './repair-log.js';

const squash = (name: string) => name.toLowerCase().replace(/[-_\s.]/g, '');

/**
 * The real name for `name`: itself when exact, the unique loose match otherwise, else undefined.
 * With a `log`, a loose match is recorded there as case 8.
 */
export function matchToolName(name: string, available: readonly string[], log?: RepairLog): string | undefined {
  const loose = available.filter((candidate) => squash(candidate) === squash(name));
  const match = available.includes(name) ? name : loose.length === 1 ? loose[0] : undefined;
  if (match && match !== name) log?.add(8, `tool name "${name}" read as "${match}"`);
  return match;
}

// The eval's case registry: every folder under eval/sections/ with an index.mjs is a section
// exporting `name`, `description` and `tasks`. Checks each task's shape once, so a new case with a
// mistake fails loudly before anything runs.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Sections in the order the issues added them; others follow alphabetically. */
const ORDER = ['perception', 'actions', 'multipage', 'security', 'node', 'output'];
const STEP_KINDS = new Set(['click', 'type', 'select', 'find', 'read']);
/** Steps only the Node runner's tools can take (`runner: 'node'`). */
const NODE_STEP_KINDS = new Set(['back', 'close-tab', 'extract']);

/**
 * A task:
 * `{ id, page: { path, app?, page? }, task: string, plan: Step[], expect: object, submit?: boolean, maxSteps?: number }`;
 * a Node-runner task (`runner: 'node'`, the agent driven from Node across pages and tabs) may check
 * `answer` (words the final answer must contain) instead of, or besides, `expect`; an output task
 * (`schema`, `data`) checks the data the agent returns, and `expect` may be `{}`.
 * Returns a list of problems (empty when the task is well formed).
 */
export function problemsOf(task) {
  const problems = [];
  if (!/^[a-z0-9][a-z0-9-]*$/.test(task.id ?? '')) problems.push(`id "${task.id}" must be kebab-case`);
  if (typeof task.page?.path !== 'string') problems.push('page must come from staticPage() or appPage()');
  if (typeof task.task !== 'string' || task.task.trim() === '') problems.push('task must be one sentence');
  if (!Array.isArray(task.plan) || task.plan.length === 0) problems.push('plan must have steps');
  for (const step of task.plan ?? []) {
    if (!STEP_KINDS.has(step.do) && !(task.runner === 'node' && NODE_STEP_KINDS.has(step.do))) problems.push(`unknown plan step ${JSON.stringify(step)}`);
    if (step.do === 'extract' && !(step.answer instanceof RegExp)) problems.push(`an extract step needs the answer's pattern: ${JSON.stringify(step.target)}`);
    if (step.do === 'read' && !(step.answer instanceof RegExp || (step.answer && typeof step.answer === 'object'))) problems.push(`a read step needs the answer's patterns: ${JSON.stringify(step.target)}`);
    if (step.do === 'read' && task.data === undefined) problems.push('a read step needs the task\'s expected data');
    if (step.after !== undefined && !step.pw) problems.push(`a step with "after" needs a Playwright locator (pw) to validate: ${JSON.stringify(step.target)}`);
  }
  if (task.runner !== undefined && task.runner !== 'node') problems.push(`runner must be "node" or absent, not ${JSON.stringify(task.runner)}`);
  const answers = task.runner === 'node' && Array.isArray(task.answer) && task.answer.length > 0;
  if (task.answer !== undefined && !answers) problems.push('answer must be a non-empty list of words, on a Node-runner task');
  if (task.sources !== undefined && !(task.runner === 'node' && Array.isArray(task.sources))) problems.push('sources must be a list of words, on a Node-runner task');
  for (const key of ['neverSent', 'mustSend']) {
    const list = task[key];
    if (list !== undefined && !(Array.isArray(list) && list.length > 0 && list.every((item) => typeof item?.name === 'string' && typeof item?.text === 'string' && item.text !== ''))) problems.push(`${key} must be a non-empty list of { name, text }`);
  }
  if (task.notIndexed !== undefined && !(Array.isArray(task.notIndexed) && task.notIndexed.length > 0 && task.notIndexed.every((w) => typeof w === 'string' && w !== ''))) problems.push('notIndexed must be a non-empty list of words');
  // An output task (#20): a schema, the data it must return, a read step, and `expect` (often {}: nothing changes).
  const output = task.data !== undefined || task.schema !== undefined;
  if (output) {
    if (!task.schema || !['zod4', 'zod3', 'json'].includes(task.schema.kind) || !task.schema.json) problems.push('schema must come from zod4(), zod3() or jsonSchema()');
    else if (task.schema.parse && !task.schema.parse(task.data)) problems.push('data does not fit the schema');
    if (task.data === undefined) problems.push('an output task needs the data it must return');
    if (!(task.plan ?? []).some((step) => step.do === 'read')) problems.push('an output task needs a read step');
    if (!task.expect || typeof task.expect !== 'object') problems.push('expect must be an object ({} when nothing changes)');
  } else if (!answers && (!task.expect || typeof task.expect !== 'object' || Object.keys(task.expect).length === 0)) problems.push('expect must name the state the task changes');
  return problems;
}

/** Loads every section under `dir`; throws naming each malformed task or duplicate id. */
export async function loadSections(dir) {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'index.mjs')))
    .map((d) => d.name)
    .sort((a, b) => (ORDER.includes(a) ? ORDER.indexOf(a) : 99) - (ORDER.includes(b) ? ORDER.indexOf(b) : 99) || a.localeCompare(b));
  const sections = [];
  const seen = new Set();
  const problems = [];
  for (const folder of names) {
    const module = await import(pathToFileURL(join(dir, folder, 'index.mjs')).href);
    const tasks = module.tasks.map((task) => ({ ...task, section: module.name }));
    for (const task of tasks) {
      if (seen.has(task.id)) problems.push(`${task.id}: duplicate id`);
      seen.add(task.id);
      for (const problem of problemsOf(task)) problems.push(`${task.id}: ${problem}`);
    }
    sections.push({ name: module.name, description: module.description, tasks });
  }
  if (problems.length) throw new Error(`malformed eval tasks:\n${problems.join('\n')}`);
  return sections;
}

/**
 * The tasks a run selects: `sections` and `tasks` are lists of names (a task pattern may end in `*`);
 * empty lists select everything.
 */
export function selectTasks(sections, { sections: wantedSections = [], tasks: wantedTasks = [] } = {}) {
  const matches = (id) => wantedTasks.length === 0 || wantedTasks.some((p) => (p.endsWith('*') ? id.startsWith(p.slice(0, -1)) : id === p));
  return sections
    .filter((s) => wantedSections.length === 0 || wantedSections.includes(s.name))
    .flatMap((s) => s.tasks.filter((t) => matches(t.id)));
}

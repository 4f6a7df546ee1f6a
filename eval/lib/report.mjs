// The eval's tables: a summary per section and agent (tasks passed, steps, model requests, tokens),
// one row per task side by side, and one line per failure saying why. Pure: records in, markdown out.

const fmt = (n) => Number(n ?? 0).toLocaleString('en-US');
/** A value in a table cell: code, cut at 120 characters, its pipes escaped. */
const code = (text) => (text === '' ? '(nothing)' : `\`${(text.length > 120 ? `${text.slice(0, 119)}…` : text).replace(/\|/g, '\\|').replace(/`/g, "'")}\``);
const pct = (a, b) => (b ? `${Math.round((a / b) * 100)}%` : 'n/a');

/** Totals of one agent's runs. */
export function totalsOf(runs) {
  const sum = (key) => runs.reduce((total, run) => total + (run[key] ?? 0), 0);
  return { tasks: runs.length, passed: runs.filter((r) => r.passed).length, steps: sum('steps'), requests: sum('requests'), tokens: sum('tokens'), seconds: Math.round(sum('seconds')) };
}

/**
 * Markdown for a whole eval run: `{ sections: [{ name, tasks: [{ id, family, pagePath, valid, invalidReason, runs, expected? }] }], agents: [{ id, label }] }`
 * (`family`: the page's app, or `native`; `expected`: an output task's data, whose runs have `returned`).
 */
export function renderReport({ sections, agents }) {
  const out = [];
  out.push('| section | valid tasks | agent | passed | steps | model requests | tokens | tokens per task |', '|---|---:|---|---:|---:|---:|---:|---:|');
  const invalid = [];
  for (const section of sections) {
    const valid = section.tasks.filter((t) => t.valid !== false);
    invalid.push(...section.tasks.filter((t) => t.valid === false));
    for (const agent of agents) {
      const runs = valid.map((t) => t.runs[agent.id]).filter(Boolean);
      const total = totalsOf(runs);
      const passed = `${total.passed} (${pct(total.passed, total.tasks)})`;
      out.push(`| ${section.name} | ${valid.length} | ${agent.label} | **${passed}** | ${fmt(total.steps)} | ${fmt(total.requests)} | ${fmt(total.tokens)} | ${fmt(total.tasks ? Math.round(total.tokens / total.tasks) : 0)} |`);
    }
  }
  const families = [...new Set(sections.flatMap((s) => s.tasks.map((t) => t.family)))];
  if (families.length > 1) {
    out.push('', `| pages | valid tasks | ${agents.map((a) => `${a.label} passed`).join(' | ')} |`, `|---|---:|${agents.map(() => '---:|').join('')}`);
    for (const family of families) {
      const valid = sections.flatMap((s) => s.tasks).filter((t) => t.family === family && t.valid !== false);
      const cells = agents.map((agent) => {
        const runs = valid.map((t) => t.runs[agent.id]).filter(Boolean);
        return `${runs.filter((r) => r.passed).length} / ${runs.length}`;
      });
      out.push(`| ${family} | ${valid.length} | ${cells.join(' | ')} |`);
    }
  }
  if (invalid.length) out.push('', `Invalid tasks (not counted; Playwright's real input could not complete them): ${invalid.map((t) => `\`${t.id}\` (${t.invalidReason})`).join('; ')}.`);
  out.push('', `| task | page | ${agents.map((a) => a.label).join(' | ')} |`, `|---|---|${agents.map(() => '---|').join('')}`);
  for (const section of sections) {
    for (const task of section.tasks) {
      const cells = agents.map((agent) => {
        if (task.valid === false) return 'invalid';
        const run = task.runs[agent.id];
        if (!run) return '';
        return `${run.passed ? '✓' : '✗'} ${run.steps ?? 0} steps, ${fmt(run.tokens)} tok`;
      });
      out.push(`| \`${task.id}\` | ${task.pagePath.replace(/^\/eval\/(pages\/|app\/)?/, '')} | ${cells.join(' | ')} |`);
    }
  }
  // Output tasks (#20): the data each agent returned beside the expected value.
  const typedTasks = sections.flatMap((s) => s.tasks).filter((t) => t.expected !== undefined && t.valid !== false);
  if (typedTasks.length) {
    out.push('', `Data returned by output tasks (✓: deep-equal to the expected value, typed; page-agent's done text counts only as JSON):`, '');
    out.push(`| task | expected | ${agents.map((a) => `${a.label} returned`).join(' | ')} |`, `|---|---|${agents.map(() => '---|').join('')}`);
    for (const task of typedTasks) {
      const cells = agents.map((agent) => {
        const run = task.runs[agent.id];
        return run ? `${run.passed ? '✓' : '✗'} ${code(run.returned ?? '')}` : '';
      });
      out.push(`| \`${task.id}\` | ${code(JSON.stringify(task.expected))} | ${cells.join(' | ')} |`);
    }
  }
  for (const agent of agents) {
    const failed = sections.flatMap((s) => s.tasks).filter((t) => t.valid !== false && t.runs[agent.id] && !t.runs[agent.id].passed);
    out.push('', `Failures of ${agent.label} (${failed.length}):`, '');
    if (failed.length === 0) out.push('- none');
    for (const task of failed) out.push(`- \`${task.id}\`: ${task.runs[agent.id].reason}`);
  }
  return out.join('\n');
}

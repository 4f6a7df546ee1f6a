// The test-file format of `drop-in-page-agent test`: Markdown, one `## name` heading per test, its
// steps as list items in plain language and its expectations as `- expect: …` items; `url:` and
// `max-steps:` lines set the start page and the step budget for the file or one test. A mistake is a
// TestFileSyntaxError naming the file, the line and what was expected. Format: docs/node.md.

/** One line of a test: a step to do or an expectation to check, with where it was written. */
export interface TestLine {
  text: string;
  line: number;
}

/** Steps done in order, then the expectations checked against the page they lead to. */
export interface TestSegment {
  steps: TestLine[];
  expectations: TestLine[];
}

/** One natural-language UI test. */
export interface TestCase {
  /** The test file, as given. */
  file: string;
  /** The file's `# title`, or its file name. */
  suite: string;
  name: string;
  /** The line of the test's `##` heading. */
  line: number;
  /** The absolute start URL. */
  url: string;
  /** The model calls each group of steps may take (the agent's maxSteps). */
  maxSteps?: number;
  /** Free text under the heading: context for the agent. */
  description: string;
  segments: TestSegment[];
}

/** A mistake in a test file, at a line, saying what was expected. */
export class TestFileSyntaxError extends Error {
  override name = 'TestFileSyntaxError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly expected: string,
  ) {
    super(`${file}:${line}: ${expected}`);
  }
}

/** Options of parseTestFile. */
export interface ParseOptions {
  /** The start URL of tests without a `url:` line, and the base relative `url:` values resolve against (--url). */
  baseUrl?: string;
}

const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+(.*)$/;
const EXPECT = /^expect(?:ed|ation)?s?\s*:\s*(.*)$/i;
const SETTING = /^(url|max-steps)\s*:\s*(.*)$/i;
const HEADING = /^(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;

interface Draft extends Omit<TestCase, 'url' | 'maxSteps' | 'description'> {
  url?: { value: string; line: number };
  maxSteps?: number;
  description: string[];
  /** A setting after a step is an error; steps have started. */
  started: boolean;
}

/** Parses one test file's text; throws TestFileSyntaxError at the first mistake. */
export function parseTestFile(text: string, file: string, options: ParseOptions = {}): TestCase[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const fail = (line: number, expected: string): never => {
    throw new TestFileSyntaxError(file, line, expected);
  };
  let suite: string | undefined;
  let fileUrl: { value: string; line: number } | undefined;
  let fileMaxSteps: number | undefined;
  const drafts: Draft[] = [];
  let current: Draft | undefined;
  /** The list item that indented (or lazy) lines continue, until a blank line. */
  let open: TestLine | undefined;
  let fence: { marker: string; line: number } | undefined;
  let comment: number | undefined;

  for (let index = 0; index < lines.length; index++) {
    const number = index + 1;
    let raw = lines[index]!;
    if (comment !== undefined) {
      const end = raw.indexOf('-->');
      if (end === -1) continue;
      comment = undefined;
      raw = raw.slice(end + 3);
    }
    raw = raw.replace(/<!--.*?-->/g, '');
    const opens = raw.indexOf('<!--');
    if (opens !== -1) {
      comment = number;
      raw = raw.slice(0, opens);
    }
    if (fence) {
      if (raw.trim().startsWith(fence.marker)) fence = undefined;
      else current?.description.push(raw);
      continue;
    }
    const fenceStart = /^\s{0,3}(```|~~~)/.exec(raw);
    if (fenceStart) {
      fence = { marker: fenceStart[1]!, line: number };
      open = undefined;
      continue;
    }
    const trimmed = raw.trim();
    if (trimmed === '') {
      open = undefined;
      continue;
    }
    const heading = HEADING.exec(trimmed);
    if (heading && raw.startsWith('#')) {
      open = undefined;
      const level = heading[1]!.length;
      const title = (heading[2] ?? '').trim();
      if (level === 1) {
        if (suite !== undefined || drafts.length > 0) fail(number, 'expected one `# title` at most, before the first `## test name` heading');
        if (!title) fail(number, 'expected a title after `#`');
        suite = title;
      } else if (level === 2) {
        if (!title) fail(number, 'expected the test name after `##`');
        if (drafts.some((draft) => draft.name === title)) fail(number, `expected a test name used once in the file; "${title}" is already a test`);
        current = { file, suite: '', name: title, line: number, description: [], segments: [], started: false };
        drafts.push(current);
      } else current?.description.push(title);
      continue;
    }
    const item = LIST_ITEM.exec(raw);
    if (item) {
      if (!current) fail(number, 'expected a `## test name` heading before the first step');
      const body = item[1]!.trim();
      const expectation = EXPECT.exec(body);
      const entry = { text: (expectation ? expectation[1]! : body).trim(), line: number };
      if (!entry.text) fail(number, expectation ? 'expected what the page should show after `expect:`' : 'expected the text of the step');
      const segments = current!.segments;
      let last = segments.at(-1);
      if (expectation) {
        if (!last) segments.push((last = { steps: [], expectations: [] }));
        last.expectations.push(entry);
      } else {
        if (!last || last.expectations.length > 0) segments.push((last = { steps: [], expectations: [] }));
        last.steps.push(entry);
      }
      current!.started = true;
      open = entry;
      continue;
    }
    if (open && (/^\s/.test(raw) || !SETTING.test(trimmed))) {
      open.text += ` ${trimmed}`;
      continue;
    }
    const setting = SETTING.exec(trimmed);
    if (setting) {
      const key = setting[1]!.toLowerCase();
      const value = setting[2]!.trim();
      if (current?.started) fail(number, `expected \`${key}:\` before the test's first step`);
      if (key === 'url') {
        if (!value) fail(number, 'expected a URL after `url:`');
        if (current) current.url = { value, line: number };
        else fileUrl = { value, line: number };
      } else {
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1000) fail(number, `expected a whole number from 1 to 1000 after \`max-steps:\`, got "${value}"`);
        if (current) current.maxSteps = Number(value);
        else fileMaxSteps = Number(value);
      }
      continue;
    }
    current?.description.push(trimmed);
  }
  if (comment !== undefined) fail(comment, 'expected `-->` to close the comment opened here');
  if (fence) fail(fence.line, `expected a line of ${fence.marker} to close the code block opened here`);
  if (drafts.length === 0) fail(1, 'expected at least one test: a `## test name` heading followed by steps and `- expect: …` lines');

  const base = fileUrl ? resolveUrl(fileUrl.value, options.baseUrl, fileUrl.line, fail) : options.baseUrl;
  return drafts.map((draft) => {
    if (!draft.segments.some((segment) => segment.expectations.length > 0)) {
      fail(draft.line, `expected at least one \`- expect: …\` line in test "${draft.name}" (what the page should show)`);
    }
    const url = draft.url ? resolveUrl(draft.url.value, base, draft.url.line, fail) : base;
    if (!url) fail(draft.line, `expected a start URL for test "${draft.name}": a \`url:\` line in the file or the test, or --url`);
    return {
      file,
      suite: suite ?? file.split(/[\\/]/).pop()!,
      name: draft.name,
      line: draft.line,
      url: url!,
      maxSteps: draft.maxSteps ?? fileMaxSteps,
      description: draft.description.join('\n').trim(),
      segments: draft.segments,
    };
  });
}

/** An absolute http, https or file URL from `value`, relative ones against `base`. */
function resolveUrl(value: string, base: string | undefined, line: number, fail: (line: number, expected: string) => never): string {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fail(line, base ? `expected a URL after \`url:\`, got "${value}"` : `expected an absolute URL after \`url:\` (or --url to resolve "${value}" against), got "${value}"`);
  }
  if (!/^https?:$|^file:$/.test(url.protocol)) fail(line, `expected an http, https or file URL after \`url:\`, got "${value}"`);
  return url.href;
}

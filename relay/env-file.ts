// A small `.env` parser: KEY=value lines, comments, quotes. Errors name the line number but never
// echo the line, because a malformed line may well hold the API key.

/** A `.env` file that cannot be parsed; `line` is 1-based. */
export class EnvFileError extends Error {
  override name = 'EnvFileError';
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file} line ${line}: ${reason}`);
  }
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/**
 * Parses the text of a `.env` file into a plain object.
 * Accepts `KEY=value`, `export KEY=value`, `#` comments, blank lines, single quotes (literal) and
 * double quotes (with \n, \t, \" and \\ escapes); an unquoted value ends at ` #`.
 * @throws EnvFileError naming the line when a line is not of that form.
 */
export function parseEnvFile(text: string, file = '.env'): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fail = (reason: string): never => {
      throw new EnvFileError(file, i + 1, reason);
    };
    const body = line.startsWith('export ') ? line.slice(7).trimStart() : line;
    const eq = body.indexOf('=');
    if (eq === -1) fail('expected KEY=value, but the line has no "="');
    const key = body.slice(0, eq).trim();
    if (!KEY.test(key)) {
      fail('the name before "=" must be letters, digits and underscores, not starting with a digit');
    }
    values[key] = parseValue(body.slice(eq + 1).trimStart(), fail);
  });
  return values;
}

function parseValue(rest: string, fail: (reason: string) => never): string {
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    let value = '';
    for (let i = 1; i < rest.length; i++) {
      const ch = rest[i]!;
      if (ch === quote) {
        const after = rest.slice(i + 1).trim();
        if (after !== '' && !after.startsWith('#')) fail(`unexpected text after the closing ${quote}`);
        return value;
      }
      if (quote === '"' && ch === '\\' && i + 1 < rest.length) {
        const next = rest[++i]!;
        value += ESCAPES[next] ?? `\\${next}`;
        continue;
      }
      value += ch;
    }
    return fail(`the value opens with ${quote} but never closes it (values must stay on one line)`);
  }
  const comment = rest.search(/\s#/);
  return (comment === -1 ? rest : rest.slice(0, comment)).trim();
}

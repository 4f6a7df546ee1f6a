// @vitest-environment node
// The .env parser: accepted forms, and errors that name the line without echoing it.
import { describe, expect, it } from 'vitest';
import { EnvFileError, parseEnvFile } from '../../../relay/env-file.js';

describe('parseEnvFile', () => {
  it('reads KEY=value lines, skipping blanks and comments', () => {
    const text = '# upstream\n\nLLM_BASE_URL=https://api.openai.com/v1\nLLM_MODEL = gpt-4.1-mini \n';
    expect(parseEnvFile(text)).toEqual({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_MODEL: 'gpt-4.1-mini' });
  });

  it('accepts export prefixes, CRLF line ends, a BOM and empty values', () => {
    expect(parseEnvFile('\uFEFFexport A=1\r\nB=\r\n')).toEqual({ A: '1', B: '' });
  });

  it('keeps # inside a value and strips a trailing comment after whitespace', () => {
    expect(parseEnvFile('A=abc#def\nB=xyz # note')).toEqual({ A: 'abc#def', B: 'xyz' });
  });

  it('reads single quotes literally and expands escapes in double quotes', () => {
    expect(parseEnvFile(`A='x\\ny # z'\nB="line\\nnext \\"q\\""  # c`)).toEqual({ A: 'x\\ny # z', B: 'line\nnext "q"' });
  });

  it('keeps = signs after the first one in the value', () => {
    expect(parseEnvFile('KEY=a=b==')).toEqual({ KEY: 'a=b==' });
  });

  it('names the line that has no "=" and does not echo its content', () => {
    const secret = 'sk-live-0123456789abcdef';
    let error: unknown;
    try {
      parseEnvFile(`A=1\n# ok\nLLM_API_KEY ${secret}\n`, '/srv/app/.env');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvFileError);
    expect((error as EnvFileError).line).toBe(3);
    expect((error as Error).message).toMatch(/^\/srv\/app\/\.env line 3: expected KEY=value/);
    expect((error as Error).message).not.toContain(secret);
  });

  it('refuses a name that is not an identifier', () => {
    expect(() => parseEnvFile('A=1\n1BAD=2')).toThrow(/line 2: the name before "="/);
    expect(() => parseEnvFile('MY-KEY=2')).toThrow(/line 1/);
  });

  it('refuses an unterminated quote and text after a closing quote', () => {
    expect(() => parseEnvFile('A="open')).toThrow(/line 1: the value opens with " but never closes it/);
    expect(() => parseEnvFile("A=1\nB='x' y")).toThrow(/line 2: unexpected text after the closing '/);
  });
});

// @vitest-environment node
// The in-page bridge of `mcp --pair` is JavaScript built from text: it must parse (a syntax error
// would leave the user's tab silently unpaired), and the snippet must carry the code as data.
import { describe, expect, it } from 'vitest';
import { pairScript, pairSnippet } from '../../../node/mcp/pair/pair-script.js';

describe('pairScript', () => {
  it('parses, with the remote runner and the pairing step in it', () => {
    const script = pairScript('ws://127.0.0.1:8932/pair');
    expect(() => new Function(script)).not.toThrow();
    expect(script).toContain('remoteAct');
    expect(script).toContain('accept_pairing');
    expect(script).toContain('"ws://127.0.0.1:8932/pair"');
  });

  it('gives a snippet that parses and loads /pair.js with the code', () => {
    const snippet = pairSnippet('http://127.0.0.1:8932/pair.js', '012345');
    expect(() => new Function(snippet)).not.toThrow();
    expect(snippet).toContain('"http://127.0.0.1:8932/pair.js?code=012345"');
  });
});

// The init script the Node side injects is JavaScript built from text: it must parse, with and
// without remote control, whatever the client's name holds (a syntax error would silently leave
// every page without its bridge).
import { describe, expect, it } from 'vitest';
import { bridgeScript } from '../../../node/browser/page-bridge.js';

const parses = (source: string) => () => new Function(source);

describe('bridgeScript', () => {
  it('parses for a run and for remote control', () => {
    expect(parses(bridgeScript('/* bundle */', { mask: true, panel: true, language: 'en-US' }))).not.toThrow();
    expect(parses(bridgeScript('/* bundle */', { mask: false, remote: { client: 'Claude Desktop', approval: 'risky' } }))).not.toThrow();
  });

  it('carries a hostile client name as data', () => {
    const script = bridgeScript('', { mask: false, remote: { client: "x'); alert(1); ('\u2028</script>`${1}`", approval: 'all' } });
    expect(parses(script)).not.toThrow();
    expect(script).toContain(JSON.stringify("x'); alert(1); ('\u2028</script>`${1}`"));
  });

  it('adds the remote runner only in remote mode', () => {
    expect(bridgeScript('', { mask: false })).not.toContain('remoteAct');
    expect(bridgeScript('', { mask: false, remote: { client: 'c' } })).toContain('remoteAct');
  });
});

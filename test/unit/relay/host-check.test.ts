// @vitest-environment node
// Which Host names the relay answers to (issue #19: a DNS-rebinding domain must not pass as "own origin").
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../../../relay/config.js';
import { checkHost, describeHosts, hostName, requestHost } from '../../../relay/host-check.js';

/** A request as the host check sees it: headers and the address the connection arrived at. */
function request(headers: Record<string, string>, localAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { localAddress } } as unknown as IncomingMessage;
}

describe('hostName', () => {
  it('drops the port, IPv6 brackets and a trailing dot, and lower-cases', () => {
    expect(hostName('Relay.Example.COM:8787')).toBe('relay.example.com');
    expect(hostName('[::1]:8787')).toBe('::1');
    expect(hostName('[::1]')).toBe('::1');
    expect(hostName('::1')).toBe('::1');
    expect(hostName('localhost.:80')).toBe('localhost');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('requestHost', () => {
  it('reads Host, or the first X-Forwarded-Host only behind a trusted proxy', () => {
    const req = request({ host: '127.0.0.1:8787', 'x-forwarded-host': 'app.example.com, inner' });
    expect(requestHost(req, false)).toBe('127.0.0.1:8787');
    expect(requestHost(req, true)).toBe('app.example.com');
    expect(requestHost(request({ host: 'a:1' }), true)).toBe('a:1');
  });
});

describe('checkHost', () => {
  const base = loadRelayConfig({ RELAY_ALLOWED_ORIGINS: 'https://app.example.com' });

  it('accepts localhost, the address the request arrived at and the hosts of allowed origins by default', () => {
    for (const host of ['localhost:8787', '127.0.0.1:8787', 'LOCALHOST', 'app.example.com']) expect(checkHost(request({ host }), base)).toEqual({ allowed: true });
    expect(checkHost(request({ host: '192.168.1.5:8787' }, '::ffff:192.168.1.5'), base)).toEqual({ allowed: true });
    expect(checkHost(request({ host: '[::1]:8787' }, '::1'), base)).toEqual({ allowed: true });
  });

  it('refuses a rebinding domain that resolves to the relay, and says what it accepts', () => {
    expect(checkHost(request({ host: 'attacker.example:8787' }), base)).toEqual({
      allowed: false,
      host: 'attacker.example:8787',
      accepted: ['localhost', '127.0.0.1', 'app.example.com'],
    });
    // The listen address of another interface is not this connection's address.
    expect(checkHost(request({ host: '10.0.0.9' }), base).allowed).toBe(false);
    expect(checkHost(request({}), base)).toMatchObject({ allowed: false, host: undefined });
  });

  it('accepts a host name the server was told to listen on', () => {
    expect(checkHost(request({ host: 'relay.internal:8787' }, '10.1.2.3'), base, 'relay.internal').allowed).toBe(true);
    expect(checkHost(request({ host: 'relay.internal:8787' }, '10.1.2.3'), base, '0.0.0.0').allowed).toBe(false);
  });

  it('uses exactly RELAY_HOSTS when set, and anything for *', () => {
    const listed = loadRelayConfig({ RELAY_HOSTS: 'Relay.Example.com., [::1]' });
    expect(listed.allowedHosts).toEqual(['relay.example.com', '::1']);
    expect(checkHost(request({ host: 'relay.example.com' }), listed).allowed).toBe(true);
    expect(checkHost(request({ host: '[::1]:80' }), listed).allowed).toBe(true);
    expect(checkHost(request({ host: 'localhost' }), listed)).toEqual({ allowed: false, host: 'localhost', accepted: ['relay.example.com', '::1'] });
    expect(checkHost(request({ host: 'anything.example' }), loadRelayConfig({ RELAY_HOSTS: '*' })).allowed).toBe(true);
  });

  it('checks the forwarded host behind a trusted proxy', () => {
    const proxied = loadRelayConfig({ RELAY_TRUST_PROXY: '1', RELAY_HOSTS: 'app.example.com' });
    expect(checkHost(request({ host: '127.0.0.1:8787', 'x-forwarded-host': 'app.example.com' }), proxied).allowed).toBe(true);
    expect(checkHost(request({ host: 'app.example.com', 'x-forwarded-host': 'rebound.example' }), proxied).allowed).toBe(false);
  });
});

describe('describeHosts', () => {
  it('names the default and the configured hosts for the banner', () => {
    expect(describeHosts(loadRelayConfig({ RELAY_ALLOWED_ORIGINS: 'https://app.example.com' }), '127.0.0.1')).toBe(
      'localhost, 127.0.0.1, app.example.com (set RELAY_HOSTS for other names)',
    );
    expect(describeHosts(loadRelayConfig({}), '0.0.0.0')).toBe("localhost, this machine's addresses (set RELAY_HOSTS for other names)");
    expect(describeHosts(loadRelayConfig({ RELAY_HOSTS: 'a.example' }), '0.0.0.0')).toBe('a.example (RELAY_HOSTS)');
  });
});

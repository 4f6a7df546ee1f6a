// Which host names the relay answers to. A DNS-rebinding page reaches a loopback or intranet relay
// under the attacker's own domain name, so a Host outside the list is refused (421) before the
// "own origin" rule can trust it. Pure decisions on the request's headers and socket.
import type { IncomingMessage } from 'node:http';
import type { RelayConfig } from './config.js';

/** The host check's answer; `accepted` lists what the relay answers to, for the error message. */
export type HostVerdict = { allowed: true } | { allowed: false; host: string | undefined; accepted: string[] };

/** The host the client addressed (port included): `Host`, or `X-Forwarded-Host` behind a trusted proxy. */
export function requestHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return value?.split(',')[0]?.trim() || req.headers.host || undefined;
}

/** A Host header value as a bare name: lower case, without port, IPv6 brackets or a trailing dot. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](:\d*)?$/.exec(lower);
  // Only a bracketed IPv6 address carries a port; a bare one (from configuration) has several colons.
  const name = bracketed ? bracketed[1]! : lower.split(':').length > 2 ? lower : lower.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/**
 * Checks the addressed host against `allowedHosts`, or by default against `localhost`, the
 * address the connection arrived at (the listen address, or the interface for 0.0.0.0), the
 * configured listen host name and the hosts of the allowed origins.
 */
export function checkHost(
  req: IncomingMessage,
  config: Pick<RelayConfig, 'allowedHosts' | 'allowedOrigins' | 'trustProxy'>,
  listenHost?: string,
): HostVerdict {
  if (config.allowedHosts === '*') return { allowed: true };
  const raw = requestHost(req, config.trustProxy);
  const accepted = config.allowedHosts ?? defaultHosts(req, config.allowedOrigins, listenHost);
  if (raw !== undefined && accepted.includes(hostName(raw))) return { allowed: true };
  return { allowed: false, host: raw, accepted };
}

function defaultHosts(req: IncomingMessage, origins: RelayConfig['allowedOrigins'], listenHost: string | undefined): string[] {
  const hosts = ['localhost'];
  const local = req.socket.localAddress;
  // An IPv4 client of a dual-stack socket shows up as ::ffff:a.b.c.d.
  if (local) hosts.push(local.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1').toLowerCase());
  if (listenHost && listenHost !== '0.0.0.0' && listenHost !== '::') hosts.push(hostName(listenHost));
  if (Array.isArray(origins)) for (const origin of origins) hosts.push(hostName(new URL(origin).host));
  return [...new Set(hosts)];
}

/** The accepted host names in words, for the start-up banner. */
export function describeHosts(config: Pick<RelayConfig, 'allowedHosts' | 'allowedOrigins'>, listenHost: string): string {
  if (config.allowedHosts === '*') return 'any host name (RELAY_HOSTS=*)';
  if (config.allowedHosts) return `${config.allowedHosts.join(', ')} (RELAY_HOSTS)`;
  const names = ['localhost'];
  names.push(listenHost === '0.0.0.0' || listenHost === '::' ? "this machine's addresses" : hostName(listenHost));
  if (Array.isArray(config.allowedOrigins)) for (const origin of config.allowedOrigins) names.push(hostName(new URL(origin).host));
  return `${[...new Set(names)].join(', ')} (set RELAY_HOSTS for other names)`;
}

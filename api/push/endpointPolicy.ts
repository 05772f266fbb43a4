/**
 * Which Web Push endpoints this server will post to: the subscription route and the sender ask the
 * same policy, so an endpoint saved under an older rule is still checked before every send.
 *
 * An endpoint is an https URL on a known push service's host (config.pushServiceHosts), on the
 * default port and without credentials; the addresses its host resolves to must be public. A
 * simulated server only ever listens on loopback, next to the fake push service its tests run, so
 * there, and only there, loopback endpoints (http too) and loopback addresses are also accepted.
 */
import { isIP } from 'node:net';
import { type Config } from '../config';
import { addressKind } from './addressRanges';

export interface PushEndpointPolicy {
  /** Whether a subscription may name this endpoint URL. */
  acceptsEndpoint(endpoint: string): boolean;
  /** Whether the sender may connect to this address (one the endpoint's host resolved to). */
  acceptsAddress(address: string): boolean;
}

const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** A URL's host name as DNS sees it: lower case (URL does that), brackets and one trailing dot dropped. */
function normalisedHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export function pushEndpointPolicy(config: Pick<Config, 'simulated' | 'pushServiceHosts'>): PushEndpointPolicy {
  const hosts = config.pushServiceHosts.map((host) => normalisedHost(host.toLowerCase()));
  const exact = new Set(hosts.filter((host) => !host.startsWith('*.')));
  const suffixes = hosts.filter((host) => host.startsWith('*.')).map((host) => host.slice(1));

  const allowListed = (host: string) =>
    exact.has(host) || (suffixes.some((suffix) => host.endsWith(suffix)) && host.split('.').every((label) => DNS_LABEL.test(label)));
  const isLoopback = (host: string) => host === 'localhost' || (isIP(host) !== 0 && addressKind(host) === 'loopback');

  return {
    acceptsEndpoint(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      const host = normalisedHost(url.hostname);
      if (config.simulated && isLoopback(host)) return url.protocol === 'https:' || url.protocol === 'http:';
      return url.protocol === 'https:' && url.port === '' && allowListed(host);
    },
    acceptsAddress(address) {
      const kind = addressKind(address);
      return kind === 'public' || (config.simulated && kind === 'loopback');
    },
  };
}

/**
 * Sends one Web Push message: encrypted for the subscription (RFC 8291) and signed with our VAPID
 * key (RFC 8292) by the web-push library, posted with node:http(s) so that the answer's status
 * decides what happens to the subscription (404/410: the browser dropped it).
 *
 * The endpoint comes from a browser, so from whoever calls our API: before anything is sent the
 * endpoint policy checks the URL, and then every address its host resolves to, inside the
 * connection's own DNS lookup, so the address checked is the address connected to (a second lookup
 * could answer differently). Redirects are never followed: a push service answers, it does not
 * send us elsewhere.
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { type PushMessage } from '../../shared/schemas/push';
import { type Logger } from '../logger';
import { addressKind } from './addressRanges';
import { type PushEndpointPolicy } from './endpointPolicy';
import { type VapidKeys } from './vapid';

const SEND_TIMEOUT_MS = 10_000;
/** A notification about a listing is stale after a day; the push service may drop it then. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<SendOutcome>;
}

/** An endpoint's host resolved to an address the policy refuses. */
class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`push endpoint resolves to a refused address (${address})`);
    this.name = 'RefusedAddressError';
  }
}

/** dns.lookup, failing when any address of the host is refused (a mixed answer is not a push service). */
function screenedLookup(policy: PushEndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find(({ address }) => !policy.acceptsAddress(address));
      if (refused) return callback(new RefusedAddressError(refused.address), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function createPushSender(p: { keys: VapidKeys; policy: PushEndpointPolicy; logger: Logger }): PushSender {
  const { keys, policy, logger } = p;
  const lookup = screenedLookup(policy);
  // Own agents: a pooled connection is always one our lookup checked.
  const agents = { 'http:': new http.Agent({ lookup }), 'https:': new https.Agent({ lookup }) };

  /** Posts the request; answers the status, without following a redirect. */
  function post(url: URL, details: webpush.RequestDetails): Promise<number> {
    // Node connects to an IP literal without a lookup, so the literal is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !policy.acceptsAddress(literal)) return Promise.reject(new RefusedAddressError(literal));
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method: details.method,
          headers: details.headers as http.OutgoingHttpHeaders,
          agent: agents[url.protocol as keyof typeof agents],
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(details.body);
    });
  }

  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      // Logs name the push service, never the endpoint's path: that is the subscription's secret.
      const url = URL.parse(target.endpoint);
      if (!url || !policy.acceptsEndpoint(target.endpoint)) {
        logger.warn({ pushService: url?.origin }, 'push endpoint refused: not a push service URL');
        return 'failed';
      }
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          { vapidDetails: keys, TTL: TTL_SECONDS, urgency: 'normal' },
        );
        const status = await post(url, details);
        if (status >= 200 && status < 300) return 'sent';
        return status === 404 || status === 410 ? 'gone' : 'failed';
      } catch (error) {
        if (error instanceof RefusedAddressError) {
          logger.warn({ pushService: url.origin, address: error.address, kind: addressKind(error.address) }, 'push endpoint refused: its host is not a public address');
        }
        return 'failed';
      }
    },
  };
}

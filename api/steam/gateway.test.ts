/**
 * How the gateway reads IEconService/GetTradeHoldDurations, over real HTTP against a stand-in for
 * Steam's Web API: the answers Steam gives about a trade URL, and the ones that say nothing about it
 * (our key refused, rate limiting, garbage), which must never pass for a verdict on the buyer.
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createSteamGateway, type SteamGateway, SteamUnavailableError } from './gateway';

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

let reply: Reply;
let lastQuery: URLSearchParams;
let server: http.Server;
let gateway: SteamGateway;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    lastQuery = url.searchParams;
    const found = url.pathname === '/dev/steam/api/IEconService/GetTradeHoldDurations/v1/';
    response.writeHead(found ? reply.status : 404, { 'content-type': 'application/json', ...(found ? reply.headers : {}) });
    response.end(found ? reply.body : 'null');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Simulated mode talks to `${PUBLIC_URL}/dev/steam/api` exactly as live mode talks to Steam.
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway = createSteamGateway(loadConfig({ PUBLIC_URL: publicUrl }), createLogger('silent'));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const holds = (theirSeconds: number) =>
  JSON.stringify({ response: { my_escrow: { escrow_end_duration_seconds: 0 }, their_escrow: { escrow_end_duration_seconds: theirSeconds }, both_escrow: { escrow_end_duration_seconds: theirSeconds } } });

describe('getTradeUrlStatus', () => {
  it("asks about the trade URL's account and token, and reads the receiver's hold in whole days, rounded up", async () => {
    reply = { status: 200, body: holds(0) };
    expect(await gateway.getTradeUrlStatus('76561198000000042', 'Ab_c-9')).toEqual({ status: 'ok', holdDays: 0 });
    expect(lastQuery.get('steamid_target')).toBe('76561198000000042');
    expect(lastQuery.get('trade_offer_access_token')).toBe('Ab_c-9');
    reply = { status: 200, body: holds(15 * 86_400) };
    expect(await gateway.getTradeUrlStatus('76561198000000042', 'token')).toEqual({ status: 'ok', holdDays: 15 });
    reply = { status: 200, body: holds(3_600) };
    expect(await gateway.getTradeUrlStatus('76561198000000042', 'token')).toEqual({ status: 'ok', holdDays: 1 });
  });

  it('reads a refusal about the target (AccessDenied, InvalidParam, Banned, or no hold for them) as cannot_receive', async () => {
    for (const [status, eresult] of [
      [403, '15'],
      [400, '8'],
      [403, '17'],
      [500, '15'],
    ] as const) {
      reply = { status, headers: { 'x-eresult': eresult }, body: '{"response":{}}' };
      expect(await gateway.getTradeUrlStatus('76561198000000042', 'token'), `${status} ${eresult}`).toEqual({ status: 'cannot_receive' });
    }
    reply = { status: 200, body: '{"response":{}}' };
    expect(await gateway.getTradeUrlStatus('76561198000000042', 'token')).toEqual({ status: 'cannot_receive' });
  });

  it('treats answers that say nothing about the trade URL as Steam being unavailable', async () => {
    for (const unanswered of [
      { status: 403, body: '<html>Forbidden: verify your key</html>' },
      { status: 429, body: 'null' },
      { status: 503, headers: { 'x-eresult': '20' }, body: 'null' },
      { status: 200, body: 'not json' },
      { status: 200, body: '{"response":{"their_escrow":{"escrow_end_duration_seconds":"soon"}}}' },
    ]) {
      reply = unanswered;
      await expect(gateway.getTradeUrlStatus('76561198000000042', 'token'), JSON.stringify(unanswered)).rejects.toBeInstanceOf(SteamUnavailableError);
    }
    reply = { status: 429, body: 'null' };
    await expect(gateway.getTradeUrlStatus('76561198000000042', 'token')).rejects.toMatchObject({ rateLimited: true });
  });
});

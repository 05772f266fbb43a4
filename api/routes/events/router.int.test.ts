import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, type DomainEvent } from '../../events/domainEvents';
import { signIn, uniqueSteamId } from '../../test/signIn';
import { startTestApp, type TestApp, type TestClient } from '../../test/testApp';

let app: TestApp;
let other: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // A second API process on the same database: events made there must reach streams here.
  other = await startTestApp();
});
afterAll(async () => {
  await other.close();
  await app.close();
});

interface Received {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Opens the event stream like EventSource does and collects the events it delivers. */
async function openStream(client: TestClient, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${app.url}/api/events`, { headers: { cookie, accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const received: Received[] = [];
  const text: string[] = [];
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          text.push(block);
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
          if (fields.event) received.push({ id: fields.id!, event: fields.event, data: JSON.parse(fields.data!) as Record<string, unknown> });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    received,
    text,
    async until(count: number) {
      for (let waited = 0; received.length < count && waited < 5_000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
      return received;
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

const userIdOf = async (client: TestClient) =>
  ((await app.services.dataSource.query('SELECT id FROM users WHERE steam_id = $1', [(await client.get<{ steamId: string }>('/api/user')).body.steamId])) as Array<{ id: string }>)[0]!.id;

const record = (target: TestApp, event: DomainEvent) => target.services.dataSource.transaction((manager) => recordEvent(manager, event));

describe('GET /api/events', () => {
  it('requires authentication', async () => {
    expect((await app.client().get('/api/events')).status).toBe(401);
  });

  it('streams the user’s new events, also those recorded by another API process, and nobody else’s', async () => {
    const client = await signIn(app, uniqueSteamId());
    const intruder = await signIn(app, uniqueSteamId());
    const [userId, intruderId] = [await userIdOf(client), await userIdOf(intruder)];
    // The browser accepts compression; a compressor would hold the events back, so none is applied.
    const stream = await openStream(client, { 'accept-encoding': 'br, gzip' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('content-encoding')).toBeNull();

    await record(app, { userId, type: 'listing', payload: { listingId: 'a', status: 'active' } });
    await record(app, { userId: intruderId, type: 'balance', payload: { balance: '1.00' } });
    await record(other, { userId, type: 'balance', payload: { balance: '12.34' } });
    const received = await stream.until(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stream.close();

    expect(received.map((event) => [event.event, event.data.status ?? event.data.balance])).toEqual([
      ['listing', 'active'],
      ['balance', '12.34'],
    ]);
    expect(Number(received[1]!.id)).toBeGreaterThan(Number(received[0]!.id));
  });

  it('resumes after Last-Event-ID with the events the browser missed, in order', async () => {
    const client = await signIn(app, uniqueSteamId());
    const userId = await userIdOf(client);
    const first = await record(app, { userId, type: 'order', payload: { orderId: 'o1', status: 'created' } });
    await record(app, { userId, type: 'order', payload: { orderId: 'o2', status: 'created' } });
    await record(app, { userId, type: 'order', payload: { orderId: 'o3', status: 'created' } });

    const stream = await openStream(client, { 'last-event-id': first });
    const received = await stream.until(2);
    await stream.close();
    expect(received.map((event) => event.data.orderId)).toEqual(['o2', 'o3']);
  });

  it('starts a fresh stream at the newest event (no replay of history)', async () => {
    const client = await signIn(app, uniqueSteamId());
    const userId = await userIdOf(client);
    await record(app, { userId, type: 'order', payload: { orderId: 'old', status: 'created' } });
    const stream = await openStream(client);
    await record(app, { userId, type: 'order', payload: { orderId: 'new', status: 'created' } });
    const received = await stream.until(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stream.close();
    expect(received.map((event) => event.data.orderId)).toEqual(['new']);
  });

  it('names where a fresh stream starts, so a browser whose stream ends before any event resumes there', async () => {
    const client = await signIn(app, uniqueSteamId());
    const userId = await userIdOf(client);
    const newest = await record(app, { userId, type: 'order', payload: { orderId: 'old', status: 'created' } });
    const first = await openStream(client);
    for (let waited = 0; first.text.length === 0 && waited < 5_000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    await first.close();
    // Its first block sets the reconnection delay and the id to resume after, and is no event.
    expect(first.text[0]).toBe(`retry: 3000\nid: ${newest}`);
    expect(first.received).toEqual([]);

    await record(app, { userId, type: 'order', payload: { orderId: 'while away', status: 'created' } });
    const resumed = await openStream(client, { 'last-event-id': newest });
    const received = await resumed.until(1);
    await resumed.close();
    expect(received.map((event) => event.data.orderId)).toEqual(['while away']);
  });

  it('refuses a Last-Event-ID it did not send', async () => {
    const client = await signIn(app, uniqueSteamId());
    const response = await client.get('/api/events', { 'last-event-id': 'abc' });
    expect(response.status).toBe(400);
  });
});

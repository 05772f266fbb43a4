/**
 * Signs a test client into the staff console the way a browser does: /staff/auth/login → the
 * embedded OpenID provider under /dev/oidc (its login page, the demo person's form) → back at
 * /staff/auth/callback. Every hop is real HTTP; the client keeps the provider's cookies as a
 * browser would (one origin, so keeping them by name is enough).
 */
import { expect } from 'vitest';
import { type TestApp, type TestClient, type TestResponse } from './testApp';

export { DEMO_STAFF } from '../dev/oidc/staffAccounts';

const CALLBACK_PATH = '/staff/auth/callback';

/** A URL of the app (absolute or a path) as the path the test client requests. */
const pathOf = (app: TestApp, location: string) => (location.startsWith(app.url) ? location.slice(app.url.length) : location);

const isRedirect = (response: TestResponse) => response.status >= 300 && response.status < 400;

/** GET /staff/auth/login: the provider's authorization URL it redirects to. */
export async function startStaffSignIn(client: TestClient, returnTo?: string): Promise<string> {
  const start = await client.get(`/staff/auth/login${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  expect(start.status).toBe(302);
  return start.headers.get('location')!;
}

/**
 * Takes an authorization request through the embedded provider as `email` (picking that person on
 * its login page, if it shows one) and returns the provider's redirect back: the callback path with
 * its code and state, not yet requested.
 */
export async function approveAtProvider(app: TestApp, client: TestClient, authorizationUrl: string, email: string): Promise<string> {
  let response = await client.get(pathOf(app, authorizationUrl));
  for (let hops = 0; hops < 10; hops++) {
    if (isRedirect(response)) {
      const path = pathOf(app, response.headers.get('location')!);
      if (path.startsWith(`${CALLBACK_PATH}?`)) return path;
      response = await client.get(path);
      continue;
    }
    expect(response.status, response.text).toBe(200);
    const action = /<form method="post" action="([^"]+)">/.exec(response.text)?.[1];
    expect(action, 'the provider\'s login page').toBeDefined();
    response = await client.request('POST', action!, {
      raw: new URLSearchParams({ email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  throw new Error('the provider never redirected back to the staff callback');
}

export async function signInStaff(app: TestApp, email: string, client: TestClient = app.client()): Promise<TestClient> {
  const callback = await approveAtProvider(app, client, await startStaffSignIn(client), email);
  const back = await client.get(callback);
  expect(back.status).toBe(302);
  expect(back.headers.get('location')).toBe('/staff');
  return client;
}

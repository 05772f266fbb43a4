import { describe, expect, it } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { createQueryClient, USER_SCOPED } from './queryClient';
import { userKeys } from './queries/keys';

const user = { displayName: 'Jo', balance: '10.00' };
const unauthorized = () => new ApiError(401, 'Sign in required', { code: 'unauthorized' });

/** A client holding a user, one of their private queries and a public one. */
async function signedInClient() {
  const client = createQueryClient();
  client.setQueryData(userKeys.current(), user);
  await client.fetchQuery({ queryKey: ['wallet', 'deposits'], queryFn: () => ({ items: ['private'] }), meta: USER_SCOPED });
  await client.fetchQuery({ queryKey: ['skins'], queryFn: () => ({ items: ['public'] }) });
  return client;
}

describe('the 401 rule', () => {
  it('a 401 from a user-scoped query signs the user out and drops every user-scoped query', async () => {
    const client = await signedInClient();
    await expect(
      client.fetchQuery({
        queryKey: ['listings', 'mine'],
        queryFn: () => Promise.reject(unauthorized()),
        meta: USER_SCOPED,
      }),
    ).rejects.toThrow('401');
    expect(client.getQueryData(userKeys.current())).toBeNull();
    expect(client.getQueryData(['wallet', 'deposits'])).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['listings', 'mine'] })).toBeUndefined();
    // Data that is nobody's stays.
    expect(client.getQueryData(['skins'])).toEqual({ items: ['public'] });
  });

  it('a 401 from a mutation signs the user out', async () => {
    const client = await signedInClient();
    const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await expect(observer.mutate()).rejects.toThrow('401');
    expect(client.getQueryData(userKeys.current())).toBeNull();
  });

  it('other errors leave the user signed in', async () => {
    const client = await signedInClient();
    await expect(
      client.fetchQuery({ queryKey: ['orders'], queryFn: () => Promise.reject(new ApiError(500, 'boom', {})), meta: USER_SCOPED }),
    ).rejects.toThrow('500');
    const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(new ApiError(403, 'no', {})) });
    await expect(observer.mutate()).rejects.toThrow('403');
    await expect(
      client.fetchQuery({ queryKey: ['offline'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toThrow();
    expect(client.getQueryData(userKeys.current())).toEqual(user);
  });
});

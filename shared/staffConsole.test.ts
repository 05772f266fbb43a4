import { describe, expect, it } from 'vitest';
import { isPagePath } from './routes';
import { isStaffConsolePath } from './staffConsole';

describe('the staff console paths', () => {
  it('are /staff and everything under it', () => {
    for (const path of ['/staff', '/staff/', '/staff/withdrawals', '/staff/users/42', '/staff/authors']) expect(isStaffConsolePath(path), path).toBe(true);
  });

  it('leave out the sign-in routes, look-alike paths and the customer app', () => {
    for (const path of ['/staff/auth', '/staff/auth/login', '/staff/auth/callback', '/staffing', '/staff.html', '/', '/withdraw', '/api/staff/me']) {
      expect(isStaffConsolePath(path), path).toBe(false);
    }
  });

  it('are no page of the customer app', () => {
    expect(isPagePath('/staff')).toBe(false);
  });
});

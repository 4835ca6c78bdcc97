import { describe, expect, it } from 'vitest';
import { sessionFromQueryState } from './session.ts';

const user = {
  id: 'u1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  role: 'client',
  profileImageUrl: null,
};

describe('sessionFromQueryState', () => {
  it('is loading until /api/auth/user answers', () => {
    expect(sessionFromQueryState(undefined)).toEqual({ status: 'loading' });
    expect(sessionFromQueryState({ status: 'pending', data: undefined })).toEqual({ status: 'loading' });
  });

  it('is signed in when a user record comes back', () => {
    expect(sessionFromQueryState({ status: 'success', data: user })).toEqual({ status: 'signed-in', user });
  });

  it('is signed out on 401 (null), on failure and on a body that is not a user', () => {
    expect(sessionFromQueryState({ status: 'success', data: null })).toEqual({ status: 'signed-out' });
    expect(sessionFromQueryState({ status: 'error', data: undefined })).toEqual({ status: 'signed-out' });
    expect(sessionFromQueryState({ status: 'success', data: { ...user, role: 'admin' } })).toEqual({
      status: 'signed-out',
    });
    expect(sessionFromQueryState({ status: 'success', data: '<html>' })).toEqual({ status: 'signed-out' });
  });
});

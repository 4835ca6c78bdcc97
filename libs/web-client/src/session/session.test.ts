import { describe, expect, it } from 'vitest';
import { sessionFromQueryState, type SessionUser } from './session.ts';

const user: SessionUser = {
  id: 'u1',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  role: 'client',
  profileImageUrl: null,
};

describe('sessionFromQueryState', () => {
  it('is loading until the session probe answers', () => {
    expect(sessionFromQueryState(undefined)).toEqual({ status: 'loading' });
    expect(sessionFromQueryState({ status: 'pending', data: undefined })).toEqual({ status: 'loading' });
  });

  it('is signed in when a user record comes back', () => {
    expect(sessionFromQueryState({ status: 'success', data: user })).toEqual({ status: 'signed-in', user });
  });

  it('is signed out with no user (null) and on any failure, a body its contract refuses included', () => {
    expect(sessionFromQueryState({ status: 'success', data: null })).toEqual({ status: 'signed-out' });
    expect(sessionFromQueryState({ status: 'error', data: undefined })).toEqual({ status: 'signed-out' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_INVITATION_STORAGE_KEY,
  rememberPendingInvitation,
  takePendingInvitationPath,
} from './pending-invitation.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the pending invitation', () => {
  it('is remembered, then resumed once as the acceptance page (the id encoded)', () => {
    expect(rememberPendingInvitation('inv 42')).toBe(true);
    expect(window.localStorage.getItem(PENDING_INVITATION_STORAGE_KEY)).toBe('inv 42');
    expect(takePendingInvitationPath()).toBe('/accept-invitation?id=inv%2042');
    expect(takePendingInvitationPath()).toBeNull();
  });

  it('is nothing when blank, and the blank is cleared', () => {
    window.localStorage.setItem(PENDING_INVITATION_STORAGE_KEY, '  ');
    expect(takePendingInvitationPath()).toBeNull();
    expect(window.localStorage.getItem(PENDING_INVITATION_STORAGE_KEY)).toBeNull();
  });

  it("is nothing, and throws nothing, where the storage's every call throws (storage disabled)", () => {
    const insecure = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    for (const method of ['getItem', 'setItem', 'removeItem'] as const)
      vi.spyOn(window.localStorage, method).mockImplementation(insecure);
    expect(rememberPendingInvitation('inv-1')).toBe(false);
    expect(takePendingInvitationPath()).toBeNull();
  });

  it('is nothing, and throws nothing, where reading localStorage itself throws (storage blocked)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(rememberPendingInvitation('inv-1')).toBe(false);
    expect(takePendingInvitationPath()).toBeNull();
  });
});

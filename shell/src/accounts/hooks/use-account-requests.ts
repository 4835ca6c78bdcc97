import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  publicUserSchema,
  type LoginRequest,
  type MessageResponse,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type RegisterRequest,
} from '@listready/contracts/auth';
import { apiClient, SESSION_QUERY_KEY, type SessionUser } from '@listready/web-client';

/*
 * The account calls (spec seller §7). Each handles its own 401 (`on401: 'throw'`): a wrong password
 * is a form error, not the "you are logged out" redirect.
 */

const ACCOUNT_CALL = { on401: 'throw' } as const;

/**
 * What a screen does with the outcome. Passed to `useMutation` itself (not to `mutate`), so it runs
 * even when the success re-renders the screen away before React Query would call `mutate`'s own.
 */
export interface RequestCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: Error) => void;
}

/**
 * After sign-in or registration: the answer is the current user (stored as the session, so the
 * route rules and the remotes see it at once) and other cached data is refetched (spec §7).
 */
function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  };
}

export function useSignIn({ onSuccess, onError }: RequestCallbacks<SessionUser> = {}) {
  const storeUser = useStoreSignedInUser();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiClient.request('POST', '/api/login', publicUserSchema, { ...ACCOUNT_CALL, body }),
    onSuccess: (user) => {
      storeUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}

export function useRegister({ onSuccess, onError }: RequestCallbacks<SessionUser> = {}) {
  const storeUser = useStoreSignedInUser();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiClient.request('POST', '/api/register', publicUserSchema, { ...ACCOUNT_CALL, body }),
    onSuccess: (user) => {
      storeUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}

export function useRequestPasswordReset(callbacks: RequestCallbacks<MessageResponse> = {}) {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      apiClient.request('POST', '/api/auth/password-reset-request', messageResponseSchema, {
        ...ACCOUNT_CALL,
        body,
      }),
    ...callbacks,
  });
}

export function useConfirmPasswordReset({ onSuccess, onError }: RequestCallbacks<MessageResponse> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) =>
      apiClient.request('POST', '/api/auth/password-reset-confirm', messageResponseSchema, {
        ...ACCOUNT_CALL,
        body,
      }),
    onSuccess: (answer) => {
      // A reset ends every session of that account: if it was this browser's, the cache must learn so.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      onSuccess?.(answer);
    },
    onError,
  });
}

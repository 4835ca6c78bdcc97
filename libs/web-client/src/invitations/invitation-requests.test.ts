import { describe, expect, it } from 'vitest';
import { invitationMessages } from '@listready/contracts/invitation';
import { ApiRequestError } from '../api/api-client.ts';
import { createAppQueryClient } from '../api/query-client.ts';
import {
  invitationServerFieldErrors,
  isInvitationAffectedQuery,
  parseInvitation,
  refetchInvitationAffectedQueries,
} from './invitation-requests.ts';

describe('parseInvitation: the invite form checked with the server’s schema', () => {
  it('gives the spec’s messages per field', () => {
    expect(
      parseInvitation('agent-to-client', { name: ' A ', email: 'nope', phoneNumber: 'call me' }),
    ).toEqual({
      success: false,
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Invalid email address',
        phoneNumber: invitationMessages.invalidPhone,
      },
    });
  });

  it('answers the trimmed body, an empty phone number left out', () => {
    expect(
      parseInvitation('client-to-agent', {
        name: ' Pat Agent ',
        email: ' pat@example.com ',
        phoneNumber: '  ',
      }),
    ).toEqual({
      success: true,
      body: { name: 'Pat Agent', email: 'pat@example.com', phoneNumber: undefined, type: 'client-to-agent' },
    });
    expect(
      parseInvitation('agent-to-client', {
        name: 'Sam',
        email: 'sam@example.com',
        phoneNumber: '+1 (555) 010-0199',
      }),
    ).toMatchObject({ success: true, body: { phoneNumber: '+15550100199', type: 'agent-to-client' } });
    // A national number is refused before it is sent: the text needs the country code.
    expect(
      parseInvitation('agent-to-client', { name: 'Sam', email: 'sam@example.com', phoneNumber: '555-0100' }),
    ).toEqual({ success: false, errors: { phoneNumber: invitationMessages.invalidPhone } });
  });
});

describe('invitationServerFieldErrors', () => {
  it("puts a 400's issues under their fields and ignores other statuses and fields", () => {
    const body = JSON.stringify({
      message: 'Invalid email address',
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'email', message: 'Invalid email address' },
        { path: 'type', message: invitationMessages.invalidType },
      ],
    });
    expect(invitationServerFieldErrors(new ApiRequestError(400, 'Bad Request', body))).toEqual({
      email: 'Invalid email address',
    });
    expect(invitationServerFieldErrors(new ApiRequestError(403, 'Forbidden', body))).toEqual({});
    expect(invitationServerFieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('the reads an invitation changes', () => {
  it.each([
    ['/api/agents/agent-1/clients', true],
    ['/api/agents/agent-1/stats', true],
    ['/api/clients/current/profile', true],
    ['/api/clients/current/profile?clientId=c-1', true],
    ['/api/invitations', true],
    ['/api/agents/agent-1/branding', false],
    ['/api/agents/current', false],
    ['/api/clients/current/journey', false],
    ['/api/auth/session', false],
  ])('%s → %s', (url, affected) => {
    expect(isInvitationAffectedQuery([url])).toBe(affected);
  });

  it('are marked stale (and refetched when watched); others are left alone', async () => {
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(['/api/agents/agent-1/clients'], []);
    queryClient.setQueryData(['/api/clients/current/journey'], {});
    await refetchInvitationAffectedQueries(queryClient);
    expect(queryClient.getQueryState(['/api/agents/agent-1/clients'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/clients/current/journey'])?.isInvalidated).toBe(false);
  });
});

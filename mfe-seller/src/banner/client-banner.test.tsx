import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientProfile } from '../journey/utils/journey-api.ts';
import { json, renderSignedIn, scriptApi } from '../journey/utils/journey-test-fixtures.tsx';
import { ClientBanner } from './client-banner.tsx';

const profile = (agent: ClientProfile['agent']): ClientProfile => ({
  client: {
    id: 'client-1',
    userId: 'user-1',
    phone: null,
    preferredContact: 'email',
    agentId: agent?.id ?? null,
    propertyId: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  },
  property: null,
  agent,
});

const scriptProfile = (agent: ClientProfile['agent']) =>
  scriptApi({ 'GET /api/clients/current/profile': () => json(200, profile(agent)) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientBanner', () => {
  it('offers to call and e-mail a linked agent', async () => {
    scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: 'pat@example.com' });
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Need help?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call Pat Agent' }).getAttribute('href')).toBe('tel:555-0199');
    expect(screen.getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toBe(
      'mailto:pat@example.com',
    );
  });

  it('shows Email Agent only when the agent has an e-mail', async () => {
    scriptProfile({ id: 'agent-1', name: 'Pat Agent', phone: '555-0199', email: null });
    renderSignedIn(<ClientBanner />);
    await screen.findByText('Need help?');
    expect(screen.queryByRole('link', { name: 'Email Agent' })).toBeNull();
  });

  it('invites a seller without an agent to bring one', async () => {
    scriptProfile(null);
    renderSignedIn(<ClientBanner />);
    expect(await screen.findByText('Ready to get started?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite My Agent' }));
    expect(await screen.findByRole('dialog', { name: 'Invite Your Agent' })).toBeTruthy();
  });

  it('is not shown to agents, who never ask for the client profile', () => {
    const calls = scriptProfile(null);
    const { container } = renderSignedIn(<ClientBanner />, { role: 'agent' });
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});

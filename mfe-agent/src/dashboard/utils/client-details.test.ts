import { describe, expect, it } from 'vitest';
import type { AgentClientRow } from '@listready/contracts/journey';
import { clientMatches } from './client-details.ts';

const row = (overrides: Partial<AgentClientRow['user']> = {}, property: AgentClientRow['property'] = null) =>
  ({
    client: { id: 'client-1', updatedAt: '2030-05-01T12:00:00.000Z' },
    user: {
      firstName: 'José',
      lastName: 'Núñez',
      email: 'jose.n@example.com',
      phone: '555-0142',
      profileImageUrl: null,
      ...overrides,
    },
    property,
    progressPercentage: 10,
    currentStage: null,
  }) satisfies AgentClientRow;

describe('finding a client', () => {
  const withHome = row({}, { address: '12 Elm Street', city: 'Springfield', state: 'IL' });

  it('matches every client on an empty or blank query', () => {
    expect(clientMatches(withHome, '')).toBe(true);
    expect(clientMatches(withHome, '   ')).toBe(true);
  });

  it('finds a client by name in any case, accents aside', () => {
    expect(clientMatches(withHome, 'jose')).toBe(true);
    expect(clientMatches(withHome, 'NUNEZ')).toBe(true);
    expect(clientMatches(withHome, 'José Núñez')).toBe(true);
    expect(clientMatches(withHome, 'maria')).toBe(false);
  });

  it('needs each word somewhere (name, e-mail, phone, street, city, state), in any order', () => {
    expect(clientMatches(withHome, 'springfield nunez')).toBe(true);
    expect(clientMatches(withHome, 'elm')).toBe(true);
    expect(clientMatches(withHome, 'example.com')).toBe(true);
    expect(clientMatches(withHome, '0142')).toBe(true);
    expect(clientMatches(withHome, 'il jose')).toBe(true);
    expect(clientMatches(withHome, 'springfield chicago')).toBe(false);
  });

  it('searches what a client without a property or phone has', () => {
    const bare = row({ phone: null, firstName: '', lastName: '' });
    expect(clientMatches(bare, 'jose.n')).toBe(true);
    expect(clientMatches(bare, 'springfield')).toBe(false);
  });
});

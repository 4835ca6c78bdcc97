import { describe, expect, it } from 'vitest';
import type { AgentClientRow } from '@listready/contracts/journey';
import { clientMatches, DEFAULT_CLIENT_SORT, nextClientSort, sortClients } from './client-details.ts';

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
    expect(clientMatches(withHome, '555-0142')).toBe(true);
    expect(clientMatches(withHome, '5550142')).toBe(true);
    expect(clientMatches(withHome, 'il jose')).toBe(true);
    expect(clientMatches(withHome, 'springfield chicago')).toBe(false);
  });

  it('searches what a client without a property or phone has', () => {
    const bare = row({ phone: null, firstName: '', lastName: '' });
    expect(clientMatches(bare, 'jose.n')).toBe(true);
    expect(clientMatches(bare, 'springfield')).toBe(false);
  });
});

describe('sorting the clients', () => {
  const client = (id: string, firstName: string, progress: number, updatedAt: string): AgentClientRow => ({
    ...row({ firstName, lastName: 'Lee' }),
    client: { id, updatedAt },
    progressPercentage: progress,
  });
  const rows = [
    client('a', 'Zoe', 40, '2030-05-01T10:00:00.000Z'),
    client('b', 'ádam', 90, '2030-05-03T10:00:00.000Z'),
    client('c', 'Mia', 40, '2030-05-02T10:00:00.000Z'),
  ];
  const ids = (sorted: AgentClientRow[]) => sorted.map((each) => each.client.id);

  it('sorts by name (accents and case aside), progress or last activity, either way', () => {
    expect(ids(sortClients(rows, { key: 'client', direction: 'ascending' }))).toEqual(['b', 'c', 'a']);
    expect(ids(sortClients(rows, { key: 'client', direction: 'descending' }))).toEqual(['a', 'c', 'b']);
    expect(ids(sortClients(rows, DEFAULT_CLIENT_SORT))).toEqual(['b', 'c', 'a']);
    expect(ids(sortClients(rows, { key: 'lastActivity', direction: 'ascending' }))).toEqual(['a', 'c', 'b']);
  });

  it('breaks ties by name, A to Z, whichever the direction', () => {
    expect(ids(sortClients(rows, { key: 'progress', direction: 'ascending' }))).toEqual(['c', 'a', 'b']);
    expect(ids(sortClients(rows, { key: 'progress', direction: 'descending' }))).toEqual(['b', 'c', 'a']);
  });

  it('turns a sorted column around, and starts another in its first direction', () => {
    expect(nextClientSort(DEFAULT_CLIENT_SORT, 'lastActivity')).toEqual({
      key: 'lastActivity',
      direction: 'ascending',
    });
    expect(nextClientSort(DEFAULT_CLIENT_SORT, 'client')).toEqual({ key: 'client', direction: 'ascending' });
    expect(nextClientSort({ key: 'client', direction: 'ascending' }, 'client')).toEqual({
      key: 'client',
      direction: 'descending',
    });
  });

  it('leaves the rows it was given as they were', () => {
    const before = ids(rows);
    sortClients(rows, { key: 'client', direction: 'ascending' });
    expect(ids(rows)).toEqual(before);
  });
});

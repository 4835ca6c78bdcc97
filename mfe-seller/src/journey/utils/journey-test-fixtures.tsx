import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { aPublicUser } from '@listready/contracts/fixtures';
import type { TaskKind } from '@listready/contracts/journey';
import type { SessionUser } from '@listready/web-client';
import { renderWithSession } from '@listready/web-client/testing';
import type { JourneyResponse, TaskEntry } from '../utils/journey-api.ts';
import {
  pendingChangeKey,
  type PendingTaskChange,
  type PendingTaskCreation,
} from '../utils/pending-task-changes.ts';

/** Test support for the journey screens: seeded-like data and a real QueryClient over a scripted fetch. */

type Stage = JourneyResponse['stages'][number];

export function stageFixture(
  id: string,
  title: string,
  status: Stage['status'],
  extra: Partial<Stage> = {},
): Stage {
  return {
    id,
    slug: id,
    name: title,
    title,
    description: null,
    icon: null,
    orderIndex: 1,
    excludedFromProgress: false,
    status,
    completedTasks: 0,
    totalTasks: 2,
    ...extra,
  };
}

export function entryFixture(
  id: string,
  title: string,
  stage: Stage,
  {
    kind = 'predefined',
    status = 'pending',
    orderIndex = 1,
    dueDate = null,
  }: {
    kind?: TaskKind;
    status?: 'pending' | 'completed';
    orderIndex?: number;
    dueDate?: string | null;
  } = {},
): TaskEntry {
  return {
    id,
    canEditDetails: kind === 'predefined',
    stage: {
      id: stage.id,
      slug: stage.slug,
      name: stage.name,
      icon: stage.icon,
      orderIndex: stage.orderIndex,
      excludedFromProgress: stage.excludedFromProgress,
    },
    taskTemplate: {
      id: `template-${id}`,
      slug: id,
      stageId: stage.id,
      kind,
      title,
      description: null,
      category: null,
      estimatedHours: 1,
      priority: 'medium',
      isOptional: false,
      orderIndex,
    },
    clientTask: {
      id,
      taskId: `template-${id}`,
      title,
      status,
      dueDate,
      assignedTo: null,
      notes: null,
      priority: 'medium',
      completedAt: null,
      completedBy: null,
      updatedAt: '2030-01-01T00:00:00.000Z',
    },
  };
}

/** A custom task as a creation kept on this device carries it (its POST body, with the device's id). */
export const keptTaskFixture = (id: string, title = 'Book the cleaner'): PendingTaskCreation['task'] => ({
  id,
  title,
  description: null,
  priority: 'medium',
  dueDate: null,
  assignedTo: null,
  stageId: null,
});

/** A completion of journey task `taskId` kept on this device for `user-1`. */
export function keptChangeFixture(taskId: string, extra: Partial<PendingTaskChange> = {}): PendingTaskChange {
  return {
    key: pendingChangeKey('user-1', 'client', taskId),
    userId: 'user-1',
    source: 'client',
    taskId,
    url: `/api/client-tasks/${taskId}`,
    patch: { status: 'completed' },
    savedAt: '2030-01-01T10:00:00.000Z',
    ...extra,
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/** Answers `"<METHOD> <url>"` from the script (404 otherwise) and records every call. */
export function scriptApi(
  answers: Record<string, (body: unknown) => Response | Promise<Response>>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const answer = answers[`${method} ${url}`];
      return answer ? answer(body) : json(404, { message: 'not scripted' });
    }),
  );
  return calls;
}

export const renderSignedIn = (ui: ReactElement, user: Partial<SessionUser> = {}) =>
  renderWithSession(ui, aPublicUser({ id: 'user-1', lastName: 'Seller', ...user }));

/** A task's row on the journey, once drawn (Today's Priority may name the task too). */
export function findTaskRow(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = document.querySelector<HTMLElement>(`[data-testid="task-row"][data-task-title="${title}"]`);
    if (!row) throw new Error(`No row for ${title}`);
    return row;
  });
}

/** A valid `task-completed` payload, for the library's own tests. */
export const taskCompletedData = {
  clientId: 'client-1',
  taskId: 'task-1',
  title: 'Clean gutters',
  stageId: 'stage-3',
  stageName: 'Repairs & Maintenance',
  kind: 'predefined' as const,
  templateId: 'declutter-closets',
  actorUserId: 'user-1',
  completedAt: '2025-05-01T10:00:00.000Z',
};

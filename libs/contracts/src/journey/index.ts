export * from './messages.ts';
export * from './requests.ts';
export * from './responses.ts';
export * from './groups.ts';
export * from './insights.ts';
export * from './calendar.ts';
export * from './live.ts';
export * from './assignees.ts';

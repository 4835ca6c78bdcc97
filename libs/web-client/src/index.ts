export * from './api/api-client.ts';
export * from './api/query-client.ts';
export { apiClient } from './api/browser-api-client.ts';
export * from './session/session.ts';
export * from './session/use-session.ts';
export * from './navigation/navigation.ts';
export * from './navigation/profile-tab.ts';
export type { RemoteCustomProps } from './federation/remote-props.ts';
export { AppLink } from './navigation/app-link.tsx';

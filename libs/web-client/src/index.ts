export * from './analytics/track-usage.ts';
export * from './api/api-client.ts';
export * from './api/query-client.ts';
export { apiClient } from './api/browser-api-client.ts';
export * from './session/session.ts';
export * from './session/use-session.ts';
export * from './navigation/navigation.ts';
export * from './navigation/profile-tab.ts';
export * from './storage/browser-storage.ts';
export type { RemoteCustomProps, RemotePrepareProps } from './federation/remote-props.ts';
export { AppLink } from './navigation/app-link.tsx';
export * from './navigation/route-intent.ts';
export { useHydrated } from './navigation/use-hydrated.ts';
export * from './invitations/index.ts';
export * from './calendar/use-calendar-feed.ts';
export { CalendarAddress, type CalendarAddressProps } from './calendar/calendar-address.tsx';
export { openLiveStream } from './live/live-stream.ts';
export {
  dayLabel,
  lazyDateFormat,
  localDayLabel,
  readerClockOptions,
  readerHourCycle,
} from './format/date-format.ts';

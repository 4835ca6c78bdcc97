export * from './messages.ts';
export * from './requests.ts';
export * from './responses.ts';
export * from './notification-settings.ts';
export { toE164 } from '../phone.ts';

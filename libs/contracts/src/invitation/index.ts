export * from './invitations.ts';

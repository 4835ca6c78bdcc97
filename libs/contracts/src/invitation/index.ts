export * from './invitations.ts';
export * from './google-setup.ts';

/**
 * Which service answers which `/api` path (the spec's call tables). Order matters: the first
 * match wins, so the specific `/api/agents/{id}/branding` comes before the journey's agent rows.
 */
export const SERVICE_NAMES = ['auth', 'journey', 'invitation', 'branding', 'analytics'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const API_ROUTES: ReadonlyArray<{ service: ServiceName; pattern: RegExp }> = [
  { service: 'auth', pattern: /^\/api\/(register|login|logout)$/ },
  { service: 'auth', pattern: /^\/api\/auth(\/|$)/ },
  { service: 'auth', pattern: /^\/api\/agents\/current$/ },
  { service: 'auth', pattern: /^\/api\/dev\/mailbox$/ },
  { service: 'branding', pattern: /^\/api\/branding(\/|$)/ },
  { service: 'branding', pattern: /^\/api\/agents\/[^/]+\/branding$/ },
  { service: 'journey', pattern: /^\/api\/agents\/[^/]+\/(stats|clients|insights|live)$/ },
  { service: 'journey', pattern: /^\/api\/clients(\/|$)/ },
  { service: 'journey', pattern: /^\/api\/client-tasks(\/|$)/ },
  { service: 'journey', pattern: /^\/api\/user-groups(\/|$)/ },
  { service: 'journey', pattern: /^\/api\/calendar(\/|$)/ },
  { service: 'journey', pattern: /^\/api\/sms(\/|$)/ },
  { service: 'invitation', pattern: /^\/api\/(invitations|accept-invitation)(\/|$)/ },
  { service: 'invitation', pattern: /^\/api\/google-oauth-(setup|callback)$/ },
  { service: 'analytics', pattern: /^\/api\/analytics(\/|$)/ },
];

export function serviceFor(pathname: string): ServiceName | undefined {
  return API_ROUTES.find((route) => route.pattern.test(pathname))?.service;
}

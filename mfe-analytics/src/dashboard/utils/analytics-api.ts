/*
 * The analytics page's reads (agent spec §7), keyed by their URL (`apiQuery`); the gateway preloads
 * both with the page (page-data.json, webpack.config.ts).
 */
export const STATS_URL = '/api/analytics/stats';
export const REALTIME_URL = '/api/analytics/realtime';

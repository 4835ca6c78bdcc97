import { AGENT_CLIENTS_URL, CURRENT_AGENT_ID } from '@listready/contracts/journey';

/*
 * The dashboard's reads name the signed-in agent as `current` (CURRENT_AGENT_ID), not by id: they
 * start at once, without waiting for the account read, and the gateway preloads them with the page
 * (page-data.json, webpack.config.ts). Reads are keyed by their URL (`apiQuery`).
 */
export const AGENT_STATS_URL = `/api/agents/${CURRENT_AGENT_ID}/stats`;
export const AGENT_INSIGHTS_URL = `/api/agents/${CURRENT_AGENT_ID}/insights`;
export const AGENT_LIVE_URL = `/api/agents/${CURRENT_AGENT_ID}/live`;
// The clients list's address is the contracts': the seller remote names the client an agent follows from it.
export { AGENT_CLIENTS_URL };

import { z } from 'zod';

/**
 * `{agentId}` in an agent's own calls (the dashboard's stats, clients, insights and live feed, and
 * the branding panel's branding) that names the signed-in agent's own account, so a page can ask
 * for them without first asking who that is. Any other value is an agent's id, checked against the
 * caller (403 when it is not theirs).
 *
 * Exported by one area only (journey's requests): a name that two areas re-export reaches the
 * barrel through two `export *`, and import-in-the-middle (the telemetry preload of `npm start`)
 * then drops it from the barrel, although the language would not.
 */
export const CURRENT_AGENT_ID = 'current';

/** `{agentId}` of those calls: the agent's id, or CURRENT_AGENT_ID. */
export const agentIdParamsSchema = z.object({
  agentId: z
    .string()
    .min(1)
    .max(200)
    .describe(`The agent's id, or \`${CURRENT_AGENT_ID}\` for the signed-in agent's own account`),
});

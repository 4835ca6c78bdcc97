import type { Logger } from 'pino';
import {
  CURRENT_AGENT_ID,
  agentBrandingSchema,
  brandingMessages,
  BrandingErrorCode,
  DEFAULT_BRANDING_COLORS,
  DEFAULT_CURRENT_BRANDING,
  LOGO_PATH_PREFIX,
  type AgentBranding,
  type AgentBrandingUpdateParsed,
  type CurrentBranding,
} from '@listready/contracts';
import { HttpError, ValidationError, type Cache, type SessionUser } from '@listready/service-kit';
import type { LogoStore } from '../logos/logo-store.ts';
import type { BrandingRepository, BrandingRow } from './branding-repository.ts';

/** What the cache keeps per agent: the answer, and whether the agent ever saved one. */
interface CachedBranding {
  saved: boolean;
  branding: AgentBranding;
}

const cacheKey = (agentId: string) => `branding:agent:${agentId}`;

function toAgentBranding(agentId: string, row: BrandingRow | null): AgentBranding {
  if (!row) {
    return {
      agentId,
      companyName: '',
      agentName: null,
      ...DEFAULT_BRANDING_COLORS,
      customDomain: null,
      brokerageLogo: null,
      agentLogo: null,
      logoUrl: null,
    };
  }
  return {
    agentId,
    companyName: row.companyName,
    agentName: row.agentName,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    accentColor: row.accentColor,
    backgroundColor: row.backgroundColor,
    headerBackgroundColor: row.headerBackgroundColor,
    navigationBackgroundColor: row.navigationBackgroundColor,
    customDomain: row.customDomain,
    brokerageLogo: row.brokerageLogo,
    agentLogo: row.agentLogo,
    // The pages show the brokerage's logo, the agent's own when there is none.
    logoUrl: row.brokerageLogo ?? row.agentLogo,
  };
}

const toCurrent = ({ saved, branding }: CachedBranding): CurrentBranding =>
  saved
    ? {
        logoUrl: branding.logoUrl,
        companyName: branding.companyName,
        primaryColor: branding.primaryColor,
        backgroundColor: branding.backgroundColor,
        headerBackgroundColor: branding.headerBackgroundColor,
        navigationBackgroundColor: branding.navigationBackgroundColor,
      }
    : DEFAULT_CURRENT_BRANDING;

/** The SHA-256 in a logo address (the contracts have checked its form). */
const logoKey = (url: string) => url.slice(LOGO_PATH_PREFIX.length).split('.')[0] ?? '';

/**
 * Agents' branding, read through the cache (Redis when REDIS_URL, memory otherwise) and emptied
 * for that agent on every save, so replicas never serve a branding older than the last save.
 * A cache that cannot be reached is skipped, never an error.
 */
export function createBrandingService(deps: {
  repository: BrandingRepository;
  logos: LogoStore;
  cache: Cache;
  cacheTtlSeconds: number;
  logger: Logger;
}) {
  const { repository, cache, logger } = deps;

  async function cached(agentId: string): Promise<CachedBranding> {
    try {
      const hit = await cache.get(cacheKey(agentId));
      if (hit) {
        const value = JSON.parse(hit) as CachedBranding;
        return { saved: value.saved, branding: agentBrandingSchema.parse(value.branding) };
      }
    } catch (error) {
      logger.warn({ err: error }, 'branding cache unavailable: reading the database');
    }
    const row = await repository.findByAgentId(agentId);
    const value: CachedBranding = { saved: row !== null, branding: toAgentBranding(agentId, row) };
    await cache
      .set(cacheKey(agentId), JSON.stringify(value), deps.cacheTtlSeconds)
      .catch((error: unknown) => logger.warn({ err: error }, 'branding cache unavailable: not kept'));
    return value;
  }

  /**
   * The agent id of the signed-in agent, when it is the one asked for (its id, or CURRENT_AGENT_ID);
   * 403 otherwise.
   */
  async function ownAgentId(user: SessionUser, agentId: string): Promise<string> {
    const own = await repository.agentIdOfUser(user.id);
    if (own === null || (agentId !== CURRENT_AGENT_ID && own !== agentId)) {
      throw new HttpError(403, BrandingErrorCode.notYourBranding, brandingMessages.notYourBranding);
    }
    return own;
  }

  return {
    ownAgentId,

    async read(agentId: string): Promise<AgentBranding> {
      return (await cached(agentId)).branding;
    },

    async save(agentId: string, update: AgentBrandingUpdateParsed): Promise<AgentBranding> {
      if (update.agentId !== undefined && update.agentId !== agentId) {
        throw new ValidationError([{ path: 'agentId', message: brandingMessages.agentIdMismatch }]);
      }
      // Only logos this service stores: an address is a promise that the picture is there.
      const logoFields = [
        ['brokerageLogo', 'Brokerage logo', update.brokerageLogo],
        ['agentLogo', 'Agent logo', update.agentLogo],
      ] as const;
      const wanted = logoFields.flatMap(([, , url]) => (url ? [logoKey(url)] : []));
      const stored = await deps.logos.existing(wanted);
      const missing = logoFields.flatMap(([path, label, url]) =>
        url && !stored.has(logoKey(url)) ? [{ path, message: brandingMessages.logoNotStored(label) }] : [],
      );
      if (missing.length > 0) throw new ValidationError(missing);

      const { agentId: _sent, ...branding } = update;
      const row = await repository.save(agentId, branding);
      await cache
        .del(cacheKey(agentId))
        .catch((error: unknown) => logger.warn({ err: error }, 'branding cache unavailable: not emptied'));
      return toAgentBranding(agentId, row);
    },

    /** What the user's pages wear: a seller their agent's, an agent their own, others the defaults. */
    async current(user: SessionUser): Promise<CurrentBranding> {
      const agentId =
        user.role === 'agent'
          ? await repository.agentIdOfUser(user.id)
          : await repository.linkedAgentIdOfSeller(user.id);
      return agentId ? toCurrent(await cached(agentId)) : DEFAULT_CURRENT_BRANDING;
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;

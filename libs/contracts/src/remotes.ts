import { z } from 'zod';

const manifestUrl = z.string().min(1).optional();

/**
 * GET /remotes.json: where each remote's Module Federation manifest is, read by the shell at run
 * time (an absolute URL, or a path on the shell's origin). The keys are the one list of remotes:
 * the gateway serves and publishes them, the shell registers them, the webpack preset names their
 * containers, the shell build writes the default /remotes.json for the static image. A remote may be
 * missing (its pages then show an error); names this shell does not know are dropped, so a newer
 * remotes.json never breaks an older shell.
 */
export const remotesConfigSchema = z.object({
  'mfe-seller': manifestUrl,
  'mfe-agent': manifestUrl,
  'mfe-analytics': manifestUrl,
});
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;

export const REMOTE_NAMES = remotesConfigSchema.keyof().options;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container names are identifiers: `mfe-seller` → `mfe_seller`. */
export function federationNameOf(name: RemoteName): string {
  return name.replaceAll('-', '_');
}

/** A remote served beside the shell, under `/remotes/<name>/`. */
export function defaultManifestUrl(name: RemoteName): string {
  return `/remotes/${name}/mf-manifest.json`;
}

/** /remotes.json when every remote is served beside the shell (the static image's default). */
export function defaultRemotesConfig(): Required<RemotesConfig> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, defaultManifestUrl(name)]),
  ) as Required<RemotesConfig>;
}

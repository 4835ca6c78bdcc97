import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  brandingMessages,
  BrandingErrorCode,
  ErrorCode,
  LOGO_EXTENSIONS,
  logoUploadResponseSchema,
  LOGO_UPLOAD_PATH,
  logoUrlOf,
  MAX_LOGO_BYTES,
  MAX_LOGO_UPLOAD_BYTES,
} from '@listready/contracts';
import { HttpError, NotFoundError, requireRole, type App } from '@listready/service-kit';
import { checkLogoImage } from '../logos/image-type.ts';
import type { LogoStore } from '../logos/logo-store.ts';
import { agentIdOf } from './agent-of-request.ts';

/** A logo's address: its SHA-256 and extension. */
const logoParams = z.object({ file: z.string().max(80) });
const LOGO_FILE = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

/** A year, the longest `max-age` caches honour; the address changes with the bytes. */
const FOREVER = 'public, max-age=31536000, immutable';

/** A refused upload: the message on the `file` field too, as forms show field messages. */
const refused = (status: number, code: string, message: string) =>
  new HttpError(status, code, message, [{ path: 'file', message }]);
const fileTooLarge = () => refused(413, BrandingErrorCode.logoTooLarge, brandingMessages.fileTooLarge);

/** Multipart limits: one file of at most 5 MB, a few small fields (the form may name the logo). */
const UPLOAD_LIMITS = { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };

/**
 * `POST /api/branding/logos` (multipart, one image; agents only) stores a logo and answers its
 * address; `GET /api/branding/logos/<sha256>.<ext>` serves it to anyone (logos are public, like any
 * site's logo), for ever cacheable since the address is the content.
 */
export function logoRoutes(
  app: App,
  deps: { logos: LogoStore; agentIdOfUser: (userId: string) => Promise<string | null> },
): void {
  app.post(
    LOGO_UPLOAD_PATH,
    {
      // 401 signed out, 403 for sellers, 413 for a body that cannot hold a 5 MB logo — all before reading it.
      onRequest: async (request: FastifyRequest) => {
        requireRole(request, 'agent');
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > MAX_LOGO_UPLOAD_BYTES) throw fileTooLarge();
      },
      schema: { response: { 201: logoUploadResponseSchema } },
    },
    async (request, reply) => {
      const agentId = await agentIdOf(request, deps.agentIdOfUser);
      if (!request.isMultipart()) throw refused(415, ErrorCode.badRequest, brandingMessages.noFile);
      let data: Buffer | undefined;
      try {
        for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
          if (part.type === 'file') data = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        if (code === 'FST_FILES_LIMIT')
          throw refused(400, ErrorCode.validation, brandingMessages.oneFileOnly);
        // Anything else reading the form (busboy's "Unexpected end of multipart data", a part limit,
        // a client gone mid-upload) is a form this service cannot read: the client's to send again.
        throw refused(400, ErrorCode.badRequest, brandingMessages.uploadUnreadable);
      }
      if (!data || data.length === 0)
        throw refused(400, BrandingErrorCode.logoMissing, brandingMessages.noFile);

      const image = await checkLogoImage(data);
      if (image.kind === 'svg')
        throw refused(415, BrandingErrorCode.logoNotAnImage, brandingMessages.svgRefused);
      if (image.kind !== 'image')
        throw refused(415, BrandingErrorCode.logoNotAnImage, brandingMessages.invalidFile);

      const sha256 = await deps.logos.put({
        data,
        contentType: image.contentType,
        uploadedByAgentId: agentId,
      });
      void reply.code(201).header('cache-control', 'no-store');
      return { url: logoUrlOf(sha256, image.contentType), contentType: image.contentType, size: data.length };
    },
  );

  app.get('/api/branding/logos/:file', { schema: { params: logoParams } }, async (request, reply) => {
    const [, sha256 = '', extension] = LOGO_FILE.exec(request.params.file) ?? [];
    const logo = sha256 ? await deps.logos.get(sha256) : null;
    if (!logo || LOGO_EXTENSIONS[logo.contentType] !== extension) {
      throw new NotFoundError('Logo not found', BrandingErrorCode.logoNotFound);
    }
    const tag = `"${logo.sha256}"`;
    void reply
      .header('cache-control', FOREVER)
      .header('etag', tag)
      .header('x-content-type-options', 'nosniff')
      // Opened on its own, the picture is a document of our origin: give it no powers at all.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-site');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    return reply.type(logo.contentType).send(logo.data);
  });
}

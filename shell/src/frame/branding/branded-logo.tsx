import { RECOMMENDED_LOGO_SIZE, type CurrentBranding } from '@listready/contracts/branding';

/** Whether a branding has anything to show in the header (an agent who saved one). */
export const hasBrandMark = (branding: CurrentBranding | undefined): branding is CurrentBranding =>
  Boolean(branding && (branding.logoUrl || branding.companyName));

/**
 * The agent's logo and company name in the header's logo slot. The logo's box is fixed (100x40,
 * the recommended 200x80 at half size), so nothing moves when the picture arrives; below 768 px
 * the logo alone, like the product's icon-only logo.
 */
export function BrandedLogo({ branding }: { branding: CurrentBranding }) {
  const { width, height } = RECOMMENDED_LOGO_SIZE;
  return (
    <span data-branded-logo className="flex min-w-0 items-center gap-3">
      {branding.logoUrl ? (
        <img
          src={branding.logoUrl}
          alt=""
          width={width}
          height={height}
          className="h-10 w-[100px] shrink-0 object-contain object-left"
        />
      ) : null}
      {branding.companyName ? (
        <span
          className={
            branding.logoUrl
              ? // max-md:hidden, not hidden + md:inline: a remote's own `.hidden`, loaded later, would win.
                'max-w-[40vw] truncate text-lg font-bold tracking-tight text-ink max-md:hidden'
              : 'max-w-[60vw] truncate text-lg font-bold tracking-tight text-ink'
          }
        >
          {branding.companyName}
        </span>
      ) : null}
    </span>
  );
}

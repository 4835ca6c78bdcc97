import { useLayoutEffect, useRef } from 'react';
import { ImageIcon } from 'lucide-react';
import {
  DEFAULT_BRANDING_COLORS,
  pageBackgroundKeepsText,
  readableTextOn,
} from '@listready/contracts/branding';
import { pickerValue, type BrandingFormValues } from '../utils/branding-form.ts';

/** A colour the preview can paint: the field's when it is #RRGGBB, else the default. */
const paint = (values: BrandingFormValues, field: keyof typeof DEFAULT_BRANDING_COLORS) =>
  pickerValue(values[field], DEFAULT_BRANDING_COLORS[field]);

/**
 * The live Brand Preview: a small client page in the form's colours, logo and company name. Its
 * colours are CSS variables set through the CSSOM (the CSP allows no inline style attributes),
 * each with the text colour that reads on it.
 */
export function BrandPreview({ values }: { values: BrandingFormValues }) {
  const root = useRef<HTMLDivElement>(null);
  const page = paint(values, 'backgroundColor');
  const pageShown = pageBackgroundKeepsText(page.toUpperCase())
    ? page
    : DEFAULT_BRANDING_COLORS.backgroundColor;
  const colours: Record<string, string> = {
    page: pageShown,
    header: paint(values, 'headerBackgroundColor'),
    navigation: paint(values, 'navigationBackgroundColor'),
    primary: paint(values, 'primaryColor'),
    secondary: paint(values, 'secondaryColor'),
    accent: paint(values, 'accentColor'),
  };
  const key = JSON.stringify(colours);

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    for (const [name, colour] of Object.entries(JSON.parse(key) as Record<string, string>)) {
      element.style.setProperty(`--preview-${name}`, colour);
      element.style.setProperty(`--preview-${name}-text`, readableTextOn(colour));
    }
  }, [key]);

  const logo = values.brokerageLogo ?? values.agentLogo;
  const company = values.companyName.trim() || 'Your Company';
  return (
    <section aria-labelledby="brand-preview-heading" className="space-y-3">
      <h3 id="brand-preview-heading" className="text-lg font-semibold">
        Brand Preview
      </h3>
      <div
        ref={root}
        data-testid="brand-preview"
        className="overflow-hidden rounded-lg border border-surface-border bg-[var(--preview-page)] text-[color:var(--preview-page-text)]"
      >
        <div className="flex h-14 items-center gap-3 bg-[var(--preview-header)] px-4 text-[color:var(--preview-header-text)]">
          <span className="flex h-10 w-[100px] shrink-0 items-center justify-center">
            {logo ? (
              <img src={logo} alt="" width={200} height={80} className="h-10 w-[100px] object-contain" />
            ) : (
              <ImageIcon aria-hidden className="size-6" />
            )}
          </span>
          <span className="truncate font-semibold">{company}</span>
        </div>
        <div className="space-y-3 p-4">
          {/* What applies where (decisions.md, Branding): the screens' buttons keep the purple they are tuned to. */}
          <p className="text-sm">
            Your clients&apos; pages wear the header, navigation and page colours. The primary colour is the
            button of your invitation e-mails; secondary and accent are saved with your brand but not shown to
            clients.
          </p>
          <div className="flex flex-wrap gap-2">
            <span className="rounded-md bg-[var(--preview-primary)] px-3 py-1.5 text-sm font-medium text-[color:var(--preview-primary-text)]">
              Primary
            </span>
            <span className="rounded-md bg-[var(--preview-secondary)] px-3 py-1.5 text-sm font-medium text-[color:var(--preview-secondary-text)]">
              Secondary
            </span>
            <span className="rounded-md bg-[var(--preview-accent)] px-3 py-1.5 text-sm font-medium text-[color:var(--preview-accent-text)]">
              Accent
            </span>
          </div>
          {pageShown !== page ? (
            <p className="text-sm">
              This background is too light for the pages&apos; text: client pages keep a dark background.
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-3 bg-[var(--preview-navigation)] py-2 text-center text-xs text-[color:var(--preview-navigation-text)]">
          <span>Journey</span>
          <span>Profile</span>
          <span>Groups</span>
        </div>
      </div>
    </section>
  );
}

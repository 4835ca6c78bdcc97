import {
  DEFAULT_CURRENT_BRANDING,
  pageBackgroundKeepsText,
  regionTextOn,
  type CurrentBranding,
} from '@listready/contracts/branding';

export interface BrandingTargets {
  /** The document's root: the colour tokens every screen (and every remote) reads. */
  root: HTMLElement;
  header: HTMLElement | null;
  navigation: HTMLElement | null;
}

/** The text tokens a region overrides when its background needs other text colours. */
const TEXT_TOKENS = {
  ink: '--color-ink',
  inkMuted: '--color-ink-muted',
  brandSoft: '--color-brand-soft',
} as const;

function setOrClear(element: HTMLElement, property: string, value: string | null) {
  if (value === null) element.style.removeProperty(property);
  else element.style.setProperty(property, value);
}

function paintRegion(element: HTMLElement | null, background: string | null) {
  if (!element) return;
  const text = background === null ? null : regionTextOn(background);
  for (const [role, property] of Object.entries(TEXT_TOKENS)) {
    setOrClear(element, property, text ? text[role as keyof typeof TEXT_TOKENS] : null);
  }
}

/**
 * Dresses the page in a branding, or takes it off (null): the header, navigation and page colours
 * become the theme's tokens on the root, so every screen and remote follows; the header and the
 * navigation get text colours that keep 4.5:1 on theirs. All through the CSSOM
 * (`style.setProperty`), which the CSP allows, never a style attribute in the HTML.
 */
export function applyBranding(targets: BrandingTargets, branding: CurrentBranding | null): void {
  const { root } = targets;
  const chosen = branding ?? DEFAULT_CURRENT_BRANDING;
  const branded = branding !== null;
  setOrClear(root, '--color-header', branded ? chosen.headerBackgroundColor : null);
  setOrClear(root, '--color-navigation', branded ? chosen.navigationBackgroundColor : null);
  // The screens' cards and text are made for a dark page: a page colour too light for them stays unused.
  setOrClear(
    root,
    '--color-page',
    branded && pageBackgroundKeepsText(chosen.backgroundColor) ? chosen.backgroundColor : null,
  );
  paintRegion(targets.header, branded ? chosen.headerBackgroundColor : null);
  paintRegion(targets.navigation, branded ? chosen.navigationBackgroundColor : null);
}

import {
  agentBrandingUpdateSchema,
  BRANDING_COLOR_FIELDS,
  DEFAULT_BRANDING_COLORS,
  type AgentBranding,
  type AgentBrandingUpdate,
  type BrandingColorField,
} from '@listready/contracts/branding';
import type { ApiIssue } from '@listready/contracts/errors';

/** What the panel's fields hold: text as typed, logos as addresses (or none). */
export type BrandingFormValues = {
  companyName: string;
  customDomain: string;
  brokerageLogo: string | null;
  agentLogo: string | null;
} & Record<BrandingColorField, string>;

export type BrandingFieldErrors = Partial<Record<keyof BrandingFormValues, string>>;

/** The spec's form defaults (§3): the default colours, company name and domain empty. */
export const DEFAULT_FORM_VALUES: BrandingFormValues = {
  companyName: '',
  customDomain: '',
  brokerageLogo: null,
  agentLogo: null,
  ...DEFAULT_BRANDING_COLORS,
};

export function formValuesOf(branding: AgentBranding): BrandingFormValues {
  return {
    companyName: branding.companyName,
    customDomain: branding.customDomain ?? '',
    brokerageLogo: branding.brokerageLogo,
    agentLogo: branding.agentLogo,
    ...(Object.fromEntries(BRANDING_COLOR_FIELDS.map((field) => [field, branding[field]])) as Record<
      BrandingColorField,
      string
    >),
  };
}

/** The PUT body (spec §7): agentName sent equal to the company name. */
export function updateOf(agentId: string, values: BrandingFormValues): AgentBrandingUpdate {
  return { agentId, ...values, agentName: values.companyName };
}

/** Issues (the contract's or the service's) as one message per field, the first one winning. */
export function fieldErrorsOf(issues: readonly ApiIssue[]): BrandingFieldErrors {
  const errors: BrandingFieldErrors = {};
  for (const { path, message } of issues) {
    const field = path.split('.')[0] as keyof BrandingFormValues;
    if (field in DEFAULT_FORM_VALUES && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** The form checked with the service's own contract before anything is sent. */
export function validate(agentId: string, values: BrandingFormValues): BrandingFieldErrors {
  const parsed = agentBrandingUpdateSchema.safeParse(updateOf(agentId, values));
  return parsed.success
    ? {}
    : fieldErrorsOf(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
}

/** A value for `<input type="color">`, which takes only lower-case #rrggbb. */
export const pickerValue = (value: string, fallback: string) =>
  /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : fallback.toLowerCase();

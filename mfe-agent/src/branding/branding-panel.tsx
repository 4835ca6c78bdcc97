import { useEffect, useId, useState, type FormEvent } from 'react';
import { BRANDING_COLOR_FIELDS, type AgentBranding } from '@listready/contracts/branding';
import { Button, Card, LoadingSpinner, toast } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import { BrandPreview } from './components/brand-preview.tsx';
import { ColorField } from './components/color-field.tsx';
import { Field, TextInput } from './components/field.tsx';
import { LogoDropZone } from './components/logo-drop-zone.tsx';
import { useAgentBranding, useSaveBranding } from './hooks/use-branding.ts';
import {
  fieldErrorsOf,
  formValuesOf,
  updateOf,
  validate,
  type BrandingFieldErrors,
  type BrandingFormValues,
} from './utils/branding-form.ts';

export const brandingToasts = {
  saved: { title: '✅ Branding Saved!', description: 'Your branding settings have been saved successfully.' },
  failed: {
    title: 'Error',
    description: 'Failed to update branding settings.',
    variant: 'destructive' as const,
  },
};

/**
 * The dashboard's Branding tab: the White-Label Branding panel (agent spec §2, §4, §5, §8). It reads
 * the signed-in agent's branding as `current`, so the spec's 'Loading agent information...' lasts
 * until that one answer, which names the agent's id too.
 */
export function BrandingPanel() {
  return (
    <section aria-labelledby="branding-heading" className="space-y-6 py-6">
      <header className="space-y-1">
        <h2 id="branding-heading" className="text-xl font-semibold">
          White-Label Branding
        </h2>
        <p className="text-ink-muted">Customize your brand appearance for all client-facing pages.</p>
      </header>
      <BrandingEditor />
    </section>
  );
}

function BrandingEditor() {
  const branding = useAgentBranding();
  if (branding.data) return <BrandingForm branding={branding.data} />;
  if (branding.isError) {
    return (
      <Card role="alert" className="space-y-3 p-6">
        <p>Your branding settings could not be loaded.</p>
        <Button type="button" variant="outline" onClick={() => void branding.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  return <LoadingSpinner label="Loading agent information..." showLabel className="min-h-64" />;
}

function BrandingForm({ branding }: { branding: AgentBranding }) {
  const { agentId } = branding;
  const ids = { company: useId(), domain: useId() };
  const [values, setValues] = useState<BrandingFormValues>(() => formValuesOf(branding));
  const [errors, setErrors] = useState<BrandingFieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const save = useSaveBranding();

  // Fresh data (a refetch, the answer to a save) makes the form clean again (spec §4).
  useEffect(() => {
    setValues(formValuesOf(branding));
    setErrors({});
    setDirty(false);
  }, [branding]);

  const change = <Field extends keyof BrandingFormValues>(field: Field, value: BrandingFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDirty(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(agentId, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(updateOf(agentId, values), {
      onSuccess: () => toast(brandingToasts.saved),
      onError: (failure) => {
        if (failure instanceof ApiRequestError) setErrors(fieldErrorsOf(failure.serverError?.issues ?? []));
        toast(brandingToasts.failed);
      },
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form noValidate onSubmit={submit} aria-label="Branding settings" className="space-y-6">
        <Card className="space-y-4 p-6">
          <h3 className="text-lg font-semibold">Company</h3>
          <Field id={ids.company} label="Company name" error={errors.companyName}>
            {(control) => (
              <TextInput
                {...control}
                required
                aria-required
                autoComplete="organization"
                value={values.companyName}
                onChange={(event) => change('companyName', event.target.value)}
              />
            )}
          </Field>
          <Field
            id={ids.domain}
            label="Custom domain (optional)"
            hint="Contact support to set up your custom domain."
            error={errors.customDomain}
          >
            {(control) => (
              <TextInput
                {...control}
                inputMode="url"
                autoComplete="off"
                placeholder="homes.yourcompany.com"
                value={values.customDomain}
                onChange={(event) => change('customDomain', event.target.value)}
              />
            )}
          </Field>
        </Card>

        <Card className="space-y-4 p-6">
          <h3 className="text-lg font-semibold">Colors</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            {BRANDING_COLOR_FIELDS.map((field) => (
              <ColorField
                key={field}
                field={field}
                value={values[field]}
                error={errors[field]}
                onChange={(value) => change(field, value)}
              />
            ))}
          </div>
        </Card>

        <Card className="space-y-4 p-6">
          <h3 className="text-lg font-semibold">Logos</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <LogoDropZone
              label="Brokerage logo"
              value={values.brokerageLogo}
              error={errors.brokerageLogo}
              onChange={(url) => change('brokerageLogo', url)}
            />
            <LogoDropZone
              label="Agent logo"
              value={values.agentLogo}
              error={errors.agentLogo}
              onChange={(url) => change('agentLogo', url)}
            />
          </div>
        </Card>

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Branding'}
          </Button>
          {/* One status line, so the hints replace each other without moving the page. */}
          <p role="status" className="min-h-5 text-sm text-ink-muted">
            {save.isPending ? 'Saving your branding settings...' : dirty ? 'You have unsaved changes' : ''}
          </p>
        </div>
      </form>
      <div className="lg:sticky lg:top-24 lg:self-start">
        <BrandPreview values={values} />
      </div>
    </div>
  );
}

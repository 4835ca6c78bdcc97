/** The dashboard's Branding tab: the White-Label Branding panel (agent spec §2). */
export function BrandingPanel() {
  return (
    <section aria-labelledby="branding-heading" className="py-6">
      <h2 id="branding-heading" className="text-xl font-semibold">
        White-Label Branding
      </h2>
      <p className="mt-2 text-ink-muted">Branding settings are on their way.</p>
    </section>
  );
}

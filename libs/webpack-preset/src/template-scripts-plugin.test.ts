import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DropTemplateScriptsPlugin } from './template-scripts-plugin.ts';
import { federatedHost } from './testing/federated-host.ts';

describe('DropTemplateScriptsPlugin', () => {
  let host: Awaited<ReturnType<typeof federatedHost>>;
  beforeAll(async () => {
    host = await federatedHost(['alpha-lib', 'zeta-lib']);
  });
  afterAll(async () => {
    await host.remove();
  });

  it("ships only scripts the page can load: none from the template's compilation, whose favicon stays", async () => {
    await host.build({ mode: 'production', plugins: [new DropTemplateScriptsPlugin()] });
    const files = await host.files();
    const main = await host.read('main.js');
    const scripts = files.filter((file) => file.endsWith('.js') && file !== 'main.js');
    expect(scripts.length).toBeGreaterThan(0);
    // Each chunk is one the entry's runtime knows by its content hash (`id:"hash"`), so it can load it.
    for (const file of scripts) expect(main).toContain(`"${/\.([0-9a-f]{8})\.js$/.exec(file)?.[1]}"`);
    expect(files.some((file) => file.endsWith('.svg'))).toBe(true);
  });
});

/// <reference lib="dom" />
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/*
 * Bundled into every front-end build (the shell and each remote) as a federation runtime plugin, so
 * it runs in each bundle's own webpack runtime before any of its modules. webpack compiles the
 * assignment below into that runtime's nonce (`__webpack_require__.nc`), which it puts on the
 * `<style>`/`<link>`/`<script>` elements it inserts and which get-nonce hands to react-remove-scroll
 * for the scroll lock of Radix dialogs. The page's CSP allows inline styles only with this nonce.
 */
declare let __webpack_nonce__: string | undefined;

/** The nonce the gateway put in this page (`<meta property="csp-nonce" nonce="…">`), if any. */
export function pageStyleNonce(page: Pick<Document, 'querySelector'> | undefined): string | undefined {
  const meta = page?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Once the CSP applies, browsers hide a nonce from getAttribute; the property keeps it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export default function cspNonceRuntimePlugin(): ModuleFederationRuntimePlugin {
  const nonce = pageStyleNonce(globalThis.document);
  if (nonce) __webpack_nonce__ = nonce;
  return { name: 'listready-csp-nonce' };
}

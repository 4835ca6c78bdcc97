import type { AtRule, ChildNode, PluginCreator } from 'postcss';

/** The cascade layer media- and container-query utilities are moved to, after `utilities`. */
export const VARIANTS_LAYER = 'variants';

const QUERIES = new Set(['media', 'container']);
const isQuery = (node: ChildNode): node is AtRule => node.type === 'atrule' && QUERIES.has(node.name);

/**
 * A utility that applies under a query (`sm:p-6`, `hover:…`, `@md:…`), as Tailwind writes it:
 * `@media (…) { .sm\:p-6 {…} }` once optimised, `.sm\:p-6 { @media (…) {…} }` (nested) in development.
 */
const underQuery = (node: ChildNode): boolean =>
  isQuery(node) || (node.type === 'rule' && node.nodes.length > 0 && node.nodes.every(isQuery));

/**
 * Tailwind puts a breakpoint's utilities (`sm:p-6`) beside the plain ones (`p-4`) in
 * `@layer utilities`, after them: in one stylesheet, source order lets `sm:p-6` win. The page has
 * several — the shell's and each remote's, added as their remotes load — and a later sheet's `p-4`
 * came after an earlier sheet's `sm:p-6` and won: the agent's dashboard lost its wider padding once
 * the seller remote's sheet had loaded. Moved to a layer of their own after `utilities` (the shell's
 * sheet, first in the page, fixes the layers' order), the query utilities of every sheet win over
 * the plain ones of every sheet, whatever order the sheets came in; within one sheet nothing changes.
 * (Pseudo-class and attribute variants need no move: their selectors already outweigh a plain class.)
 */
export const variantsLayer: PluginCreator<void> = () => ({
  postcssPlugin: 'listready-variants-layer',
  OnceExit(root, { AtRule }) {
    root.walkAtRules('layer', (layer) => {
      if (layer.params.trim() !== 'utilities' || !layer.nodes) return;
      const moved = layer.nodes.filter(underQuery);
      if (moved.length === 0) return;
      const variants = new AtRule({ name: 'layer', params: VARIANTS_LAYER });
      for (const node of moved) variants.append(node.remove());
      layer.after(variants);
    });
  },
});
variantsLayer.postcss = true;

/**
 * The visitor's prerendered pages (landing, not found) as the shell's build writes them and as
 * whoever serves them must allow them: the gateway (gateway/src/frontend), the static image's nginx
 * (deploy/static/content-security-policy.conf) and the Helm chart's (charts/listready, shellCsp).
 *
 * Such a page paints from its HTML alone. Its one script (the shell's `visitor.ts`: the visit's
 * tracking and the hand-over to the shell when a link is followed) is fetched only once the page has
 * painted: a small inline loader, allowed by its hash in the Content-Security-Policy, adds it after
 * the first contentful paint (after `load` where a browser does not report paints). Nothing the page
 * shows or does before then needs it: its links are links.
 */

/** `<meta name="listready-visitor-script" content="/visitor.<hash>.js" data-shell-scripts="…">`. */
export const VISITOR_SCRIPT_META = 'listready-visitor-script';

/**
 * On that meta, and then on the script the loader adds: the shell's entry and the chunks its page
 * preloads, then the sign-in form's code, space-separated: the visitor's script preloads them all
 * when a link is pointed at or focused, and loads the entry when the visitor follows it.
 */
export const SHELL_SCRIPTS_ATTRIBUTE = 'data-shell-scripts';

/**
 * The inline loader, exactly as it goes into the page (its hash below must stay its hash). Classic
 * script, so the added one sees itself as `document.currentScript`.
 */
export const VISITOR_LOADER =
  '(()=>{const d=document,go=()=>{' +
  `const m=d.querySelector('meta[name="${VISITOR_SCRIPT_META}"]');if(!m)return;` +
  'const s=d.createElement("script");s.src=m.content;' +
  `s.setAttribute("${SHELL_SCRIPTS_ATTRIBUTE}",m.getAttribute("${SHELL_SCRIPTS_ATTRIBUTE}")??"");` +
  'd.head.append(s)},P=window.PerformanceObserver;' +
  'if(P?.supportedEntryTypes?.includes("paint"))new P((l,o)=>{' +
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}' +
  '}).observe({type:"paint",buffered:!0});' +
  'else addEventListener("load",go)})()';

/** The Content-Security-Policy source that lets the loader run (`script-src`), and nothing else inline. */
export const VISITOR_LOADER_CSP_SOURCE = "'sha256-HLf42OsfjvhC6110PHfwCTGwgJnvBBTnPO+XbczsVX0='";

import { renderToString } from 'react-dom/server';
import { createAppQueryClient, SESSION_QUERY_KEY } from '@listready/web-client';
import { pageTitle } from '../routing/page-titles.ts';
import { resolveRoute, rootRemoteOf, ROUTE_RULES } from '../routing/route-rules.ts';
import { isAccountPage, loadAccountScreens } from '../screens/account-pages.tsx';
import { ShellApp } from '../shell-app.tsx';

/**
 * The pages a visitor without a session sees, rendered at build time from the shell's own
 * components (`shell/build/prerender-pages-plugin.ts` runs this module in Node) and hydrated in the
 * browser. Whoever serves the shell picks the file by the table below when the request carries no
 * session cookie; with one, the plain shell (`index.html`, its frame prerendered too) decides on the
 * session it asks for.
 */

export type SignedOutPage = 'landing' | 'not-found';

/** The file each page is written to, beside `index.html`. */
export const SIGNED_OUT_PAGE_FILES: Record<SignedOutPage, string> = {
  landing: 'landing.html',
  'not-found': 'not-found.html',
};

/** Where each page is rendered: a path the route rules resolve to it for a visitor. */
const RENDERED_AT: Record<SignedOutPage, string> = { landing: '/', 'not-found': '/404' };

/**
 * The account pages a visitor opens most, prerendered too: sign-in at `/auth` (what every "Sign In"
 * links to) and create-account as an agent (`/auth?role=agent`, the landing page's "Join as an
 * Agent"), as an agent's invited client (`/auth?invitation=…`, the invitation e-mail's link) or as
 * someone asked into a group (`/auth?join=…`, a group's invite link); the
 * reset request at `/forgot-password`; and the two views of `/reset-password` (the reset e-mail's
 * link): the new-password form for a link with a token, the invalid-link view without a query.
 * The invitation an agent is e-mailed (`/accept-invitation?id=…`) is here too: a visitor is asked
 * to sign in first, or told the link has lost its id (no query).
 * Unlike the pages above they need the shell's scripts to do anything (the page loads them as the
 * plain shell does and hydrates once they and the form's code are here: typing can start before).
 * Each holds for addresses of one query's shape only, as the table below says.
 */
export type SignedOutForm =
  | 'sign-in'
  | 'agent-sign-up'
  | 'invited-sign-up'
  | 'joining-sign-up'
  | 'forgot-password'
  | 'reset-link-invalid'
  | 'reset-password'
  | 'invitation-to-accept'
  | 'invitation-missing';

export const SIGNED_OUT_FORM_FILES: Record<SignedOutForm, string> = {
  'sign-in': 'auth.html',
  'agent-sign-up': 'agent-sign-up.html',
  'invited-sign-up': 'invited-sign-up.html',
  'joining-sign-up': 'joining-sign-up.html',
  'forgot-password': 'forgot-password.html',
  'reset-link-invalid': 'reset-password.html',
  'reset-password': 'reset-password-form.html',
  'invitation-to-accept': 'accept-invitation.html',
  'invitation-missing': 'accept-invitation-no-id.html',
};

/**
 * The query shapes (regular expressions on the query string without its `?`, as the gateway and
 * nginx both read them) for which a prerendered form holds. Each reads a parameter as
 * `URLSearchParams.get` does, the first of its name; a value counts when it begins with a character
 * an id or token can (ours are base64url or UUIDs: an encoded space, which the screens would trim
 * away, is not one). The screens read no more of them than that, so one page serves every link.
 */
const FIRST_ROLE_IS_AGENT = '(?:(?!role=)[^&]*&)*role=agent(?:&|$)';
/**
 * No parameter of the name at all. The screen draws an agent's sign-up or an invited client's with
 * the joining text when a group's code comes with them: no page is drawn for those mixes, so an
 * address with both is the plain shell (as is one with an empty `join=`: rare, and never wrong).
 */
const NONE_NAMED = (name: string) => `(?!(?:[^&]*&)*${name}=)`;
/** `/reset-password`: a reset token. */
export const RESET_TOKEN_QUERY = '^(?:(?!token=)[^&]*&)*token=[A-Za-z0-9_-]';
/** `/accept-invitation`: an invitation's id. */
export const INVITATION_ID_QUERY = '^(?:(?!id=)[^&]*&)*id=[A-Za-z0-9_-]';
/** `/auth`: create-account as an agent (`role=agent` wins over an invitation, as on the screen). */
export const AGENT_SIGN_UP_QUERY = `^${NONE_NAMED('join')}${FIRST_ROLE_IS_AGENT}`;
/** `/auth`: create-account as a home seller, with an agent's invitation (and no `role=agent`). */
export const INVITED_SIGN_UP_QUERY = `^${NONE_NAMED('join')}(?!${FIRST_ROLE_IS_AGENT})(?:(?!invitation=)[^&]*&)*invitation=[A-Za-z0-9_-]`;
/** `/auth`: create-account as a home seller asked into a group (its invite code; no invitation, no `role=agent`). */
export const JOINING_SIGN_UP_QUERY = `^${NONE_NAMED('invitation')}(?!${FIRST_ROLE_IS_AGENT})(?:(?!join=)[^&]*&)*join=[A-Za-z0-9]`;

/**
 * Where each form is rendered, and for which addresses it holds: without a query string, or with
 * one matching `query.pattern`, rendered at `query.example`.
 */
type FormAt = { path: string; query?: { pattern: string; example: string } };

const FORM_AT: Record<SignedOutForm, FormAt> = {
  'sign-in': { path: '/auth' },
  'agent-sign-up': { path: '/auth', query: { pattern: AGENT_SIGN_UP_QUERY, example: '?role=agent' } },
  'invited-sign-up': {
    path: '/auth',
    query: { pattern: INVITED_SIGN_UP_QUERY, example: '?invitation=prerendered' },
  },
  'joining-sign-up': {
    path: '/auth',
    query: { pattern: JOINING_SIGN_UP_QUERY, example: '?join=PRERENDERED' },
  },
  'forgot-password': { path: '/forgot-password' },
  'reset-link-invalid': { path: '/reset-password' },
  'reset-password': {
    path: '/reset-password',
    query: { pattern: RESET_TOKEN_QUERY, example: '?token=prerendered' },
  },
  'invitation-to-accept': {
    path: '/accept-invitation',
    query: { pattern: INVITATION_ID_QUERY, example: '?id=prerendered' },
  },
  'invitation-missing': { path: '/accept-invitation' },
};

export { RENDERED_PATH_ATTRIBUTE } from './rendered-path.ts';
export {
  SHELL_SCRIPTS_ATTRIBUTE,
  VISITOR_LOADER,
  VISITOR_SCRIPT_META,
} from '@listready/contracts/visitor-pages';

export interface SignedOutPagesTable {
  /** Known paths (no trailing slash) and the file a visitor gets there. */
  pages: Record<string, string>;
  /** The file for every other path: the not-found page. */
  otherwise: string;
  /**
   * Paths whose file above is the plain shell but which have a prerendered page for the address
   * without a query string (`/auth` → `auth.html`); with a query, `pages` decides.
   */
  withoutQuery: Record<string, string>;
  /**
   * The same for addresses whose query string (without its `?`) matches `query`, a regular
   * expression (`/reset-password?token=…` → `reset-password-form.html`): the first rule that both
   * matches the query and names the path decides.
   */
  withQuery: Array<{ query: string; pages: Record<string, string> }>;
}

/**
 * The route rules for a visitor, as files: the landing page, the plain shell, or not found; and the
 * prerendered forms for their bare addresses.
 */
export function signedOutPagesTable(): SignedOutPagesTable {
  const pages: Record<string, string> = {};
  for (const path of ['/', ...Object.keys(ROUTE_RULES)]) {
    const route = resolveRoute(path, { status: 'signed-out' });
    pages[path] =
      route.kind === 'shell' && route.screen === 'landing'
        ? SIGNED_OUT_PAGE_FILES.landing
        : route.kind === 'shell' && route.screen === 'not-found'
          ? SIGNED_OUT_PAGE_FILES['not-found']
          : 'index.html';
  }
  const withoutQuery: Record<string, string> = {};
  const withQuery: SignedOutPagesTable['withQuery'] = [];
  for (const [form, { path, query }] of Object.entries(FORM_AT) as Array<[SignedOutForm, FormAt]>) {
    const file = SIGNED_OUT_FORM_FILES[form];
    if (query) withQuery.push({ query: query.pattern, pages: { [path]: file } });
    else withoutQuery[path] = file;
  }
  return { pages, otherwise: SIGNED_OUT_PAGE_FILES['not-found'], withoutQuery, withQuery };
}

/** The pages whose rule grants `access`, each with the remote that renders it. */
function remotesWithAccess(access: 'signed-in' | 'agent'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ROUTE_RULES).flatMap(([path, rule]) =>
      rule.access === access && 'app' in rule.target ? [[path, rule.target.app]] : [],
    ),
  );
}

/**
 * The pages one remote renders for every signed-in user, whatever their role (`/journey` →
 * mfe-seller): the server may start loading that remote with the page.
 */
export function signedInRemotesTable(): Record<string, string> {
  return remotesWithAccess('signed-in');
}

/**
 * The pages one remote renders for an agent only (`/dashboard` → mfe-agent, and `/`, an agent's
 * dashboard): the server, which reads the role from the session token's claims as a hint (the API
 * still decides), may start loading that remote with the page for an agent.
 */
export function agentRemotesTable(): Record<string, string> {
  return { '/': rootRemoteOf('agent'), ...remotesWithAccess('agent') };
}

/**
 * The pages one remote renders for a home seller (or a household member) only: `/`, their journey
 * (an installed app opens there, and so does the address typed bare). The server preloads it for a
 * session claiming that role, as it does the agent's pages for an agent.
 */
export function clientRemotesTable(): Record<string, string> {
  return { '/': rootRemoteOf('client') };
}

/** `path` as the key of an nginx `map` on `$uri`: with or without trailing slashes, as the route rules take it. */
function nginxPathKey(path: string): string {
  if (!/^\/[a-z0-9-]*$/.test(path)) throw new Error(`Cannot write ${path} for nginx`);
  return path === '/' ? '/' : `"~^${path}/*$"`;
}

/** A regular expression as the key of an nginx `map` (case-sensitive). */
function nginxRegexKey(pattern: string): string {
  if (/["\\\s{};]/.test(pattern)) throw new Error(`Cannot write ${pattern} for nginx`);
  return `"~${pattern}"`;
}

/**
 * `map … $listready_visitor_page { … }`: the table as nginx reads it. By path, the page for any query
 * (every other path the not-found page); for a request without a query string, or with one of a
 * shape the table names, a prerendered form where the table has one.
 */
export function nginxVisitorPageMap(table: SignedOutPagesTable): string {
  const entries = (files: Record<string, string>) =>
    Object.entries(files).map(([path, file]) => `  ${nginxPathKey(path)} /${file};`);
  // One pair of maps per rule, chained: the query matches and the path is named, or the next rule.
  const queryPage = (index: number) =>
    index < table.withQuery.length
      ? `$listready_visitor_query_page_${index}`
      : '$listready_visitor_path_page';
  const queryPath = (index: number) => `$listready_visitor_query_path_${index}`;
  return [
    '# Written by the shell build (shell/src/prerender/signed-out-pages.tsx) from the route rules: the page',
    '# a request without a session cookie gets at each path (deploy/static/shell.nginx.conf).',
    'map $uri $listready_visitor_path_page {',
    `  default /${table.otherwise};`,
    ...entries(table.pages),
    '}',
    '# The same without a query string: a prerendered form where there is one.',
    'map $uri $listready_visitor_bare_page {',
    '  default $listready_visitor_path_page;',
    ...entries(table.withoutQuery),
    '}',
    ...table.withQuery.flatMap(({ query, pages }, index) => [
      `# With a query string matching ${query}: a prerendered form where the rule names the path.`,
      `map $args ${queryPage(index)} {`,
      `  ${nginxRegexKey(query)} ${queryPath(index)};`,
      `  default ${queryPage(index + 1)};`,
      '}',
      `map $uri ${queryPath(index)} {`,
      `  default ${queryPage(index + 1)};`,
      ...entries(pages),
      '}',
    ]),
    'map $args $listready_visitor_page {',
    '  "" $listready_visitor_bare_page;',
    `  default ${queryPage(0)};`,
    '}',
    '',
  ].join('\n');
}

export interface RenderedPage {
  /** The root's inner HTML. */
  markup: string;
  renderedPath: string;
  /** The page's `<title>` (the not-found page's is its own; it is not hydrated until a link is followed). */
  title: string;
  /**
   * Whether it is drawn with the account screens' code, which the browser then waits for before
   * hydrating it, and which the page preloads: an account form; not the invitation's pages.
   */
  accountScreens: boolean;
}

/**
 * `<ShellApp>` as its first render draws it at `renderedPath` (and `renderedSearch`), the session
 * signed out (known) or still being asked (unknown).
 */
function renderShell(renderedPath: string, session: 'signed-out' | 'asked', renderedSearch = ''): string {
  const queryClient = createAppQueryClient();
  if (session === 'signed-out') queryClient.setQueryData(SESSION_QUERY_KEY, null);
  const markup = renderToString(
    <ShellApp queryClient={queryClient} renderedPath={renderedPath} renderedSearch={renderedSearch} />,
  );
  queryClient.clear();
  return markup;
}

/** Where the plain shell's first paint is rendered: a page whose content waits for the session. */
const SESSION_DECIDES_AT = '/journey';

/**
 * The plain shell page's first paint (`index.html`: what a request with a session cookie gets, and a
 * visitor at one of the shell's forms): the frame while the session is asked — header, spinner,
 * footer — so the page paints with its HTML instead of after the shell's scripts. The browser
 * renders over it instead of hydrating: by its first render it may already know the session.
 */
export function renderShellWhileSessionLoads(): string {
  return renderShell(SESSION_DECIDES_AT, 'asked');
}

/**
 * A form as a visitor's browser first renders it at its bare address, signed out: an account form
 * once the account screens' code is here (as the browser waits for it before hydrating).
 */
export async function renderSignedOutForm(form: SignedOutForm): Promise<RenderedPage> {
  const { path, query } = FORM_AT[form];
  if (isAccountPage(path)) await loadAccountScreens();
  return renderSignedOutAt(path, query?.example);
}

/** One page as a visitor's browser first renders it: signed out (the session is known, not asked). */
export function renderSignedOutPage(page: SignedOutPage): RenderedPage {
  return renderSignedOutAt(RENDERED_AT[page]);
}

function renderSignedOutAt(renderedPath: string, renderedSearch = ''): RenderedPage {
  return {
    markup: renderShell(renderedPath, 'signed-out', renderedSearch),
    renderedPath,
    title: pageTitle(renderedPath, resolveRoute(renderedPath, { status: 'signed-out' })),
    accountScreens: isAccountPage(renderedPath),
  };
}

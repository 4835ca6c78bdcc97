import { ANALYTICS_LIMITS, type UsagePageProperties } from '@listready/contracts/analytics-limits';
import type { UsageProperties } from './usage-tracker.ts';

/**
 * What the tracker records about the page and the elements people use — never a field's value or a
 * password: clicks name the element and its visible label, forms their id and size.
 */

/** The page properties of every event (spec §3). Query and fragment are left out: they can hold
 * reset tokens and invitation ids. */
export function pageProperties(view: Window): UsagePageProperties {
  return {
    url: `${view.location.origin}${view.location.pathname}`,
    userAgent: view.navigator.userAgent,
    screenSize: `${view.screen.width}x${view.screen.height}`,
    viewportSize: `${view.innerWidth}x${view.innerHeight}`,
  };
}

/** Elements a click is about; a click inside one (an icon in a button) counts as on it. */
const CLICKABLE =
  'a[href],button,summary,label,select,textarea,input,[role="button"],[role="link"],[role="tab"],[role="menuitem"],[role="checkbox"],[role="switch"],[role="option"]';
/** Where a value can be typed: their text is the value, never recorded. */
const FIELD = 'input,textarea,select,[contenteditable=""],[contenteditable="true"]';

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** At most 100 characters (spec §9). */
export const clipText = (text: string) => squeeze(text).slice(0, ANALYTICS_LIMITS.clickTextMaxLength);

/** A click's properties: the element, its label (cut to 100 characters), id, role, a link's path. */
export function describeClick(target: EventTarget | null): UsageProperties | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest(CLICKABLE) ?? target;
  const properties: UsageProperties = { element: element.tagName.toLowerCase() };
  if (element.id) properties.elementId = element.id;
  const role = element.getAttribute('role');
  if (role) properties.role = role;
  if (element instanceof HTMLInputElement) properties.inputType = element.type;
  const isField = element.matches(FIELD) || element.closest('[contenteditable="true"]') !== null;
  if (!isField) {
    const text = clipText(element.getAttribute('aria-label') ?? element.textContent ?? '');
    if (text) properties.text = text;
  }
  if (element instanceof HTMLAnchorElement) {
    const href = new URL(element.href, element.ownerDocument.location.href);
    properties.href = href.origin === element.ownerDocument.location.origin ? href.pathname : href.origin;
  }
  return properties;
}

/** A form's properties: its id or name, where it goes (path only) and how many fields it has. */
export function describeSubmit(target: EventTarget | null): UsageProperties | null {
  if (!(target instanceof HTMLFormElement)) return null;
  const properties: UsageProperties = { fieldCount: target.elements.length };
  const name = target.id || target.getAttribute('name') || target.getAttribute('aria-label');
  if (name) properties.formId = clipText(name);
  const action = target.getAttribute('action');
  if (action) properties.action = new URL(action, target.ownerDocument.location.href).pathname;
  return properties;
}

/** An uncaught error's properties (spec §3: error, context, stack), the stack cut to 2,000 characters. */
export function describeError(error: unknown, context: string): UsageProperties {
  const message = error instanceof Error ? error.message : String(error);
  const properties: UsageProperties = { error: message.slice(0, 500), context };
  if (error instanceof Error && error.stack)
    properties.stack = error.stack.slice(0, ANALYTICS_LIMITS.stackMaxLength);
  return properties;
}

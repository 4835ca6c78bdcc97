/**
 * The browser and system a sign-in came from, in words a person recognises on a list of their
 * devices ("Chrome on Android", "Safari on iPhone"), from the User-Agent its request sent. Only
 * what is there to read: a browser we cannot name is "A browser", an unknown system is left out.
 * Order matters: Edge, Opera and Samsung Internet also say Chrome, and Chrome also says Safari.
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\/\w+$/, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: readonly (readonly [RegExp, string])[]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function deviceName(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS) ?? 'A browser';
  const system = firstMatch(agent, SYSTEMS);
  return system ? `${browser} on ${system}` : browser;
}

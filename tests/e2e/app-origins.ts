// The origins of the app servers a browser test talks to besides the shared one: a spec's private
// server (mail-server.ts) registers its origin here, so navigations to it wait for hydration as
// navigations to the shared server do (fixtures.ts). Without this, a click right after such a
// navigation could land on server HTML React had not hydrated yet, and be lost.
const origins = new Set<string>();

export function addAppOrigin(url: string): void {
  origins.add(new URL(url).origin);
}

export function removeAppOrigin(url: string): void {
  origins.delete(new URL(url).origin);
}

/** Whether `url` is a page of one of the app's servers: the shared one at `baseURL` (any, when there is none), or a registered one. */
export function isAppPage(url: string, baseURL: string | undefined): boolean {
  const origin = new URL(url).origin;
  return baseURL === undefined || origin === new URL(baseURL).origin || origins.has(origin);
}

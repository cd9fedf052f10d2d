// Server actions read the session from next/headers, which only exists inside a Next request.
// Tests declare `vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock)`
// and set `requestHeaders.current`
// to the headers (cookie) of the caller they play. Only the framework's request accessor is
// replaced: sessions, roles and the database stay real.
export const requestHeaders: { current: Headers } = { current: new Headers() };

/** Cookies an action set through cookies().set (better-auth's nextCookies), in order; tests that play a browser read them. */
export const cookiesSet: { name: string; value: string; maxAge?: number }[] = [];

export const nextHeadersMock = {
  headers: async () => requestHeaders.current,
  cookies: async () => ({
    get: () => undefined,
    getAll: () => [],
    has: () => false,
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      cookiesSet.push({ name, value, maxAge: options?.maxAge });
    },
    delete: () => {},
  }),
};

// Pages call connection() and actions call after(), which also need a Next request. The matrix
// replaces just these two: connection() resolves at once, after() runs its task right away and
// the test awaits it (settleAfterTasks) so nothing runs past the test that caused it.
const afterTasks: Promise<unknown>[] = [];

/** When set, after() hands its task here instead (a test that decides when deferred work runs). */
export const afterHook: { current: ((task: () => Promise<void>) => void) | null } = { current: null };

export async function nextServerMock(importOriginal: () => Promise<Record<string, unknown>>) {
  return {
    ...(await importOriginal()),
    connection: async () => undefined,
    after: (task: Promise<unknown> | (() => unknown)) => {
      if (afterHook.current && typeof task === "function") return afterHook.current(task as () => Promise<void>);
      afterTasks.push(Promise.resolve().then(() => (typeof task === "function" ? task() : task)));
    },
  };
}

export async function settleAfterTasks(): Promise<void> {
  await Promise.all(afterTasks.splice(0));
}

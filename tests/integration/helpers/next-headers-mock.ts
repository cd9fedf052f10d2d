// Server actions read the session from next/headers, which only exists inside a Next request.
// Tests declare `vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock)`
// and set `requestHeaders.current`
// to the headers (cookie) of the caller they play. Only the framework's request accessor is
// replaced: sessions, roles and the database stay real.
export const requestHeaders: { current: Headers } = { current: new Headers() };

export const nextHeadersMock = {
  headers: async () => requestHeaders.current,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => {}, delete: () => {} }),
};

import "server-only";

/**
 * A low slice's ports: what it reads of the slices above it, which they fill and the app hands over
 * at start (src/identity-ports.ts, from src/instrumentation.ts; the integration tests' setup). The
 * loader sits on globalThis because Next bundles the start-up hook apart from the routes, each with
 * its own copy of this module; it is a loader so a test's module mocks are in place before the
 * slices behind it load.
 */
export function definePorts<T>(owner: string): { provide: (load: () => Promise<T>) => void; get: () => Promise<T> } {
  const key = `__ports:${owner}`;
  const g = globalThis as unknown as Record<string, (() => Promise<T>) | undefined>;
  let loaded: Promise<T> | undefined;
  return {
    provide(load) {
      g[key] = load;
      loaded = undefined;
    },
    get() {
      const load = g[key];
      // A start that skipped the wiring: say where it is, not "undefined is not a function".
      if (!load) throw new Error(`${owner}'s ports were not provided (src/identity-ports.ts)`);
      loaded ??= load();
      return loaded;
    },
  };
}

import { customType } from "drizzle-orm/pg-core";

// A text column kept sealed at rest (AES-256-GCM, src/server/core/sealed-secret.ts) but read and
// written in the clear by whoever queries it, better-auth's adapter included: the SSO plugin stores
// an identity provider's client secret inside its configuration and reads it back itself.
// Schema files cannot import server-only code (drizzle-kit loads them), so the server installs the
// sealer when sealed-secret.ts is first loaded; a query before that fails rather than store plain text.

type Sealer = { seal(plain: string, purpose: string): string; open(stored: string, purpose: string): string };
const SEALER = Symbol.for("sentinel.columnSealer");

export function installColumnSealer(sealer: Sealer): void {
  (globalThis as Record<symbol, Sealer | undefined>)[SEALER] = sealer;
}

function sealer(): Sealer {
  const installed = (globalThis as Record<symbol, Sealer | undefined>)[SEALER];
  if (!installed) throw new Error("Sealed columns are used before the server installed its sealer.");
  return installed;
}

/** `text`, sealed under a key of its own `purpose`. */
export const sealedText = (name: string, purpose: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => sealer().seal(value, purpose),
    fromDriver: (value) => sealer().open(value, purpose),
  })(name);

"use client";
// Before Scalar's code: its schemas are zod's, whose eval probe our CSP (no 'unsafe-eval') reports.
import "@/lib/validation/zod-config";
import "@scalar/api-reference-react/style.css";
import dynamic from "next/dynamic";
import { useState } from "react";

// The OpenAPI document in Scalar's viewer (docs/PRODUCT.md#api-and-webhooks): operations, schemas,
// code samples and a request client. Loaded in the browser only (it mounts a Vue app into a div),
// as a chunk of its own, so no other screen carries it. Under the page's CSP: its script comes
// through Next's nonced chunks ('strict-dynamic'), it fetches only the document, same origin, and
// its styles are the stylesheet above plus the theme below (style-src allows inline styles).
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  // Scalar renders the page's <main> landmark (its own); until it does, this one stands in.
  loading: () => (
    <main aria-busy="true" className="p-4 text-sm text-muted">
      Loading the reference…
    </main>
  ),
});

/**
 * Scalar's variables mapped onto our palette (src/app/globals.css), so the viewer wears our dark
 * theme (and the light one, whose palette redefines the same variables).
 */
const THEME_CSS = `
.light-mode, .dark-mode {
  --scalar-background-1: var(--color-background);
  --scalar-background-2: var(--color-surface);
  --scalar-background-3: var(--color-surface-2);
  --scalar-background-accent: color-mix(in srgb, var(--color-accent), transparent 88%);
  --scalar-color-1: var(--color-foreground);
  --scalar-color-2: var(--color-muted);
  --scalar-color-3: var(--color-muted);
  --scalar-color-accent: var(--color-accent);
  --scalar-border-color: var(--color-border);
  --scalar-link-color: var(--color-accent);
  --scalar-link-color-hover: var(--color-accent-strong);
  --scalar-font: var(--font-sans);
  --scalar-font-code: var(--font-mono);
}
`;

export function ApiViewer({ documentUrl }: { documentUrl: string }) {
  // Scalar's own accents (methods, buttons) are tuned per mode: take the one our theme is in
  // (src/lib/theme.ts); the viewer itself renders in the browser only, so no markup depends on it.
  const [mode] = useState<"dark" | "light">(() =>
    typeof document !== "undefined" && document.documentElement.dataset.theme === "light" ? "light" : "dark",
  );
  return (
    <ApiReferenceReact
      configuration={{
        url: documentUrl,
        theme: "default",
        customCss: THEME_CSS,
        forceDarkModeState: mode,
        hideDarkModeToggle: true,
        // Fonts would come from Scalar's servers, which our CSP (font-src 'self') refuses.
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: "never",
        documentDownloadType: "json",
      }}
    />
  );
}

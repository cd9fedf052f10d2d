"use client";

import Link from "next/link";
import { useEffect } from "react";

export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted">An unexpected error occurred. Please try again.</p>
      {error.digest ? <p className="font-mono text-xs text-muted">Reference: {error.digest}</p> : null}
      <div className="flex gap-3">
        <button
          type="button"
          onClick={reset}
          className="rounded-md bg-accent-strong px-4 py-2 font-semibold text-slate-950 hover:bg-accent"
        >
          Try again
        </button>
        <Link href="/" className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
          Back to Home
        </Link>
      </div>
    </main>
  );
}

"use client";

export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en" className="dark">
      <body style={{ background: "#020617", color: "#e2e8f0", fontFamily: "system-ui, sans-serif" }}>
        <main role="alert" style={{ minHeight: "100vh", display: "grid", placeItems: "center", textAlign: "center" }}>
          <div>
            <h1>Something went wrong</h1>
            <button type="button" onClick={reset}>
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}

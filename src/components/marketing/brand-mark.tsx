/** The shield logo, inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <path d="M16 2 4 6.5v8.3c0 7.4 5.1 13.6 12 15.2 6.9-1.6 12-7.8 12-15.2V6.5L16 2Z" fill="#0e7490" />
      <path d="M16 5.2 7 8.6v6.2c0 5.7 3.8 10.6 9 12 5.2-1.4 9-6.3 9-12V8.6l-9-3.4Z" fill="#020617" />
      <path d="m11.5 16 3.2 3.2 6-6.4" fill="none" stroke="#22d3ee" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

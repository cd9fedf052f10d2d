/**
 * An e-mail address that wraps where a reader expects: after its "@" (then at any point only if a
 * part alone is wider than the line). `overflow-wrap: anywhere` keeps a squeezed table able to
 * narrow the column; the `<wbr>` makes the "@" the first place it breaks, not the middle of a word.
 * The whole address is its title, for a cell that cuts it.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span title={email} className={`[overflow-wrap:anywhere] ${className ?? ""}`.trim()}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

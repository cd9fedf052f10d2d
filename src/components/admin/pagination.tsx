import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** "Showing a–b of n" with previous/next links that keep the list's other query parameters. */
export function Pagination({
  basePath,
  params,
  page,
  pageSize,
  total,
  noun,
}: {
  basePath: string;
  params: Record<string, string | undefined>;
  page: number;
  pageSize: number;
  total: number;
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const href = (target: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    if (target > 1) query.set("page", String(target));
    const search = query.toString();
    return search ? `${basePath}?${search}` : basePath;
  };
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>
        Showing {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {noun}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link href={href(page - 1)} className={buttonClasses("secondary", "sm")} rel="prev">
              Previous
            </Link>
          ) : null}
          <span>
            Page {page} of {pages.toLocaleString("en-US")}
          </span>
          {page < pages ? (
            <Link href={href(page + 1)} className={buttonClasses("secondary", "sm")} rel="next">
              Next
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}

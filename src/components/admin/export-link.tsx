import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";

/**
 * A CSV download of a list with its current filters (docs/PRODUCT.md#csv-exports): a plain link,
 * so the browser streams the file to disk without any script.
 */
export function ExportLink({
  path,
  filters,
  label,
  name,
}: {
  path: string;
  filters: Record<string, string | undefined>;
  label: string;
  name: string;
}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && value !== "all") query.set(key, value);
  const search = query.toString();
  return (
    <a
      href={search ? `${path}?${search}` : path}
      download
      className={buttonClasses("secondary")}
      aria-label={`${label} (CSV of the ${name} shown)`}
    >
      <Download className="h-4 w-4" aria-hidden />
      {label}
    </a>
  );
}

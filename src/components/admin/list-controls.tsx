"use client";

import { Loader2, Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Input, Select } from "@/components/ui/field";
import { Options } from "@/components/ui/options";
import { useChange } from "@/components/ui/use-change";

/**
 * Search box and optional status filter of a server-paginated list: they write `q` and `status`
 * into the URL (resetting the page), and the server page re-queries.
 */
export function ListControls({
  searchLabel,
  placeholder,
  statusOptions,
  loadingLabel,
}: {
  searchLabel: string;
  placeholder: string;
  statusOptions?: { value: string; label: string }[];
  loadingLabel: string;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const { isBusy, run } = useChange<"filter">(() => {});
  const pending = isBusy;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const navigate = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value && value !== "all") next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    const search = next.toString();
    // Nothing to send: the new address is the change, loading until the server's page for it is there.
    run("filter", async () => ({ success: true, data: null }), {
      done: () => router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false }),
      refresh: false,
    });
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={placeholder}
          value={query}
          className="pl-9"
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => navigate({ q: value.trim() }), 300);
          }}
        />
      </div>
      {statusOptions ? (
        <Select
          aria-label="Filter by status"
          className="sm:w-48"
          value={params.get("status") ?? "all"}
          onChange={(event) => navigate({ status: event.target.value })}
        >
          <Options items={statusOptions} value={(option) => option.value} label={(option) => option.label} />
        </Select>
      ) : null}
      <span role="status" aria-live="polite" className="flex min-w-32 items-center gap-2 text-sm text-muted">
        {pending ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {loadingLabel}
          </>
        ) : null}
      </span>
    </div>
  );
}

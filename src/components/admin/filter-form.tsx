import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";

export type FilterField =
  | { kind: "select"; name: string; label: string; value: string; options: { value: string; label: string }[] }
  | { kind: "date"; name: string; label: string; value: string }
  | { kind: "search"; name: string; label: string; value: string; placeholder: string };

/**
 * A list's filters as a plain GET form (works before the page's script loads; the address holds
 * the filters, so a filtered list can be linked). Apply submits, Clear goes back to `basePath`.
 */
export function FilterForm({ basePath, fields, extra }: { basePath: string; fields: FilterField[]; extra?: ReactNode }) {
  return (
    <form method="get" action={basePath} className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filters">
      {fields.map((field) => (
        <label key={field.name} className="flex min-w-0 flex-1 basis-40 flex-col gap-1 text-xs text-muted">
          {field.label}
          {field.kind === "select" ? (
            <Select name={field.name} defaultValue={field.value}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          ) : field.kind === "date" ? (
            <Input type="date" name={field.name} defaultValue={field.value} />
          ) : (
            <Input type="search" name={field.name} defaultValue={field.value} placeholder={field.placeholder} />
          )}
        </label>
      ))}
      {extra}
      <div className="flex gap-2">
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Apply
        </button>
        <a href={basePath} className={buttonClasses("secondary", "sm")}>
          Clear
        </a>
      </div>
    </form>
  );
}

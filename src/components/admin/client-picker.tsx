"use client";

import { Check, ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/cn";

export type ClientChoice = { id: string; company: string };

/** At most this many matches are in the list at once: typing narrows it, whatever the number of clients. */
export const MAX_SHOWN = 50;

type Option = { id: string; label: string };

/** Matches by company, case-insensitive: names starting with the text first, then words starting with it, then the rest. */
export function matchClients(clients: readonly ClientChoice[], query: string): ClientChoice[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...clients];
  const ranked: ClientChoice[][] = [[], [], []];
  for (const client of clients) {
    const name = client.company.toLowerCase();
    const at = name.indexOf(needle);
    if (at < 0) continue;
    ranked[at === 0 ? 0 : /[\s\-&.(/]/.test(name[at - 1]!) ? 1 : 2]!.push(client);
  }
  return ranked.flat();
}

/**
 * What the list offers for the text typed: at most MAX_SHOWN matching clients (the "no client"
 * option first while nothing is typed), and how many match in all.
 */
export function pickerOptions(
  clients: readonly ClientChoice[],
  typed: string | null,
  emptyLabel?: string,
): { options: Option[]; count: number } {
  const matches = matchClients(clients, typed ?? "");
  const shown = matches.slice(0, MAX_SHOWN).map((c) => ({ id: c.id, label: c.company }));
  return { options: emptyLabel !== undefined && !typed?.trim() ? [{ id: "", label: emptyLabel }, ...shown] : shown, count: matches.length };
}

/**
 * The admin's one client picker (docs/PRODUCT.md#admin-frame-and-navigation): a text box with a
 * list of matching clients, the WAI-ARIA combobox pattern. Typing filters the clients already on
 * the page; Arrow keys move through the matches, Enter picks, Escape closes and keeps the choice.
 * `name` adds a hidden input for forms read as a whole; `emptyLabel` offers "no client" as the
 * first option (a filter's "All clients").
 */
export function ClientPicker({
  id,
  clients,
  value: controlled,
  defaultValue = "",
  onChange,
  name,
  emptyLabel,
  placeholder = "Type to search clients",
  disabled,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  clients: readonly ClientChoice[];
  value?: string;
  defaultValue?: string;
  onChange?: (clientId: string) => void;
  name?: string;
  emptyLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const labelOf = (clientId: string) => (clientId ? (clients.find((c) => c.id === clientId)?.company ?? "") : (emptyLabel ?? ""));
  const chosenLabel = labelOf(value);
  // What the box shows while the person types; null shows the chosen client.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);

  const { options, count } = useMemo(() => pickerOptions(clients, typed, emptyLabel), [clients, typed, emptyLabel]);
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (open) list.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView({ block: "nearest" });
    // optionId only depends on listId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  const choose = (option: Option) => {
    if (controlled === undefined) setOwn(option.id);
    onChange?.(option.id);
    setTyped(null);
    setOpen(false);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, options.length - 1)));
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const current = options.findIndex((o) => o.id === value);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) openAt(Math.max(0, current));
      else if (!event.altKey) setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) openAt(Math.max(0, current));
      else setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open) {
      // Enter picks; with the list closed it submits the form as usual.
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  const listShown = open && options.length > 0;
  // Heard after each keystroke; the list's own note below says the same to the eye.
  const heard = !open
    ? ""
    : count === 0
      ? "No matching clients"
      : `${count} matching client${count === 1 ? "" : "s"}${count > MAX_SHOWN ? `, the first ${MAX_SHOWN} listed` : ""}`;
  const note =
    count === 0
      ? `No client matches "${typed?.trim()}"`
      : count > MAX_SHOWN
        ? `Showing ${MAX_SHOWN} of ${count} matching clients. Type more to narrow the list.`
        : null;

  return (
    <div className={cn("relative", className)}>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={listShown}
        // The note "No client matches" may show with no list to expand: Escape still closes it (Dialog reads this).
        data-open={open ? "true" : undefined}
        aria-controls={listShown ? listId : undefined}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        disabled={disabled}
        value={typed ?? chosenLabel}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          const text = event.target.value;
          // Typing after the chosen client's name (the caret put there by a click) starts a new search.
          setTyped(typed === null && chosenLabel && text.startsWith(chosenLabel) ? text.slice(chosenLabel.length) : text);
          setOpen(true);
          setActive(0);
        }}
        onClick={() =>
          open
            ? undefined
            : openAt(
                Math.max(
                  0,
                  options.findIndex((o) => o.id === value),
                ),
              )
        }
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A name typed out in full counts as picking it.
          const exact = typed?.trim() ? clients.find((c) => c.company.toLowerCase() === typed.trim().toLowerCase()) : undefined;
          if (exact && exact.id !== value) choose({ id: exact.id, label: exact.company });
          else close();
        }}
        className="h-10 w-full rounded-md border border-slate-700 bg-slate-900 py-2 pl-3 pr-9 text-sm text-foreground placeholder:text-slate-500 focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent disabled:opacity-60 aria-[invalid=true]:border-red-500"
      />
      <ChevronDown className="pointer-events-none absolute right-3 top-3 h-4 w-4 text-muted" aria-hidden />
      <p className="sr-only" aria-live="polite">
        {heard}
      </p>
      {open ? (
        <div className="absolute left-0 right-0 z-30 mt-1 rounded-md border border-slate-700 bg-slate-900 shadow-xl">
          {listShown ? (
            <ul ref={list} id={listId} role="listbox" aria-label="Clients" className="max-h-64 overflow-y-auto py-1">
              {options.map((option, index) => (
                <li
                  key={option.id || "none"}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the box, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(option)}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
                    index === active ? "bg-surface-2 text-foreground" : "text-slate-200",
                  )}
                >
                  <Check className={cn("h-4 w-4 shrink-0 text-accent", option.id === value ? "visible" : "invisible")} aria-hidden />
                  <span className="truncate">{option.label}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {note ? (
            <p aria-hidden className="border-t border-slate-800 px-3 py-2 text-xs text-muted">
              {note}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

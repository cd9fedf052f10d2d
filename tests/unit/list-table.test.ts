// The admin lists' one table: what assistive technology and a phone rely on, and its empty states.
import { Inbox } from "lucide-react";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, type ListEmptyTexts, ListTable } from "@/components/admin/list-table";

type Row = { id: string; name: string; cents: number };
const COLUMNS: Column<Row>[] = [
  { header: "Name", cell: (row) => row.name },
  { header: "Amount", align: "right", cell: (row) => `$${row.cents / 100}` },
  { header: "Actions", hideHeader: true, cell: (row) => createElement("button", { type: "button" }, `Edit ${row.name}`) },
];
const EMPTY: ListEmptyTexts = {
  icon: Inbox,
  whenFiltered: { title: "No things match", hint: "Try another search" },
  whenNone: { title: "No things yet" },
};

function render(rows: Row[], { filtered = false, emptyInstead }: { filtered?: boolean; emptyInstead?: ReactNode } = {}) {
  return renderToStaticMarkup(
    createElement(ListTable<Row>, { caption: "Things", columns: COLUMNS, rows, filtered, empty: EMPTY, emptyInstead }),
  );
}

describe("ListTable", () => {
  it("renders a captioned table whose first cell heads each row", () => {
    const html = render([
      { id: "a", name: "Alpha", cents: 1250 },
      { id: "b", name: "Beta", cents: 99 },
    ]);
    expect(html).toContain('<caption class="sr-only">Things</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html.match(/<th scope="row"[^>]*>(Alpha|Beta)<\/th>/g)).toHaveLength(2);
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html).toContain("$12.5");
    expect(html).not.toContain("No things");
  });

  it("scrolls inside a named, focusable, positioned region so the page never scrolls sideways", () => {
    const html = render([{ id: "a", name: "Alpha", cents: 1 }]);
    const region = /<div role="region" aria-label="Things" tabindex="0" class="([^"]*)"/.exec(html);
    expect(region).not.toBeNull();
    for (const name of ["relative", "max-w-full", "overflow-x-auto"]) expect(region![1]!.split(" ")).toContain(name);
  });

  it("shows the empty state instead of an empty table: nothing yet, or nothing matching the filters", () => {
    const none = render([]);
    expect(none).not.toContain("<table");
    expect(none).toContain("No things yet");
    expect(none).not.toContain("No things match");

    const filtered = render([], { filtered: true });
    expect(filtered).toContain("No things match");
    expect(filtered).toContain("Try another search");
    expect(filtered).not.toContain("No things yet");
  });

  it("shows what the page gives in place of the empty texts (a page past the last one)", () => {
    expect(render([], { emptyInstead: createElement("p", null, "Back to the first page") })).toBe("<p>Back to the first page</p>");
  });
});

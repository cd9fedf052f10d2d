// The admin lists' shared table: what assistive technology and a phone rely on.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable } from "@/components/admin/data-table";

type Row = { id: string; name: string; cents: number };
const COLUMNS: Column<Row>[] = [
  { header: "Name", cell: (row) => row.name },
  { header: "Amount", align: "right", cell: (row) => `$${row.cents / 100}` },
  { header: "Actions", hideHeader: true, cell: (row) => createElement("button", { type: "button" }, `Edit ${row.name}`) },
];

function render(rows: Row[]) {
  return renderToStaticMarkup(
    createElement(DataTable<Row>, { caption: "Things", columns: COLUMNS, rows, rowKey: (row) => row.id, empty: createElement("p", null, "Nothing yet") }),
  );
}

describe("DataTable", () => {
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
    expect(html).not.toContain("Nothing yet");
  });

  it("scrolls inside a named, focusable, positioned region so the page never scrolls sideways", () => {
    const html = render([{ id: "a", name: "Alpha", cents: 1 }]);
    const region = /<div role="region" aria-label="Things" tabindex="0" class="([^"]*)"/.exec(html);
    expect(region).not.toBeNull();
    for (const name of ["relative", "max-w-full", "overflow-x-auto"]) expect(region![1]!.split(" ")).toContain(name);
  });

  it("shows the empty state instead of an empty table", () => {
    const html = render([]);
    expect(html).toBe("<p>Nothing yet</p>");
  });
});

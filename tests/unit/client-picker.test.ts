// The client picker's matching: by company, case-insensitive, names that start with the text
// first; with 1,000 clients the list never holds more than MAX_SHOWN options, and says how many match.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientPicker, type ClientChoice, matchClients, MAX_SHOWN, pickerOptions } from "@/components/admin/client-picker";

const thousand: ClientChoice[] = Array.from({ length: 1000 }, (_, i) => ({
  id: `c${i}`,
  company: `Company ${String(i).padStart(4, "0")}`,
}));

describe("matching", () => {
  it("finds a client from three letters anywhere in its name, ignoring case, starts of names first, then starts of words", () => {
    const clients = [
      { id: "1", company: "Globex Systems" },
      { id: "2", company: "Acme Robotics" },
      { id: "3", company: "Robotic Arms Ltd" },
      { id: "4", company: "Microbots" },
    ];
    expect(matchClients(clients, "rob").map((c) => c.company)).toEqual(["Robotic Arms Ltd", "Acme Robotics", "Microbots"]);
    expect(matchClients(clients, "  GLO ").map((c) => c.id)).toEqual(["1"]);
    expect(matchClients(clients, "zzz")).toEqual([]);
    expect(matchClients(clients, "")).toHaveLength(4);
  });
});

describe("with 1,000 clients", () => {
  it("offers at most MAX_SHOWN options and counts every match", () => {
    const all = pickerOptions(thousand, null);
    expect(all.count).toBe(1000);
    expect(all.options).toHaveLength(MAX_SHOWN);
    const narrowed = pickerOptions(thousand, "company 09");
    expect(narrowed.count).toBe(100);
    expect(narrowed.options).toHaveLength(MAX_SHOWN);
    expect(pickerOptions(thousand, "0999").options).toEqual([{ id: "c999", label: "Company 0999" }]);
  });

  it("puts the 'no client' option first while nothing is typed, and drops it once something is", () => {
    expect(pickerOptions(thousand, "", "All clients").options[0]).toEqual({ id: "", label: "All clients" });
    expect(pickerOptions(thousand, "", "All clients").options).toHaveLength(MAX_SHOWN + 1);
    expect(pickerOptions(thousand, "0999", "All clients").options).toEqual([{ id: "c999", label: "Company 0999" }]);
  });
});

describe("markup", () => {
  it("is a labelled-by-its-label combobox showing the chosen client, closed, with the value in a hidden input for forms", () => {
    const html = renderToStaticMarkup(createElement(ClientPicker, { id: "pick", clients: thousand, defaultValue: "c7", name: "clientId" }));
    expect(html).toContain('role="combobox"');
    expect(html).toContain('id="pick"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-autocomplete="list"');
    expect(html).toContain('value="Company 0007"');
    expect(html).toContain('<input type="hidden" name="clientId" value="c7"/>');
    // Closed: no option is rendered, whatever the number of clients.
    expect(html).not.toContain('role="option"');
  });
});

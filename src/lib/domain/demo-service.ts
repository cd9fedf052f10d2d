// What a connection to one of the demo services is (docs/PRODUCT.md#demo-services): served by a
// demo service `npm start` runs ("Demo service"), or a demo connection whose service is not running
// ("Not connected (demo data)", never Connected or Failing). null: a real connection.
export type DemoMark = "service" | "absent" | null;

export const DEMO_MARK_LABELS: Record<Exclude<DemoMark, null>, string> = {
  service: "Demo service",
  absent: "Not connected (demo data)",
};

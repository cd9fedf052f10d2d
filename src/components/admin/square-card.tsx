import { Card } from "@/components/ui/card";

// Stub: replaced by the Square issue (connection status, connect, sync).
export function SquareCard() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Square Payments</h2>
      <p className="mt-2 text-sm text-muted">The payment-provider integration is not configured.</p>
    </Card>
  );
}

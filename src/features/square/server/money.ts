import "server-only";

// Square money amounts arrive from the SDK as BigInt (minor units: cents for USD). Our columns hold
// integer cents as JS numbers, exact up to 2^53: anything outside that (or negative) is refused
// rather than rounded.

export class MoneyRangeError extends Error {
  constructor(value: bigint | number) {
    super(`Money amount ${String(value)} is out of range.`);
    this.name = "MoneyRangeError";
  }
}

export function moneyToCents(money: { amount?: bigint | number | null } | null | undefined): number {
  const amount = money?.amount;
  if (amount === null || amount === undefined) return 0;
  if (typeof amount === "bigint") {
    if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyRangeError(amount);
    return Number(amount);
  }
  if (!Number.isSafeInteger(amount) || amount < 0) throw new MoneyRangeError(amount);
  return amount;
}

/** Money that may be absent: null instead of 0. */
export function optionalMoneyToCents(money: { amount?: bigint | number | null } | null | undefined): number | null {
  return money?.amount === null || money?.amount === undefined ? null : moneyToCents(money);
}

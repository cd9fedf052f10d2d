/** How many months the money charts span, this one included: the queries and the charts' texts agree on it. */
export const CHART_MONTHS = 12;

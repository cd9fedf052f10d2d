/**
 * How the person a signed download link was made for stands now: "firm" (an admin), "client" (still
 * may), else refused. clients' `holderStanding` computes it; audit records it with each fetch.
 */
export type HolderStanding = "firm" | "client" | null;

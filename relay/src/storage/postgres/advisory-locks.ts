/**
 * The keys of the advisory locks the relay takes, one place for all of them so two uses never
 * share a key by accident. Advisory locks are per database: every relay instance on the same
 * database contends for the same ones. The high half spells "Rb".
 */
export const ADVISORY_LOCKS = {
  /** Held while the schema is brought up to date: instances starting together migrate once. */
  migrations: 0x5262_0001,
  /** Held while a private relay is claimed: of two claims, the second sees the first's account. */
  claimRelay: 0x5262_0002,
} as const;

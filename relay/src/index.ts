// Public surface of @ringback/relay; filled in by the issue that builds it.
export {};

// Public surface of @ringback/bench; filled in by the issue that builds it.
export {};

// Public surface of @ringback/test; filled in by the issue that builds it.
export {};

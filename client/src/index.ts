// Public surface of @ringback/client; filled in by the issue that builds it.
export {};

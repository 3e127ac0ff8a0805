// Public surface of @ringback/shell; filled in by the issue that builds it.
export {};

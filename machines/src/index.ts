// Public surface of @ringback/machines; filled in by the issue that builds it.
export {};

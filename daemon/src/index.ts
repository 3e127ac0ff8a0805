// Public surface of @ringback/daemon; filled in by the issue that builds it.
export {};

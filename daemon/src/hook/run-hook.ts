/** Placeholder replaced by the hook implementation. */
export async function runHookCommand(_args: string[]): Promise<void> {}

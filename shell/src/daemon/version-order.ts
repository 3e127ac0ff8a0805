/** Orders `1.2.3` / `v1.2.3` by their numbers (a pre-release suffix is ignored): <0, 0, >0. */
export function compareVersions(a: string, b: string): number {
  const pa = numbers(a);
  const pb = numbers(b);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function numbers(version: string): number[] {
  const release = version.trim().replace(/^v/, '').split(/[-+]/)[0] ?? '';
  return release.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

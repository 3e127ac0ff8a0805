/**
 * Orders `1.2.3` / `v1.2.3` as semver 2.0.0 ranks them: <0, 0, >0. The numbers first; then a
 * pre-release comes before its release (`1.0.0-rc.1` < `1.0.0`) and pre-releases compare
 * identifier by identifier (`beta.2` < `beta.11` < `rc.1`), so an update from one to the next
 * counts as newer. Build metadata (`+…`) does not order.
 */
export function compareVersions(a: string, b: string): number {
  const va = parse(a);
  const vb = parse(b);
  for (let i = 0; i < 3; i++) {
    const diff = (va.numbers[i] ?? 0) - (vb.numbers[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return comparePrerelease(va.prerelease, vb.prerelease);
}

function parse(version: string): { numbers: number[]; prerelease: string[] } {
  const bare = version.trim().replace(/^v/, '').split('+')[0] ?? '';
  const dash = bare.indexOf('-');
  const release = dash < 0 ? bare : bare.slice(0, dash);
  const prerelease = dash < 0 ? [] : bare.slice(dash + 1).split('.');
  return { numbers: release.split('.').map((part) => Number.parseInt(part, 10) || 0), prerelease };
}

/** No pre-release ranks above any; numeric identifiers rank below alphanumeric ones; more identifiers win a tie. */
function comparePrerelease(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const diff = compareIdentifier(a[i] ?? '', b[i] ?? '');
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

function compareIdentifier(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Number(a) - Number(b);
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, RINGBACK_BIN } from './support/daemon-process';
import { freePort } from './support/free-port';
import { waitFor } from './support/temp-data-dir';

/**
 * `ringback up` makes a key, starts the relay as a child and creates the account before it says it
 * runs: about 2 s of CPU, which took over 15 s with the machine's two cores shared by a dozen busy
 * processes. A deadline for a loaded machine, not a measure of speed.
 */
const START_DEADLINE_MS = 60_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `ringback up` as a user runs it, on free ports and fresh data dirs. */
async function up(extra: string[] = []) {
  assertBuilt();
  const [port, relayPort] = [await freePort(), await freePort()];
  const home = await mkdtemp(join(tmpdir(), 'ringback-upurl-home-'));
  const args = ['up', '--data-dir', join(home, 'daemon'), '--port', String(port)];
  args.push('--relay-data-dir', join(home, 'relay'), '--relay-port', String(relayPort), ...extra);
  const child = spawn(process.execPath, [RINGBACK_BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  await waitFor(
    () => output.includes('Stop with Ctrl-C'),
    START_DEADLINE_MS,
    `ringback up to start:\n${output}`,
  );
  return { output, relayPort };
}

/** Every app URL printed, in order: lines of their own, indented. */
function printedUrls(output: string): string[] {
  return [...output.matchAll(/^ {2}(https?:\/\/\S+\/#pair=\S+)$/gm)].map((match) => match[1] as string);
}

/** What the page does with its fragment: the pairing link, as the app parses it. */
function linkOf(url: string): { server: string; code: string; key: string } {
  const hash = new URL(url).hash;
  expect(hash.startsWith('#pair=')).toBe(true);
  const link = new URL(decodeURIComponent(hash.slice('#pair='.length)));
  expect(link.protocol).toBe('ringback:');
  return {
    server: link.searchParams.get('server') ?? '',
    code: link.searchParams.get('code') ?? '',
    key: link.searchParams.get('key') ?? '',
  };
}

async function expectAppPage(url: string) {
  const page = await fetch(new URL('/', url));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self';/);
  expect(page.headers.get('content-security-policy')).not.toContain('unsafe');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  // The built app, or the page saying how to build it.
  expect(await page.text()).toMatch(/<script type="module"|npm run build/);
}

async function redeem(link: { server: string; code: string }, name: string) {
  return fetch(`${link.server}/v1/pairing-codes/redeem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: link.code, kind: 'app', name }),
  });
}

describe('the URL ringback up prints', () => {
  it('ends with one URL to open, already paired, whose fragment redeems', async () => {
    const { output, relayPort } = await up();
    const urls = printedUrls(output);
    expect(urls).toHaveLength(1);
    const url = urls[0] as string;
    expect(url.startsWith(`http://127.0.0.1:${relayPort}/#pair=ringback%3A%2F%2Fpair%3F`)).toBe(true);
    // Nothing after it but the way to stop.
    expect(output.slice(output.lastIndexOf(url) + url.length).trim()).toBe('Stop with Ctrl-C.');
    await expectAppPage(url);

    const link = linkOf(url);
    expect(link.server).toBe(`http://127.0.0.1:${relayPort}`);
    expect(link.code).toMatch(/^\d{6}$/);
    expect(link.key).toMatch(/^k1_/);
    const joined = await redeem(link, 'Browser');
    expect(joined.status).toBe(201);
    expect(((await joined.json()) as { deviceToken: string }).deviceToken).toMatch(/^dev_/);
    // Single use: the same URL opened again does not join a second device.
    expect((await redeem(link, 'Again')).status).toBe(422);
  });

  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

  it.skipIf(!lanAddress)('with --lan, a URL for a phone on the network, with its own code', async () => {
    const { output, relayPort } = await up(['--lan']);
    const [local, lan] = printedUrls(output) as [string, string];
    expect(local.startsWith(`http://127.0.0.1:${relayPort}/#pair=`)).toBe(true);
    expect(lan.startsWith(`http://${lanAddress}:${relayPort}/#pair=`)).toBe(true);
    expect(output.slice(output.lastIndexOf(lan) + lan.length).trim()).toBe('Stop with Ctrl-C.');
    await expectAppPage(lan);

    const phone = linkOf(lan);
    expect(phone.server).toBe(`http://${lanAddress}:${relayPort}`);
    expect(phone.code).not.toBe(linkOf(local).code);
    expect(phone.key).toBe(linkOf(local).key);
    expect((await redeem(phone, 'Phone')).status).toBe(201);
    expect((await redeem(linkOf(local), 'Desktop')).status).toBe(201);
  });
});

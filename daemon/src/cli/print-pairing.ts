import type { PairingOffer } from '@ringback/protocol';
import QRCode from 'qrcode';
import { appUrl } from './app-url';
import type { CliIo } from './cli-io';

const terminalQr = (text: string) =>
  QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });

/**
 * The link and code (for the app's welcome page), then the one URL to open, already paired, with
 * its QR code: a phone's camera opens that URL directly. With `lan`, a second offer (its own
 * single-use code) reached at this computer's LAN address, for a phone on the same network.
 */
export async function printPairingOffer(offer: PairingOffer, io: CliIo, lan?: PairingOffer): Promise<void> {
  const minutes = Math.max(1, Math.round((Date.parse(offer.expiresAt) - Date.now()) / 60_000));
  io.stdout(
    `\nPairing link: ${offer.link}\n` +
      `Or enter code ${offer.code} on ${offer.serverUrl} (valid ${minutes} minutes, single use) and the same key.\n` +
      "These links hold this computer's end-to-end key: share them only with your own devices.\n",
  );
  const url = appUrl(offer);
  if (!lan) {
    io.stdout(
      `\nOpen Ringback (the browser that opens this URL joins the account; the QR code holds the same URL):\n\n` +
        `${await terminalQr(url)}\n  ${url}\n`,
    );
    return;
  }
  const lanUrl = appUrl(lan);
  io.stdout(
    `\nOpen Ringback in a browser on this computer (it joins the account):\n  ${url}\n` +
      `\nOn a phone on the same network, scan this code or open the URL below it:\n\n` +
      `${await terminalQr(lanUrl)}\n  ${lanUrl}\n`,
  );
}

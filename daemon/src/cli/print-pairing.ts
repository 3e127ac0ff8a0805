import type { PairingOffer } from '@ringback/protocol';
import QRCode from 'qrcode';
import type { CliIo } from './cli-io';

/** The QR code (for a phone's camera), the link and the code, as the terminal shows them. */
export async function printPairingOffer(offer: PairingOffer, io: CliIo): Promise<void> {
  const qr = await QRCode.toString(offer.link, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
  const minutes = Math.max(1, Math.round((Date.parse(offer.expiresAt) - Date.now()) / 60_000));
  io.stdout(
    `\nScan this with the Ringback app on another device to join this account:\n\n${qr}\n` +
      `Pairing link: ${offer.link}\n` +
      `Or enter code ${offer.code} on ${offer.serverUrl} (valid ${minutes} minutes, single use) and the same key.\n` +
      "The link holds this computer's end-to-end key: share it only with your own devices.\n",
  );
}

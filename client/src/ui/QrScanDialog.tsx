import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useText } from '../i18n';
import './theme.css';
import './welcome.css';

export type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once with the decoded text (a pairing link or the page URL carrying it). */
  onResult: (text: string) => void;
};

type ScannerHandle = { stop: () => void; destroy: () => void };

/** Explains in words why the camera cannot be used, instead of a raw DOMException. */
export function cameraErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error === 'string' ? error : '';
  if (name === 'NotAllowedError' || /permission|denied/i.test(String(error)))
    return 'Camera permission was denied. Allow the camera for this page in the browser settings, or choose a picture of the code instead.';
  if (name === 'NotFoundError' || /no camera/i.test(String(error)))
    return 'No camera was found on this device. Choose a picture of the code, or paste the link instead.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not be started. Choose a picture of the code, or paste the link instead.';
}

/** Live camera QR scanning (qr-scanner, loaded only when the dialog opens). */
export function QrScanDialog({ open, onOpenChange, onResult }: Props) {
  const t = useText();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !video) return;
    setProblem(null);
    // Browsers expose the camera only on secure pages (https or localhost); plain LAN http has none.
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(
        'This page cannot use the camera (it is not served over https). Open the link with your phone’s camera app, choose a picture of the code, or paste the link.',
      );
      return;
    }
    let scanner: ScannerHandle | undefined;
    let cancelled = false;
    let done = false;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (cancelled) return;
        if (!(await QrScanner.hasCamera())) throw new DOMException('no camera', 'NotFoundError');
        const instance = new QrScanner(
          video,
          (result) => {
            if (done) return;
            done = true;
            instance.stop();
            onResult(result.data);
          },
          { preferredCamera: 'environment', returnDetailedScanResult: true },
        );
        scanner = instance;
        if (cancelled) return instance.destroy();
        await instance.start();
      } catch (error) {
        if (!cancelled) setProblem(cameraErrorText(error));
      }
    })();
    return () => {
      cancelled = true;
      scanner?.destroy();
    };
  }, [open, video, onResult]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="rb-dialog-overlay" />
        <Dialog.Content className="rb-dialog">
          <Dialog.Title className="rb-dialog-title">{t('Scan the pairing code')}</Dialog.Title>
          <Dialog.Description className="rb-hint">
            {t('Point the camera at the QR code printed by')} <code>ringback up</code>
            {t('.')}
          </Dialog.Description>
          {problem ? (
            <p role="alert" className="rb-error rb-scan-problem">
              {t(problem)}
            </p>
          ) : (
            <video
              ref={setVideo}
              className="rb-scan-video"
              muted
              playsInline
              aria-label={t('Camera preview')}
            />
          )}
          <div className="rb-actions">
            <Dialog.Close asChild>
              <button type="button" className="rb-btn rb-btn--block">
                {t('Close')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

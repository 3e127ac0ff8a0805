// The installed app: the service worker's registration, the offline banner, and the device
// record the worker reads when a push wakes it.

export { type Connectivity, probeRelay, watchConnectivity } from './connectivity';
export { createDeviceRecordWriter, type DeviceRecordWriter, deviceRecordOf } from './device-record';
export { OfflineBanner, OfflineNotice } from './OfflineBanner';
export { registerServiceWorker, SERVICE_WORKER_URL } from './register-service-worker';
export { useConnectivity } from './use-connectivity';
export { useDeviceRecord } from './use-device-record';

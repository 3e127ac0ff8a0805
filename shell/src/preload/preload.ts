// The sandboxed preload (bundled to CommonJS with `electron` external): it puts the desktop
// bridge, and only it, on `window.ringback` in the page's isolated world.
import type { DesktopBridgeGlobal } from '@ringback/protocol';
import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge } from './bridge';

const BRIDGE_GLOBAL: DesktopBridgeGlobal = 'ringback';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createDesktopBridge(ipcRenderer));

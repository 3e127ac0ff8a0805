// Types for the parts of @echogarden/espeak-ng-emscripten 0.3.5 (GPL-3.0) that espeak-worker.ts uses.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakNGWorker {
    /** 0 on success; an unknown voice returns 2 and keeps the previous voice. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    get_samplerate(): number;
    /** Calls back with copied chunks of mono 16-bit PCM; return nothing to continue. */
    synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => void): void;
    list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[];
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakNGWorker;
    /** emscripten's in-memory file system, where the data package's files were written. */
    FS: { writeFile(path: string, data: Uint8Array): void };
  }
  const EspeakInitializer: (options: {
    getPreloadedPackage?: (name: string, size: number) => ArrayBuffer;
    locateFile?: (path: string, prefix: string) => string;
  }) => Promise<EspeakModule>;
  // The package's own shape (a default export), declared as it is.
  // biome-ignore lint/style/noDefaultExport: describes a third-party module
  export default EspeakInitializer;
}

/** Files of a paste or a drop: `files` where the browser fills it, else the file items. */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files ?? []);
  if (files.length > 0) return files;
  return Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

/** Whether a drag carries files (their contents are only readable on drop). */
export function dragHasFiles(data: DataTransfer | null): boolean {
  return Array.from(data?.types ?? []).includes('Files');
}

/**
 * Images go on to be prepared; an empty type may still be one (decoding decides). Other files
 * are named so the screen can say why they were left out.
 */
export function splitImages(files: File[]): { images: File[]; refused: string[] } {
  const images: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (!file.type || file.type.startsWith('image/')) images.push(file);
    else refused.push(file.name || 'A file');
  }
  return { images, refused };
}

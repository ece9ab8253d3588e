/*
 * The words a DocumentUploadField shows about files: what it accepts ('PDF, JPEG or PNG, up
 * to 5 MB') and a file's size ('1.2 MB'), sizes counted in 1024s as the 5 MB limit is.
 */

const KB = 1024;
const MB = 1024 * 1024;

/** Names of the content types an `accept` list may give; extensions are shown as they are, in capitals. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/jpg': 'JPEG',
  'image/png': 'PNG',
  'image/*': 'an image',
};

/** 'PDF, JPEG or PNG, up to 5 MB' from ui:options accept and maxBytes; undefined when neither is given. */
export function acceptedText(accept: string | undefined, maxBytes: number | undefined): string | undefined {
  const names = [
    ...new Set(
      (accept ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean)
        .map((entry) => TYPE_NAMES[entry] ?? entry.replace(/^\./, '').toUpperCase()),
    ),
  ];
  const kinds = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  const limit = maxBytes !== undefined && maxBytes > 0 ? `up to ${formatFileSize(maxBytes)}` : undefined;
  if (kinds && limit) return `${kinds}, ${limit}`;
  return kinds ?? (limit && limit.charAt(0).toUpperCase() + limit.slice(1));
}

/** '850 bytes', '340 KB', '1.2 MB', '5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  // Just under 1 MB is '1 MB', not '1024 KB'.
  if (bytes < MB - KB / 2) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  const megabytes = bytes / MB;
  return `${megabytes < 10 ? Number(megabytes.toFixed(1)) : Math.round(megabytes)} MB`;
}

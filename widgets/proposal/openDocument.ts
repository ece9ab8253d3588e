/** How long a shown document's object URL lives: long enough for the new tab to load it. */
const URL_LIFETIME_MS = 60_000;

/**
 * Shows a stored document in a new tab. The tab is opened at once, in the click (a tab opened
 * after the download would be blocked as a pop-up), then pointed at the downloaded bytes; if
 * the browser gave no tab, a link to them is followed instead. A failed download closes the
 * tab and rejects.
 */
export async function openDocument(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  let blob: Blob;
  try {
    blob = await load();
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  if (tab) {
    tab.location.href = url;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
}

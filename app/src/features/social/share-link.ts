import { BRAND } from '@app/config/brand';
import { toast } from '@app/lib/toast-store';

/**
 * Shares a page: the device's share sheet when there is one, otherwise the link is copied. The title
 * carries the product name ("Dream Traveler: …").
 */
export async function shareLink(title: string, path: string): Promise<void> {
  const url = new URL(path, window.location.origin).toString();
  const shareTitle = `${BRAND.name}: ${title}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: shareTitle, url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      // Refused or unsupported here: fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: shareTitle });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

import { Share2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@app/components/ui/button';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useDeleteSharedDream, useSharedStatus } from '../api';
import { ShareDreamDialog } from './share-dream-dialog';

/** Share or unshare, on the dream detail page (spec part 1 §2). */
export function DreamShareButton({ dreamId }: { dreamId: number }) {
  const status = useSharedStatus(dreamId);
  const unshare = useDeleteSharedDream();
  const [open, setOpen] = useState(false);
  if (!status.data) {
    return (
      <Button variant="outline" size="sm" disabled>
        <Share2 aria-hidden /> Share
      </Button>
    );
  }
  const sharedId = status.data.sharedDreamId;
  if (status.data.isShared && sharedId) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={unshare.isPending}
        onClick={() =>
          unshare.mutate(sharedId, {
            onSuccess: () => toast({ title: 'Dream unshared' }),
            onError: (err) =>
              toast({
                title: 'Failed to unshare dream',
                description: describeError(err, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        <Undo2 aria-hidden /> Unshare
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Share2 aria-hidden /> Share
      </Button>
      <ShareDreamDialog trigger="none" open={open} onOpenChange={setOpen} initialDreamId={dreamId} />
    </>
  );
}

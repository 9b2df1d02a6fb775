import { Heart } from 'lucide-react';
import { MSG } from '@common/messages';
import type { FeedItem } from '@common/schemas/social';
import { Button } from '@app/components/ui/button';
import { useCurrentUser } from '@app/features/auth/api';
import { describeError } from '@app/lib/api-client';
import { cn } from '@app/lib/cn';
import { toast } from '@app/lib/toast-store';
import { useLike } from '../api';

/** Like or unlike; a visitor is asked to log in. It sends the state wanted, so a double click is harmless. */
export function LikeButton({ item }: { item: FeedItem }) {
  const { data: user } = useCurrentUser();
  const like = useLike();
  const liked = like.isPending && like.variables ? like.variables.liked : item.userHasLiked;
  const count = item.likeCount + (liked === item.userHasLiked ? 0 : liked ? 1 : -1);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} (${count} ${count === 1 ? 'like' : 'likes'})`}
      className={cn('relative z-10', liked && 'text-rose-300')}
      onClick={() => {
        if (!user) {
          toast({ title: MSG.authRequired, description: MSG.loginToLike, variant: 'destructive' });
          return;
        }
        like.mutate(
          { sharedDreamId: item.sharedDream.id, liked: !liked },
          {
            onError: (err) =>
              toast({
                title: 'Error',
                description: describeError(err, 'Failed to like dream'),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <Heart aria-hidden className={cn(liked && 'fill-current')} />
      <span>{count}</span>
    </Button>
  );
}

import { ArrowLeft, Flag, MessageCircle, Share2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatShortDate } from '@common/dream-text';
import { MSG } from '@common/messages';
import { paths } from '@common/paths';
import { isAdmin as isAdminRole } from '@common/roles';
import type { CommentItem, FeedItem } from '@common/schemas/social';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { CheckField } from '@app/components/ui/check-field';
import { Textarea } from '@app/components/ui/input';
import { Card, Label, Skeleton } from '@app/components/ui/misc';
import { useCurrentUser } from '@app/features/auth/api';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useAddComment, useComments, useDeleteComment, useDeleteSharedDream, useReport, useSharedDream } from '../api';
import { LikeButton } from '../components/like-button';
import { PosterAvatar, posterName } from '../components/poster';
import { HiddenBadge, SharedTags } from '../components/shared-bits';
import { shareLink } from '../share-link';

const ConfirmDialog = lazy(async () => ({ default: (await import('@app/components/ui/alert-dialog')).ConfirmDialog }));

function BackToFeed() {
  return (
    <Link
      to={paths.socialFeed}
      className="inline-flex w-fit items-center gap-2 rounded text-sm text-dream-300 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Community
    </Link>
  );
}

/** A shared dream (spec part 2 §2), readable by visitors: like, comment and report need sign-in. */
export function SharedDreamPage() {
  const params = useParams();
  const id = Number.parseInt(params.id ?? '', 10);
  const item = useSharedDream(id);
  const valid = Number.isInteger(id) && id > 0;

  if (!valid || item.isError) {
    return (
      <section className="mx-auto grid max-w-3xl gap-6">
        <Card role="alert" className="flex flex-col items-center gap-4 text-center">
          <p className="text-slate-100">{MSG.sharedDreamLoadFailed}</p>
          <Button asChild variant="outline">
            <Link to={paths.socialFeed}>
              <ArrowLeft aria-hidden /> Back to Community
            </Link>
          </Button>
        </Card>
      </section>
    );
  }
  if (item.isPending) {
    return (
      <section className="mx-auto grid max-w-3xl gap-6" aria-busy="true" aria-label="Loading dream">
        <BackToFeed />
        <Skeleton className="h-64" />
      </section>
    );
  }
  return <SharedDreamView item={item.data} />;
}

function SharedDreamView({ item }: { item: FeedItem }) {
  const d = item.sharedDream;
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const report = useReport();
  const remove = useDeleteSharedDream();
  const [confirming, setConfirming] = useState(false);
  const isAdmin = isAdminRole(user);

  const onReport = () => {
    if (!user) {
      toast({ title: MSG.authRequired, description: MSG.loginToReport, variant: 'destructive' });
      return;
    }
    report.mutate(
      { kind: 'dream', id: d.id },
      {
        onSuccess: () => toast({ title: 'Dream reported', description: 'Thank you. An admin will look at it.' }),
        onError: (err) =>
          toast({ title: 'Error', description: describeError(err, 'Failed to report dream'), variant: 'destructive' }),
      },
    );
  };

  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <BackToFeed />
      <Card>
        <header className="flex flex-wrap items-center gap-3">
          <PosterAvatar user={item.user} seed={`dream-${d.id}`} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold text-white wrap-anywhere sm:text-3xl">{d.title}</h1>
            <p className="mt-1 text-sm text-slate-300">
              {posterName(item.user)} · {formatShortDate(d.createdAt)}
            </p>
          </div>
          {d.isHidden ? <HiddenBadge /> : null}
        </header>
        <SharedTags tags={d.tags} className="mt-4" />
        <p className="mt-5 whitespace-pre-wrap leading-relaxed text-slate-100 wrap-anywhere">{d.content}</p>
        {d.interpretation ? (
          <section className="mt-6 rounded-xl border border-night-600 bg-night-800/60 p-4">
            <h2 className="text-base font-semibold text-white">The dreamer’s interpretation</h2>
            <p className="mt-2 whitespace-pre-wrap text-sm leading-relaxed text-slate-200 wrap-anywhere">
              {d.interpretation}
            </p>
          </section>
        ) : null}
        <footer className="mt-6 flex flex-wrap items-center gap-2 text-sm text-slate-300">
          <LikeButton item={item} />
          <span className="inline-flex items-center gap-1.5 px-2">
            <MessageCircle aria-hidden className="h-4 w-4" /> {item.commentCount}
            <span className="sr-only">comments</span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => void shareLink(d.title, paths.sharedDream(d.id))}>
            <Share2 aria-hidden /> Share
          </Button>
          {d.isOwner ? null : (
            <Button variant="ghost" size="sm" onClick={onReport} disabled={report.isPending}>
              <Flag aria-hidden /> Report
            </Button>
          )}
          {d.isOwner || isAdmin ? (
            <Button variant="ghost" size="sm" className="text-red-300" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden /> Delete
            </Button>
          ) : null}
        </footer>
      </Card>
      <Comments sharedDreamId={d.id} isAdmin={isAdmin} signedIn={Boolean(user)} />
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this shared dream?"
            description="It leaves the community feed with its likes and comments. The dream stays in the journal."
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(d.id, {
                onSuccess: () => {
                  toast({ title: 'Dream unshared' });
                  void navigate(paths.socialFeed);
                },
                onError: (err) =>
                  toast({
                    title: 'Error',
                    description: describeError(err, 'Failed to delete dream'),
                    variant: 'destructive',
                  }),
              })
            }
          />
        </Suspense>
      ) : null}
    </article>
  );
}

function Comments({
  sharedDreamId,
  isAdmin,
  signedIn,
}: {
  sharedDreamId: number;
  isAdmin: boolean;
  signedIn: boolean;
}) {
  const id = useId();
  const comments = useComments(sharedDreamId, true);
  const add = useAddComment(sharedDreamId);
  const [content, setContent] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!signedIn) {
      toast({ title: MSG.authRequired, description: MSG.loginToComment, variant: 'destructive' });
      return;
    }
    if (!content.trim()) {
      toast({ title: MSG.emptyCommentTitle, description: MSG.emptyCommentText, variant: 'destructive' });
      return;
    }
    add.mutate(
      { content, isAnonymous },
      {
        onSuccess: () => {
          setContent('');
          toast({ title: 'Comment added' });
        },
        onError: (err) =>
          toast({ title: 'Error', description: describeError(err, 'Failed to add comment'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-white">Comments</h2>
      {comments.isPending ? (
        <Skeleton className="mt-4 h-16" />
      ) : comments.isError ? (
        <LoadError
          className="mt-4"
          title="Comments could not be loaded"
          error={comments.error}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : comments.data.comments.length === 0 ? (
        <p className="mt-4 text-sm text-slate-300">{MSG.commentsEmpty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {comments.data.comments.map((c) => (
            <CommentRow
              key={c.comment.id}
              item={c}
              sharedDreamId={sharedDreamId}
              isAdmin={isAdmin}
              signedIn={signedIn}
            />
          ))}
        </ul>
      )}
      <form className="mt-6 grid gap-3" onSubmit={onSubmit} noValidate>
        <Label htmlFor={`${id}-comment`}>Add a comment</Label>
        <Textarea
          id={`${id}-comment`}
          value={content}
          maxLength={2000}
          rows={3}
          placeholder="Share your thoughts…"
          onChange={(e) => setContent(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckField label="Comment anonymously" checked={isAnonymous} onCheckedChange={setIsAnonymous} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Posting…' : 'Post Comment'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CommentRow({
  item,
  sharedDreamId,
  isAdmin,
  signedIn,
}: {
  item: CommentItem;
  sharedDreamId: number;
  isAdmin: boolean;
  signedIn: boolean;
}) {
  const c = item.comment;
  const remove = useDeleteComment(sharedDreamId);
  const report = useReport();
  const name = posterName(item.user);
  return (
    <li className="flex gap-3" aria-label={`Comment by ${name}`}>
      <PosterAvatar user={item.user} seed={`comment-${c.id}`} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-medium text-slate-100">{name}</span>{' '}
          <span className="text-xs text-slate-400">{formatShortDate(c.createdAt)}</span>
          {c.isHidden ? <span className="ml-2 text-xs text-amber-300">Hidden</span> : null}
        </p>
        <p className="mt-1 whitespace-pre-wrap text-sm text-slate-200 wrap-anywhere">{c.content}</p>
        <div className="mt-1 flex gap-1">
          {c.isOwner ? null : (
            <Button
              variant="ghost"
              size="sm"
              disabled={report.isPending}
              onClick={() => {
                if (!signedIn) {
                  toast({ title: MSG.authRequired, description: MSG.loginToReport, variant: 'destructive' });
                  return;
                }
                report.mutate(
                  { kind: 'comment', id: c.id },
                  {
                    onSuccess: () =>
                      toast({ title: 'Comment reported', description: 'Thank you. An admin will look at it.' }),
                    onError: (err) =>
                      toast({
                        title: 'Error',
                        description: describeError(err, 'Failed to report comment'),
                        variant: 'destructive',
                      }),
                  },
                );
              }}
            >
              <Flag aria-hidden /> Report<span className="sr-only"> comment by {name}</span>
            </Button>
          )}
          {c.isOwner || isAdmin ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-300"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(c.id, {
                  onSuccess: () => toast({ title: 'Comment deleted' }),
                  onError: (err) =>
                    toast({
                      title: 'Error',
                      description: describeError(err, 'Failed to delete comment'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <Trash2 aria-hidden /> Delete<span className="sr-only"> comment by {name}</span>
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

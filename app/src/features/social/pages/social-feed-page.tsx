import { useState } from 'react';
import { MSG } from '@common/messages';
import { Card, Skeleton } from '@app/components/ui/misc';
import { LoadError } from '@app/components/load-error';
import { Tabs, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { useCurrentUser } from '@app/features/auth/api';
import { useFeed, type FeedTab } from '../api';
import { Pagination } from '../components/pagination';
import { ShareDreamDialog } from '../components/share-dream-dialog';
import { SharedDreamCard } from '../components/shared-dream-card';

/** The community feed (spec part 2 §2), readable by visitors; My Shared Dreams needs sign-in. */
export function SocialFeedPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<FeedTab>('all');
  const [pages, setPages] = useState<Record<FeedTab, number>>({ all: 1, mine: 1 });
  const page = pages[tab];
  const feed = useFeed(tab, page, tab === 'all' || Boolean(user));
  // A page that emptied (its last dreams unshared or hidden) gives way to the last page there is.
  if (feed.data && !feed.isPlaceholderData && page > feed.data.totalPages) {
    setPages((old) => ({ ...old, [tab]: feed.data.totalPages }));
  }
  const setPage = (p: number) => {
    setPages((old) => ({ ...old, [tab]: p }));
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="mx-auto grid max-w-3xl gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">Dream Community</h1>
          <p className="mt-1 text-sm text-slate-300">Dreams shared by fellow travelers.</p>
        </div>
        <ShareDreamDialog />
      </header>
      <Tabs value={tab} onValueChange={(v) => setTab(v as FeedTab)}>
        <TabsList aria-label="Which dreams">
          <TabsTrigger value="all">All Dreams</TabsTrigger>
          <TabsTrigger value="mine" disabled={!user}>
            My Shared Dreams
          </TabsTrigger>
        </TabsList>
      </Tabs>
      {feed.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading dreams">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : feed.isError ? (
        <LoadError
          title={MSG.feedLoadFailed}
          error={feed.error}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : feed.data.sharedDreams.length === 0 ? (
        <Card className="text-center text-slate-300">{tab === 'all' ? MSG.feedEmpty : MSG.mySharedEmpty}</Card>
      ) : (
        <>
          <div className="grid gap-4" aria-busy={feed.isPlaceholderData}>
            {feed.data.sharedDreams.map((item) => (
              <SharedDreamCard key={item.sharedDream.id} item={item} />
            ))}
          </div>
          <Pagination page={page} totalPages={feed.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

import { Clock, Crown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { GuidedContent } from '@common/schemas/guided';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Badge } from '@app/components/ui/misc';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/tabs';
import { cn } from '@app/lib/cn';
import { AmbientPlayer } from './ambient-player';
import { PracticeText } from './practice-text';
import { DIFFICULTY_LABEL, TYPE_LABEL } from './labels';

/** A library item (or the personalised one, id -1) with tabs Content, Background Audio and Details. */
export function GuidedDetailDialog({ item, onClose }: { item: GuidedContent | null; onClose: () => void }) {
  const [tab, setTab] = useState('content');
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          setTab('content');
          onClose();
        }
      }}
    >
      {item ? (
        <DialogContent className="max-w-2xl">
          <div className="grid gap-1 pr-8">
            <DialogTitle className="wrap-anywhere">{item.title}</DialogTitle>
            <DialogDescription className="wrap-anywhere">{item.description}</DialogDescription>
            <GuidedMeta item={item} className="mt-1">
              {item.isPremium ? <PremiumLabel /> : null}
            </GuidedMeta>
          </div>
          <Tabs value={tab} onValueChange={setTab} className="mt-4 grid min-w-0 gap-4">
            <TabsList aria-label="Item sections" className="flex w-full">
              <TabsTrigger value="content" className="flex-1 px-2">
                Content
              </TabsTrigger>
              <TabsTrigger value="audio" className="flex-1 px-2">
                Background Audio
              </TabsTrigger>
              <TabsTrigger value="details" className="flex-1 px-2">
                Details
              </TabsTrigger>
            </TabsList>
            <TabsContent value="content" className="min-w-0">
              <PracticeText content={item.content} />
            </TabsContent>
            {/* Kept mounted, so the sound goes on while the practice text is read. */}
            <TabsContent value="audio" forceMount hidden={tab !== 'audio'} className="min-w-0">
              <p className="mb-3 text-sm text-slate-300">
                Choose a soundscape to play under the practice. It keeps playing while you read the Content tab.
              </p>
              <AmbientPlayer label="Background audio player" />
            </TabsContent>
            <TabsContent value="details" className="min-w-0">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-slate-400">Type</dt>
                <dd className="text-slate-100">{TYPE_LABEL[item.contentType]}</dd>
                <dt className="text-slate-400">Difficulty</dt>
                <dd className="text-slate-100">{DIFFICULTY_LABEL[item.difficulty]}</dd>
                <dt className="text-slate-400">Duration</dt>
                <dd className="text-slate-100">{item.duration} minutes</dd>
                <dt className="text-slate-400">Access</dt>
                <dd className="text-slate-100">{item.isPremium ? 'Premium' : 'Free'}</dd>
                <dt className="text-slate-400">Tags</dt>
                <dd className="flex min-w-0 flex-wrap gap-1.5">
                  {item.tags.length ? item.tags.map((t) => <Badge key={t}>{t}</Badge>) : 'None'}
                </dd>
              </dl>
            </TabsContent>
          </Tabs>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** Type, difficulty and length of an item, as on its card and in its dialog. */
export function GuidedMeta({
  item,
  className,
  children,
}: {
  item: Pick<GuidedContent, 'contentType' | 'difficulty' | 'duration'>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span className={cn('flex flex-wrap items-center gap-2 text-xs text-slate-300', className)}>
      <Badge>{TYPE_LABEL[item.contentType]}</Badge>
      <Badge>{DIFFICULTY_LABEL[item.difficulty]}</Badge>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden className="h-3.5 w-3.5" /> {item.duration} min
      </span>
      {children}
    </span>
  );
}

export function PremiumLabel() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-300/50 bg-amber-500/15 px-2.5 py-0.5 text-xs font-medium text-amber-200">
      <Crown aria-hidden className="h-3 w-3" /> Premium
    </span>
  );
}

import { SNIPPET_START, SNIPPET_STOP } from '@common/dream-constants';

/** Renders a server snippet, turning its match markers into <mark> (never HTML from the server). */
export function SearchSnippet({ text }: { text: string }) {
  const parts = text.split(SNIPPET_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <span key={i}>{part}</span>;
        const [marked = '', rest = ''] = part.split(SNIPPET_STOP);
        return (
          <span key={i}>
            <mark className="rounded bg-dream-500/40 px-0.5 text-white">{marked}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

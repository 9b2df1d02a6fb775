import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import { IntentionsPage } from './intentions-page';

/**
 * The page in jsdom with the network replaced by a recorder: GETs answer an empty list, a POST answers
 * the created intention as the server does. (The real server is exercised by e2e/readings-intentions.spec.ts.)
 */
let posted: unknown[];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string; date: string };
        posted.push(body);
        const created = { id: 1, userId: 1, ...body, completed: false, outcome: 'pending', dreamId: null, notes: null };
        return new Response(JSON.stringify({ ...created, createdAt: body.date }), { status: 201 });
      }
      return new Response('[]', { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IntentionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    user: userEvent.setup(),
    field: screen.getByRole('textbox', { name: 'Your intention for tonight' }),
    submit: screen.getByRole('button', { name: 'Set Intention' }),
  };
}

/** The field's error, found the way a screen reader finds it: through aria-describedby. */
function describedError(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the Pre-Sleep Intention form', () => {
  it('refuses empty text (and blanks) with the spec message by the field, and sends nothing', async () => {
    const { user, field, submit } = renderPage();
    await user.click(submit);
    expect(await screen.findByText(MSG.intentionRequired)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(field)).toBe(MSG.intentionRequired);

    await user.type(field, '    ');
    await user.click(submit);
    expect(describedError(field)).toBe(MSG.intentionRequired);
    expect(posted).toEqual([]);
  });

  it('refuses text over the limit with its own message, and sends nothing', async () => {
    const { user, field, submit } = renderPage();
    await user.click(field);
    await user.paste('i'.repeat(LIMITS.intentionText.max + 1));
    await user.click(submit);
    const message = `Intention text must be at most ${LIMITS.intentionText.max} characters`;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(describedError(field)).toBe(message);
    expect(posted).toEqual([]);
  });

  it('sends valid text, trimmed, from the keyboard alone, then clears the field and its error', async () => {
    const { user, field, submit } = renderPage();
    await user.click(submit);
    expect(describedError(field)).toBe(MSG.intentionRequired);

    await user.type(field, '  I will see my hands ');
    // Typing real text takes the error away at once.
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText(MSG.intentionRequired)).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ text: 'I will see my hands' });
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });
});
